import Foundation
import Synchronization
import SystemSupport

#if canImport(Glibc)
    import Glibc
#endif

/// `memory-bench replication`: memoryd beside Litestream, with a file replica and the settings
/// of systemd/litestream.yml (sync-interval 1s, Litestream's other defaults). It measures
/// - the replica's lag: `adds` `memctl add`s, spaced out, each timed from its return until a
///   level-0 file in the replica covers its commit (`ReplicaLag`);
/// - what Litestream costs a cycle over `rows` messages: the cycle's seconds without and with it,
///   the bytes each level of the replica receives from the cycle's start until the first
///   compaction after it (`ReplicaTreeWatch`), the `-wal`'s peak and its size 15 s after;
/// - the steady state: `fresh` new messages imported and consolidated into that store, in bytes
///   shipped per new message;
/// - a restore of a store of `restoreRows` messages after its full cycle: the first replication
///   and `litestream restore`, then `memctl check` of the copy.
/// docs/REPLICATION.md has the figures and how to read them.
struct ReplicationBenchmark {
    let rows: Int
    let adds: Int
    let fresh: Int
    let restoreRows: Int
    let messages: BenchmarkMessages
    let directory: URL
    let memctl: String
    let reuse: Bool
    let litestream: String

    /// After a pass, how long the replica is watched for what the pass still makes it write: a
    /// level-1 compaction runs every 30 s, and the upload of the last level-0 files before it.
    static let settleSeconds: UInt32 = 35

    func run() throws {
        let version = try output(of: litestream, ["version"]).trimmingCharacters(in: .whitespacesAndNewlines)
        print("Litestream \(version) beside memoryd, file replica, sync-interval 1s")
        let lag = try measureLag()
        let pass = try measurePasses()
        let restore = try measureRestore()

        func mb(_ bytes: Int) -> String { String(format: "%.1f MB", Double(bytes) / 1e6) }
        func levels(_ bytes: [Int: Int]) -> String {
            bytes.keys.sorted().map { "L\($0) \(mb(bytes[$0]!))" }.joined(separator: ", ")
        }
        let sorted = lag.sorted()
        func percentile(_ p: Double) -> Double { sorted[min(sorted.count - 1, Int(Double(sorted.count) * p))] }
        print("")
        print("| replication, Litestream \(version), file replica | figure |")
        print("| --- | --- |")
        print(
            String(
                format: "| replica lag after a `memctl add` (%d adds) | p50 %.0f ms, p99 %.0f ms, max %.0f ms |",
                lag.count, percentile(0.5) * 1000, percentile(0.99) * 1000, (sorted.last ?? 0) * 1000))
        print(
            String(
                format: "| full cycle over %d messages, without Litestream | %.1f s; -wal peak %@ |", rows,
                pass.plainSeconds, mb(pass.plainWALPeak)))
        print(
            String(
                format: "| the same cycle beside Litestream | %.1f s (%+.0f %%); -wal peak %@, %@ 15 s after |",
                pass.replicatedSeconds, (pass.replicatedSeconds / pass.plainSeconds - 1) * 100,
                mb(pass.replicatedWALPeak), mb(pass.walAfter)))
        print(
            "| shipped from the cycle's start to \(Self.settleSeconds) s after its end | \(mb(pass.shipped.values.reduce(0, +))): \(levels(pass.shipped)) |"
        )
        print(
            String(
                format: "| %d new messages imported into that store | %@: %@ |", fresh,
                mb(pass.freshImport.values.reduce(0, +)), levels(pass.freshImport)))
        // Levels 2 and up compact every 5 minutes or more, whatever changed since: when one falls
        // in the window, it carries the big cycle's pages, not these messages'.
        let (freshL0, freshL1) = (pass.freshCycle[0] ?? 0, pass.freshCycle[1] ?? 0)
        print(
            String(
                format:
                    "| their cycle (%.1f s) | L0 %@, %.1f KB per new message; L1 %@, %.1f KB per new message (in the window too: %@) |",
                pass.freshSeconds, mb(freshL0), Double(freshL0) / Double(fresh) / 1e3, mb(freshL1),
                Double(freshL1) / Double(fresh) / 1e3,
                levels(pass.freshCycle.filter { $0.key >= 2 }).isEmpty
                    ? "nothing" : levels(pass.freshCycle.filter { $0.key >= 2 })))
        print(
            String(
                format:
                    "| %d messages after their cycle: database, its snapshot in the replica | %@, %@ (first replication %.1f s) |",
                restoreRows, mb(restore.databaseBytes), mb(restore.replicaBytes), restore.firstSyncSeconds))
        print(
            String(
                format: "| `litestream restore` of it | %.1f s (%.0f MB/s), peak RSS %.0f MiB; `memctl check` %.1f s |",
                restore.seconds, Double(restore.databaseBytes) / 1e6 / restore.seconds,
                Double(restore.peakKilobytes) / 1024, restore.checkSeconds))
    }

