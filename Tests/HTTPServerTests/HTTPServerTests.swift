import Synchronization
import SystemSupport
import Testing

@testable import HTTPServer

#if canImport(Glibc)
    import Glibc
#endif

/// One test at a time: several measure how long the server takes, and each holds a thread while
/// it waits for the server.
@Suite("The HTTP server over real TCP connections on 127.0.0.1", .serialized)
struct HTTPServerTests {
    /// A started server; the caller stops it.
    private func server(
        _ configure: (inout HTTPServer.Configuration) -> Void = { _ in },
        handler: @escaping @Sendable (HTTPRequest) async -> HTTPResponse = { request in
            .text(.ok, "\(request.method) \(request.path) q=\(request.query["q"] ?? "-")")
        }
    ) throws -> HTTPServer {
        var configuration = HTTPServer.Configuration()
        configure(&configuration)
        let server = try HTTPServer(configuration, handler: handler)
        server.start()
        return server
    }

    /// `stop`, and how long it took.
    private func stop(_ server: HTTPServer, gracePeriod: Duration) -> Duration {
        BackgroundStop(server, gracePeriod: gracePeriod).elapsed()
    }

    private func get(_ target: String, _ headers: String = "") -> String {
        "GET \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\n\(headers)\r\n"
    }

    // MARK: - Answers

