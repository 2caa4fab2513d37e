import Foundation
import TestFixtures
import Testing

/// Malformed JSON-RPC and bad tool arguments sent to `memctl mcp`: each gets the error the spec
/// gives it (or, for a notification or a response, no answer at all), and the server serves the
/// next message. Tool errors change nothing in the database.
@Suite("memctl mcp and bad messages")
struct MemctlMCPBadMessagesTests {
    /// A line, the id its error answer carries (nil: none is expected), the code, and a piece of
    /// the message a person reads.
    static let invalid: [(line: String, id: Int?, code: Int, says: String)] = [
        (#"{"jsonrpc":"1.0","id":1,"method":"ping"}"#, 1, -32600, "\"jsonrpc\" must be \"2.0\""),
        (#"{"jsonrpc":"2.0","id":2}"#, 2, -32600, "no \"method\""),
        (#"{"jsonrpc":"2.0","id":3,"method":7}"#, 3, -32600, "\"method\" must be a string"),
        (#"{"jsonrpc":"2.0","id":5,"method":"tools/call","params":{}}"#, 5, -32602, "tools/call needs \"name\""),
        (#"{"jsonrpc":"2.0","id":6,"method":"tools/call","params":{"name":"recall","arguments":[1]}}"#, 6, -32602,
         "\"arguments\" must be an object"),
        (#"{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"recall","arguments":{}}}"#, 7, -32602,
         "recall needs \"query\""),
        (#"{"jsonrpc":"2.0","id":8,"method":"tools/call","params":{"name":"remember","arguments":{"content":"x","extra":1}}}"#,
         8, -32602, "extra"),
    ]

    @Test("each malformed request gets -32600 or -32602 with its id and a reason, and the server keeps serving")
    func malformedRequests() throws {
        let fixture = try MemctlFixture()
        let session = try MCPSession(database: fixture.db, in: fixture.dir)
        for (line, id, code, says) in Self.invalid {
            session.send(line)
            let answer = try session.response(to: id!)
            #expect(answer.errorCode == code, "\(line): \(answer)")
            let message = (answer["error"] as? [String: Any])?["message"] as? String ?? ""
            #expect(message.contains(says), "\(line): \(message)")
        }
        // An id that is neither a string nor an integer cannot be answered by id.
        let before = session.messages.count
        session.send(#"{"jsonrpc":"2.0","id":{"a":1},"method":"ping"}"#)
        let anonymous = try session.waitFor(after: before) { $0["error"] != nil }
        #expect(anonymous.errorCode == -32600 && anonymous["id"] is NSNull)
        #expect(try session.request("ping")["result"] is [String: Any])
    }

    @Test("notifications, responses and a cancel for an unknown id get no answer; the next request is served")
    func unanswered() throws {
        let fixture = try MemctlFixture()
        let session = try MCPSession(database: fixture.db, in: fixture.dir)
        let before = session.messages.count
        session.send(#"{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":99}}"#)
        session.send(#"{"jsonrpc":"2.0","method":"no/such/notification"}"#)
        session.send(#"{"jsonrpc":"2.0","id":12,"result":{}}"#)
        session.send(#"{"jsonrpc":"2.0","id":13,"error":{"code":-1,"message":"client error"}}"#)
        let ping = try session.request("ping")
        #expect(ping["result"] is [String: Any])
        #expect(session.messages.count == before + 1, "only the ping was answered: \(session.lines.suffix(5))")
    }

    @Test("out-of-range numbers, bad times, bad cursors and bad references are tool errors that change nothing")
    func toolErrors() throws {
        let fixture = try MemctlFixture()
        try fixture.add("Leah lives in Berlin")
        let snapshot = try FileSnapshot(fixture.db)
        let session = try MCPSession(database: fixture.db, in: fixture.dir)
        let cases: [(tool: String, arguments: [String: Any], says: String)] = [
            ("recall", ["query": "Leah", "limit": 0], "limit must be from 1 to 50"),
            ("recall", ["query": "Leah", "max_words": 5], "max_words"),
            ("remember", ["content": "x", "importance": 1.5], "importance must be between 0 and 1"),
            ("remember", ["content": "x", "at": "yesterday"], "is not an ISO-8601 time"),
            ("remember", ["content": "   "], "empty"),
            ("search", ["query": "Leah", "cursor": "bogus"], "cursor is not one that search returned"),
            ("search", ["query": "\"unbalanced"], "search"),
            ("why", ["ref": "ltm:99"], "ltm:99"),
            ("why", ["ref": "memory 3"], "not a memory reference"),
            ("entity", ["name": "Nobody Atall"], "no entity is called"),
            ("forget", ["ref": "stm:99"], "there is no stm:99"),
        ]
        for (tool, arguments, says) in cases {
            let result = try session.call(tool, arguments)
            #expect(result.isToolError, "\(tool) \(arguments): \(result.toolText)")
            #expect(result.toolText.contains(says), "\(tool) \(arguments): \(result.toolText)")
        }
        session.closeInput()
        #expect(session.waitForExit() == 0)
        #expect(try FileSnapshot(fixture.db) == snapshot)
    }
}
