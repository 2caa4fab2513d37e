import SystemSupport

#if canImport(Glibc)
    import Glibc
#endif

/// The socket calls the HTTP server makes, each wrapped once: EINTR is retried
/// (`retryingInterrupts`), and every wait that a client could stretch has a deadline kept with
/// poll(), so no client holds a thread longer than the timeouts of `HTTPServer.Configuration` say.
enum TCPSocket {
    /// A listening TCP socket on 127.0.0.1:`port` (0: any free port), close-on-exec and with
    /// SO_REUSEADDR, so that a restarted server binds again while the last one's connections are
    /// in TIME_WAIT. Returns the socket and the port it is bound to.
    static func listen(port: UInt16, backlog: Int32) throws(HTTPServerError) -> (descriptor: Int32, port: UInt16) {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw HTTPServerError(call: "socket", port: port) }
        do throws(HTTPServerError) {
            var reuse: Int32 = 1
            guard setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &reuse, socklen_t(MemoryLayout<Int32>.size)) == 0
            else { throw HTTPServerError(call: "setsockopt(SO_REUSEADDR)", port: port) }
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = port.bigEndian
            address.sin_addr = in_addr(s_addr: INADDR_LOOPBACK.bigEndian)
            let bound = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
            guard bound == 0 else { throw HTTPServerError(call: "bind", port: port) }
            guard Glibc.listen(descriptor, backlog) == 0 else { throw HTTPServerError(call: "listen", port: port) }
            guard let local = localPort(descriptor) else { throw HTTPServerError(call: "getsockname", port: port) }
            return (descriptor, local)
        } catch {
            close(descriptor)
            throw error
        }
    }

    /// The local port of a bound socket.
    static func localPort(_ descriptor: Int32) -> UInt16? {
        var address = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let result = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        return result == 0 ? UInt16(bigEndian: address.sin_port) : nil
    }

    /// The next connection, close-on-exec from the start (accept4), or -1 with `errno`.
    static func accept(_ listener: Int32) -> Int32 {
        retryingInterrupts {
            if let accept4 { return accept4(listener, nil, nil, Int32(SOCK_CLOEXEC.rawValue)) }
            let descriptor = Glibc.accept(listener, nil, nil)
            if descriptor >= 0 { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
            return descriptor
        }
    }

    private typealias Accept4 =
        @convention(c) (Int32, UnsafeMutablePointer<sockaddr>?, UnsafeMutablePointer<socklen_t>?, Int32) -> Int32
    /// Swift's Glibc module does not declare accept4 (it is a GNU extension); glibc has had it since 2.10.
    private static let accept4 = GlibcExtras.function("accept4", as: Accept4.self)

    enum ReadOutcome {
        case read
        /// The peer closed, reset or shut the connection down.
        case end
        case timedOut
    }

    /// Appends what arrives, at most `count` bytes, waiting for it until `deadline`. What has
    /// already arrived is taken even past the deadline: a deadline of now reads without waiting.
    static func read(
        _ descriptor: Int32, appendingTo buffer: inout [UInt8], upTo count: Int, until deadline: ContinuousClock.Instant
    ) -> ReadOutcome {
        while true {
            let start = buffer.count
            buffer += repeatElement(0, count: count)
            let received = buffer.withUnsafeMutableBytes { bytes in
                retryingInterrupts { recv(descriptor, bytes.baseAddress! + start, count, Int32(MSG_DONTWAIT)) }
            }
            buffer.removeLast(count - max(received, 0))
            if received > 0 { return .read }
            guard received < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) else { return .end }
            switch wait(descriptor, for: Int16(POLLIN), until: deadline) {
            case .ready: continue
            case .timedOut: return .timedOut
            case .failed: return .end
            }
        }
    }

    /// Writes all of `bytes` by `deadline`; false when the peer is gone or too slow to read them.
    /// A peer that never reads cannot hold the thread past the deadline, and one that has gone
    /// raises no SIGPIPE (MSG_NOSIGNAL). What fits in the socket's buffer is written even past
    /// the deadline: a deadline of now writes without waiting.
    static func write(_ bytes: [UInt8], to descriptor: Int32, until deadline: ContinuousClock.Instant) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { all in
                retryingInterrupts {
                    send(descriptor, all.baseAddress! + offset, all.count - offset, Int32(MSG_NOSIGNAL | MSG_DONTWAIT))
                }
            }
            if written >= 0 {
                offset += written
                continue
            }
            guard errno == EAGAIN || errno == EWOULDBLOCK,
                case .ready = wait(descriptor, for: Int16(POLLOUT), until: deadline)
            else { return false }
        }
        return true
    }

    /// Ends a connection after its last response: sends the FIN, then reads and drops what the
    /// client still sends (a pipelined request, a body) until it closes too, for at most
    /// `deadline` and 64 KiB. Closing with unread bytes would send a reset, which can make the
    /// client lose the response before reading it (RFC 9112 §9.6).
    static func finish(_ descriptor: Int32, until deadline: ContinuousClock.Instant) {
        shutdown(descriptor, Int32(SHUT_WR))
        var discarded: [UInt8] = []
        while discarded.count < 65_536 {
            guard case .read = read(descriptor, appendingTo: &discarded, upTo: 4096, until: deadline) else { return }
        }
    }

    private enum Readiness {
        case ready, timedOut, failed
    }

    /// Waits with poll() until `descriptor` is ready for `events` or `deadline` passes. The time
    /// left is computed again after each interruption, so signals cannot stretch the wait.
    private static func wait(_ descriptor: Int32, for events: Int16, until deadline: ContinuousClock.Instant)
        -> Readiness
    {
        while true {
            let left = ContinuousClock.now.duration(to: deadline)
            guard left > .zero else { return .timedOut }
            var request = pollfd(fd: descriptor, events: events, revents: 0)
            let result = poll(&request, 1, milliseconds(left))
            if result > 0 {
                return request.revents & (events | Int16(POLLHUP) | Int16(POLLERR)) != 0 ? .ready : .failed
            }
            if result == 0 { continue }  // the deadline is checked again above
            if errno != EINTR { return .failed }
        }
    }

    /// `duration` in whole milliseconds, rounded up so that a wait never ends before its deadline.
    private static func milliseconds(_ duration: Duration) -> Int32 {
        let (seconds, attoseconds) = duration.components
        let milliseconds = seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
        return Int32(clamping: milliseconds)
    }
}
