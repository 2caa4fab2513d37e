import MCPProtocol
import Testing

@testable import MCPServer

/// The handshake and the listing, on a server in this process (docs/MCP.md, "Lifecycle").
@Suite("MCP lifecycle, in process")
struct LifecycleTests {
    static let toolNames = ["remember", "recall", "search", "entity", "why", "forget", "consolidate", "status"]

    static func initialize(_ version: String) -> JSONValue {
        ["protocolVersion": .string(version), "capabilities": [:], "clientInfo": ["name": "tests", "version": "1"]]
    }

    @Test("initialize answers with the client's protocol version when the server speaks it, else its newest", arguments: [
        ("2025-06-18", "2025-06-18"), ("2025-03-26", "2025-03-26"), ("2024-11-05", "2024-11-05"),
        ("2099-01-01", "2025-06-18"),
    ])
    func initialize(asked: String, answered: String) async throws {
        try await InProcessServer.run { server in
            let response = await server.request("initialize", Self.initialize(asked))
            let result = try #require(response?["result"], "\(String(describing: response))")
            #expect(result["protocolVersion"]?.stringValue == answered)
            #expect(result["capabilities"]?["tools"]?["listChanged"]?.boolValue == false)
            #expect(result["serverInfo"]?["name"]?.stringValue == "memoryd")
            #expect(result["serverInfo"]?["version"]?.stringValue == InProcessServer.version)
            #expect(result["instructions"]?.stringValue?.contains("recall") == true)
        }
    }

    @Test("after initialize and initialized, tools/list names the eight tools in order, each with its schemas")
    func toolsList() async throws {
        try await InProcessServer.run { server in
            _ = try #require(await server.request("initialize", Self.initialize("2025-06-18"))?["result"])
            // A notification is not answered: the next line is tools/list's response.
            server.send(#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#)
            let result = try #require(await server.request("tools/list")?["result"])
            guard case .array(let tools)? = result["tools"] else {
                Issue.record("no tools: \(result)")
                return
            }
            #expect(tools.compactMap { $0["name"]?.stringValue } == Self.toolNames)
            for tool in tools {
                let name = tool["name"]?.stringValue ?? "?"
                #expect(tool["inputSchema"]?["type"] == "object", "\(name)")
                #expect(tool["inputSchema"]?["additionalProperties"] == false, "\(name)")
                #expect(tool["outputSchema"]?["type"] == "object", "\(name)")
                #expect(tool["annotations"]?["openWorldHint"] == false, "\(name)")
            }
        }
    }

    @Test("ping is answered with an empty object, before initialize too")
    func ping() async throws {
        try await InProcessServer.run { server in
            #expect(await server.request("ping")?["result"] == [:])
        }
    }
}
