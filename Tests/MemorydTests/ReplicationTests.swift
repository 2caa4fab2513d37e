import Foundation
import MemoryStorage
import SQLiteKit
import Synchronization
import SystemSupport
import TestFixtures
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// memoryd beside Litestream, as the README's "Replicate and restore" sets it up: the replica is
/// always a database `memctl check` passes, it holds what was committed up to the replica's lag
/// whatever is killed and when, a restore to a time holds what was committed before that time
/// and nothing after, and the `-wal` stays bounded while Litestream holds its read transaction
/// beside a pass. docs/REPLICATION.md has the design and the figures.
@Suite(
    "replication with Litestream",
    .enabled(if: LitestreamProcess.isAvailable, Comment(rawValue: LitestreamProcess.missingMessage)),
    // Each test keeps both cores busy; side by side they would only measure each other.
    .serialized)
struct ReplicationTests {
    /// How often Litestream looks at the `-wal` and ships to the replica in these tests (the
    /// defaults are 1 s each): the replica's lag, and what a kill of Litestream may lose, is
    /// about their sum.
    static let monitorInterval = 0.1
    static let syncInterval = 0.2

    /// What a memory must be older than, at a kill, to be in the replica: the two intervals and
    /// a margin for a machine as loaded as CI's. At the kills of Litestream here, the oldest
    /// memory the replica lacked had been committed 0.11 to 0.36 s before (docs/REPLICATION.md,
    /// "What a failure loses"); the margin is there for the machine's load, not Litestream's speed.
    static let lagAllowance = monitorInterval + syncInterval + 4

    // MARK: - Helpers

    /// A database and its replica in a temporary directory, with Litestream's configuration.
    struct Setup {
        let dir: TemporaryDirectory
        let db: String
        let replica: String
        let socket: String
        let config: String

        init(db name: String = "memory.db", dir: TemporaryDirectory) throws {
            self.dir = dir
            db = dir.path(name)
            replica = dir.path("replica")
            socket = dir.path("litestream.sock")
            config = try dir.write(
                "litestream.yml",
                LitestreamProcess.fileReplicaConfig(
                    database: db, replica: replica, socket: socket,
                    syncInterval: "\(Int(ReplicationTests.syncInterval * 1000))ms",
                    monitorInterval: "\(Int(ReplicationTests.monitorInterval * 1000))ms"))
        }

        var replicaURL: String { "file://\(replica)" }

        func startLitestream() throws -> LitestreamProcess { try LitestreamProcess(config: config, in: dir) }

        /// Waits until Litestream has shipped every commit so far (`litestream sync -wait`).
        func sync(sourceLocation: SourceLocation = #_sourceLocation) throws {
            try LitestreamProcess.sync(db, socket: socket, in: dir, sourceLocation: sourceLocation)
        }

