import Foundation
import TestFixtures
import Testing

@testable import SQLiteKit

#if canImport(Glibc)
    import Glibc
#endif

/// memoryd runs each pass in a worker process of its own (`memoryd --run-pass KIND --db PATH`):
/// what a user sees of that in `ps`, in memoryd's log, and in the database.
@Suite("memoryd's pass workers (real processes and signals)", .serialized)
struct PassWorkerTests {
    /// memoryd's children that are pass workers: their pids and arguments.
    func workers(of daemon: pid_t) -> [(pid: pid_t, arguments: [String])] {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(daemon)/task")) ?? []
        let children = tasks.flatMap { task in
            ((try? String(contentsOfFile: "/proc/\(daemon)/task/\(task)/children", encoding: .utf8)) ?? "")
                .split(separator: " ").compactMap { pid_t($0) }
        }
        return children.compactMap { pid in
            guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline") else { return nil }
            let arguments = data.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
            return arguments.contains("--run-pass") ? (pid, arguments) : nil
        }
    }

    /// `memory.db` in `dir`, with `count` of the daemon tests' sample memories imported.
    func importedDatabase(_ count: Int, in dir: TemporaryDirectory) throws -> String {
        let db = dir.path("memory.db")
        let lines = try DaemonTests().sampleLines(count: count)
        let imported = try Memctl.run(["--db", db, "import", "-"], stdin: Data(lines.utf8), in: dir)
        try #require(imported.status == 0, "\(imported.stderr)")
        return db
    }

