import Foundation
import MemoryModel
import SQLiteKit
import Synchronization
import SystemSupport

#if canImport(Glibc)
    import Glibc
#endif

/// `memory-bench follow`: memoryd following Claude Code's sessions (`--follow claude-code=DIR`).
///
/// 1. Backfill: a generated projects tree of about `megabytes` MB (`ClaudeCodeTranscripts`), read
///    by `memctl import --from claude-code` into a new database and by a memoryd started on
///    another, timed until every file's `followed_files.read_to` is where the follower stops.
/// 2. Latency: memoryd following a few sessions; `lines` lines appended to one of them, 50–300 ms
///    apart, each with a marker; the time from the `write(2)` to its row, seen by a thread that
///    asks the database every 2 ms. Once with memoryd otherwise idle, once while a consolidation
///    pass (`memctl consolidate --only consolidation` through the socket) runs over `rows`
///    imported messages, counting only the lines written while it ran.
/// 3. Idle: memoryd following `idleFiles` small sessions that nobody writes to; its CPU time over
///    `seconds` once the backfill and the first cycle are over, and its resident memory.
///
/// Every memoryd runs with the loops' intervals at a day, so that only the passes asked for run.
struct FollowBenchmark {
    let megabytes: Int
    let lines: Int
    let rows: Int
    let seconds: Int
    let idleFiles: Int
    let messages: BenchmarkMessages
    let directory: URL
    let memctl: String
    /// Leave the generated trees in `directory` (`--keep`).
    let keep: Bool

    private var memoryd: String {
        URL(fileURLWithPath: memctl).deletingLastPathComponent().appendingPathComponent("memoryd").path
    }

    func run() throws {
        guard FileManager.default.isExecutableFile(atPath: memoryd) else {
            throw BenchmarkError("no memoryd next to memctl (\(memoryd)); run `swift build -c release` first")
        }
        let backfill = try measureBackfill()
        let latency = try measureLatency()
        let idle = try measureIdle()

        let tree = backfill.tree
        let megabytes = Double(tree.bytes) / 1e6
        print("")
        print(
            String(
                format:
                    "backfill of %.1f MB of Claude Code sessions (%d files: %d sessions, %d sub-agents; %d messages, "
                    + "their text %.1f %% of the bytes), the files in the page cache as just written:",
                megabytes, tree.files.count, tree.sessions, tree.files.count - tree.sessions, tree.messages,
                100 * Double(tree.textBytes) / Double(tree.bytes)))
        print("")
        print("| run | seconds | MB/s | messages/s | peak RSS (MiB) |")
        print("| --- | ---: | ---: | ---: | ---: |")
        for run in backfill.runs {
            print(
                String(
                    format: "| %@ | %.2f | %.1f | %.0f | %.1f |", run.name, run.seconds, megabytes / run.seconds,
                    Double(run.messages) / run.seconds, Double(run.peakKilobytes) / 1024))
        }
        print("\ntargets: ≥ 40 MB/s, peak RSS ≤ 100 MB (MB: 10^6 bytes; MiB: 2^20)")
        for run in backfill.runs where run.messages != tree.messages {
            print("note: \(run.name) stored \(run.messages) messages; the tree holds \(tree.messages)")
        }

        print("")
        print("follow latency, from the write(2) of a line to its row in the database (lines 50–300 ms apart):")
        print("")
        print("| memoryd | lines | p50 ms | p99 ms | max ms | not seen |")
        print("| --- | ---: | ---: | ---: | ---: | ---: |")
        for row in [latency.idle, latency.duringPass] {
            guard !row.milliseconds.isEmpty || row.missing > 0 else {
                print("| \(row.name) | 0 | – | – | – | 0 |")
                continue
            }
            let sorted = row.milliseconds.sorted()
            print(
                String(
                    format: "| %@ | %d | %.1f | %.1f | %.1f | %d |", row.name, sorted.count + row.missing,
                    percentile(sorted, 0.5), percentile(sorted, 0.99), sorted.last ?? 0, row.missing))
        }
        print("\ntarget: each line stored within 2 s")

        print("")
        print(
            "memoryd following \(idle.files) idle sessions (\(String(format: "%.1f", Double(idle.bytes) / 1e6)) MB), "
                + "backfilled in \(String(format: "%.2f", idle.backfillSeconds)) s:")
        print("")
        print("| CPU over \(seconds) s | CPU seconds per hour | RSS (MiB) | anonymous | file-backed | peak RSS (MiB) |")
        print("| ---: | ---: | ---: | ---: | ---: | ---: |")
        print(
            String(
                format: "| %.2f s | %.1f | %.1f | %.1f | %.1f | %.1f |", idle.cpuSeconds,
                idle.cpuSeconds * 3600 / Double(seconds), Double(idle.rss) / 1024, Double(idle.anonymous) / 1024,
                Double(idle.file) / 1024, Double(idle.peak) / 1024))
        print("\ntarget: no visible CPU while nothing is written")
    }

