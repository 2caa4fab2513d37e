import ControlProtocol
import Foundation
import MCPProtocol
import MemoryStorage
import SystemSupport
import TestFixtures
import Testing

@testable import MCPServer

#if canImport(Glibc)
    import Glibc
#endif

/// An `MCPServer` in this process on a database in a temporary directory, talked to as an
/// assistant talks to `memctl mcp`: request lines go into a pipe that the server reads as memctl
/// reads its standard input (`MCPServer.readLines`), and its answers come back over a socket
/// pair, read by a thread of their own, so that no test holds a thread of the cooperative pool
/// while it waits. The server and the test's own steps run on threads of their own too: in the
/// whole suite, synchronous tests that wait for processes (a booted systemd, minutes) can hold
/// both of the pool's threads of a two-core machine, and a test that cannot send its next
/// request for a minute sees the answers' reader time out. No memoryd listens on the toolbox's
/// socket.
final class InProcessServer {
    /// What `initialize` gives as the server's version here.
    static let version = "0.0-test"
    /// How long the answers' reader waits for a line. Long: the server's store and MCPStore are
    /// actors on the cooperative pool, which synchronous tests elsewhere in the suite (a booted
    /// systemd) can hold for minutes on a two-core machine; an answer then comes late, not never.
    /// Nothing waits this long when all is well.
    static let timeoutSeconds = 900

    let fixture: StoreFixture
    /// The write end of the server's input, and its read end.
    private let requests: Int32
    private let serverInput: Int32
    /// The server's end of the socket pair its answers go through, and ours.
    private let serverOutput: Int32
    private let answersEnd: Int32
    private var answers: AsyncStream<LineSocketReader.Result>.Iterator
    private let store: MCPStore
    private let serving: Task<Void, Never>
    private let executor = JobThreadsExecutor(name: "mcp-test-server", count: 2)
    private var lastID: Int64 = 0

    /// Runs `body` with a new server, on the server's threads, then stops it as the end of
    /// memctl's standard input does and waits for it, whether `body` returned or threw.
    static func run(_ body: (InProcessServer) async throws -> Void) async throws {
        let server = try InProcessServer()
        do {
            try await withTaskExecutorPreference(server.executor) { try await body(server) }
        } catch {
            await server.stop()
            throw error
        }
        await server.stop()
    }

    private init() throws {
        fixture = try StoreFixture()
        var input: [Int32] = [0, 0]
        guard pipe(&input) == 0 else { throw SystemError(call: "pipe") }
        var pair: [Int32] = [0, 0]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &pair) == 0 else {
            throw SystemError(call: "socketpair")
        }
        (serverInput, requests) = (input[0], input[1])
        (serverOutput, answersEnd) = (pair[0], pair[1])
        // A server that never answers ends the wait with `.timedOut` rather than hanging the run.
        UnixSocket.setTimeouts(answersEnd, seconds: Self.timeoutSeconds)

        let output = MCPOutput(descriptor: serverOutput)
        store = MCPStore(MemoryStore.Configuration(path: fixture.path))
        let socket = fixture.directory.appendingPathComponent("no-memoryd.sock").path
        let toolbox = MCPToolbox(store: store, socketPath: socket, output: output, threads: 1)
        let server = MCPServer(toolbox: toolbox, output: output, version: Self.version)
        let (lines, linesInput) = AsyncStream.makeStream(of: LineSocketReader.Result.self)
        MCPServer.readLines(from: serverInput, into: linesInput)
        serving = Task(executorPreference: executor) { await server.serve(lines) }

        let (answerLines, answerInput) = AsyncStream.makeStream(of: LineSocketReader.Result.self)
        MCPServer.readLines(from: answersEnd, into: answerInput)
        answers = answerLines.makeAsyncIterator()
    }

    /// Closes the server's input, waits for it to finish its calls, closes the store, then reads
    /// its answers to the end so that our reading thread is done before its descriptor closes.
    private func stop() async {
        close(requests)
        await serving.value
        await store.close()
        executor.stop()
        close(serverOutput)
        while await answers.next() != nil {}
        close(answersEnd)
        close(serverInput)
    }

    // MARK: - Talking to it

    /// Writes `line` and its newline to the server's input.
    func send(_ line: String) { send(bytes: Array(line.utf8)) }

    /// Writes `bytes` (UTF-8 or not) and a newline to the server's input.
    func send(bytes: [UInt8]) {
        let line = bytes + [UInt8(ascii: "\n")]
        var offset = 0
        while offset < line.count {
            let written = line.withUnsafeBytes { Glibc.write(requests, $0.baseAddress! + offset, line.count - offset) }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else {
                Issue.record("cannot write to the server's input: errno \(errno)")
                return
            }
            offset += written
        }
    }

    /// The next message the server writes; nil, with an issue recorded, when none comes.
    func next(sourceLocation: SourceLocation = #_sourceLocation) async -> JSONValue? {
        let received = await answers.next()
        guard case .line(let line)? = received else {
            Issue.record(
                "the server wrote nothing more: \(String(describing: received))", sourceLocation: sourceLocation)
            return nil
        }
        do {
            return try JSONValue(parsing: Data(line.utf8))
        } catch {
            Issue.record("the server wrote a line that is not JSON: \(line)", sourceLocation: sourceLocation)
            return nil
        }
    }

    /// The server's response to request `id`, past any notifications before it.
    func response(to id: JSONValue, sourceLocation: SourceLocation = #_sourceLocation) async -> JSONValue? {
        while let message = await next(sourceLocation: sourceLocation) {
            if message["method"] == nil && message["id"] == id { return message }
        }
        return nil
    }

    /// Sends a request with a fresh id and returns the server's response to it.
    func request(_ method: String, _ params: JSONValue? = nil, sourceLocation: SourceLocation = #_sourceLocation)
        async -> JSONValue?
    {
        lastID += 1
        var message: [String: JSONValue] = ["jsonrpc": "2.0", "id": .integer(lastID), "method": .string(method)]
        message["params"] = params
        send(JSONValue.object(message).line)
        return await response(to: .integer(lastID), sourceLocation: sourceLocation)
    }

    /// `tools/call`; returns the call's result (nil, with an issue recorded, for an error response).
    func call(_ tool: String, _ arguments: JSONValue = [:], sourceLocation: SourceLocation = #_sourceLocation)
        async -> JSONValue?
    {
        let response = await request(
            "tools/call", ["name": .string(tool), "arguments": arguments], sourceLocation: sourceLocation)
        guard let result = response?["result"] else {
            Issue.record("\(tool) got no result: \(String(describing: response))", sourceLocation: sourceLocation)
            return nil
        }
        return result
    }
}
