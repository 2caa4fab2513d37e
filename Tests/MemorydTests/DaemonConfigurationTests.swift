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


/// memoryd's settings: reload by SIGHUP and `memctl reload`, bad settings at start, log format.
extension DaemonTests {
    /// The consolidation loop's interval as `memctl status` reports it.
    func consolidationInterval(_ socket: String, in dir: TemporaryDirectory) throws -> Int? {
        ((try status(socket, in: dir)["loops"] as? [[String: Any]])?.first)?["interval_seconds"] as? Int
    }

    @Test("SIGHUP reloads the configuration file: RELOADING=1, READY=1, and the new interval")
    func reload() throws {
        let (dir, notify, daemon) = try readyDaemon(configuration: "# test\nconsolidation_interval = 1h\nlog_level = debug\n")
        func interval() throws -> Int? { try consolidationInterval(daemon.socket, in: dir) }
        #expect(try interval() == 3600)
        _ = try dir.write("memoryd.conf", "consolidation_interval = 2h\n")
        var before = notify.messages.count
        daemon.signal(SIGHUP)
        let seen = try #require(notify.wait(for: "READY=1", after: before), "no READY=1 after SIGHUP")
        #expect(seen.contains { $0.contains("RELOADING=1") })
        #expect(try interval() == 7200)
        // A bad file on reload is reported and the running configuration kept.
        _ = try dir.write("memoryd.conf", "consolidation_interval = soon\n")
        before = notify.messages.count
        daemon.signal(SIGHUP)
        #expect(notify.wait(for: "READY=1", after: before) != nil)
        #expect(try interval() == 7200)
        #expect(daemon.log.contains("reload (SIGHUP) failed, keeping the running configuration"))
        #expect(daemon.process.isRunning)
        // SIGUSR1 runs a cycle now. The cycle memoryd ran when it started may still be writing its
        // passes on a busy machine: counted once it is whole (three passes, none running).
        func ledger() throws -> [[String: Any]] {
            try Memctl.run(["--db", dir.path("memory.db"), "passes", "--json"], in: dir).jsonArray()
        }
        var rows = try ledger()
        for _ in 0..<200 where rows.count % 3 != 0 || rows.contains(where: { $0["outcome"] as? String == "running" }) {
            usleep(20_000)
            rows = try ledger()
        }
        let passes = rows.count
        daemon.signal(SIGUSR1)
        var after = passes
        for _ in 0..<200 where after < passes + 3 {
            usleep(20_000)
            after = try Memctl.run(["--db", dir.path("memory.db"), "passes", "--json"], in: dir).jsonArray().count
        }
        #expect(after == passes + 3)
        #expect(daemon.log.contains("SIGUSR1: running a cycle now"))
    }

    @Test("memctl reload (--socket before the command): the new interval; a refused file gets memoryd's reason and exit 1, and the running settings stay")
    func reloadOverSocket() throws {
        let (dir, notify, daemon) = try readyDaemon(configuration: "consolidation_interval = 1h\n")
        let socket = daemon.socket
        func interval() throws -> Int? { try consolidationInterval(socket, in: dir) }
        _ = try dir.write("memoryd.conf", "consolidation_interval = 2h\n")
        var before = notify.messages.count
        let reload = try Memctl.run(["--socket", socket, "reload"], in: dir)
        #expect(reload.status == 0, "\(reload.stderr)")
        #expect(reload.stdout.contains("memoryd reloaded its settings: consolidation every 2h"), "\(reload.stdout)")
        #expect(try interval() == 7200)
        let seen = try #require(notify.wait(for: "READY=1", after: before), "no READY=1 after the reload")
        #expect(seen.contains { $0.contains("RELOADING=1") })

        _ = try dir.write("memoryd.conf", "consolidation_interval = soon\n")
        before = notify.messages.count
        let refused = try Memctl.run(["--socket", socket, "reload", "--json"], in: dir)
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("the new settings were refused, the running ones are kept"), "\(refused.stderr)")
        #expect(refused.stderr.contains("consolidation_interval = soon"), "\(refused.stderr)")
        #expect(notify.wait(for: "READY=1", after: before) != nil)
        #expect(try interval() == 7200)
        #expect(daemon.process.isRunning)

