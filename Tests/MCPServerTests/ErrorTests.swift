import Foundation
import MCPProtocol
import Testing

@testable import MCPServer

/// What a bad line, an unknown method or tool, and a failing tool get, on a server in this
/// process; after each, the server answers the next request (docs/MCP.md, "Errors").
@Suite("MCP errors, in process")
struct ErrorTests {
    @Test("a line that is not JSON gets -32700 with a null id, and the server keeps serving")
    func notJSON() async throws {
        try await InProcessServer.run { server in
            server.send(#"{"jsonrpc":"2.0","id":1,"method":"#)
            let answer = try #require(await server.next())
            #expect(answer["error"]?["code"]?.integerValue == -32700, "\(answer)")
            #expect(answer["id"] == JSONValue.null)
            #expect(await server.request("ping")?["result"] == [:])
        }
    }

    @Test("a line that is not UTF-8 gets -32700 too, and the server keeps serving")
    func notUTF8() async throws {
        try await InProcessServer.run { server in
            let invalid: [UInt8] = [0xFF, 0xFE]
            server.send(bytes: Array(#"{"jsonrpc":"2.0","id":1,"method":"ping","x":""#.utf8) + invalid + Array(#""}"#.utf8))
            let answer = try #require(await server.next())
            #expect(answer["error"]?["code"]?.integerValue == -32700, "\(answer)")
            #expect(answer["id"] == JSONValue.null)
            #expect(await server.request("ping")?["result"] == [:])
        }
    }

    @Test("an unknown method gets -32601 with the request's id")
    func unknownMethod() async throws {
        try await InProcessServer.run { server in
            let answer = try #require(await server.request("resources/list"))
            #expect(answer["error"]?["code"]?.integerValue == -32601, "\(answer)")
            #expect(answer["error"]?["message"]?.stringValue?.contains("resources/list") == true, "\(answer)")
            #expect(await server.request("ping")?["result"] == [:])
        }
    }

    @Test("a call of an unknown tool gets -32602 naming it, and the server keeps serving")
    func unknownTool() async throws {
        try await InProcessServer.run { server in
            let answer = try #require(await server.request("tools/call", ["name": "summon", "arguments": [:]]))
            #expect(answer["error"]?["code"]?.integerValue == -32602, "\(answer)")
            #expect(answer["error"]?["message"]?.stringValue?.contains("unknown tool \"summon\"") == true, "\(answer)")
            #expect(answer["result"] == nil)
            #expect(await server.request("ping")?["result"] == [:])
        }
    }

    @Test("a tool that fails answers a result with isError that says what to change, and creates no database")
    func toolFailure() async throws {
        try await InProcessServer.run { server in
            let result = try #require(await server.call("recall", ["query": "   "]))
            #expect(result["isError"] == true, "\(result)")
            guard case .array(let content)? = result["content"] else {
                Issue.record("no content: \(result)")
                return
            }
            #expect(content.first?["text"]?.stringValue == "query is empty")
            #expect(!FileManager.default.fileExists(atPath: server.fixture.path))
        }
    }
}