    @Test("a GET gets the handler's response with Content-Length; a HEAD gets the same head and no body")
    func getAndHead() async throws {
        let server = try server()
        defer { server.stop(gracePeriod: .zero) }
        let client = try TestClient(port: server.port)
        try client.send(get("/a%20b?q=x+y"))
        let got = try await client.response()
        #expect(got.status == 200 && got.text == "GET /a b q=x y")
        #expect(got.header("Content-Length") == "\(got.body.count)")
        #expect(got.header("Content-Type") == "text/plain; charset=utf-8")
        #expect(got.header("Connection") == nil && got.header("Date") != nil)
        try client.send("HEAD /a%20b?q=x+y HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        let head = try await client.response(toHEAD: true)
        #expect(head.status == 200 && head.body.isEmpty)
        #expect(head.header("Content-Length") == "\("HEAD /a b q=x y".utf8.count)")
        // Had the HEAD's body been sent, it would be read as this response's status line.
        try client.send(get("/after"))
        #expect(try await client.response().text == "GET /after q=-")
    }

    @Test("HTTP/1.1 keeps the connection for more requests; Connection: close is answered, said and done")
    func keepAliveAndClose() async throws {
        let server = try server()
        defer { server.stop(gracePeriod: .zero) }
        let client = try TestClient(port: server.port)
        try client.send(get("/1"))
        #expect(try await client.response().text == "GET /1 q=-")
        try client.send(get("/2"))
        #expect(try await client.response().text == "GET /2 q=-")
        try client.send(get("/3", "Connection: close\r\n"))
        let last = try await client.response()
        #expect(last.text == "GET /3 q=-" && last.header("Connection") == "close")
        #expect(try await client.isClosedWithoutBytes())
    }

    @Test("an HTTP/1.0 request is answered with Connection: close, and the connection closed")
    func http10() async throws {
        let server = try server()
        defer { server.stop(gracePeriod: .zero) }
        let client = try TestClient(port: server.port)
        try client.send("GET /old HTTP/1.0\r\n\r\n")
        let response = try await client.response()
        #expect(response.status == 200 && response.header("Connection") == "close")
        #expect(try await client.isClosedWithoutBytes())
    }

    @Test("requests sent together (pipelined) are answered in order")
    func pipelined() async throws {
        let server = try server()
        defer { server.stop(gracePeriod: .zero) }
        let client = try TestClient(port: server.port)
        try client.send(get("/1") + get("/2") + get("/3", "Connection: close\r\n"))
        #expect(try await client.response().text == "GET /1 q=-")
        #expect(try await client.response().text == "GET /2 q=-")
        #expect(try await client.response().text == "GET /3 q=-")
        #expect(try await client.isClosedWithoutBytes())
    }

    @Test("a handler can ask for the connection to be closed after its response")
    func handlerCloses() async throws {
        let server = try server(handler: { _ in HTTPResponse(status: .ok, headers: [HTTPHeader("Connection", "close")])
        })
        defer { server.stop(gracePeriod: .zero) }
        let client = try TestClient(port: server.port)
        try client.send(get("/"))
        #expect(try await client.response().header("Connection") == "close")
        #expect(try await client.isClosedWithoutBytes())
    }

    // MARK: - What the server answers itself

    /// A head the server refuses, named for the test's output.
    struct Refused: Sendable, CustomTestStringConvertible {
        let testDescription: String
        let request: String
        let status: Int

        init(_ name: String, _ request: String, _ status: Int) {
            testDescription = name
            self.request = request
            self.status = status
        }
    }

    @Test(
        "a refused head gets its status in text/plain with Connection: close, and the connection is closed",
        arguments: [
            Refused("two spaces", "GET  / HTTP/1.1\r\nHost: x\r\n\r\n", 400),
            Refused("absolute-form", "GET http://x/ HTTP/1.1\r\nHost: x\r\n\r\n", 400),
            Refused("HTTP/2.0", "GET / HTTP/2.0\r\nHost: x\r\n\r\n", 505),
            Refused("long target", "GET /\(String(repeating: "a", count: 9000)) HTTP/1.1\r\nHost: x\r\n\r\n", 414),
            Refused("long unfinished target", "GET /\(String(repeating: "a", count: 20000))", 414),
            Refused("long head", "GET / HTTP/1.1\r\nHost: x\r\nX: \(String(repeating: "a", count: 20000))", 431),
            Refused("folded header", "GET / HTTP/1.1\r\nHost: x\r\n folded\r\n\r\n", 400),
            Refused("no Host", "GET / HTTP/1.1\r\n\r\n", 400),
            Refused("Content-Length", "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\n\r\nabc", 413),
            Refused("chunked", "GET / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n", 413),
            Refused("bad Content-Length", "GET / HTTP/1.1\r\nHost: x\r\nContent-Length: x\r\n\r\n", 400),
            Refused("path not UTF-8", "GET /%FF HTTP/1.1\r\nHost: x\r\n\r\n", 400),
            Refused("bad escape", "GET /%zz HTTP/1.1\r\nHost: x\r\n\r\n", 400),
            Refused("NUL", "GET / HTTP/1.1\r\nHost: x\u{0}\r\n\r\n", 400),
            Refused("TLS handshake", "\u{16}\u{03}\u{01}\u{02}\u{00}\u{01}", 400),
        ])
    func refused(_ refused: Refused) async throws {
        let server = try server()
        defer { server.stop(gracePeriod: .zero) }
        let client = try TestClient(port: server.port)
        try client.send(refused.request)
        // Within a second: none of these waits for the head timeout (10 s).
        let response = try await client.response(within: .seconds(1))
        #expect(response.status == refused.status)
        #expect(response.header("Content-Type") == "text/plain; charset=utf-8")
        #expect(response.header("Connection") == "close")
        #expect(!response.body.isEmpty && !response.text.contains("aaaa"))
        #expect(try await client.isClosedWithoutBytes())
    }

    @Test("a head that trickles in a byte at a time gets 408 at the head timeout: the bytes do not extend it")
    func slowloris() async throws {
        let server = try server { $0.headTimeout = .seconds(1) }
        defer { server.stop(gracePeriod: .zero) }
        let client = try TestClient(port: server.port)
        let clock = ContinuousClock()
        let start = clock.now
        var answered: TestResponse?
        for byte in "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: \(String(repeating: "z", count: 100))".utf8 {
            try? client.send([byte])
            if let response = try? await client.response(within: .milliseconds(250)) {
                answered = response
                break
            }
        }
        let elapsed = start.duration(to: clock.now)
        #expect(answered?.status == 408 && answered?.header("Connection") == "close")
        // Without the deadline, each byte would have bought another second: over 100 s.
        #expect(elapsed >= .milliseconds(950) && elapsed < .seconds(4))
    }

    @Test("a client that sends nothing is closed without a byte at the keep-alive timeout, and so is an idle one")
    func idle() async throws {
        let server = try server { $0.keepAliveTimeout = .milliseconds(300) }
        defer { server.stop(gracePeriod: .zero) }
        let clock = ContinuousClock()
        let silent = try TestClient(port: server.port)
        let start = clock.now
        #expect(try await silent.isClosedWithoutBytes(within: .seconds(3)))
        #expect(start.duration(to: clock.now) >= .milliseconds(250))
        let kept = try TestClient(port: server.port)
        try kept.send(get("/"))
        _ = try await kept.response()
        let answered = clock.now
        #expect(try await kept.isClosedWithoutBytes(within: .seconds(3)))
        #expect(answered.duration(to: clock.now) >= .milliseconds(250))
    }

    @Test("clients that connect and close get nothing and keep no connection slot")
    func connectAndClose() async throws {
        let server = try server { $0.maximumConnections = 1 }
        defer { server.stop(gracePeriod: .zero) }
        for _ in 0..<20 {
            let client = try TestClient(port: server.port)
            shutdown(client.descriptor, Int32(SHUT_WR))
            #expect(try await client.isClosedWithoutBytes(within: .seconds(2)))
        }
        let client = try TestClient(port: server.port)
        try client.send(get("/"))
        #expect(try await client.response().status == 200)
    }

    @Test("a connection past maximumConnections gets 503 at once, and is closed")
    func tooManyConnections() async throws {
        let server = try server { $0.maximumConnections = 2 }
        defer { server.stop(gracePeriod: .zero) }
        let first = try TestClient(port: server.port)
        let second = try TestClient(port: server.port)
        for client in [first, second] {
            try client.send(get("/"))
            #expect(try await client.response().status == 200)
        }
        let third = try TestClient(port: server.port)
        let response = try await third.response(within: .milliseconds(500))
        #expect(response.status == 503 && response.header("Connection") == "close")
        #expect(try await third.isClosedWithoutBytes())
    }

    @Test("signals that interrupt the server's calls (EINTR) change nothing: requests are answered, deadlines hold")
    func interrupted() async throws {
        var configuration = HTTPServer.Configuration()
        configuration.headTimeout = .seconds(2)
        let server = try HTTPServer(configuration) { request in .text(.ok, "\(request.method) \(request.path)") }
        await Interrupter.start(server)
        defer { server.stop(gracePeriod: .zero) }
        let interrupter = Interrupter()
        defer { interrupter.stop() }
        let before = interrupter.handled
        // Sleeps on this thread: a sleeping task may wake late in a full test run, when other
        // suites hold the cooperative threads, and the head's deadline would pass meanwhile.
        usleep(100_000)  // the accept thread, interrupted in accept()
        let client = try TestClient(port: server.port)
        try client.send("GET /a HTTP/1.1\r\n")
        usleep(200_000)  // its connection's thread, interrupted in poll()
        try client.send("Host: x\r\n\r\n")
        #expect(try await client.response().text == "GET /a")
        let clock = ContinuousClock()
        let start = clock.now
        try client.send("GET /b HTTP/1.1\r\n")
        #expect(try await client.response(within: .seconds(5)).status == 408)
        let elapsed = start.duration(to: clock.now)
        #expect(elapsed >= .milliseconds(1_900) && elapsed < .seconds(4))
        #expect(interrupter.handled - before > 100)
    }

    // MARK: - Stopping

    @Test("stop() closes idle connections at once and lets a response in progress finish; twice is safe")
    func gracefulStop() async throws {
        let started = Atomic<Bool>(false)
        let server = try server(handler: { request in
            guard request.path == "/slow" else { return .text(.ok, "quick") }
            started.store(true, ordering: .releasing)
            try? await Task.sleep(for: .milliseconds(400))
            return .text(.ok, "slow, and whole")
        })
        let idle = try TestClient(port: server.port)
        try idle.send(get("/"))
        #expect(try await idle.response().text == "quick")
        let busy = try TestClient(port: server.port)
        try busy.send(get("/slow"))
        // Waits on this thread: a task waiting here might wake after the slow answer was sent.
        for _ in 0..<500 where !started.load(ordering: .acquiring) { usleep(10_000) }

        let stopping = BackgroundStop(server, gracePeriod: .seconds(5))
        #expect(try await idle.isClosedWithoutBytes(within: .milliseconds(300)))
        let response = try await busy.response()
        #expect(response.text == "slow, and whole" && response.header("Connection") == "close")
        #expect(try await busy.isClosedWithoutBytes())
        #expect(stopping.elapsed() < .seconds(2))
        #expect(throws: TestClient.Failure.self) { _ = try TestClient(port: server.port) }
        #expect(stop(server, gracePeriod: .seconds(5)) < .milliseconds(100))
    }

    @Test("stop() shuts down a handler still running at the end of the grace period, cancels it, and returns")
    func stopAfterGracePeriod() async throws {
        let cancelled = Atomic<Bool>(false)
        let server = try server(handler: { _ in
            try? await Task.sleep(for: .seconds(30))
            cancelled.store(Task.isCancelled, ordering: .releasing)
            return .text(.ok, "too late")
        })
        let client = try TestClient(port: server.port)
        try client.send(get("/"))
        try await Task.sleep(for: .milliseconds(100))
        let elapsed = stop(server, gracePeriod: .milliseconds(300))
        #expect(elapsed >= .milliseconds(300) && elapsed < .seconds(2))
        #expect(try await client.isClosedWithoutBytes())
        for _ in 0..<100 where !cancelled.load(ordering: .acquiring) { try await Task.sleep(for: .milliseconds(10)) }
        let wasCancelled = cancelled.load(ordering: .acquiring)
        #expect(wasCancelled)
    }

    @Test("a client that never reads its response loses its connection at the send timeout")
    func neverReads() async throws {
        let answering = Atomic<Bool>(false)
        // 64 MiB: more than the kernel buffers of both ends of a loopback connection hold.
        let server = try server(
            {
                $0.maximumConnections = 1
                $0.sendTimeout = .milliseconds(500)
            },
            handler: { _ in
                answering.store(true, ordering: .releasing)
                return HTTPResponse(status: .ok, body: [UInt8](repeating: 0x61, count: 64 << 20))
            })
        defer { server.stop(gracePeriod: .zero) }
        let stuck = try TestClient(port: server.port)
        try stuck.send(get("/big"))
        // Its connection is the one the server holds before the next one comes.
        for _ in 0..<500 where !answering.load(ordering: .acquiring) { usleep(10_000) }
        let refused = try TestClient(port: server.port)
        #expect(try await refused.response().status == 503)
        let clock = ContinuousClock()
        let start = clock.now
        var served = false
        while !served && start.duration(to: clock.now) < .seconds(3) {
            try await Task.sleep(for: .milliseconds(50))
            let next = try TestClient(port: server.port)
            try next.send("HEAD / HTTP/1.1\r\nHost: x\r\n\r\n")
            served = try await next.response(toHEAD: true).status == 200
        }
        #expect(served)
        #expect(start.duration(to: clock.now) >= .milliseconds(300))
    }

    // MARK: - The socket

    @Test("the server listens on 127.0.0.1 only")
    func loopbackOnly() async throws {
        let server = try server()
        defer { server.stop(gracePeriod: .zero) }
        var address = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(server.listener, $0, &length) }
        }
        #expect(address.sin_addr.s_addr == INADDR_LOOPBACK.bigEndian)
        #expect(UInt16(bigEndian: address.sin_port) == server.port)
        // All of 127/8 is this machine: another loopback address reaches a socket bound to any address.
        #expect(throws: TestClient.Failure.self) { _ = try TestClient(port: server.port, host: "127.0.0.2") }
    }

    @Test("the listening and the accepted sockets are close-on-exec")
    func closeOnExec() async throws {
        let server = try server()
        defer { server.stop(gracePeriod: .zero) }
        let client = try TestClient(port: server.port)
        try client.send(get("/"))
        _ = try await client.response()
        // The server's sockets are those whose local port is the server's.
        var found = 0
        for descriptor in Int32(0)..<1024 where fcntl(descriptor, F_GETFD) >= 0 {
            var address = sockaddr_in()
            var length = socklen_t(MemoryLayout<sockaddr_in>.size)
            let named = withUnsafeMutablePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
            }
            guard named == 0, address.sin_family == sa_family_t(AF_INET),
                UInt16(bigEndian: address.sin_port) == server.port
            else { continue }
            #expect(fcntl(descriptor, F_GETFD) & FD_CLOEXEC != 0)
            found += 1
        }
        #expect(found >= 2)  // the listener and the accepted connection
    }

    @Test("a stopped server's port can be bound again at once, with its connections in TIME_WAIT")
    func rebind() async throws {
        let first = try server()
        let client = try TestClient(port: first.port)
        try client.send(get("/", "Connection: close\r\n"))
        _ = try await client.response()
        #expect(try await client.isClosedWithoutBytes())
        _ = stop(first, gracePeriod: .seconds(1))
        var configuration = HTTPServer.Configuration()
        configuration.port = first.port
        let second = try HTTPServer(configuration) { _ in .text(.ok, "again") }
        second.start()
        defer { second.stop(gracePeriod: .zero) }
        let again = try TestClient(port: first.port)
        try again.send(get("/"))
        #expect(try await again.response().text == "again")
    }

    @Test("a port in use is refused with a message that says what to do")
    func portInUse() throws {
        let first = try server()
        defer { first.stop(gracePeriod: .zero) }
        var configuration = HTTPServer.Configuration()
        configuration.port = first.port
        let error = #expect(throws: HTTPServerError.self) { _ = try HTTPServer(configuration) { _ in .text(.ok, "") } }
        #expect(error?.code == EADDRINUSE)
        #expect(error?.description.contains("port \(first.port) on 127.0.0.1 is in use: pass --port N") == true)
    }

    @Test(
        "a privileged port without the privilege is refused with a message that says so",
        .enabled(if: Self.portsArePrivileged))
    func privilegedPort() throws {
        var configuration = HTTPServer.Configuration()
        configuration.port = 80
        let error = #expect(throws: HTTPServerError.self) { _ = try HTTPServer(configuration) { _ in .text(.ok, "") } }
        #expect(error?.code == EACCES && error?.description.contains("ports below 1024 need privileges") == true)
    }

    /// Not as root, and ports below 1024 are privileged here (containers often lower
    /// net.ipv4.ip_unprivileged_port_start to 0).
    static var portsArePrivileged: Bool {
        guard geteuid() != 0 else { return false }
        let descriptor = open("/proc/sys/net/ipv4/ip_unprivileged_port_start", O_RDONLY)
        guard descriptor >= 0 else { return true }
        defer { close(descriptor) }
        var bytes = [UInt8](repeating: 0, count: 16)
        let count = read(descriptor, &bytes, bytes.count)
        let start = Int(String(decoding: bytes.prefix(max(count, 0)), as: UTF8.self).filter(\.isNumber)) ?? 1024
        return start > 80
    }
}

/// `stop` on a thread of its own, started at once (it blocks until the connections are done);
/// `elapsed()` waits for it and says how long it took.
final class BackgroundStop: @unchecked Sendable {
    private let done = Condition()
    private var result: Duration?

    init(_ server: HTTPServer, gracePeriod: Duration) {
        Threads.start(name: "test-stop") { [self] in
            let elapsed = ContinuousClock().measure { server.stop(gracePeriod: gracePeriod) }
            done.lock()
            result = elapsed
            done.broadcast()
            done.unlock()
        }
    }

    func elapsed() -> Duration {
        done.lock()
        defer { done.unlock() }
        while result == nil { done.wait() }
        return result!
    }
}
