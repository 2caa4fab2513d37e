import FoundationEssentials
import MemoryModel
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// memctl's side of the control socket (docs/PROTOCOL.md).
package final class ControlClient {
    package let path: String
    fileprivate let descriptor: Int32
    private let reader: LineSocketReader

    /// The socket memctl talks to: --socket, else $MEMORYD_SOCKET, else memoryd's default.
    package static func socketPath(_ option: String?, environment: [String: String]) -> String {
        DaemonPaths.absolute(
            option ?? environment["MEMORYD_SOCKET"].flatMap { $0.isEmpty ? nil : $0 }
                ?? DaemonPaths.defaultSocket(environment: environment))
    }

    /// Connects, or returns nil when no daemon listens there (no socket file, or nobody accepts).
    package static func connectIfListening(_ path: String) throws -> ControlClient? {
        do {
            return ControlClient(path: path, descriptor: try UnixSocket.connect(path))
        } catch let error as SocketError where [ENOENT, ECONNREFUSED, ENOTDIR].contains(error.code ?? 0) {
            return nil
        }
    }

    /// Connects, or explains that no daemon listens.
    package static func connect(_ path: String) throws -> ControlClient {
        guard let client = try connectIfListening(path) else { throw NoDaemon(path: path) }
        return client
    }

    private init(path: String, descriptor: Int32) {
        self.path = path
        self.descriptor = descriptor
        reader = LineSocketReader(descriptor: descriptor, limit: 64 << 20)
    }

    deinit { close(descriptor) }

    package func send(_ request: ControlProtocol.Request) throws {
        guard UnixSocket.write(ControlProtocol.line(request), to: descriptor) else {
            throw DaemonGone(path: path)
        }
    }

    /// The next response line; an error response from the daemon is thrown.
    package func next() throws -> ControlProtocol.Response {
        switch reader.next() {
        case .line(let line):
            let response = try ControlProtocol.decode(ControlProtocol.Response.self, from: line)
            guard response.ok else { throw DaemonRefused(message: response.error ?? "unknown error") }
            return response
        default:
            throw DaemonGone(path: path)
        }
    }

    /// Sends a request and returns its (single) response.
    package func ask(_ request: ControlProtocol.Request) throws -> ControlProtocol.Response {
        try send(request)
        return try next()
    }
}

@available(*, unavailable)
extension ControlClient: Sendable {}

extension ControlClient {
    /// Lets another thread end a client's blocking `next()` (which then throws `DaemonGone`):
    /// how a cancelled MCP call stops waiting for memoryd. The client registers itself while it
    /// waits and withdraws before it closes its socket, so a late interrupt never reaches a
    /// descriptor number that was reused.
    package final class WaitInterruption: Sendable {
        private let state = Mutex<(descriptor: Int32?, requested: Bool)>((nil, false))

        package init() {}

        package func interrupt() {
            state.withLock { state in
                state.requested = true
                if let descriptor = state.descriptor { shutdown(descriptor, Int32(SHUT_RDWR)) }
            }
        }

        package var requested: Bool { state.withLock { $0.requested } }

        /// Runs `body` with `client` interruptible.
        package func during<T>(_ client: ControlClient, _ body: () throws -> T) throws -> T {
            try withExtendedLifetime(client) {
                state.withLock { state in
                    state.descriptor = client.descriptor
                    if state.requested { shutdown(client.descriptor, Int32(SHUT_RDWR)) }
                }
                defer { state.withLock { $0.descriptor = nil } }
                return try body()
            }
        }
    }
}

package struct NoDaemon: Error, CustomStringConvertible {
    package let path: String
    package init(path: String) { self.path = path }
    package var description: String {
        "no memoryd is listening on \(path) (start it, or give its socket with --socket)"
    }
}

package struct DaemonGone: Error, CustomStringConvertible {
    package let path: String
    package init(path: String) { self.path = path }
    package var description: String { "memoryd closed the connection on \(path) before answering" }
}

package struct DaemonRefused: Error, CustomStringConvertible {
    package let message: String
    package init(message: String) { self.message = message }
    package var description: String { "memoryd refused the request: \(message)" }
}
