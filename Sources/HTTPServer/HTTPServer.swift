import Synchronization
import SystemSupport

#if canImport(Glibc)
    import Glibc
#endif

/// A small HTTP/1.1 server for the local, read-only web UI (`memctl ui`), on 127.0.0.1 only. It
/// accepts on a thread of its own and serves each connection on its own thread, as the control
/// socket does, so that a slow, silent or vanished client holds up nobody else; each request
/// goes to `handler` in a task while the connection's thread waits. It reads request heads only
/// (no bodies) and logs nothing: a request-target may carry the UI's secret token.
/// docs/HTTP.md has the design, the limits and the statuses the server answers by itself.
package final class HTTPServer: Sendable {
    /// How much of a request the server reads before refusing it.
    package struct Limits: Sendable {
        /// The request line and headers, line ends included: a browser's head is 1–2 KB; 16 KiB is
        /// what nginx allows a single header buffer (431 past it).
        package var maximumHeadBytes = 16_384
        /// The request-target, within the head: the UI's longest URL is a search (414 past it).
        package var maximumTargetBytes = 8_192

        package init() {}
    }

    /// What the server is started with; the defaults suit the UI.
    package struct Configuration: Sendable {
        /// 0: the kernel picks a free port (read it from `HTTPServer.port`).
        package var port: UInt16 = 0
        package var limits = Limits()
        /// The whole head must arrive within this, from accept or from the end of the previous
        /// response; bytes that trickle in do not extend it (slowloris). 408 after it.
        package var headTimeout: Duration = .seconds(10)
        /// A connection with no byte of a next request is closed after this, without a response.
        /// A new connection gets the shorter of this and `headTimeout` for its first byte.
        package var keepAliveTimeout: Duration = .seconds(5)
        /// Past this many open connections, a new one gets 503 at once and is closed: each holds a thread.
        package var maximumConnections = 32
        /// A response must be written, all of it, within this; a client that stops reading
        /// loses its connection then rather than holding a thread.
        package var sendTimeout: Duration = .seconds(10)

        package init() {}
    }

    /// Loopback only, never configurable: the UI is for the user at this machine.
    package static let host = "127.0.0.1"
    /// The bound port.
    package let port: UInt16

    let configuration: Configuration
    let handler: @Sendable (HTTPRequest) async -> HTTPResponse
    /// Where the handlers' tasks run: threads of the server's own, so that a page is answered
    /// however busy the cooperative pool is (a process whose other tasks block its few threads,
    /// as a test runner's do, starved the handlers of all of them for minutes).
    let executor = JobThreadsExecutor(name: "http-handler", count: 2)
    /// The listening socket; closed by the accept thread when it ends, or by `stop` if none ran.
    package let listener: Int32
    let state = Mutex(State())

    struct State {
        var stopping = false
        /// The accept thread runs; it owns closing the listener then.
        var accepting = false
        var listenerOpen = true
        /// `stop` shut every connection down after its grace period: a task started now is cancelled at once.
        var gracePeriodOver = false
        var connections: [Int: Connection] = [:]
        var nextConnection = 0
    }

    /// A connection's thread registers it, and removes it before closing its socket, so that
    /// `stop` never shuts down a descriptor that has been closed and perhaps reused.
    struct Connection {
        let descriptor: Int32
        /// A request is being answered; `stop` lets it finish within the grace period.
        var busy = false
        var task: Task<Void, Never>?
    }

    /// Binds and listens; does not accept yet.
    package init(
        _ configuration: Configuration, handler: @escaping @Sendable (HTTPRequest) async -> HTTPResponse
    ) throws(HTTPServerError) {
        (listener, port) = try TCPSocket.listen(port: configuration.port, backlog: 64)
        self.configuration = configuration
        self.handler = handler
    }

    deinit {
        // Threads hold the server while they run, so only the listener can be left here.
        state.withLock { state in
            if state.listenerOpen { close(listener) }
        }
    }

    /// Starts accepting on a thread of its own. Once only; not after `stop`.
    package func start() {
        let starts = state.withLock { state in
            guard !state.stopping && !state.accepting else { return false }
            state.accepting = true
            return true
        }
        if starts { Threads.start(name: "http-accept") { [self] in acceptLoop() } }
    }

    /// Stops accepting and closes idle connections at once; waits up to `gracePeriod` for the
    /// responses in progress, then shuts the remaining connections down and cancels their
    /// handlers' tasks. Returns when every connection thread is done or the grace period is over;
    /// the port is free again either way. A thread whose handler ignores cancellation ends when
    /// the handler returns (its response is not sent). Safe to call twice. Not from a handler:
    /// it would wait for that handler's own connection until the grace period is over.
    package func stop(gracePeriod: Duration) {
        let deadline = ContinuousClock.now + gracePeriod
        state.withLock { state in
            state.stopping = true
            for connection in state.connections.values where !connection.busy {
                shutdown(connection.descriptor, Int32(SHUT_RDWR))
            }
            if state.accepting {
                shutdown(listener, Int32(SHUT_RDWR))  // accept() fails with EINVAL, and its thread ends
            } else if state.listenerOpen {
                close(listener)
                state.listenerOpen = false
            }
        }
        // The accept thread ends as soon as its accept() fails; the connections within the grace period.
        while true {
            let (accepting, serving) = state.withLock { ($0.accepting, !$0.connections.isEmpty) }
            if !accepting && !serving {
                // No handler is left to run: the executor's threads end. (After a grace period
                // that ran out they stay, for the handlers that ignore cancellation.)
                executor.stop()
                return
            }
            if !accepting && ContinuousClock.now >= deadline { break }
            usleep(2_000)
        }
        state.withLock { state in
            state.gracePeriodOver = true
            for connection in state.connections.values {
                shutdown(connection.descriptor, Int32(SHUT_RDWR))
                connection.task?.cancel()
            }
        }
    }

    // MARK: - Accepting

    private func acceptLoop() {
        while true {
            let descriptor = TCPSocket.accept(listener)
            guard descriptor >= 0 else {
                let failure = errno
                let stopping = state.withLock { state in
                    guard state.stopping else { return false }
                    close(listener)
                    state.listenerOpen = false
                    state.accepting = false
                    return true
                }
                if stopping { return }
                // Out of descriptors or memory: the queued connections wait for some to come back.
                if failure != ECONNABORTED { usleep(100_000) }
                continue
            }
            enum Admission {
                case serve(Int)
                case refuse, drop
            }
            let admission = state.withLock { state -> Admission in
                if state.stopping { return .drop }
                guard state.connections.count < configuration.maximumConnections else { return .refuse }
                state.nextConnection += 1
                state.connections[state.nextConnection] = Connection(descriptor: descriptor)
                return .serve(state.nextConnection)
            }
            switch admission {
            case .serve(let id):
                Threads.start(name: "http-client") { [self] in serve(descriptor, id: id) }
            case .refuse:
                refuseBusy(descriptor)
            case .drop:
                close(descriptor)
            }
        }
    }

    /// 503 at once, on the accept thread: the response fits in an empty socket buffer, so neither
    /// the write nor the drop of what the client has sent so far waits.
    private func refuseBusy(_ descriptor: Int32) {
        let response = HTTPResponse.text(.serviceUnavailable, "too many connections; try again later\n")
        let now = ContinuousClock.now
        if TCPSocket.write(
            response.wire(headOnly: false, closing: true, date: HTTPResponse.date()), to: descriptor, until: now)
        {
            TCPSocket.finish(descriptor, until: now)
        }
        close(descriptor)
    }
}

/// Why the server could not listen: the failed call, and what to do about it when there is something.
package struct HTTPServerError: Error, Sendable, CustomStringConvertible {
    package let description: String
    /// `errno` of the failed call.
    package let code: Int32

    init(call: String, port: UInt16, errno code: Int32 = errno) {
        self.code = code
        switch (call, code) {
        case ("bind", EADDRINUSE):
            description =
                "port \(port) on \(HTTPServer.host) is in use: pass --port N with another port, "
                + "or --port 0 for any free one"
        case ("bind", EACCES):
            description =
                "port \(port) on \(HTTPServer.host): ports below 1024 need privileges: pass --port N with N of 1024 "
                + "or more, or --port 0 for any free one"
        default:
            description = SystemError(call: call, path: "\(HTTPServer.host):\(port)", errno: code).description
        }
    }
}