    // MARK: - 1. Backfill

    private struct BackfillRun {
        let name: String
        let seconds: Double
        let messages: Int
        let peakKilobytes: Int
    }

    private func measureBackfill() throws -> (tree: ClaudeCodeTranscripts.Tree, runs: [BackfillRun]) {
        let root = directory.appendingPathComponent("claude-projects").path
        try? FileManager.default.removeItem(atPath: root)
        print("writing about \(megabytes) MB of Claude Code sessions to \(root) …")
        var generator = ClaudeCodeTranscripts(seed: 42)
        let start = DispatchTime.now().uptimeNanoseconds
        let tree = try generator.writeTree(at: root, bytes: megabytes * 1_000_000, shape: .working)
        print(
            String(
                format: "  %d files, %.1f MB, in %.1f s", tree.files.count, Double(tree.bytes) / 1e6,
                Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9))

        let imported = directory.appendingPathComponent("follow-import.db").path
        removeDatabase(imported)
        let report = directory.appendingPathComponent("follow-import.json").path
        print("memctl import --from claude-code …")
        let run = try Subprocess.run(
            memctl, ["--db", imported, "import", "--from", "claude-code", root, "--json"], outputPath: report)
        guard run.status == 0 else {
            throw BenchmarkError(
                "memctl import --from claude-code exited \(run.status): \(try String(contentsOfFile: report, encoding: .utf8))"
            )
        }
        let object =
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: report))) as? [String: Any]
        if let failures = object?["failures"] as? [[String: Any]], let first = failures.first {
            throw BenchmarkError("memctl import refused \(failures.count) file(s), the first: \(first)")
        }
        let importRun = BackfillRun(
            name: "memctl import --from claude-code", seconds: run.seconds, messages: object?["imported"] as? Int ?? 0,
            peakKilobytes: run.peakResidentKilobytes)
        print(String(format: "  %.2f s, peak RSS %.1f MiB", run.seconds, Double(run.peakResidentKilobytes) / 1024))
        removeDatabase(imported)

        print("memoryd --follow claude-code=… on a new database, until every file is read …")
        let database = directory.appendingPathComponent("follow-backfill.db").path
        removeDatabase(database)
        let daemon = try FollowingDaemon(memoryd: memoryd, database: database, root: root, in: directory)
        defer { daemon.stop() }
        let followed = try daemon.waitUntilRead(tree, timeout: max(120, Double(megabytes) / 2))
        let peak = daemon.statusKilobytes()["VmHWM"] ?? 0
        let stored = try daemon.storedMessages()
        daemon.stop()
        removeDatabase(database)
        print(String(format: "  %.2f s, peak RSS %.1f MiB", followed, Double(peak) / 1024))
        let followRun = BackfillRun(
            name: "memoryd --follow (backfill)", seconds: followed, messages: stored, peakKilobytes: peak)
        if !keep { try? FileManager.default.removeItem(atPath: root) }
        return (tree, [importRun, followRun])
    }

    // MARK: - 2. Latency

    private struct LatencyRow {
        let name: String
        var milliseconds: [Double] = []
        var missing = 0

        /// Each line's time from its write to its row. A row seen before the writer read the
        /// clock after its write (descheduled between the two) counts as 0.
        mutating func add(_ lines: [Written], seen: [String: UInt64]) {
            for line in lines {
                guard let at = seen[line.marker] else {
                    missing += 1
                    continue
                }
                milliseconds.append(at > line.at ? Double(at - line.at) / 1e6 : 0)
            }
        }
    }

    private func measureLatency() throws -> (idle: LatencyRow, duringPass: LatencyRow) {
        let root = directory.appendingPathComponent("claude-live").path
        try? FileManager.default.removeItem(atPath: root)
        var generator = ClaudeCodeTranscripts(seed: 7)
        let tree = try generator.writeTree(at: root, bytes: 2_000_000, shape: .working, fewest: 4)
        // The live session: the last main session written, as if the user went on with it.
        guard let live = tree.files.last(where: { !$0.path.contains("/subagents/") }) else {
            throw BenchmarkError("the live tree has no session")
        }
        let liveURL = URL(fileURLWithPath: live.path)
        var session = ClaudeCodeTranscripts.LiveSession(
            id: liveURL.deletingPathExtension().lastPathComponent,
            project: String(liveURL.deletingLastPathComponent().lastPathComponent.dropFirst("-home-dev-src-".count)),
            seed: 11)
        var random = SeededGenerator(seed: 99)

        let database = directory.appendingPathComponent("follow-live.db").path
        removeDatabase(database)
        print("memoryd following \(tree.sessions) sessions; appending \(lines) lines to one, memoryd otherwise idle …")
        let daemon = try FollowingDaemon(memoryd: memoryd, database: database, root: root, in: directory)
        defer { daemon.stop() }
        _ = try daemon.waitUntilRead(tree, timeout: 120)
        try daemon.waitForFirstCycle(memctl: memctl)

        var idle = LatencyRow(name: "idle")
        let watch = try MarkerWatch(database: database)
        let written = try append(lines, label: "idle", to: live.path, session: &session, random: &random) { false }
        let seen = watch.stop(waitingFor: written.map(\.marker), after: 30)
        idle.add(written, seen: seen)
        print(String(format: "  p50 %.1f ms", percentile(idle.milliseconds.sorted(), 0.5)))

        try messages.importInto(database, count: rows, memctl: memctl)
        print("the same while memoryd consolidates those \(rows) messages (memctl consolidate --only consolidation) …")
        let passWatch = try MarkerWatch(database: database)
        let output = directory.appendingPathComponent("follow-consolidate.out").path
        let trigger = try Subprocess.spawn(
            memctl, ["--socket", daemon.socket, "consolidate", "--only", "consolidation", "--wait"], outputPath: output)
        var triggerStatus: Int32?
        let duringPass = try append(lines, label: "pass", to: live.path, session: &session, random: &random) {
            triggerStatus = triggerStatus ?? Self.exitStatus(trigger.pid, waiting: false)
            return triggerStatus != nil
        }
        let status = triggerStatus ?? Self.exitStatus(trigger.pid, waiting: true) ?? 1
        guard status == 0 else {
            throw BenchmarkError(
                "memctl consolidate exited \(status): \(try String(contentsOfFile: output, encoding: .utf8))")
        }
        let passSeen = passWatch.stop(waitingFor: duringPass.map(\.marker), after: 30)
        let pass = try daemon.lastConsolidation()
        let inPass = duringPass.filter { $0.wallMilliseconds >= pass.started && $0.wallMilliseconds <= pass.finished }
        var during = LatencyRow(
            name: String(
                format: "during a consolidation pass over %d messages (%.1f s, %d lines written in it)", pass.processed,
                Double(pass.finished - pass.started) / 1000, inPass.count))
        during.add(inPass, seen: passSeen)
        daemon.stop()
        removeDatabase(database)
        if !keep { try? FileManager.default.removeItem(atPath: root) }
        return (idle, during)
    }

    /// A line appended: its marker, and when its `write(2)` returned (uptime nanoseconds and
    /// milliseconds since 1970).
    private struct Written {
        let marker: String
        let at: UInt64
        let wallMilliseconds: Int64
    }

    /// Appends up to `count` lines to the session file, 50–300 ms apart, what the user typed and
    /// replies by turns, each starting with its marker; stops early when `enough` says so.
    private func append(
        _ count: Int, label: String, to path: String, session: inout ClaudeCodeTranscripts.LiveSession,
        random: inout SeededGenerator, enough: () -> Bool
    ) throws -> [Written] {
        let descriptor = open(path, O_WRONLY | O_APPEND | O_CLOEXEC)
        guard descriptor >= 0 else { throw BenchmarkError("cannot open \(path): \(String(cString: strerror(errno)))") }
        defer { close(descriptor) }
        var written: [Written] = []
        for number in 0..<count {
            if enough() { break }
            let marker = "\(MarkerWatch.prefix)\(label) line \(number)"
            let sentence = "the reader now keeps its position when a line is cut short, and says which file it was"
            let line = session.line("\(marker): \(sentence)", fromUser: number % 2 == 0)
            try line.withUnsafeBytes { bytes in
                var offset = 0
                while offset < bytes.count {
                    let result = write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                    if result < 0 && errno == EINTR { continue }
                    guard result > 0 else {
                        throw BenchmarkError("write to \(path) failed: \(String(cString: strerror(errno)))")
                    }
                    offset += result
                }
            }
            written.append(
                Written(
                    marker: marker, at: DispatchTime.now().uptimeNanoseconds,
                    wallMilliseconds: Timestamp.now.millisecondsSince1970))
            usleep(useconds_t(50_000 + random.next() % 250_001))
        }
        return written
    }

    /// A child's exit status once it has exited (waiting for it when `waiting`), else nil.
    private static func exitStatus(_ pid: pid_t, waiting: Bool) -> Int32? {
        var status: Int32 = 0
        let result = retryingInterrupts { waitpid(pid, &status, waiting ? 0 : WNOHANG) }
        guard result == pid else { return nil }
        return (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
    }

    // MARK: - 3. Idle

    private struct Idle {
        let files: Int
        let bytes: Int
        let backfillSeconds: Double
        let cpuSeconds: Double
        /// Kilobytes, as /proc gives them.
        let rss: Int
        let anonymous: Int
        let file: Int
        let peak: Int
    }

    private func measureIdle() throws -> Idle {
        let root = directory.appendingPathComponent("claude-idle").path
        try? FileManager.default.removeItem(atPath: root)
        var generator = ClaudeCodeTranscripts(seed: 1_000)
        let tree = try generator.writeTree(at: root, bytes: 0, shape: .idle, fewest: idleFiles)
        let database = directory.appendingPathComponent("follow-idle.db").path
        removeDatabase(database)
        print("memoryd following \(tree.files.count) idle sessions; CPU over \(seconds) s …")
        let daemon = try FollowingDaemon(memoryd: memoryd, database: database, root: root, in: directory)
        defer { daemon.stop() }
        let backfill = try daemon.waitUntilRead(tree, timeout: 300)
        try daemon.waitForFirstCycle(memctl: memctl)
        // The pass workers have exited; a moment for memoryd to settle after them.
        Thread.sleep(forTimeInterval: 1)
        let before = try ProcessFigures.cpuTicks(daemon.pid)
        Thread.sleep(forTimeInterval: Double(seconds))
        let ticks = try ProcessFigures.cpuTicks(daemon.pid) - before
        let memory = daemon.statusKilobytes()
        daemon.stop()
        removeDatabase(database)
        if !keep { try? FileManager.default.removeItem(atPath: root) }
        return Idle(
            files: tree.files.count, bytes: tree.bytes, backfillSeconds: backfill,
            cpuSeconds: Double(ticks) / Double(sysconf(Int32(_SC_CLK_TCK))), rss: memory["VmRSS"] ?? 0,
            anonymous: memory["RssAnon"] ?? 0, file: memory["RssFile"] ?? 0, peak: memory["VmHWM"] ?? 0)
    }
}

