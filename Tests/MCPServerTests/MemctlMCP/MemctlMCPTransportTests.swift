import Foundation
import TestFixtures
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `memctl mcp`'s transport and lifecycle: cancellation, signals, oversized lines.
@Suite("memctl mcp protocol")
struct MemctlMCPTransportTests {
    @Test("a cancelled call gets no response after the cancel, and the server keeps serving")
    func cancellation() throws {
        let fixture = try MemctlFixture()
        // Enough memories that the cycle is usually still running when the cancel arrives.
        let lines = (1...6000).map {
            "{\"content\": \"Note \($0): the tomatoes in bed \($0 % 37) need water on day \($0 % 11)\", "
                + "\"created_at\": \"2024-01-01T00:00:00Z\", \"session\": \"garden-\($0 % 50)\"}"
        }
        let imported = try fixture.run(["import", "-"], stdin: Data(lines.joined(separator: "\n").utf8))
        #expect(imported.status == 0, "\(imported.stderr)")
        let session = try MCPSession(database: fixture.db, in: fixture.dir)
        _ = try session.request("initialize", MCPSession.initialize)
        let id = session.start(
            "tools/call", ["name": "consolidate", "arguments": ["wait": true], "_meta": ["progressToken": 7]])
        // The first progress notification shows the call is running.
        _ = try session.waitFor { ($0["params"] as? [String: Any])?["progressToken"] as? Int == 7 }
        try session.send([
            "jsonrpc": "2.0", "method": "notifications/cancelled", "params": ["requestId": id, "reason": "test"],
        ])
        let pingID = session.start("ping")
        _ = try session.response(to: pingID)
        #expect(try session.request("ping")["result"] != nil)
        session.closeInput()
        #expect(session.waitForExit() == 0)
        // Messages are handled in order: a response for the cancelled call can only be one
        // that was sent before the cancel was read, so before the ping's.
        let messages = session.messages
        let ping = try #require(messages.firstIndex { MCPSession.isResponse($0, to: pingID) })
        if let answered = messages.firstIndex(where: { MCPSession.isResponse($0, to: id) }) {
            #expect(answered < ping, "the cancelled call answered after the cancel")
        }
    }

    @Test("SIGTERM and SIGINT stop the server with exit status 0")
    func signals() throws {
        for number in [SIGTERM, SIGINT] {
            let fixture = try MemctlFixture()
            let session = try MCPSession(database: fixture.db, in: fixture.dir)
            _ = try session.request("initialize", MCPSession.initialize)
            #expect(!(try session.call("remember", ["content": "Signals end the server cleanly."])).isToolError)
            kill(session.process.processIdentifier, number)
            #expect(session.waitForExit() == 0, "signal \(number)")
            #expect(session.lines.allSatisfy { MCPSession.object($0) != nil }, "stdout holds only JSON-RPC messages")
            #expect(!session.stderr.isEmpty, "logs go to standard error")
            #expect(try fixture.pendingCount() == 1)
        }
    }

    @Test("SIGTERM right after the answer to initialize still stops the server with exit status 0")
    func signalRightAfterInitialize() throws {
        // The handlers used to be registered asynchronously, after the server had started to
        // answer: about one SIGTERM in two sent at once killed it (status 143).
        let fixture = try MemctlFixture()
        for attempt in 1...20 {
            let session = try MCPSession(database: fixture.db, in: fixture.dir)
            _ = try session.request("initialize", MCPSession.initialize)
            kill(session.process.processIdentifier, SIGTERM)
            let status = session.waitForExit()
            #expect(
                status == 0 && session.process.terminationReason == .exit,
                "attempt \(attempt): \(String(describing: status))")
        }
    }

    @Test("a line over 16 MiB is refused with -32600 and the next message is served")
    func oversizedLine() throws {
        let fixture = try MemctlFixture()
        let session = try MCPSession(database: fixture.db, in: fixture.dir)
        _ = try session.request("initialize", MCPSession.initialize)
        let before = session.messages.count
        session.send(bytes: [UInt8](repeating: UInt8(ascii: "a"), count: (16 << 20) + 100))
        let refused = try session.waitFor(after: before) { $0["error"] != nil }
        #expect(refused.errorCode == -32600 && refused["id"] is NSNull)
        #expect(try session.request("ping")["result"] != nil)
        session.closeInput()
        #expect(session.waitForExit() == 0)
    }
}
