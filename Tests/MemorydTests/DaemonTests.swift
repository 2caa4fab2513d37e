import ControlProtocol
import Foundation
import Synchronization
import TestFixtures
import Testing

@testable import MemoryDaemon
@testable import MemoryEngines
@testable import MemoryModel
@testable import MemoryPasses
@testable import MemoryStorage
@testable import SQLiteKit

#if canImport(Glibc)
    import Glibc
#endif


@Suite("memoryd (real processes, sockets and signals)", .serialized)
struct DaemonTests {
    /// Sends raw bytes on the control socket and returns what comes back until the daemon
    /// closes the connection or `timeout` passes.
    func exchange(_ bytes: Data, socket path: String, timeout: Double = 15) throws -> String {
        let descriptor = try UnixSocket.connect(path)
        defer { close(descriptor) }
        _ = bytes.withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        var received: [UInt8] = []
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 100) > 0 else { continue }
            var chunk = [UInt8](repeating: 0, count: 65536)
            let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count <= 0 { break }
            received += chunk[..<count]
        }
        return String(decoding: received, as: UTF8.self)
    }

    func status(_ socket: String, in dir: TemporaryDirectory) throws -> [String: Any] {
        let result = try Memctl.run(["status", "--socket", socket, "--json"], in: dir)
        try #require(result.status == 0, "\(result.stderr)")
        return try result.jsonObject()
    }

    func sampleLines(count: Int) throws -> String {
        let end = Timestamp.now.millisecondsSince1970 - 3_600_000
        var lines = ""
        for index in 0..<count {
            let text =
                index % 3 == 0 ? "ok \(index)" : "My sister Leah moved to Munich, note \(index % 40) about Berlin"
            let time = Timestamp(millisecondsSince1970: end - Int64(count - index) * 300_000)
            lines += try jsonLine(["content": text, "session": "s\(index / 20)", "created_at": time.iso8601]) + "\n"
        }
        return lines
    }

    @Test("memctl consolidate beside a memoryd of another database: through $MEMORYD_SOCKET it runs here and says why; with --socket it is an error naming both; memoryd runs no cycle")
    func consolidateBesideAnotherDatabase() throws {
        let dir = try TemporaryDirectory()
        let notify = try NotifyListener(in: dir)
        let socket = dir.path("control.sock")
        let theirs = dir.path("theirs.db")
        let daemon = try DaemonProcess(
            database: theirs, socket: socket, in: dir, environment: ["NOTIFY_SOCKET": notify.path],
            arguments: ["--log-level", "info"])
        try #require(notify.wait(for: "READY=1") != nil, "no READY=1; log: \(daemon.log)")
        let ours = dir.path("ours.db")
        try #require(
            try Memctl.run(["--db", ours, "add", "My sister Leah moved to Berlin in March.", "--at", "2024-03-02T10:00:00Z"], in: dir)
                .status == 0)

        // Which setpriority this memoryd has, said at start-up (a debug build: glibc's).
        #expect(daemon.log.contains("setpriority is "), "\(daemon.log)")

        let viaEnvironment = try Memctl.run(
            ["--db", ours, "consolidate", "--min-age", "0", "--json"], environment: ["MEMORYD_SOCKET": socket], in: dir)
        #expect(viaEnvironment.status == 0, "\(viaEnvironment.stderr)")
        #expect(
            viaEnvironment.stderr.contains("memoryd on \(socket) serves another database (\(theirs)); running the passes in this process"),
            "\(viaEnvironment.stderr)")
        let passes = try #require(try viaEnvironment.jsonObject()["passes"] as? [[String: Any]])
        #expect(passes.first?["created"] as? Int == 1, "\(passes)")

        try #require(try Memctl.run(["--db", ours, "add", "Leah works at Acme Robotics."], in: dir).status == 0)
        let named = try Memctl.run(["--db", ours, "--socket", socket, "consolidate", "--wait"], in: dir)
        #expect(named.status == 1, "\(named.stdout)\(named.stderr)")
        #expect(
            named.stderr.contains("memoryd on \(socket) serves \(theirs), not \(ours)") && named.stderr.contains("--local"),
            "\(named.stderr)")
        // Nothing ran: the second memory still waits.
        let stats = try Memctl.run(["--db", ours, "stats", "--json"], in: dir).jsonObject()
        #expect((stats["stm"] as? [String: Any])?["pending"] as? Int == 1, "\(stats)")
        #expect(!daemon.log.contains("cycle triggered"), "memoryd was asked to run a cycle: \(daemon.log)")
        #expect(daemon.process.isRunning)
    }

    @Test("READY arrives; memctl add then consolidate --wait through the socket makes long-term memories; status reports them; SIGTERM stops it cleanly")
    func endToEnd() throws {
        let dir = try TemporaryDirectory()
        let notify = try NotifyListener(in: dir)
        let db = dir.path("memory.db")
        let socket = dir.path("control.sock")
        let daemon = try DaemonProcess(
            database: db, socket: socket, in: dir, environment: ["NOTIFY_SOCKET": notify.path, "MEMORYD_MIN_AGE": "0"])
        try #require(notify.wait(for: "READY=1") != nil, "no READY=1; log: \(daemon.log)")
        var mode = stat()
        #expect(stat(socket, &mode) == 0 && (mode.st_mode & 0o777) == 0o660)

        // memoryd runs a cycle when it starts; let its consolidation pass end first, or a pass that
        // starts after the first add would take that memory before `consolidate --wait` runs.
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline, !(daemon.loop("consolidation", in: dir)?["last_pass"] is [String: Any]) {
            usleep(20_000)
        }
        for text in ["I live in Berlin with my sister Leah", "Leah works at Siemens", "I moved to Hamburg"] {
            #expect(try Memctl.run(["--db", db, "add", text], in: dir).status == 0)
        }
        let cycle = try Memctl.run(["consolidate", "--socket", socket, "--wait", "--json"], in: dir)
        #expect(cycle.status == 0, "\(cycle.stderr)")
        let passes = try #require(try cycle.jsonObject()["passes"] as? [[String: Any]])
        #expect(passes.map { $0["kind"] as? String } == ["consolidation", "extraction", "graph"])
        #expect(passes.first?["created"] as? Int == 3)
        #expect(try Memctl.run(["--db", db, "stats", "--json"], in: dir).jsonObject()["ltm"] as? Int == 3)

        let status = try self.status(socket, in: dir)
        #expect(status["pid"] as? Int == Int(daemon.process.processIdentifier))
        #expect(status["pending_memories"] as? Int == 0)
        let loops = try #require(status["loops"] as? [[String: Any]])
        #expect(loops.map { $0["kind"] as? String } == ["consolidation", "extraction", "graph"])
        #expect(loops.map { $0["interval_seconds"] as? Int } == [300, 600, 1800])
        #expect(loops.allSatisfy { ($0["last_pass"] as? [String: Any])?["outcome"] as? String == "completed" })
        let text = try Memctl.run(["status", "--socket", socket], in: dir)
        #expect(text.stdout.contains("consolidation") && text.stdout.contains("completed"))

        #expect(try Memctl.run(["pause", "--socket", socket], in: dir).stdout.contains("paused"))
        #expect(try self.status(socket, in: dir)["paused"] as? Bool == true)
        #expect(try Memctl.run(["resume", "--socket", socket], in: dir).status == 0)
        #expect(try self.status(socket, in: dir)["paused"] as? Bool == false)

        // Without --wait memctl returns at once; the daemon runs the cycle.
        let quick = try Memctl.run(["consolidate", "--socket", socket], in: dir)
        #expect(quick.status == 0 && quick.stdout.contains("memoryd is running"))

        daemon.signal(SIGTERM)
        #expect(daemon.waitForExit(timeout: 5))
        #expect(daemon.process.terminationStatus == 0, "\(daemon.log)")
        #expect(notify.wait(for: "STOPPING=1", timeout: 2) != nil)
        // The database was closed, not left to the exit: the last connection's close checkpoints
        // and removes the -wal file.
        #expect(daemon.log.contains("stopped, \(db) closed"), "\(daemon.log)")
        #expect(!FileManager.default.fileExists(atPath: db + "-wal"))
        // STATUS= lines said what it was doing.
        let statuses = notify.messages.filter { $0.hasPrefix("STATUS=") }
        #expect(statuses.contains { $0.hasPrefix("STATUS=idle, next pass in") || $0.hasPrefix("STATUS=consolidating") || $0.hasPrefix("STATUS=building") })
        #expect(!FileManager.default.fileExists(atPath: socket))
        let gone = try Memctl.run(["status", "--socket", socket], in: dir)
        #expect(gone.status == 1 && gone.stderr.contains("no memoryd is listening"))
    }

    @Test("SIGTERM in the middle of a long pass exits 0 within a second; a restart finishes with the result of an uninterrupted run")
    func stopMidPass() throws {
        let dir = try TemporaryDirectory()
        let db = dir.path("memory.db")
        #expect(try Memctl.run(["--db", db, "import", "-"], stdin: Data(try sampleLines(count: 1200).utf8), in: dir).status == 0)
        let reference = dir.path("reference.db")
        try FileManager.default.copyItem(atPath: db, toPath: reference)
        let uninterrupted = try Memctl.run(
            ["--db", reference, "consolidate", "--local", "--min-age", "0", "--batch-size", "5"], in: dir)
        #expect(uninterrupted.status == 0)

        let socket = dir.path("control.sock")
        let environment = ["MEMORYD_MIN_AGE": "0", "MEMORYD_BATCH_SIZE": "5"]
        let first = try DaemonProcess(database: db, socket: socket, in: dir, environment: environment)
        // Wait until the first pass has committed some batches.
        let deadline = Date().addingTimeInterval(20)
        var processed = 0
        while Date() < deadline, processed < 50 {
            usleep(20_000)
            let status = try? Memctl.run(["status", "--socket", socket, "--json"], in: dir).jsonObject()
            let loops = status?["loops"] as? [[String: Any]] ?? []
            processed = loops.compactMap { $0["processed"] as? Int }.max() ?? 0
        }
        try #require(processed >= 50 && first.process.isRunning, "the pass did not get going: \(first.log)")
        let stopped = Date()
        first.signal(SIGTERM)
        #expect(first.waitForExit(timeout: 5))
        let seconds = Date().timeIntervalSince(stopped)
        #expect(seconds < 1.0, "took \(seconds) s to stop")
        #expect(first.process.terminationStatus == 0, "\(first.log)")
        #expect(try Memctl.run(["--db", db, "check"], in: dir).status == 0)

        // The restart runs a cycle at once and finishes the job.
        let notify = try NotifyListener(in: dir)
        let second = try DaemonProcess(
            database: db, socket: socket, in: dir, environment: environment.merging(["NOTIFY_SOCKET": notify.path]) { $1 })
        try #require(notify.wait(for: "READY=1") != nil)
        let done = try Memctl.run(["consolidate", "--socket", socket, "--wait", "--json"], in: dir)
        #expect(done.status == 0, "\(done.stderr)")
        second.signal(SIGTERM)
        #expect(second.waitForExit(timeout: 5) && second.process.terminationStatus == 0)
        #expect(try consolidated(db) == consolidated(reference))
        #expect(try knowledge(db) == knowledge(reference))
    }

    /// Consolidation's result, row for row.
    func consolidated(_ path: String) throws -> [String] {
        let connection = try Connection(path: path, mode: .readWrite, busyTimeoutMilliseconds: 1000)
        return try connection.textRows(
            [
                "SELECT id, status, ltm_id FROM short_term_memories ORDER BY id",
                "SELECT id, summary, strength, importance FROM long_term_memories ORDER BY id",
                "SELECT ltm_id, stm_id, role FROM long_term_sources ORDER BY ltm_id, stm_id",
            ], columns: 4)
    }

    /// Entities and edges by name (ids depend on the order passes met them).
    func knowledge(_ path: String) throws -> [String] {
        let connection = try Connection(path: path, mode: .readWrite, busyTimeoutMilliseconds: 1000)
        let entities = try connection.prepare("SELECT kind || ':' || name FROM entities ORDER BY 1").rows { $0.text(0) }
        let edges = try connection.prepare(
            """
            SELECT s.name || ' ' || r.predicate || ' ' || o.name || ' ' || round(r.weight, 6) || ' ' || (r.valid_to IS NULL)
            FROM relations r JOIN entities s ON s.id = r.subject_id JOIN entities o ON o.id = r.object_id ORDER BY 1
            """
        ).rows { $0.text(0) }
        return entities + edges
    }

    @Test("garbage, oversized, unknown and half-sent requests get errors while the daemon keeps serving")
    func badRequests() throws {
        let dir = try TemporaryDirectory()
        let notify = try NotifyListener(in: dir)
        let socket = dir.path("control.sock")
        let daemon = try DaemonProcess(
            database: dir.path("memory.db"), socket: socket, in: dir, environment: ["NOTIFY_SOCKET": notify.path])
        try #require(notify.wait(for: "READY=1") != nil)

        // A client that sends half a request and goes quiet holds up nobody.
        let silent = try UnixSocket.connect(socket)
        _ = Array(#"{"version": 1, "comm"#.utf8).withUnsafeBytes { send(silent, $0.baseAddress, $0.count, 0) }

        let cases: [(Data, String)] = [
            (Data("garbage\n".utf8), "not JSON"),
            (Data("[1, 2]\n".utf8), "not a JSON object"),
            (Data(#"{"version": 1, "command": "explode"}"#.utf8 + [10]), "unknown command"),
            (Data(#"{"version": 7, "command": "status"}"#.utf8 + [10]), "version 7 is not supported"),
            (Data(#"{"command": "status"}"#.utf8 + [10]), "no \"version\""),
            (Data(#"{"version": 1, "command": "trigger", "passes": ["everything"]}"#.utf8 + [10]), "\"passes\""),
            (Data(#"{"version": 1, "command": "trigger", "wait": "yes"}"#.utf8 + [10]), "does not match"),
            (Data(repeating: UInt8(ascii: "x"), count: 100_000) + Data([10]), "longer than 65536 bytes"),
            (Data([0xFF, 0xFE, 0x0A]), "not UTF-8"),
        ]
        for (request, message) in cases {
            let answer = try exchange(request, socket: socket)
            let response = try #require(
                try JSONSerialization.jsonObject(with: Data(answer.split(separator: "\n").first.map(String.init)?.utf8 ?? "{}".utf8))
                    as? [String: Any], "no answer to \(message)")
            #expect(response["ok"] as? Bool == false)
            #expect((response["error"] as? String)?.contains(message) == true, "\(response)")
            #expect(answer.split(separator: "\n").count == 1, "the connection was not closed after an error")
        }
        // A client that vanishes in the middle of a streamed trigger harms nothing.
        let vanishing = try UnixSocket.connect(socket)
        _ = Array(#"{"version": 1, "command": "trigger", "wait": true}"#.utf8 + [10]).withUnsafeBytes {
            send(vanishing, $0.baseAddress, $0.count, 0)
        }
        close(vanishing)

        #expect(try status(socket, in: dir)["pid"] as? Int == Int(daemon.process.processIdentifier))
        // The half-sent request times out with an error of its own.
        var buffer = [UInt8](repeating: 0, count: 4096)
        var poller = pollfd(fd: silent, events: Int16(POLLIN), revents: 0)
        #expect(poll(&poller, 1, 15_000) > 0)
        let count = buffer.withUnsafeMutableBytes { recv(silent, $0.baseAddress, $0.count, 0) }
        #expect(String(decoding: buffer[..<max(0, count)], as: UTF8.self).contains("incomplete request"))
        close(silent)
        #expect(daemon.process.isRunning)
        #expect(try Memctl.run(["status", "--socket", socket], in: dir).status == 0)
    }

    @Test("relative --db and --socket paths are the working directory's, in memoryd as in memctl; a directory that cannot be made is named in plain words")
    func relativePaths() throws {
        let dir = try TemporaryDirectory()
        let notify = try NotifyListener(in: dir)
        let daemon = try DaemonProcess(
            database: "data/w.db", socket: "run/c.sock", in: dir, environment: ["NOTIFY_SOCKET": notify.path],
            workingDirectory: dir.url.path)
        try #require(notify.wait(for: "READY=1") != nil, "no READY=1; log: \(daemon.log)")
        let status = try self.status(dir.path("run/c.sock"), in: dir)
        #expect(status["database"] as? String == dir.path("data/w.db"))
        #expect(try Memctl.run(["--db", dir.path("data/w.db"), "stats"], in: dir).status == 0)

        try "".write(toFile: dir.path("blocker"), atomically: true, encoding: .utf8)
        let refused = try DaemonProcess(database: dir.path("blocker/sub/m.db"), socket: dir.path("x.sock"), in: dir)
        #expect(refused.waitForExit(timeout: 5) && refused.process.terminationStatus == 1)
        #expect(refused.log.contains("cannot create directory \(dir.path("blocker/sub")): Not a directory"), "\(refused.log)")
        #expect(!refused.log.contains("NSCocoaErrorDomain") && !refused.log.contains("UserInfo"))
    }

    @Test("a second daemon on the same database is refused with a clear message")
    func secondDaemon() throws {
        let dir = try TemporaryDirectory()
        let notify = try NotifyListener(in: dir)
        let db = dir.path("memory.db")
        let first = try DaemonProcess(
            database: db, socket: dir.path("one.sock"), in: dir, environment: ["NOTIFY_SOCKET": notify.path])
        try #require(notify.wait(for: "READY=1") != nil)
        let second = try DaemonProcess(database: db, socket: dir.path("two.sock"), in: dir)
        #expect(second.waitForExit(timeout: 5))
        #expect(second.process.terminationStatus == 1)
        #expect(second.log.contains("another memoryd (process \(first.process.processIdentifier)) already serves"), "\(second.log)")
        #expect(first.process.isRunning)
        // And a second daemon on the same socket, with another database, too.
        let third = try DaemonProcess(database: dir.path("other.db"), socket: dir.path("one.sock"), in: dir)
        #expect(third.waitForExit(timeout: 5) && third.process.terminationStatus == 1)
        #expect(third.log.contains("another process is listening"), "\(third.log)")
    }

    /// A daemon on `memory.db` and `control.sock` in a new directory, with a notify socket and,
    /// if given, `configuration` in a file; returned once READY=1 has arrived.
    func readyDaemon(configuration: String? = nil, environment: [String: String] = [:]) throws
        -> (TemporaryDirectory, NotifyListener, DaemonProcess)
    {
        let dir = try TemporaryDirectory()
        let notify = try NotifyListener(in: dir)
        let arguments = try configuration.map { ["--config", try dir.write("memoryd.conf", $0)] } ?? []
        let daemon = try DaemonProcess(
            database: dir.path("memory.db"), socket: dir.path("control.sock"), in: dir,
            environment: environment.merging(["NOTIFY_SOCKET": notify.path]) { $1 }, arguments: arguments)
        try #require(notify.wait(for: "READY=1") != nil, "no READY=1; log: \(daemon.log)")
        return (dir, notify, daemon)
    }

    @Test("once a cycle is over, the last STATUS= line says idle with the next pass, never the finished pass")
    func statusAfterCycle() throws {
        let (dir, notify, daemon) = try readyDaemon(environment: ["MEMORYD_MIN_AGE": "0"])
        let (db, socket) = (daemon.database, daemon.socket)
        for round in 0..<5 {
            #expect(try Memctl.run(["--db", db, "add", "My sister Leah moved to Lisbon, round \(round)"], in: dir).status == 0)
            #expect(try Memctl.run(["--socket", socket, "consolidate", "--wait"], in: dir).status == 0)
            var last = ""
            for _ in 0..<100 {
                last = notify.messages.last { $0.hasPrefix("STATUS=") } ?? ""
                if last.hasPrefix("STATUS=idle") { break }
                usleep(10_000)
            }
            #expect(last.hasPrefix("STATUS=idle, next pass in "), "round \(round): \(last)")
        }
        #expect(daemon.process.isRunning)
    }

    @Test("files beside the database take its permission bits whoever creates them; a new database is never open to others")
    func sharedFileModes() throws {
        let dir = try TemporaryDirectory()
        let db = dir.path("memory.db")
        #expect(try Memctl.run(["--db", db, "add", "hello"], in: dir).status == 0)
        var info = stat()
        #expect(stat(db, &info) == 0 && info.st_mode & 0o007 == 0, "mode \(String(info.st_mode & 0o777, radix: 8))")
        // As an installed service's database is: read-write for its group.
        chmod(db, 0o660)
        #expect(try Memctl.run(["--db", db, "consolidate", "--local", "--min-age", "0"], in: dir).status == 0)
        for suffix in ["-consolidation.lock", "-extraction.lock", "-graph.lock"] {
            #expect(stat(db + suffix, &info) == 0 && info.st_mode & 0o777 == 0o660, "\(suffix)")
        }
        let socket = dir.path("control.sock")
        let daemon = try DaemonProcess(database: db, socket: socket, in: dir)
        for _ in 0..<200 where !FileManager.default.fileExists(atPath: db + "-daemon.lock") { usleep(10_000) }
        #expect(stat(db + "-daemon.lock", &info) == 0 && info.st_mode & 0o777 == 0o660)
        #expect(daemon.process.isRunning)
    }

    @Test("watchdog pings arrive at half of WATCHDOG_USEC")
    func watchdog() throws {
        let dir = try TemporaryDirectory()
        let notify = try NotifyListener(in: dir)
        let daemon = try DaemonProcess(
            database: dir.path("memory.db"), socket: dir.path("control.sock"), in: dir,
            environment: ["NOTIFY_SOCKET": notify.path, "WATCHDOG_USEC": "400000"])
        try #require(notify.wait(for: "READY=1") != nil)
        let before = notify.messages.count
        usleep(2_000_000)
        let pings = notify.messages[before...].filter { $0.contains("WATCHDOG=1") }.count
        // One every 200 ms: about 10 in 2 s.
        #expect((8...12).contains(pings), "\(pings) pings in 2 s")
        #expect(daemon.process.isRunning)
    }

    @Test("memctl consolidate without a daemon runs in this process and says so; with one, policy options need --local")
    func consolidateFallback() throws {
        let dir = try TemporaryDirectory()
        let db = dir.path("memory.db")
        #expect(try Memctl.run(["--db", db, "add", "Leah moved to Munich"], in: dir).status == 0)
        let socket = dir.path("none.sock")
        let local = try Memctl.run(["--db", db, "consolidate"], environment: ["MEMORYD_SOCKET": socket], in: dir)
        #expect(local.status == 0)
        #expect(local.stderr.contains("no memoryd on \(socket); running the passes in this process"))
        let explicit = try Memctl.run(["--db", db, "consolidate", "--socket", socket], in: dir)
        #expect(explicit.status == 1 && explicit.stderr.contains("no memoryd is listening"))

        let notify = try NotifyListener(in: dir)
        let live = dir.path("control.sock")
        let daemon = try DaemonProcess(database: db, socket: live, in: dir, environment: ["NOTIFY_SOCKET": notify.path])
        try #require(notify.wait(for: "READY=1") != nil)
        let policy = try Memctl.run(["consolidate", "--socket", live, "--min-age", "0"], in: dir)
        #expect(policy.status == 64 && policy.stderr.contains("--local"))
        // memoryd's first cycle holds the pass locks for a moment; under load --local would meet it.
        for _ in 0..<500 where !(notify.messages.last { $0.hasPrefix("STATUS=") } ?? "").hasPrefix("STATUS=idle") {
            usleep(10_000)
        }
        let forced = try Memctl.run(["--db", db, "consolidate", "--local", "--json"], environment: ["MEMORYD_SOCKET": live], in: dir)
        #expect(forced.status == 0 && !forced.stderr.contains("no memoryd"), "\(forced.stderr)")
        #expect(daemon.process.isRunning)
    }
}
