import Foundation
import Testing

@testable import MCPProtocol

/// `MCPMessage(line:)`: how one line from the client is sorted, and the error it is answered with.
@Suite("MCP message")
struct MCPMessageTests {
    @Test("a request, a notification and a response are told apart")
    func kinds() {
        #expect(
            MCPMessage(line: #"{"jsonrpc": "2.0", "id": 7, "method": "ping"}"#)
                == .request(id: 7, method: "ping", params: [:]))
        #expect(
            MCPMessage(line: #"{"jsonrpc": "2.0", "method": "notifications/cancelled", "params": {"requestId": "a"}}"#)
                == .notification(method: "notifications/cancelled", params: ["requestId": "a"]))
        #expect(MCPMessage(line: #"{"jsonrpc": "2.0", "id": 4, "result": {}}"#) == .response)
    }

    @Test(
        "what is not a message gets its JSON-RPC code, to its id when it could be read",
        arguments: [
            (#"{"jsonrpc": "2.0", "id": 1, "method": "ping""#, JSONValue.null, -32700),
            (#"[{"jsonrpc": "2.0", "id": 1, "method": "ping"}]"#, .null, -32600),
            (#"{"jsonrpc": "1.0", "id": "a", "method": "ping"}"#, "a", -32600),
            (#"{"jsonrpc": "2.0", "id": 1.5, "method": "ping"}"#, .null, -32600),
            (#"{"jsonrpc": "2.0", "id": 2, "method": "tools/list", "params": [1]}"#, 2, -32602),
        ])
    func invalid(line: String, id: JSONValue, code: Int) throws {
        guard case .invalid(let answeredTo, let error) = MCPMessage(line: line) else {
            Issue.record("\(line) is taken for a message")
            return
        }
        #expect(answeredTo == id)
        #expect(error.code == code)
        let response = try JSONValue(parsing: Data(error.response(to: answeredTo).line.utf8))
        #expect(response["id"] == id)
        #expect(response["error"]?["code"] == .integer(Int64(code)))
    }
}