    // MARK: - Lag

    /// Seconds from each add's return until the replica holds it.
    private func measureLag() throws -> [Double] {
        let database = path("lag.db")
        let replica = path("lag-replica")
        removeReplicated(database)
        try? FileManager.default.removeItem(atPath: replica)
        try messages.importInto(database, count: 1_000, memctl: memctl)
        let replicator = try Replicator(litestream, database: database, replica: replica, directory: directory)
        defer { replicator.stop() }
        try replicator.sync()
        print("timing the replica's lag after \(adds) adds …")
        let levelZero = replica + "/ltx/0"
        var lags: [Double] = []
        for index in 0..<adds {
            usleep(UInt32.random(in: 100_000...500_000))
            let before = Set(ReplicaLag.files(in: levelZero))
            let status = try runToEnd(
                memctl, ["--db", database, "add", "--session", "lag", "replicated note \(index)"])
            let returned = DispatchTime.now().uptimeNanoseconds
            guard status == 0 else { throw BenchmarkError("memctl add exited \(status)") }
            let commit = try ReplicaLag.lastCommit(wal: database + "-wal")
            let deadline = returned + 60_000_000_000
            while true {
                let new = ReplicaLag.files(in: levelZero).filter { !before.contains($0) }
                if new.contains(where: { ReplicaLag.header(of: levelZero + "/" + $0)?.covers(commit) ?? false }) {
                    break
                }
                guard DispatchTime.now().uptimeNanoseconds < deadline else {
                    throw BenchmarkError("the replica did not hold add \(index) after 60 s")
                }
                usleep(1_000)
            }
            lags.append(Double(DispatchTime.now().uptimeNanoseconds - returned) / 1e9)
        }
        return lags
    }

    // MARK: - A cycle beside Litestream

    struct PassFigures {
        var plainSeconds = 0.0
        var plainWALPeak = 0
        var replicatedSeconds = 0.0
        var replicatedWALPeak = 0
        var walAfter = 0
        /// Bytes by level.
        var shipped: [Int: Int] = [:]
        var freshImport: [Int: Int] = [:]
        var freshCycle: [Int: Int] = [:]
        var freshSeconds = 0.0
    }

    private func measurePasses() throws -> PassFigures {
        var figures = PassFigures()
        let plain = path("pass-plain.db")
        let replicated = path("pass-replicated.db")
        let replica = path("pass-replica")
        for database in [plain, replicated] { removeReplicated(database) }
        try? FileManager.default.removeItem(atPath: replica)
        try messages.importInto(plain, count: rows, memctl: memctl)
        try FileManager.default.copyItem(atPath: plain, toPath: replicated)

        print("a full cycle over \(rows) messages without Litestream …")
        let plainWAL = FileSizeWatch(path: plain + "-wal")
        figures.plainSeconds = try cycle(plain)
        figures.plainWALPeak = plainWAL.stop()
        removeDatabase(plain)

        print("the same cycle beside Litestream …")
        let replicator = try Replicator(litestream, database: replicated, replica: replica, directory: directory)
        defer { replicator.stop() }
        try replicator.sync()
        // The first snapshot of the store comes a few seconds after Litestream starts; it is
        // not the cycle's.
        try replicator.waitForSnapshot()
        let tree = ReplicaTreeWatch(replica)
        let wal = FileSizeWatch(path: replicated + "-wal")
        figures.replicatedSeconds = try cycle(replicated)
        figures.replicatedWALPeak = wal.stop()
        sleep(15)
        figures.walAfter = FileSizeWatch.size(replicated + "-wal")
        sleep(Self.settleSeconds - 15)
        figures.shipped = tree.stop()

        print("\(fresh) new messages into that store, and their cycle …")
        let imported = ReplicaTreeWatch(replica)
        try messages.importInto(replicated, count: fresh, after: rows, memctl: memctl)
        try replicator.sync()
        figures.freshImport = imported.stop()
        let consolidated = ReplicaTreeWatch(replica)
        figures.freshSeconds = try cycle(replicated)
        sleep(Self.settleSeconds)
        figures.freshCycle = consolidated.stop()
        return figures
    }