/// A memoryd following a Claude Code projects tree (`--follow claude-code=ROOT`) on its own
/// database and socket, with the loops' intervals at a day (a settings file), its log beside
/// them. Stopped with SIGTERM, or SIGKILL when it does not end within 30 s.
private final class FollowingDaemon {
    let pid: pid_t
    let socket: String
    let database: String
    private let started: UInt64
    private var opened: Connection?
    private var stopped = false

    init(memoryd: String, database: String, root: String, in directory: URL) throws {
        let name = URL(fileURLWithPath: database).deletingPathExtension().lastPathComponent
        let settings = directory.appendingPathComponent(name + ".conf").path
        try Data("consolidation_interval = 1d\nextraction_interval = 1d\ngraph_interval = 1d\n".utf8)
            .write(to: URL(fileURLWithPath: settings))
        socket = directory.appendingPathComponent(name + ".sock").path
        self.database = database
        let process = try Subprocess.spawn(
            memoryd,
            [
                "--db", database, "--socket", socket, "--config", settings, "--log-level", "notice", "--follow",
                "claude-code=" + root,
            ], outputPath: directory.appendingPathComponent(name + ".log").path)
        pid = process.pid
        started = process.start
    }

    deinit { stop() }

    func stop() {
        guard !stopped else { return }
        stopped = true
        opened = nil
        kill(pid, SIGTERM)
        defer { try? FileManager.default.removeItem(atPath: database + "-daemon.lock") }
        var status: Int32 = 0
        for _ in 0..<3_000 {
            if retryingInterrupts({ waitpid(pid, &status, WNOHANG) }) != 0 { return }
            usleep(10_000)
        }
        kill(pid, SIGKILL)
        _ = retryingInterrupts { waitpid(pid, &status, 0) }
    }

