import Foundation
import TestFixtures
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// memoryd killed with SIGKILL at random instants of its cycle, and started again as systemd
/// would: each start is READY and goes on with the work, and the end result is exactly that of
/// an uninterrupted run, with no pass left `running` in the ledger.
@Suite("memoryd under SIGKILL")
struct DaemonKillTests {
    static let kills = 20
    static let configuration = """
        consolidation_interval = 1h
        extraction_interval = 1h
        graph_interval = 1h
        min_age = 0
        batch_size = 8
        log_level = info
        """

    private func ledger(_ db: String, in dir: TemporaryDirectory) throws -> [[String: Any]] {
        try Memctl.run(["--db", db, "passes", "--json", "--limit", "100000"], in: dir).jsonArray()
    }

    /// A memoryd as systemd starts it, once READY=1 has come (each start gets its own notify
    /// socket directory, so that one start's messages are not taken for the next one's), and how
    /// long READY=1 took.
    private func start(_ db: String, config: String, in dir: TemporaryDirectory) throws
        -> (daemon: DaemonProcess, notifyDirectory: TemporaryDirectory, ready: Duration)
    {
        let notifyDirectory = try TemporaryDirectory()
        let notify = try NotifyListener(in: notifyDirectory)
        let started = ContinuousClock.now
        let daemon = try DaemonProcess(
            database: db, socket: dir.path("control.sock"), in: dir, environment: ["NOTIFY_SOCKET": notify.path],
            arguments: ["--config", config])
        try #require(notify.wait(for: "READY=1", timeout: 10) != nil, "no READY=1 after a restart; log: \(daemon.log)")
        return (daemon, notifyDirectory, ContinuousClock.now - started)
    }

    @Test("20 SIGKILLs at random instants of memoryd's cycle, each followed by a restart, end with the uninterrupted result")
    func killedAndRestarted() throws {
        let dir = try TemporaryDirectory()
        let db = try CycleOutcome.importedDatabase(count: 3_000, in: dir)
        let reference = dir.path("reference.db")
        try FileManager.default.copyItem(atPath: db, toPath: reference)
        let config = try dir.write("memoryd.conf", Self.configuration)
        let uninterrupted = try Memctl.run(
            ["--db", reference, "consolidate", "--local", "--min-age", "0", "--batch-size", "8"], in: dir)
        try #require(uninterrupted.status == 0, "\(uninterrupted.stderr)")

        var killedMidPass = 0
        var slowestReady = Duration.zero
        for _ in 0..<Self.kills {
            let (daemon, _, ready) = try start(db, config: config, in: dir)
            slowestReady = max(slowestReady, ready)
            // At a random instant once a pass has started (the cycle runs at start).
            let deadline = Date().addingTimeInterval(5)
            while !daemon.log.contains("pass started") && Date() < deadline { usleep(2_000) }
            usleep(UInt32.random(in: 0...150_000))
            daemon.signal(SIGKILL)
            _ = daemon.waitForExit(timeout: 10)
            if !daemon.log.contains("graph pass completed") { killedMidPass += 1 }
        }
        #expect(killedMidPass == Self.kills, "every kill lands in the cycle: \(killedMidPass) of \(Self.kills)")
        // READY=1 does not wait for the work left by the kill: each restart is ready at once.
        #expect(slowestReady < .seconds(3), "the slowest restart took \(slowestReady) to send READY=1")

        // The last start finishes the work; memctl consolidate --wait follows it to the end.
        let (daemon, _, _) = try start(db, config: config, in: dir)
        let finish = try Memctl.run(["--db", db, "--socket", dir.path("control.sock"), "consolidate", "--wait"], in: dir)
        #expect(finish.status == 0, "\(finish.stderr)")
        daemon.signal(SIGTERM)
        #expect(daemon.waitForExit(timeout: 15) && daemon.process.terminationStatus == 0)

        let expected = try CycleOutcome.rows(reference)
        #expect(expected.count > 2_000)
        #expect(try CycleOutcome.rows(db) == expected)
        #expect(try !ledger(db, in: dir).contains { $0["outcome"] as? String == "running" })
        #expect(try Memctl.run(["--db", db, "check"], in: dir).status == 0)
    }
}
