import ControlProtocol
import FoundationEssentials
import MCPProtocol
import MemoryStorage
import SystemSupport

/// `memctl mcp`: a Model Context Protocol server on standard input and output (docs/MCP.md).
/// Messages are handled in the order they arrive; each `tools/call` runs as its own task, kept
/// by request id until it answers, so that `notifications/cancelled` can stop it.
package actor MCPServer {
    /// Protocol versions this server speaks, newest first; it answers a client that asks for
    /// another with the newest.
    static let protocolVersions = ["2025-06-18", "2025-03-26", "2024-11-05"]
    /// Longest message line accepted, in bytes.
    package static let maximumLineBytes = 16 << 20

    static let instructions = """
        memoryd is the user's long-term memory. Call recall at the start of a task, or whenever \
        the user refers to something from an earlier conversation (people, places, plans, \
        preferences, what was decided), and use what it returns with its dates. Call remember \
        for facts worth keeping across conversations: what the user tells about themselves, \
        people and plans, decisions and preferences; one self-contained statement per call, \
        not greetings or small talk. search is exact full-text search; entity and why show \
        what is known about a name and where a memory came from.
        """

    private let output: MCPOutput
    private let toolbox: MCPToolbox
    /// What `initialize` gives as the server's version: memctl's.
    private let version: String
    private let tools: [MCPTool]
    /// Tool calls still running, by request id.
    private var calls: [JSONValue: Task<Void, Never>] = [:]
    /// Calls the client cancelled: they are not answered (MCP: no response after a cancel).
    private var cancelled: Set<JSONValue> = []

    package init(toolbox: MCPToolbox, output: MCPOutput, version: String) {
        self.toolbox = toolbox
        self.output = output
        self.version = version
        tools = toolbox.tools
    }

    /// Serves until `input` ends (standard input closed, or a stop signal), then cancels the
    /// calls in flight and waits for them.
    package func serve(_ input: AsyncStream<LineSocketReader.Result>) async {
        loop: for await event in input {
            switch event {
            case .line(let line):
                handle(MCPMessage(line: line))
            case .notUTF8:
                output.respond(to: .null, error: .parseError("parse error: the line is not valid UTF-8"))
            case .tooLong:
                output.respond(
                    to: .null,
                    error: .invalidRequest("invalid request: the line is longer than \(Self.maximumLineBytes) bytes"))
            case .timedOut:
                continue
            case .end, .incomplete:
                break loop
            }
        }
        for task in calls.values { task.cancel() }
        for task in calls.values { await task.value }
    }

    private func handle(_ message: MCPMessage) {
        switch message {
        case .invalid(let id, let error):
            output.respond(to: id, error: error)
        case .response:
            break
        case .notification(let method, let params):
            if method == "notifications/cancelled", let id = params["requestId"] { cancel(id) }
        case .request(let id, let method, let params):
            do throws(JSONRPCError) {
                if let result = try answer(id, method, params) { output.respond(to: id, result: result) }
            } catch {
                output.respond(to: id, error: error)
            }
        }
    }

    /// The result of a request answered at once, or nil for a tool call, which answers later.
    private func answer(_ id: JSONValue, _ method: String, _ params: [String: JSONValue]) throws(JSONRPCError)
        -> JSONValue?
    {
        switch method {
        case "initialize":
            let asked = params["protocolVersion"]?.stringValue ?? ""
            return [
                "protocolVersion": .string(Self.protocolVersions.contains(asked) ? asked : Self.protocolVersions[0]),
                "capabilities": ["tools": ["listChanged": false]],
                "serverInfo": [
                    "name": "memoryd", "title": "memoryd long-term memory", "version": .string(version),
                ],
                "instructions": .string(Self.instructions),
            ]
        case "ping":
            return [:]
        case "tools/list":
            return ["tools": .array(tools.map(\.listing))]
        case "tools/call":
            try startCall(id, params)
            return nil
        default:
            throw .methodNotFound(method)
        }
    }

    private func startCall(_ id: JSONValue, _ params: [String: JSONValue]) throws(JSONRPCError) {
        guard let name = params["name"]?.stringValue else {
            throw .invalidParams("invalid params: tools/call needs \"name\"")
        }
        guard let tool = tools.first(where: { $0.name == name }) else {
            throw .invalidParams("invalid params: unknown tool \"\(name)\"; tools/list lists them")
        }
        guard calls[id] == nil else { throw .invalidRequest("invalid request: request id \(id.line) is still in use") }
        let call = ToolCall(
            arguments: try tool.arguments(from: params["arguments"]), progressToken: params["_meta"]?["progressToken"])
        cancelled.remove(id)
        calls[id] = Task {
            let result = await Self.run(tool, call)
            self.finish(id, result)
        }
    }

    /// Runs a tool; every failure becomes a result with `isError` that says what to do.
    private nonisolated static func run(_ tool: MCPTool, _ call: ToolCall) async -> JSONValue {
        do {
            return try await tool.run(call).json
        } catch let failure as ToolFailure {
            return failure.json
        } catch is CancellationError {
            return ToolFailure("\(tool.name) was cancelled").json
        } catch let error as StoreError {
            return ToolFailure(error.description + error.mcpAdvice).json
        } catch {
            return ToolFailure("\(tool.name) failed: \(error)").json
        }
    }

    private func finish(_ id: JSONValue, _ result: JSONValue) {
        calls[id] = nil
        if cancelled.remove(id) != nil { return }
        output.respond(to: id, result: result)
    }

    /// Cancels a running call. An id that is not running (finished, or never sent) is ignored,
    /// as the spec asks: the cancel and the response crossed.
    private func cancel(_ id: JSONValue) {
        guard let task = calls[id] else { return }
        cancelled.insert(id)
        task.cancel()
    }
}

// MARK: - Input

extension MCPServer {
    /// Reads message lines from `descriptor` (memctl's standard input) into `input` on a thread of
    /// its own, and finishes `input` at the end: read(2) blocks, and the cooperative pool must
    /// stay free for the tool calls.
    package static func readLines(
        from descriptor: Int32, into input: AsyncStream<LineSocketReader.Result>.Continuation
    ) {
        Threads.start(name: "memctl mcp stdin") {
            let reader = LineSocketReader(descriptor: descriptor, limit: maximumLineBytes)
            while true {
                let result = reader.next()
                input.yield(result)
                if result == .end || result == .incomplete { break }
            }
            input.finish()
        }
    }
}