    /// Lines of /proc/PID/status in kilobytes (VmRSS, VmHWM, RssAnon, RssFile).
    func statusKilobytes() -> [String: Int] { (try? ProcessFigures.statusKilobytes(pid)) ?? [:] }

    /// The database, once memoryd listens (it opened and set it up before): queried only.
    private func connection() throws -> Connection {
        if let opened { return opened }
        var info = stat()
        while stat(socket, &info) != 0 {
            guard !hasExited else { throw BenchmarkError("memoryd exited; see its log beside \(database)") }
            usleep(5_000)
        }
        let connection = try Connection(path: database, mode: .readWrite, busyTimeoutMilliseconds: 5_000)
        try connection.execute("PRAGMA query_only = ON")
        opened = connection
        return connection
    }

    private var hasExited: Bool {
        var status: Int32 = 0
        return retryingInterrupts { waitpid(pid, &status, WNOHANG) } == pid
    }

    /// Waits until memoryd has read every file of `tree` to where the follower stops
    /// (`File.readTo`), looking every 20 ms; the seconds since it started.
    func waitUntilRead(_ tree: ClaudeCodeTranscripts.Tree, timeout: Double) throws -> Double {
        let expected = Dictionary(uniqueKeysWithValues: tree.files.map { ($0.path, Int64($0.readTo)) })
        let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(timeout * 1e9)
        while true {
            let statement = try connection().prepare("SELECT path, read_to, error FROM followed_files")
            let rows = try statement.rows { ($0.text(0), $0.int64(1), $0.optionalText(2)) }
            if let failed = rows.first(where: { $0.2 != nil }) {
                throw BenchmarkError("memoryd cannot follow \(failed.0): \(failed.2 ?? "")")
            }
            let done = rows.filter { expected[$0.0] == $0.1 }.count
            if done == expected.count {
                return Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
            }
            guard !hasExited else { throw BenchmarkError("memoryd exited; see its log beside \(database)") }
            guard DispatchTime.now().uptimeNanoseconds < deadline else {
                let read = Dictionary(rows.map { ($0.0, $0.1) }, uniquingKeysWith: { first, _ in first })
                let behind = expected.filter { read[$0.key] != $0.value }.sorted { $0.key < $1.key }.prefix(3)
                throw BenchmarkError(
                    "memoryd read \(done) of \(expected.count) files in \(Int(timeout)) s; behind: "
                        + behind.map { "\($0.key) at \(read[$0.key].map(String.init) ?? "nothing") of \($0.value)" }
                        .joined(separator: ", "))
            }
            usleep(20_000)
        }
    }