    /// Whether `pid` runs (an orphan that ended may stay a zombie until init collects it).
    func isRunning(_ pid: pid_t) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return false }
        return stat[stat.index(after: close)...].split(separator: " ").first != "Z"
    }

    @Test("a pass runs in a worker; one killed mid-pass is a failed pass that memoryd logs and retries, and the work ends as if uninterrupted")
    func killedWorker() throws {
        let dir = try TemporaryDirectory()
        let db = try importedDatabase(2000, in: dir)
        let reference = dir.path("reference.db")
        try FileManager.default.copyItem(atPath: db, toPath: reference)
        let uninterrupted = try Memctl.run(
            ["--db", reference, "consolidate", "--local", "--min-age", "0", "--batch-size", "5"], in: dir)
        #expect(uninterrupted.status == 0, "\(uninterrupted.stderr)")

        let socket = dir.path("control.sock")
        let daemon = try DaemonProcess(
            database: db, socket: socket, in: dir,
            environment: ["MEMORYD_MIN_AGE": "0", "MEMORYD_BATCH_SIZE": "5", "MEMORYD_RETRY_BASE": "1s"])
        // The first consolidation pass, under way in its worker.
        let deadline = Date().addingTimeInterval(20)
        var worker: (pid: pid_t, arguments: [String])?
        var processed = 0
        while Date() < deadline, worker == nil || processed < 50 {
            usleep(10_000)
            worker = workers(of: daemon.process.processIdentifier).first { $0.arguments.contains("consolidation") }
            processed = daemon.loop("consolidation", in: dir)?["processed"] as? Int ?? 0
        }
        let running = try #require(worker, "no worker seen; log: \(daemon.log)")
        try #require(processed >= 50, "the pass did not get going: \(daemon.log)")
        #expect(Array(running.arguments.dropFirst()) == ["--run-pass", "consolidation", "--db", db])

        kill(running.pid, SIGKILL)
        let logged = Date().addingTimeInterval(10)
        while Date() < logged, !daemon.log.contains("killed by signal 9") { usleep(20_000) }
        #expect(
            daemon.log.contains(
                "consolidation pass failed (1 in a row): the consolidation pass's worker (process \(running.pid)) was killed by signal 9"),
            "\(daemon.log)")
        #expect(daemon.process.isRunning)

        // The retry, or the cycle asked for now, finishes the work; no worker outlives its pass.
        let done = try Memctl.run(["consolidate", "--socket", socket, "--wait"], in: dir)
        #expect(done.status == 0, "\(done.stderr)")
        #expect(workers(of: daemon.process.processIdentifier).isEmpty)
        daemon.signal(SIGTERM)
        #expect(daemon.waitForExit(timeout: 5) && daemon.process.terminationStatus == 0, "\(daemon.log)")
        #expect(try DaemonTests().consolidated(db) == DaemonTests().consolidated(reference))
        // The ledger says what happened to the killed pass.
        let connection = try Connection(path: db, mode: .readWrite, busyTimeoutMilliseconds: 1000)
        let first = try connection.prepare("SELECT outcome, error FROM passes WHERE kind = 'consolidation' ORDER BY id LIMIT 1")
            .rows { "\($0.text(0)): \($0.optionalText(1) ?? "")" }
        #expect(first.first?.hasPrefix("failed: interrupted") == true, "\(first)")
    }

    @Test("a pass whose lock another process still holds, as a killed memoryd's worker ending its batch does, waits for it")
    func lockStillHeld() throws {
        let dir = try TemporaryDirectory()
        let db = try importedDatabase(50, in: dir)
        // The lock of the consolidation pass, held as the worker of a memoryd killed a moment ago holds it.
        let lock = open(db + "-consolidation.lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        try #require(lock >= 0 && flock(lock, LOCK_EX) == 0)
        let socket = dir.path("control.sock")
        let daemon = try DaemonProcess(database: db, socket: socket, in: dir, environment: ["MEMORYD_MIN_AGE": "0"])
        let listening = Date().addingTimeInterval(10)
        while Date() < listening, !daemon.log.contains(" serving ") { usleep(10_000) }
        let released = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            usleep(1_500_000)
            close(lock)
            released.signal()
        }
        let cycle = try Memctl.run(["--db", db, "--socket", socket, "consolidate", "--wait"], in: dir)
        released.wait()
        #expect(cycle.status == 0, "\(cycle.stderr)")
        #expect(!daemon.log.contains("already running"), "\(daemon.log)")
        let passes = try Memctl.run(["--db", db, "passes", "--json"], in: dir)
        #expect(!passes.stdout.contains("\"failed\""), "\(passes.stdout)")
    }

    @Test("a worker whose memoryd is killed stops after its batch and leaves the database consistent")
    func orphanedWorker() throws {
        let dir = try TemporaryDirectory()
        let db = try importedDatabase(1200, in: dir)
        let daemon = try DaemonProcess(
            database: db, socket: dir.path("control.sock"), in: dir,
            environment: ["MEMORYD_MIN_AGE": "0", "MEMORYD_BATCH_SIZE": "5"])
        let deadline = Date().addingTimeInterval(20)
        var worker: (pid: pid_t, arguments: [String])?
        while Date() < deadline, worker == nil {
            usleep(5_000)
            worker = workers(of: daemon.process.processIdentifier).first
        }
        let running = try #require(worker, "no worker seen; log: \(daemon.log)")
        usleep(200_000)
        daemon.signal(SIGKILL)
        #expect(daemon.waitForExit(timeout: 5))
        // Its standard input ends with memoryd: a stop request.
        let killed = Date()
        while Date().timeIntervalSince(killed) < 5, isRunning(running.pid) { usleep(5_000) }
        #expect(!isRunning(running.pid), "the worker outlived memoryd")
        #expect(Date().timeIntervalSince(killed) < 1)
        #expect(try Memctl.run(["--db", db, "check"], in: dir).status == 0)
        let passes = try Memctl.run(["--db", db, "passes", "--json"], in: dir)
        #expect(passes.stdout.contains("\"cancelled\""), "\(passes.stdout)")
    }

    @Test(
        "memoryd --run-pass run by hand: a bad pass or no request is a usage error, and the database is untouched",
        arguments: [
            (["--run-pass", "everything", "--db", "memory.db"], "--run-pass takes a pass"),
            (["--run-pass", "consolidation"], "--run-pass takes a pass"),
            (["--run-pass", "consolidation", "--db", "memory.db"], "no request on standard input"),
        ])
    func byHand(_ arguments: [String], _ message: String) throws {
        let dir = try TemporaryDirectory()
        #expect(try Memctl.run(["--db", dir.path("memory.db"), "add", "I moved to Lisbon"], in: dir).status == 0)
        let before = try Data(contentsOf: URL(fileURLWithPath: dir.path("memory.db")))
        let process = Process()
        process.executableURL = DaemonProcess.executable
        process.arguments = arguments.map { $0 == "memory.db" ? dir.path("memory.db") : $0 }
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 64)
        #expect(said.contains(message), "\(said)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: dir.path("memory.db"))) == before)
    }
}