    /// A full cycle in a `memctl consolidate --local --min-age 0` process: its seconds.
    private func cycle(_ database: String) throws -> Double {
        let run = try Subprocess.run(memctl, ["--db", database, "consolidate", "--local", "--min-age", "0"])
        guard run.status == 0 else { throw BenchmarkError("memctl consolidate exited \(run.status)") }
        return run.seconds
    }

    // MARK: - Restore

    struct RestoreFigures {
        var databaseBytes = 0
        var replicaBytes = 0
        var firstSyncSeconds = 0.0
        var seconds = 0.0
        var peakKilobytes = 0
        var checkSeconds = 0.0
    }

    private func measureRestore() throws -> RestoreFigures {
        var figures = RestoreFigures()
        let database = path("restore-\(restoreRows).db")
        let kept = database + ".consolidated"
        let replica = path("restore-replica")
        let restored = path("restored-\(restoreRows).db")
        if reuse, FileManager.default.fileExists(atPath: kept) {
            print("reusing the consolidated store of \(restoreRows) messages in \(kept)")
        } else {
            removeDatabase(database)
            try? FileManager.default.removeItem(atPath: kept)
            try messages.importInto(database, count: restoreRows, memctl: memctl)
            print("its full cycle …")
            _ = try cycle(database)
            try FileManager.default.moveItem(atPath: database, toPath: kept)
        }
        for file in [database, restored] { removeReplicated(file) }
        try? FileManager.default.removeItem(atPath: replica)
        try FileManager.default.copyItem(atPath: kept, toPath: database)
        figures.databaseBytes = FileSizeWatch.size(database)

        print("replicating the \(restoreRows)-message store …")
        let started = DispatchTime.now().uptimeNanoseconds
        let replicator = try Replicator(litestream, database: database, replica: replica, directory: directory)
        try replicator.sync()
        figures.firstSyncSeconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
        // Stopped while it writes its first snapshot, Litestream logs an error and leaves none.
        try replicator.waitForSnapshot()
        replicator.stop()
        figures.replicaBytes = ReplicaTreeWatch.sizes(replica)[9] ?? 0

        print("restoring it …")
        let restore = try Subprocess.run(litestream, ["restore", "-o", restored, "file://\(replica)"])
        guard restore.status == 0 else { throw BenchmarkError("litestream restore exited \(restore.status)") }
        figures.seconds = restore.seconds
        figures.peakKilobytes = restore.peakResidentKilobytes
        let check = try Subprocess.run(memctl, ["--db", restored, "check"])
        guard check.status == 0 else {
            throw BenchmarkError("memctl check of the restored copy exited \(check.status)")
        }
        figures.checkSeconds = check.seconds
        for file in [database, restored] { removeDatabase(file) }
        try? FileManager.default.removeItem(atPath: replica)
        return figures
    }

    // MARK: - Processes

    private func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

    /// Removes a database and Litestream's state beside it (`.NAME-litestream`): left there from
    /// an earlier run (`--keep`), it belongs to another database, and Litestream fails on it.
    private func removeReplicated(_ database: String) {
        removeDatabase(database)
        let file = URL(fileURLWithPath: database)
        try? FileManager.default.removeItem(
            at: file.deletingLastPathComponent().appendingPathComponent(".\(file.lastPathComponent)-litestream"))
    }