        _ = try dir.write("memoryd.conf", "graph_interval = 3h\n")
        let json = try Memctl.run(["reload", "--socket", socket, "--json"], in: dir)
        #expect(json.status == 0, "\(json.stderr)")
        #expect((try json.jsonObject()["intervals"] as? [String: Int])?["graph"] == 10800)

        let nobody = try Memctl.run(["--socket", dir.path("none.sock"), "reload"], in: dir)
        #expect(nobody.status == 1 && nobody.stderr.contains("no memoryd is listening"), "\(nobody.stderr)")
    }

    @Test(
        "bad flags and bad settings are clear start-up errors",
        arguments: [
            (["--bogus"], [:], 64, "unknown argument '--bogus'"),
            (["--log-level", "loud"], [:], 78, "log_level = loud"),
            ([], ["MEMORYD_GRAPH_INTERVAL": "0"], 78, "environment MEMORYD_GRAPH_INTERVAL: graph_interval = 0"),
            ([], ["MEMORYD_COLOUR": "blue"], 78, "unknown setting 'colour'"),
            ([], ["MEMORYD_RETRY_BASE": "106751991167300d"], 78, "retry_base = 106751991167300d: expected a duration"),
            (["--follow", "bard"], [:], 78, "follow = bard: 'bard' is not a tool; expected none, or claude-code, codex and gemini"),
            (["--follow", "codex,codex=/srv/x"], [:], 78, "follow = codex,codex=/srv/x: codex is named twice"),
            ([], ["MEMORYD_FOLLOW": "gemini="], 78, "environment MEMORYD_FOLLOW: follow = gemini=: gemini= needs a directory"),
            (["--follow"], [:], 64, "--follow needs a value"),
        ] as [([String], [String: String], Int32, String)])
    func badConfiguration(_ arguments: [String], _ environment: [String: String], _ status: Int32, _ message: String) throws {
        let dir = try TemporaryDirectory()
        let daemon = try DaemonProcess(
            database: dir.path("memory.db"), socket: dir.path("control.sock"), in: dir, environment: environment,
            arguments: arguments)
        #expect(daemon.waitForExit(timeout: 5))
        #expect(daemon.process.terminationStatus == status, "\(daemon.log)")
        #expect(daemon.log.contains(message), "\(daemon.log)")
        #expect(!FileManager.default.fileExists(atPath: dir.path("memory.db")))
    }

    @Test("under systemd (JOURNAL_STREAM set) log lines carry <N> priorities; otherwise a time and a level")
    func logFormat() throws {
        let dir = try TemporaryDirectory()
        let notify = try NotifyListener(in: dir)
        let journal = try DaemonProcess(
            database: dir.path("one.db"), socket: dir.path("one.sock"), in: dir,
            environment: ["NOTIFY_SOCKET": notify.path, "JOURNAL_STREAM": "8:12345"])
        try #require(notify.wait(for: "READY=1") != nil)
        journal.signal(SIGTERM)
        #expect(journal.waitForExit(timeout: 5))
        let lines = journal.log.split(separator: "\n")
        #expect(!lines.isEmpty && lines.allSatisfy { $0.hasPrefix("<5>") || $0.hasPrefix("<6>") }, "\(journal.log)")
        #expect(lines.contains { $0.hasPrefix("<5>memoryd 0.1.0 serving") })

        let plain = try DaemonProcess(database: dir.path("two.db"), socket: dir.path("two.sock"), in: dir)
        plain.signal(SIGTERM)
        usleep(300_000)
        plain.signal(SIGTERM)
        #expect(plain.waitForExit(timeout: 5))
        #expect(plain.log.split(separator: "\n").allSatisfy { $0.contains(" memoryd[") && !$0.hasPrefix("<") }, "\(plain.log)")
    }

    @Test("a configuration file with an unknown key names the file and line")
    func badFile() throws {
        let dir = try TemporaryDirectory()
        let config = try dir.write("memoryd.conf", "log_level = info\nspeed = fast\n")
        let daemon = try DaemonProcess(
            database: dir.path("memory.db"), socket: dir.path("control.sock"), in: dir, arguments: ["--config", config])
        #expect(daemon.waitForExit(timeout: 5) && daemon.process.terminationStatus == 78)
        #expect(daemon.log.contains("memoryd.conf:2: unknown setting 'speed'"), "\(daemon.log)")
    }
}