        /// `litestream restore -o COPY` of the replica (to `timestamp` when given); `memctl check`
        /// must pass on the copy.
        func restore(
            to name: String, timestamp: String? = nil, sourceLocation: SourceLocation = #_sourceLocation
        ) throws -> String {
            let copy = dir.path(name)
            let arguments = ["restore"] + (timestamp.map { ["-timestamp", $0] } ?? []) + ["-o", copy, replicaURL]
            let restored = try LitestreamProcess.run(arguments, in: dir)
            try #require(
                restored.status == 0, "litestream restore: \(restored.stderr)\(restored.stdout)",
                sourceLocation: sourceLocation)
            let check = try Memctl.run(["--db", copy, "check"], in: dir)
            #expect(
                check.status == 0, "memctl check of the restored copy: \(check.stdout)\(check.stderr)",
                sourceLocation: sourceLocation)
            return copy
        }
    }

    /// The text of every short-term memory in `db`.
    static func contents(_ db: String) throws -> Set<String> {
        let connection = try Connection(path: db, mode: .readWrite, busyTimeoutMilliseconds: 5_000)
        return Set(try connection.prepare("SELECT content FROM short_term_memories", cached: false).rows { $0.text(0) })
    }

    /// The largest size a file reaches while it is watched, sampled every `interval` seconds.
    final class SizeWatch: Sendable {
        private let largest = Atomic<Int>(0)
        private let watching = Atomic<Bool>(true)
        private let done = Atomic<Bool>(false)

        init(_ path: String, every interval: Double) {
            Thread { [self] in
                while watching.load(ordering: .acquiring) {
                    var status = stat()
                    let size = stat(path, &status) == 0 ? Int(status.st_size) : 0
                    if size > largest.load(ordering: .relaxed) { largest.store(size, ordering: .relaxed) }
                    usleep(useconds_t(interval * 1_000_000))
                }
                done.store(true, ordering: .releasing)
            }.start()
        }

        /// Stops watching; the largest size seen.
        func stop() -> Int {
            watching.store(false, ordering: .releasing)
            while !done.load(ordering: .acquiring) { usleep(1_000) }
            return largest.load(ordering: .relaxed)
        }
    }

    /// `memctl add` in a loop on a thread of its own, as an assistant adds memories while memoryd
    /// works: each add that returned 0 is kept with the instant it returned (it was committed
    /// then), each that failed with its message.
    final class Writer: Sendable {
        private let added = Mutex<[(text: String, at: ContinuousClock.Instant)]>([])
        private let failures = Mutex<[String]>([])
        private let writing = Atomic<Bool>(true)
        private let done = Atomic<Bool>(false)

        init(db: String, in dir: TemporaryDirectory) {
            Thread { [self] in
                var index = 0
                while writing.load(ordering: .acquiring) {
                    index += 1
                    let text = "replicated note \(index): Leah booked the theremin lesson in Lisbon"
                    do {
                        let result = try Memctl.run(["--db", db, "add", "--session", "writer", "--", text], in: dir)
                        let now = ContinuousClock.now
                        if result.status == 0 {
                            added.withLock { $0.append((text, now)) }
                        } else {
                            failures.withLock { $0.append("add \(index): \(result.stderr)") }
                        }
                    } catch {
                        failures.withLock { $0.append("add \(index): \(error)") }
                    }
                }
                done.store(true, ordering: .releasing)
            }.start()
        }

        /// The memories added so far that were committed before `instant`.
        func committed(before instant: ContinuousClock.Instant) -> [String] {
            added.withLock { $0.filter { $0.at < instant }.map(\.text) }
        }

        var all: [(text: String, at: ContinuousClock.Instant)] { added.withLock { $0 } }
        var errors: [String] { failures.withLock { $0 } }

        /// Stops after the add in flight.
        func stop() {
            writing.store(false, ordering: .releasing)
            while !done.load(ordering: .acquiring) { usleep(1_000) }
        }
    }

    /// memoryd's settings here: passes only when asked or at start (where a cycle runs), every
    /// memory old enough at once, small batches so that a pass is many commits long, and a
    /// quick retry when a restart finds the killed memoryd's worker still finishing its batch.
    static let daemonConfiguration = """
        consolidation_interval = 1h
        extraction_interval = 1h
        graph_interval = 1h
        min_age = 0
        batch_size = 8
        retry_base = 1s
        """

    /// A memoryd on `db` once it has said READY=1.
    static func startDaemon(_ setup: Setup, config: String) throws -> DaemonProcess {
        let notifyDirectory = try TemporaryDirectory()
        let notify = try NotifyListener(in: notifyDirectory)
        let daemon = try DaemonProcess(
            database: setup.db, socket: setup.dir.path("control.sock"), in: setup.dir,
            environment: ["NOTIFY_SOCKET": notify.path], arguments: ["--config", config])
        try #require(notify.wait(for: "READY=1", timeout: 15) != nil, "memoryd is not READY: \(daemon.log)")
        return daemon
    }

    // MARK: - Tests

    @Test(
        "three SIGKILLs of memoryd and three of Litestream mid-pass, memctl add writing beside: every restored copy passes check and holds what was committed before the replica's lag; at the end the copy is the database"
    )
    func killsMidPass() async throws {
        // Blocking work (processes, sleeps) on a thread of its own: on two cores a test that
        // held one of Swift concurrency's two threads this long starved the async suites.
        try await Threads.result(name: "replication-test") {
            let dir = try TemporaryDirectory()
            let setup = try Setup(dir: dir)
            let imported = try Memctl.run(["--db", setup.db, "import", "-"], stdin: Data(variedChat(6_000).utf8), in: dir)
            try #require(imported.status == 0, "\(imported.stderr)")
            let config = try dir.write("memoryd.conf", Self.daemonConfiguration)

            // Litestream first, as its unit starts before memoryd's: it sees every commit.
            var litestream = try setup.startLitestream()
            try setup.sync()
            var daemon = try Self.startDaemon(setup, config: config)
            let writer = Writer(db: setup.db, in: dir)

            var killedMidPass = 0
            var missing: [String] = []
            for kill in 0..<6 {
                // At a random instant of the cycle memoryd runs at start (the first, or the one a
                // restart began).
                let deadline = Date().addingTimeInterval(10)
                while !daemon.log.contains("pass started") && Date() < deadline { usleep(5_000) }
                usleep(UInt32.random(in: 300_000...1_500_000))
                let killsMemoryd = kill.isMultiple(of: 2)
                let inPass = !daemon.log.contains("graph pass completed")
                if killsMemoryd { daemon.signal(SIGKILL) } else { litestream.signal(SIGKILL) }
                let killedAt = ContinuousClock.now
                if inPass { killedMidPass += 1 }
                #expect(killsMemoryd ? daemon.waitForExit(timeout: 10) : litestream.waitForExit(timeout: 10))

                // The replica as the kill left it: a database that passes check, with every memory
                // committed longer than the lag before the kill.
                let copy = try setup.restore(to: "copy-\(kill).db")
                let held = try Self.contents(copy)
                let due = writer.committed(before: killedAt - .milliseconds(Int(Self.lagAllowance * 1000)))
                missing += due.filter { !held.contains($0) }.map { "kill \(kill): \($0)" }

                if killsMemoryd {
                    daemon = try Self.startDaemon(setup, config: config)
                } else {
                    litestream = try setup.startLitestream()
                }
            }
            #expect(missing.isEmpty, "memories committed before the replica's lag but not in the replica: \(missing)")
            #expect(killedMidPass == 6, "every kill lands in a cycle: \(killedMidPass) of 6")

            // The end: memoryd stops (its last batch committed), Litestream ships it all.
            writer.stop()
            daemon.signal(SIGTERM)
            #expect(daemon.waitForExit(timeout: 15) && daemon.process.terminationStatus == 0, "\(daemon.log)")
            try setup.sync()
            let last = try setup.restore(to: "last.db")
            #expect(writer.errors.isEmpty, "every add beside memoryd and Litestream succeeds: \(writer.errors)")
            #expect(writer.all.count > 20, "the writer added \(writer.all.count) memories")
            let held = try Self.contents(last)
            #expect(writer.all.allSatisfy { held.contains($0.text) })
            #expect(try Self.contents(setup.db) == held)
            #expect(try CycleOutcome.rows(last) == CycleOutcome.rows(setup.db))
            litestream.signal(SIGTERM)
            #expect(litestream.waitForExit(timeout: 40), "\(litestream.log)")
        }
    }

    @Test("a restore to a time between two waves of adds holds the first wave and none of the second")
    func pointInTime() async throws {
        // Blocking work (processes, sleeps) on a thread of its own: on two cores a test that
        // held one of Swift concurrency's two threads this long starved the async suites.
        try await Threads.result(name: "replication-test") {
            let dir = try TemporaryDirectory()
            let setup = try Setup(dir: dir)
            let first = (1...10).map { "first wave \($0): the dentist moved to Friday" }
            let second = (1...10).map { "second wave \($0): the dentist moved to Monday" }
            let seeded = try Memctl.run(["--db", setup.db, "add", "the dentist is on Thursday"], in: dir)
            try #require(seeded.status == 0, "\(seeded.stderr)")
            let litestream = try setup.startLitestream()

            for text in first {
                let added = try Memctl.run(["--db", setup.db, "add", "--", text], in: dir)
                try #require(added.status == 0, "\(added.stderr)\(litestream.log)")
            }
            try setup.sync()
            // The instant between the waves: after the replica holds the first, before the second.
            usleep(300_000)
            let between = Date()
            usleep(300_000)
            for text in second {
                let added = try Memctl.run(["--db", setup.db, "add", "--", text], in: dir)
                try #require(added.status == 0, "\(added.stderr)\(litestream.log)")
            }
            try setup.sync()

            let formatter = ISO8601DateFormatter()
            formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
            let then = try Self.contents(try setup.restore(to: "then.db", timestamp: formatter.string(from: between)))
            #expect(first.allSatisfy { then.contains($0) })
            #expect(second.allSatisfy { !then.contains($0) })
            let now = try Self.contents(try setup.restore(to: "now.db"))
            #expect((first + second).allSatisfy { now.contains($0) })
            litestream.signal(SIGTERM)
            #expect(litestream.waitForExit(timeout: 40), "\(litestream.log)")
        }
    }

    /// 30,000 generated memories at the default batch size, the fewest found to make the
    /// difference: without Litestream the pass's `-wal` peaked at 35 MB; with Litestream 0.5.17
    /// beside it, before memoryd left room for Litestream's checkpoints, at 79 to 98 MB in
    /// three runs (docs/REPLICATION.md, "The -wal beside Litestream").
    @Test(
        "beside Litestream, a consolidation pass over 30,000 memories keeps the -wal at most 64 MB (sampled every 50 ms), and the replica restores to the same database"
    )
    func walBoundBesideLitestream() async throws {
        // Blocking work (processes, sleeps) on a thread of its own: on two cores a test that
        // held one of Swift concurrency's two threads this long starved the async suites.
        try await Threads.result(name: "replication-test") {
            let dir = try TemporaryDirectory()
            let setup = try Setup(dir: dir)
            let imported = try Memctl.run(["--db", setup.db, "import", "-"], stdin: Data(variedChat(30_000).utf8), in: dir)
            try #require(imported.status == 0, "\(imported.stderr)")
            let litestream = try setup.startLitestream()
            // Litestream holds its read transaction from here on.
            try setup.sync()

            let wal = SizeWatch(setup.db + "-wal", every: 0.05)
            let pass = try Memctl.run(
                ["--db", setup.db, "consolidate", "--local", "--min-age", "0", "--only", "consolidation", "--json"], in: dir
            )
            let largest = wal.stop()
            #expect(pass.status == 0, "\(pass.stderr)")
            let passes = try #require(try pass.jsonObject()["passes"] as? [[String: Any]])
            #expect(passes.map { $0["outcome"] as? String } == ["completed"])
            #expect(largest <= MemoryStore.walBoundBytes, "the -wal reached \(largest) bytes beside Litestream")

            try setup.sync()
            let copy = try setup.restore(to: "copy.db")
            #expect(try CycleOutcome.rows(copy) == CycleOutcome.rows(setup.db))
            litestream.signal(SIGTERM)
            #expect(litestream.waitForExit(timeout: 40), "\(litestream.log)")
        }
    }

    /// scripts/restore-peer, as memoryd-peer@NAME.service runs it (docs/REPLICATION.md, "Peers").
    static let restorePeer = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("scripts/restore-peer").path

    @Test(
        "restore-peer makes a peer's copy, downloads nothing while the replica is unchanged, and swaps a new copy in whole once it has changed, under a reader of the old one"
    )
    func peerCopy() async throws {
        // Blocking work (processes, sleeps) on a thread of its own: on two cores a test that
        // held one of Swift concurrency's two threads this long starved the async suites.
        try await Threads.result(name: "replication-test") {
            let dir = try TemporaryDirectory()
            let setup = try Setup(dir: dir)
            try #require(try Memctl.run(["--db", setup.db, "add", "the laptop's first memory"], in: dir).status == 0)
            let litestream = try setup.startLitestream()
            try setup.sync()
            let peers = dir.path("peers")
            let copy = peers + "/laptop.db"
            func restorePeer() throws -> MemctlResult {
                try Memctl.run(
                    [Self.restorePeer, "laptop", setup.replicaURL, peers], environment: LitestreamProcess.environment,
                    in: dir, program: URL(fileURLWithPath: "/bin/sh"), timeout: 60)
            }
            func inode(_ path: String) -> UInt64 {
                var status = stat()
                return stat(path, &status) == 0 ? UInt64(status.st_ino) : 0
            }

            let first = try restorePeer()
            try #require(first.status == 0, "\(first.stdout)\(first.stderr)")
            #expect(try Self.contents(copy) == ["the laptop's first memory"])
            let restoredFirst = inode(copy)
            let unchanged = try restorePeer()
            #expect(unchanged.status == 0 && unchanged.stdout == "", "\(unchanged.stdout)\(unchanged.stderr)")
            #expect(inode(copy) == restoredFirst, "an unchanged replica is not restored again")

            // A reader (a running `memctl mcp`) has the old copy open while the new one comes.
            let reader = try Connection(path: copy, mode: .readWrite, busyTimeoutMilliseconds: 1_000)
            try #require(try Memctl.run(["--db", setup.db, "add", "the laptop's second memory"], in: dir).status == 0)
            try setup.sync()
            let changed = try restorePeer()
            try #require(changed.status == 0, "\(changed.stdout)\(changed.stderr)")
            #expect(inode(copy) != restoredFirst)
            #expect(try Self.contents(copy) == ["the laptop's first memory", "the laptop's second memory"])
            #expect(try reader.scalarInt("SELECT count(*) FROM short_term_memories") == 1, "the reader keeps the old copy")
            let check = try Memctl.run(["--db", copy, "check"], in: dir)
            #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
            litestream.signal(SIGTERM)
            #expect(litestream.waitForExit(timeout: 40), "\(litestream.log)")
        }
    }

    @Test(
        "to an S3-compatible store (moto on 127.0.0.1): a pass and adds beside Litestream, restored from the bucket, pass check and equal the database",
        .enabled(if: MotoServer.isAvailable, Comment(rawValue: MotoServer.missingMessage)))
    func s3Replica() async throws {
        // Blocking work (processes, sleeps) on a thread of its own: on two cores a test that
        // held one of Swift concurrency's two threads this long starved the async suites.
        try await Threads.result(name: "replication-test") {
            let dir = try TemporaryDirectory()
            let moto = try MotoServer(in: dir)
            try moto.createBucket("memories")
            let db = dir.path("memory.db")
            let imported = try Memctl.run(["--db", db, "import", "-"], stdin: Data(variedChat(1_000).utf8), in: dir)
            try #require(imported.status == 0, "\(imported.stderr)")
            let socket = dir.path("litestream.sock")
            let config = try dir.write(
                "litestream.yml",
                """
                socket:
                  enabled: true
                  path: \(socket)
                dbs:
                  - path: \(db)
                    monitor-interval: 100ms
                    replica:
                      type: s3
                      bucket: memories
                      path: desktop/memory.db
                      endpoint: \(moto.endpoint)
                      region: us-east-1
                      sync-interval: 200ms

                """)
            // moto takes any key; these are read as the README's credentials file sets them.
            let credentials = ["LITESTREAM_ACCESS_KEY_ID": "memoryd-test", "LITESTREAM_SECRET_ACCESS_KEY": "memoryd-test"]
            let litestream = try LitestreamProcess(config: config, in: dir, environment: credentials)
            try LitestreamProcess.sync(db, socket: socket, in: dir)

            let pass = try Memctl.run(["--db", db, "consolidate", "--local", "--min-age", "0"], in: dir)
            #expect(pass.status == 0, "\(pass.stderr)")
            for index in 1...5 {
                #expect(
                    try Memctl.run(["--db", db, "add", "after the pass \(index): the boat leaves at six"], in: dir).status
                        == 0)
            }
            try LitestreamProcess.sync(db, socket: socket, in: dir)

            let copy = dir.path("copy.db")
            let url = "s3://memories/desktop/memory.db?endpoint=127.0.0.1:\(moto.port)&region=us-east-1"
            let restored = try LitestreamProcess.run(["restore", "-o", copy, url], environment: credentials, in: dir)
            try #require(restored.status == 0, "\(restored.stderr)\(restored.stdout)")
            let check = try Memctl.run(["--db", copy, "check"], in: dir)
            #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
            #expect(try Self.contents(copy) == Self.contents(db))
            #expect(try CycleOutcome.rows(copy) == CycleOutcome.rows(db))
            litestream.signal(SIGTERM)
            #expect(litestream.waitForExit(timeout: 40), "\(litestream.log)")
        }
    }
}