    /// Runs a program to its end, its output to /dev/null; its exit status. Started directly,
    /// not measured: what matters is when it returns.
    private func runToEnd(_ program: String, _ arguments: [String]) throws -> Int32 {
        let process = try Subprocess.spawn(program, arguments)
        var status: Int32 = 0
        guard retryingInterrupts({ waitpid(process.pid, &status, 0) }) >= 0 else {
            throw BenchmarkError("waitpid failed: \(String(cString: strerror(errno)))")
        }
        return (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
    }

    private func output(of program: String, _ arguments: [String]) throws -> String {
        let file = path("output-\(getpid()).txt")
        defer { try? FileManager.default.removeItem(atPath: file) }
        let run = try Subprocess.run(program, arguments, outputPath: file)
        guard run.status == 0 else { throw BenchmarkError("\(program) \(arguments) exited \(run.status)") }
        return (try? String(contentsOfFile: file, encoding: .utf8)) ?? ""
    }
}

/// `litestream replicate` on one database with a file replica, as systemd/litestream.yml
/// configures it, plus a control socket for `litestream sync -wait`.
final class Replicator {
    private let litestream: String
    private let pid: pid_t
    private let socket: String
    private let database: String
    private let replica: String
    private var stopped = false

    init(_ litestream: String, database: String, replica: String, directory: URL) throws {
        self.litestream = litestream
        self.database = database
        self.replica = replica
        let name = URL(fileURLWithPath: database).lastPathComponent
        socket = directory.appendingPathComponent("\(name).litestream.sock").path
        let config = directory.appendingPathComponent("\(name).litestream.yml").path
        let settings = """
            socket:
              enabled: true
              path: \(socket)
            dbs:
              - path: \(database)
                replica:
                  type: file
                  path: \(replica)
                  sync-interval: 1s

            """
        try Data(settings.utf8).write(to: URL(fileURLWithPath: config))
        pid = try Subprocess.spawn(
            litestream, ["replicate", "-config", config],
            outputPath: directory.appendingPathComponent("\(name).litestream.log").path
        ).pid
    }

    /// Waits until Litestream has shipped every commit so far (`litestream sync -wait`).
    func sync() throws {
        let deadline = Date().addingTimeInterval(30)
        while !FileManager.default.fileExists(atPath: socket) && Date() < deadline { usleep(10_000) }
        let run = try Subprocess.run(litestream, ["sync", "-wait", "-timeout", "3600", "-socket", socket, database])
        guard run.status == 0 else { throw BenchmarkError("litestream sync exited \(run.status)") }
    }

    /// Waits until the replica holds a snapshot (level 9), which Litestream writes a few seconds
    /// after it starts on a database whose replica has none.
    func waitForSnapshot() throws {
        let deadline = Date().addingTimeInterval(600)
        while ReplicaLag.files(in: replica + "/ltx/9").isEmpty {
            guard Date() < deadline else { throw BenchmarkError("no snapshot in \(replica) after 600 s") }
            usleep(100_000)
        }
    }

    /// SIGTERM, then waits for Litestream's last upload and its exit.
    func stop() {
        guard !stopped else { return }
        stopped = true
        kill(pid, SIGTERM)
        var status: Int32 = 0
        _ = retryingInterrupts { waitpid(pid, &status, 0) }
    }

    deinit { stop() }
}

/// When the replica holds a commit, exactly: SQLite appends each commit to the `-wal` as
/// frames, the last marked as a commit, and a level-0 LTX file's header says which stretch of
/// which `-wal` it was made from (its offset and size, and the `-wal` header's salts). The
/// replica holds a commit once a level-0 file covers the commit's last frame, or comes from a
/// later `-wal` (SQLite adds one to salt-1 each time it starts the file over; Litestream starts
/// it over only after it has copied all of it).
enum ReplicaLag {
    /// The end of the last commit in a `-wal`: its salts and the offset after its last frame.
    struct Commit {
        let salt1: UInt32
        let salt2: UInt32
        let end: Int
    }

    /// What a level-0 file's header says of the `-wal` it was made from.
    struct Header {
        let walOffset: Int
        let walSize: Int
        let salt1: UInt32
        let salt2: UInt32

        func covers(_ commit: Commit) -> Bool {
            if salt1 == commit.salt1 && salt2 == commit.salt2 { return walOffset + walSize >= commit.end }
            let later = salt1 &- commit.salt1
            return later > 0 && later < 1 << 31
        }
    }

