import SystemSupport

#if canImport(Glibc)
    import Glibc
#endif

extension HTTPServer {
    /// Serves one connection on its own thread: reads a head, has the handler answer it, writes
    /// the response, and again while the connection is kept alive. A head the server refuses
    /// gets its status and a one-line reason, and the connection is closed.
    func serve(_ descriptor: Int32, id: Int) {
        defer {
            state.withLock { _ = $0.connections.removeValue(forKey: id) }
            close(descriptor)
        }
        var nodelay: Int32 = 1  // a response goes in one write; nothing is gained by holding it back
        setsockopt(descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &nodelay, socklen_t(MemoryLayout<Int32>.size))
        var received: [UInt8] = []
        var since = ContinuousClock.now
        while true {
            let request: HTTPRequest
            switch readRequest(descriptor, &received, since: since) {
            case .gone:
                return
            case .refused(let error):
                let response = HTTPResponse.text(error.status, error.description + "\n")
                if send(response, to: descriptor, headOnly: false, closing: true) {
                    TCPSocket.finish(descriptor, until: .now + Self.lingerTime)
                }
                return
            case .request(let next):
                request = next
            }
            guard let response = answer(request, connection: id) else { return }
            let closing = !request.keepAlive || response.asksToClose || state.withLock { $0.stopping }
            let sent = send(response, to: descriptor, headOnly: request.method == "HEAD", closing: closing)
            let stopping = state.withLock { state in
                state.connections[id]?.busy = false
                return state.stopping
            }
            guard sent && !stopping else { return }
            if closing {
                TCPSocket.finish(descriptor, until: .now + Self.lingerTime)
                return
            }
            since = .now
        }
    }

    /// How long a connection that is done waits for its client to close first (`TCPSocket.finish`).
    private static let lingerTime: Duration = .seconds(1)

    private enum HeadOutcome {
        case request(HTTPRequest)
        case refused(HTTPRequestError)
        /// The client closed, or sent nothing in time: there is nobody or nothing to answer.
        case gone
    }

    /// Reads until a head has ended, and parses it. `received` may hold the start of the next
    /// request already (pipelining), and keeps what came after this head.
    private func readRequest(
        _ descriptor: Int32, _ received: inout [UInt8], since start: ContinuousClock.Instant
    ) -> HeadOutcome {
        let limits = configuration.limits
        let idleDeadline = start + min(configuration.keepAliveTimeout, configuration.headTimeout)
        let headDeadline = start + configuration.headTimeout
        var scanner = HeadScanner()
        while true {
            if !received.isEmpty {
                let (end, refusal) = scanner.scan(received)
                if let refusal { return .refused(refusal) }
                if let end {
                    let head = Array(received[..<end])
                    received.removeFirst(end)
                    do {
                        return .request(try HTTPRequestHead.parse(head, limits: limits))
                    } catch {
                        return .refused(error)
                    }
                }
                if received.count > limits.maximumHeadBytes {
                    return .refused(HTTPRequestHead.tooLongRefusal(received, limits: limits))
                }
            }
            // Never more than one byte past the limit: what follows stays in the kernel.
            let room = max(1, min(4096, limits.maximumHeadBytes + 1 - received.count))
            let deadline = received.isEmpty ? idleDeadline : headDeadline
            switch TCPSocket.read(descriptor, appendingTo: &received, upTo: room, until: deadline) {
            case .read:
                continue
            case .end:
                return .gone
            case .timedOut where received.isEmpty:
                return .gone
            case .timedOut:
                return .refused(
                    HTTPRequestError(
                        .requestTimeout, "the request head did not arrive within \(configuration.headTimeout)"))
            }
        }
    }

    /// The handler's response, from a task while this thread waits; nil when the server is
    /// stopping and the request is not to be started.
    private func answer(_ request: HTTPRequest, connection id: Int) -> HTTPResponse? {
        let starts = state.withLock { state in
            guard !state.stopping else { return false }
            state.connections[id]?.busy = true
            return true
        }
        guard starts else { return nil }
        let answer = Answer()
        let task = Task(executorPreference: executor) { [handler] in answer.give(await handler(request)) }
        state.withLock { state in
            state.connections[id]?.task = task
            if state.gracePeriodOver { task.cancel() }
        }
        let response = answer.wait()
        state.withLock { $0.connections[id]?.task = nil }
        return response
    }

    /// Writes `response` within the send timeout; false when the client is gone or too slow.
    private func send(_ response: HTTPResponse, to descriptor: Int32, headOnly: Bool, closing: Bool) -> Bool {
        let bytes = response.wire(headOnly: headOnly, closing: closing, date: HTTPResponse.date())
        return TCPSocket.write(bytes, to: descriptor, until: .now + configuration.sendTimeout)
    }
}

/// A handler's response on its way from the task to the connection's thread.
private final class Answer: @unchecked Sendable {
    // `response` is guarded by `condition`.
    private let condition = Condition()
    private var response: HTTPResponse?

    func give(_ response: HTTPResponse) {
        condition.lock()
        self.response = response
        condition.signal()
        condition.unlock()
    }

    /// Waits for the response.
    func wait() -> HTTPResponse {
        condition.lock()
        defer { condition.unlock() }
        while response == nil { condition.wait() }
        return response!
    }
}