    /// Waits until memoryd's first cycle is over: every loop idle with a last pass.
    func waitForFirstCycle(memctl: String) throws {
        let output = socket + ".status.json"
        defer { try? FileManager.default.removeItem(atPath: output) }
        for _ in 0..<2_400 {
            let status = try Subprocess.run(memctl, ["--socket", socket, "status", "--json"], outputPath: output)
            if status.status == 0, let data = FileManager.default.contents(atPath: output),
                let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
                let loops = object["loops"] as? [[String: Any]], loops.count == 3,
                loops.allSatisfy({ $0["state"] as? String == "idle" && $0["last_pass"] is [String: Any] })
            {
                return
            }
            usleep(250_000)
        }
        throw BenchmarkError("memoryd's first cycle did not end within 10 minutes")
    }

    func storedMessages() throws -> Int {
        Int(try connection().scalarInt("SELECT count(*) FROM short_term_memories") ?? 0)
    }

    /// The last consolidation pass: when it started and ended (milliseconds since 1970) and the
    /// memories it took.
    func lastConsolidation() throws -> (started: Int64, finished: Int64, processed: Int) {
        let statement = try connection().prepare(
            "SELECT started_at, finished_at, processed FROM passes WHERE kind = 'consolidation' ORDER BY id DESC LIMIT 1"
        )
        guard let row = try statement.firstRow({ ($0.text(0), $0.optionalText(1), $0.int(2)) }),
            let started = Timestamp(iso8601: row.0), let finished = row.1.flatMap({ Timestamp(iso8601: $0) })
        else { throw BenchmarkError("no finished consolidation pass in \(database)") }
        return (started.millisecondsSince1970, finished.millisecondsSince1970, row.2)
    }
}