    /// Reads the `-wal`: its header, then frame after frame while they carry its salts.
    static func lastCommit(wal: String) throws -> Commit {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: wal)))
        guard bytes.count >= 32 else { throw BenchmarkError("\(wal) has no header") }
        let pageSize = Int(bigEndian32(bytes, 8))
        let salt1 = bigEndian32(bytes, 16)
        let salt2 = bigEndian32(bytes, 20)
        let frame = 24 + pageSize
        var offset = 32
        var end = 32
        while offset + frame <= bytes.count, bigEndian32(bytes, offset + 8) == salt1,
            bigEndian32(bytes, offset + 12) == salt2
        {
            if bigEndian32(bytes, offset + 4) != 0 { end = offset + frame }
            offset += frame
        }
        return Commit(salt1: salt1, salt2: salt2, end: end)
    }

    /// A level-0 LTX file's header (the first 100 bytes: "LTX1", then big-endian fields).
    static func header(of path: String) -> Header? {
        guard let file = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? file.close() }
        guard let data = try? file.read(upToCount: 100), data.count == 100 else { return nil }
        let bytes = [UInt8](data)
        guard bytes[0..<4] == [0x4C, 0x54, 0x58, 0x31] else { return nil }
        return Header(
            walOffset: Int(bigEndian64(bytes, 48)), walSize: Int(bigEndian64(bytes, 56)),
            salt1: bigEndian32(bytes, 64), salt2: bigEndian32(bytes, 68))
    }

    /// The LTX files in a directory of the replica, without the ones still being written
    /// (Litestream writes NAME.ltx.tmp, then renames it).
    static func files(in directory: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).filter { $0.hasSuffix(".ltx") }
    }

    private static func bigEndian32(_ bytes: [UInt8], _ at: Int) -> UInt32 {
        bytes[at..<at + 4].reduce(0) { $0 << 8 | UInt32($1) }
    }

    private static func bigEndian64(_ bytes: [UInt8], _ at: Int) -> UInt64 {
        bytes[at..<at + 8].reduce(0) { $0 << 8 | UInt64($1) }
    }
}

/// Every LTX file that appears in a replica while it is watched, with its size, by level: a
/// thread lists the tree every 100 ms. Litestream deletes files later (level 0 after a
/// compaction has kept them 5 minutes, older ones past the retention), so each file counts
/// once, with its size when first seen; a file is renamed into place whole, so that is its size.
final class ReplicaTreeWatch: @unchecked Sendable {
    private let root: String
    private let known: Set<String>
    private let seen = Mutex<[String: Int]>([:])
    private let stopped = Atomic<Bool>(false)
    private let done = DispatchSemaphore(value: 0)

    /// Starts watching; what is there already does not count.
    init(_ root: String) {
        self.root = root
        known = Set(Self.files(root).keys)
        Thread { [self] in
            while !stopped.load(ordering: .acquiring) {
                look()
                usleep(100_000)
            }
            look()
            done.signal()
        }.start()
    }

    private func look() {
        for (path, size) in Self.files(root) where !known.contains(path) {
            seen.withLock { if $0[path] == nil { $0[path] = size } }
        }
    }

    /// Stops watching; bytes of the new files by level.
    func stop() -> [Int: Int] {
        stopped.store(true, ordering: .releasing)
        done.wait()
        return seen.withLock { files in
            files.reduce(into: [:]) { byLevel, file in byLevel[Self.level(of: file.key), default: 0] += file.value }
        }
    }

    /// Bytes of the LTX files under `root` now, by level.
    static func sizes(_ root: String) -> [Int: Int] {
        files(root).reduce(into: [:]) { byLevel, file in byLevel[level(of: file.key), default: 0] += file.value }
    }

    /// Every LTX file under `root/ltx/LEVEL/`, by its path from `root`, with its size.
    private static func files(_ root: String) -> [String: Int] {
        var files: [String: Int] = [:]
        let levels = (try? FileManager.default.contentsOfDirectory(atPath: root + "/ltx")) ?? []
        for level in levels {
            for name in ReplicaLag.files(in: "\(root)/ltx/\(level)") {
                files["\(level)/\(name)"] = FileSizeWatch.size("\(root)/ltx/\(level)/\(name)")
            }
        }
        return files
    }

    private static func level(of path: String) -> Int { Int(path.prefix { $0 != "/" }) ?? -1 }
}
