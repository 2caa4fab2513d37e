// What runs the built programs reports through Swift Testing, which a release build (linked
// with the static standard library, which has no Testing module) cannot import; only the
// tests use it.
#if canImport(Testing)

import Foundation
import Synchronization
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A running `memctl --db DB --socket SOCKET mcp`, talked to over pipes as an MCP client does:
/// lines in on standard input, every standard output line kept (read by a thread of its own, so
/// the server never blocks on a full pipe) for the test to wait on.
package final class MCPSession {
    /// Generous: a debug build on a busy two-core machine; nothing waits this long when all is well.
    package static let timeout = 120.0

    /// The parameters of `initialize` an MCP client sends.
    package static var initialize: [String: Any] {
        [
            "protocolVersion": "2025-06-18", "capabilities": [:] as [String: Any],
            "clientInfo": ["name": "memctl-tests", "version": "1"],
        ]
    }

    private final class Received: Sendable {
        let lines = Mutex<[String]>([])
        let ended = Atomic<Bool>(false)
    }

    package let process = Process()
    private let input = Pipe()
    private let received = Received()
    package let errorPath: String
    private var nextID = 100

    /// `memctl --db DATABASE --socket SOCKET mcp`; without `socket`, one where no memoryd listens.
    /// `arguments` follow `mcp`; `workingDirectory` is where it runs (an agent starts it in its
    /// session's directory).
    package init(
        database: String, socket: String? = nil, in directory: TemporaryDirectory, arguments: [String] = [],
        workingDirectory: String? = nil, environment: [String: String] = [:]
    ) throws {
        process.executableURL = Memctl.executable
        process.arguments = ["--db", database, "--socket", socket ?? directory.path("no-memoryd.sock"), "mcp"] + arguments
        if let workingDirectory { process.currentDirectoryURL = URL(fileURLWithPath: workingDirectory) }
        var env = ProcessInfo.processInfo.environment
        for key in env.keys where key.hasPrefix("MEMORYD_") { env.removeValue(forKey: key) }
        // The settings memctl reads (the peers) are the test's, never those of whoever runs it.
        env["XDG_CONFIG_HOME"] = directory.path("xdg-config")
        for (key, value) in environment { env[key] = value }
        process.environment = env
        errorPath = directory.path("mcp-\(UUID().uuidString.prefix(8)).err")
        _ = FileManager.default.createFile(atPath: errorPath, contents: nil)
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: errorPath))
        process.standardInput = input
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let received = self.received
        let reading = output.fileHandleForReading
        Thread {
            var pending = Data()
            while true {
                let chunk = reading.availableData
                if chunk.isEmpty { break }
                pending.append(chunk)
                while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                    let line = String(decoding: pending[pending.startIndex..<newline], as: UTF8.self)
                    received.lines.withLock { $0.append(line) }
                    pending.removeSubrange(pending.startIndex...newline)
                }
            }
            if !pending.isEmpty { received.lines.withLock { $0.append(String(decoding: pending, as: UTF8.self)) } }
            received.ended.store(true, ordering: .releasing)
        }.start()
    }

    deinit {
        process.kill()
    }

    /// Every standard output line so far.
    package var lines: [String] { received.lines.withLock { $0 } }

    package var messages: [[String: Any]] { lines.compactMap(Self.object) }

    package var stderr: String { (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? "" }

    package static func object(_ line: String) -> [String: Any]? {
        (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any]
    }

    package func send(bytes: [UInt8]) {
        input.fileHandleForWriting.write(Data(bytes + [UInt8(ascii: "\n")]))
    }

    package func send(_ line: String) { send(bytes: Array(line.utf8)) }

    package func send(_ message: [String: Any]) throws {
        send(String(decoding: try JSONSerialization.data(withJSONObject: message), as: UTF8.self))
    }

    /// Sends a request with a fresh id and waits for its response.
    package func request(_ method: String, _ params: [String: Any]? = nil, sourceLocation: SourceLocation = #_sourceLocation)
        throws -> [String: Any]
    {
        let id = start(method, params)
        return try response(to: id, sourceLocation: sourceLocation)
    }

    /// Sends a request and returns its id, without waiting.
    @discardableResult
    package func start(_ method: String, _ params: [String: Any]? = nil) -> Int {
        nextID += 1
        var message: [String: Any] = ["jsonrpc": "2.0", "id": nextID, "method": method]
        if let params { message["params"] = params }
        try? send(message)
        return nextID
    }

    /// `tools/call`; returns the call's result.
    package func call(_ tool: String, _ arguments: [String: Any] = [:], sourceLocation: SourceLocation = #_sourceLocation)
        throws -> [String: Any]
    {
        let response = try request(
            "tools/call", ["name": tool, "arguments": arguments], sourceLocation: sourceLocation)
        return try #require(
            response["result"] as? [String: Any], "no result: \(response)", sourceLocation: sourceLocation)
    }

    package func response(to id: Any, sourceLocation: SourceLocation = #_sourceLocation) throws -> [String: Any] {
        try waitFor(sourceLocation: sourceLocation) { Self.isResponse($0, to: id) }
    }

    package static func isResponse(_ message: [String: Any], to id: Any) -> Bool {
        guard message["method"] == nil else { return false }
        switch (message["id"], id) {
        case (let a as Int, let b as Int): return a == b
        case (let a as String, let b as String): return a == b
        case (is NSNull, is NSNull): return true
        default: return false
        }
    }

    /// Waits for the first message after the first `skip` messages that `matches`.
    package func waitFor(
        after skip: Int = 0, sourceLocation: SourceLocation = #_sourceLocation, _ matches: ([String: Any]) -> Bool
    )
        throws -> [String: Any]
    {
        let deadline = Date().addingTimeInterval(Self.timeout)
        repeat {
            let all = messages
            if all.count > skip, let found = all[skip...].first(where: matches) { return found }
            if received.ended.load(ordering: .acquiring) && !process.isRunning { break }
            usleep(5_000)
        } while Date() < deadline
        Issue.record("no such message; got \(lines.suffix(5)); stderr: \(stderr)", sourceLocation: sourceLocation)
        throw MCPSessionError()
    }

    package func closeInput() { try? input.fileHandleForWriting.close() }

    /// Waits for memctl to exit and for its output to be read; nil if it is still running.
    package func waitForExit() -> Int32? {
        let deadline = Date().addingTimeInterval(Self.timeout)
        while (process.isRunning || !received.ended.load(ordering: .acquiring)) && Date() < deadline { usleep(5_000) }
        return process.isRunning ? nil : process.terminationStatus
    }
}

package struct MCPSessionError: Error {}

extension [String: Any] {
    /// A tool result's text content.
    package var toolText: String {
        ((self["content"] as? [[String: Any]])?.first?["text"] as? String) ?? ""
    }

    package var isToolError: Bool { self["isError"] as? Bool == true }

    package var structured: [String: Any] { self["structuredContent"] as? [String: Any] ?? [:] }

    package var errorCode: Int? { (self["error"] as? [String: Any])?["code"] as? Int }
}

#endif
