import HTTPServer

#if canImport(Glibc)
    import Glibc
#endif

/// A raw TCP client for the tests: writes exactly the bytes a test gives and reads responses as
/// bytes. Its reads wait in poll() up to their deadline: the server's handlers run on threads of
/// the server's own, so nothing the test waits for needs a thread of the cooperative pool.
final class TestClient {
    let descriptor: Int32
    private var received: [UInt8] = []

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Connects to `host`:`port`.
    init(port: UInt16, host: String = HTTPServer.host) throws {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        inet_pton(AF_INET, host, &address.sin_addr)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        // Thrown before `self.descriptor` is set, so that deinit does not close it a second time
        // (by then perhaps another test's socket).
        guard connected == 0 else {
            let reason = String(cString: strerror(errno))
            close(descriptor)
            throw Failure(description: "connect to \(host):\(port): \(reason)")
        }
        self.descriptor = descriptor
    }

    deinit { close(descriptor) }

    func send(_ text: String) throws { try send(Array(text.utf8)) }

    func send(_ bytes: [UInt8]) throws {
        let sent = bytes.withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        guard sent == bytes.count else { throw Failure(description: "send: \(String(cString: strerror(errno)))") }
    }

    /// The next response, its body read by its Content-Length (none after a HEAD).
    func response(toHEAD: Bool = false, within timeout: Duration = .seconds(5)) async throws -> TestResponse {
        let deadline = ContinuousClock.now + timeout
        while true {
            if let end = headEnd() {
                var response = try TestResponse(head: Array(received[..<end]))
                let length = toHEAD ? 0 : Int(response.header("Content-Length") ?? "0") ?? 0
                while received.count < end + length {
                    guard try await readSome(until: deadline) else {
                        throw Failure(description: "the connection ended inside a body")
                    }
                }
                response.body = Array(received[end..<(end + length)])
                received.removeFirst(end + length)
                return response
            }
            guard try await readSome(until: deadline) else {
                throw Failure(description: "the connection ended before a response (\(received.count) bytes)")
            }
        }
    }

    /// Whether the server closes the connection within `timeout` with no bytes (left) to read.
    func isClosedWithoutBytes(within timeout: Duration = .seconds(5)) async throws -> Bool {
        let deadline = ContinuousClock.now + timeout
        while try await readSome(until: deadline) {}
        return received.isEmpty
    }

    /// Everything until the server closes.
    func readToEnd(within timeout: Duration = .seconds(5)) async throws -> [UInt8] {
        let deadline = ContinuousClock.now + timeout
        while try await readSome(until: deadline) {}
        defer { received.removeAll() }
        return received
    }

    /// Reads what has come; false at the end of the connection (or a reset); throws past `deadline`.
    private func readSome(until deadline: ContinuousClock.Instant) async throws -> Bool {
        while true {
            var buffer = [UInt8](repeating: 0, count: 65_536)
            let count = buffer.withUnsafeMutableBytes {
                recv(descriptor, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT))
            }
            if count > 0 {
                received += buffer[..<count]
                return true
            }
            if count == 0 || (errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR) { return false }
            let left = ContinuousClock.now.duration(to: deadline)
            guard left > .zero else { throw Failure(description: "nothing came in time") }
            // Waits in poll(), holding this thread: a sleeping task would need a thread of the
            // cooperative pool to wake on, and in a full test run other suites may hold them all.
            var waiting = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            _ = poll(
                &waiting, 1,
                Int32(
                    clamping: left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000 + 1))
        }
    }

    private func headEnd() -> Int? {
        guard received.count >= 4 else { return nil }
        for index in 3..<received.count where received[(index - 3)...index].elementsEqual("\r\n\r\n".utf8) {
            return index + 1
        }
        return nil
    }
}

/// A response as the client read it.
struct TestResponse {
    let status: Int
    let headers: [(name: String, value: String)]
    var body: [UInt8] = []
    var text: String { String(decoding: body, as: UTF8.self) }

    init(head: [UInt8]) throws {
        let lines = String(decoding: head, as: UTF8.self).split(separator: "\r\n", omittingEmptySubsequences: true)
        let statusLine = lines.first?.split(separator: " ", maxSplits: 2) ?? []
        guard statusLine.count >= 2, statusLine[0] == "HTTP/1.1", let status = Int(statusLine[1]) else {
            throw TestClient.Failure(description: "not a status line: \(lines.first ?? "")")
        }
        self.status = status
        headers = lines.dropFirst().map { line in
            let colon = line.firstIndex(of: ":") ?? line.endIndex
            return (String(line[..<colon]), String(line[colon...].dropFirst().drop { $0 == " " }))
        }
    }

    func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }
}
