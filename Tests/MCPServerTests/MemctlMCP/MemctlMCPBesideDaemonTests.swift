import Foundation
import TestFixtures
import Testing

/// `memctl mcp` next to a running memoryd on the same database: it writes through WAL beside
/// the daemon, and runs cycles and reads status through the daemon's control socket.
@Suite("memctl mcp beside memoryd")
struct MemctlMCPBesideDaemonTests {
    @Test("remember works while memoryd serves; consolidate runs in memoryd with progress; status says memoryd runs")
    func besideDaemon() throws {
        let dir = try TemporaryDirectory()
        let notify = try NotifyListener(in: dir)
        let db = dir.path("memory.db")
        let socket = dir.path("control.sock")
        let daemon = try DaemonProcess(
            database: db, socket: socket, in: dir, environment: ["NOTIFY_SOCKET": notify.path],
            arguments: ["--log-level", "info"])
        try #require(notify.wait(for: "READY=1") != nil, "no READY=1; log: \(daemon.log)")

        let session = try MCPSession(database: db, socket: socket, in: dir)
        _ = try session.request("initialize", MCPSession.initialize)
        session.send(#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#)
        for (content, at) in [
            ("My sister Leah moved to Berlin in March.", "2024-03-02T10:00:00Z"),
            ("Leah works at Acme Robotics in Berlin.", "2024-03-05T09:15:00Z"),
        ] {
            let remembered = try session.call("remember", ["content": content, "at": at])
            #expect(!remembered.isToolError, "\(remembered.toolText)")
        }

        let status = try session.call("status")
        #expect(status.structured["memoryd_running"] as? Bool == true, "\(status.toolText)")

        let id = session.start(
            "tools/call", ["name": "consolidate", "arguments": ["wait": true], "_meta": ["progressToken": 7]])
        let cycle = try #require(try session.response(to: id)["result"] as? [String: Any])
        #expect(!cycle.isToolError, "\(cycle.toolText)")
        #expect(cycle.structured["where"] as? String == "memoryd", "\(cycle.toolText)")
        let passes = try #require(cycle.structured["passes"] as? [[String: Any]])
        #expect(passes.compactMap { $0["outcome"] as? String } == ["completed", "completed", "completed"])
        #expect(session.messages.contains { $0["method"] as? String == "notifications/progress" })
        #expect(daemon.log.contains("consolidation pass started"), "the cycle ran in memoryd: \(daemon.log)")

        let recalled = try session.call("recall", ["query": "Where does Leah work?"])
        #expect(recalled.toolText.contains("Acme Robotics"), "\(recalled.toolText)")
        session.closeInput()
        #expect(session.waitForExit() == 0)
        #expect(daemon.process.isRunning)
    }

    @Test("a memoryd that serves another database is left alone: consolidate runs here, status says whose it is")
    func daemonOfAnotherDatabase() throws {
        let dir = try TemporaryDirectory()
        let notify = try NotifyListener(in: dir)
        let socket = dir.path("control.sock")
        let daemon = try DaemonProcess(
            database: dir.path("theirs.db"), socket: socket, in: dir, environment: ["NOTIFY_SOCKET": notify.path],
            arguments: ["--log-level", "info"])
        try #require(notify.wait(for: "READY=1") != nil, "no READY=1; log: \(daemon.log)")

        let ours = dir.path("ours.db")
        let session = try MCPSession(database: ours, socket: socket, in: dir)
        _ = try session.request("initialize", MCPSession.initialize)
        let remembered = try session.call(
            "remember", ["content": "My sister Leah moved to Berlin in March.", "at": "2024-03-02T10:00:00Z"])
        #expect(!remembered.isToolError, "\(remembered.toolText)")

        let status = try session.call("status")
        #expect(status.structured["memoryd_running"] as? Bool == false, "\(status.toolText)")
        #expect(status.structured["memoryd_database"] as? String == dir.path("theirs.db"), "\(status.structured)")
        #expect(status.structured["pending"] as? Int == 1, "\(status.structured)")
        #expect(status.toolText.contains("another database"), "\(status.toolText)")

        let cycle = try session.call("consolidate", ["wait": true])
        #expect(cycle.structured["where"] as? String == "this process", "\(cycle.toolText)")
        #expect(cycle.toolText.contains("serves another database"), "\(cycle.toolText)")
        let passes = try #require(cycle.structured["passes"] as? [[String: Any]])
        #expect(passes.first?["created"] as? Int == 1, "\(passes)")
        #expect(!daemon.log.contains("cycle triggered"), "memoryd was asked to run a cycle: \(daemon.log)")
        session.closeInput()
        #expect(session.waitForExit() == 0)
        #expect(daemon.process.isRunning)
    }
}