/// Watches a database for the rows of marked lines: a thread asks every 2 ms for the rows
/// stored since it last looked and notes when each marked row first appeared (uptime
/// nanoseconds).
private final class MarkerWatch: Sendable {
    /// What a marked line's text starts with; the marker runs to the first colon.
    static let prefix = "follow-bench "

    private let seen = Mutex<[String: UInt64]>([:])
    private let failure = Mutex<String?>(nil)
    private let stopped = Atomic<Bool>(false)
    private let done = DispatchSemaphore(value: 0)

    /// Starts watching for rows stored from now on.
    init(database: String) throws {
        // The rows already there are read here, before any line is written: a row that comes
        // while the thread starts must count as new.
        let connection = try Connection(path: database, mode: .readWrite, busyTimeoutMilliseconds: 5_000)
        let start = try connection.scalarInt("SELECT coalesce(max(id), 0) FROM short_term_memories") ?? 0
        Thread { [self] in
            defer { done.signal() }
            do {
                try watch(database, after: start)
            } catch {
                failure.withLock { $0 = "\(error)" }
            }
        }.start()
    }

    private func watch(_ database: String, after start: Int64) throws {
        let connection = try Connection(path: database, mode: .readWrite, busyTimeoutMilliseconds: 5_000)
        try connection.execute("PRAGMA query_only = ON")
        var last = start
        let statement = try connection.prepare("SELECT id, content FROM short_term_memories WHERE id > ? ORDER BY id")
        while !stopped.load(ordering: .acquiring) {
            let rows = try statement.bind([last]).rows { ($0.int64(0), $0.text(1)) }
            let now = DispatchTime.now().uptimeNanoseconds
            for (id, content) in rows {
                last = max(last, id)
                guard content.hasPrefix(Self.prefix), let colon = content.firstIndex(of: ":") else { continue }
                let marker = String(content[..<colon])
                seen.withLock { if $0[marker] == nil { $0[marker] = now } }
            }
            usleep(2_000)
        }
    }

    /// Stops once every marker is seen or `seconds` have passed; when each was seen.
    func stop(waitingFor markers: [String], after seconds: Double) -> [String: UInt64] {
        let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(seconds * 1e9)
        while DispatchTime.now().uptimeNanoseconds < deadline, failure.withLock({ $0 == nil }),
            seen.withLock({ seen in !markers.allSatisfy { seen[$0] != nil } })
        {
            usleep(10_000)
        }
        stopped.store(true, ordering: .releasing)
        done.wait()
        if let failure = failure.withLock({ $0 }) { print("  the database watch failed: \(failure)") }
        return seen.withLock { $0 }
    }
}

/// What /proc says of a process.
enum ProcessFigures {
    /// utime + stime, in clock ticks.
    static func cpuTicks(_ pid: pid_t) throws -> Int {
        let stat = try String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)
        // The fields after the command name, which is in parentheses and may hold spaces.
        guard let close = stat.lastIndex(of: ")") else { throw BenchmarkError("cannot read /proc/\(pid)/stat") }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 12, let user = Int(fields[11]), let system = Int(fields[12]) else {
            throw BenchmarkError("cannot read /proc/\(pid)/stat")
        }
        return user + system
    }

    /// The memory lines of /proc/PID/status (VmRSS, VmHWM, RssAnon, RssFile, …), in kilobytes.
    static func statusKilobytes(_ pid: pid_t) throws -> [String: Int] {
        let status = try String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)
        var values: [String: Int] = [:]
        for line in status.split(separator: "\n") {
            let parts = line.split(separator: ":", maxSplits: 1)
            guard parts.count == 2, parts[0].hasPrefix("Vm") || parts[0].hasPrefix("Rss") else { continue }
            values[String(parts[0])] = Int(parts[1].split(whereSeparator: { $0 == " " || $0 == "\t" }).first ?? "")
        }
        return values
    }
}
