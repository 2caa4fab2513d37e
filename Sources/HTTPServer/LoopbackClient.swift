import SystemSupport

#if canImport(Glibc)
    import Glibc
#endif

/// A blocking HTTP/1.1 client for 127.0.0.1, for what measures and tests the server from
/// outside (memory-bench, the memctl ui tests): it sends the bytes it is given, exactly, and
/// reads the response until the server closes the connection.
package enum LoopbackClient {
    package struct Response: Sendable {
        package let status: Int
        package let headers: [HTTPHeader]
        package let body: [UInt8]

        package var text: String { String(decoding: body, as: UTF8.self) }

        package func header(_ name: String) -> String? {
            headers.first { $0.name.lowercased() == name.lowercased() }?.value
        }
    }

    package struct Failure: Error, CustomStringConvertible, Sendable {
        package let description: String
    }

    /// Connects to 127.0.0.1:`port`; the caller closes the descriptor.
    package static func connect(port: UInt16) throws(Failure) -> Int32 {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw Failure(description: "socket: \(String(cString: strerror(errno)))") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr(HTTPServer.host)
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard result == 0 else {
            let reason = String(cString: strerror(errno))
            close(descriptor)
            throw Failure(description: "connect to \(HTTPServer.host):\(port): \(reason)")
        }
        return descriptor
    }

    /// Sends `request`, then each of `later` after its pause (a slow client), and reads until the
    /// server closes; gives up after `timeoutSeconds` without a byte.
    package static func exchange(
        _ request: String, port: UInt16, later: [(pauseSeconds: Double, text: String)] = [], timeoutSeconds: Int = 30
    ) throws(Failure) -> Response {
        let descriptor = try connect(port: port)
        defer { close(descriptor) }
        var timeout = timeval(tv_sec: timeoutSeconds, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        write(request, to: descriptor)
        for (pause, text) in later {
            usleep(useconds_t(pause * 1_000_000))
            write(text, to: descriptor)
        }
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = retryingInterrupts { recv(descriptor, &buffer, buffer.count, 0) }
            if count <= 0 { break }
            received += buffer[..<count]
        }
        return try parse(received)
    }

    /// A GET with `headers`, `Connection: close`.
    package static func get(_ target: String, port: UInt16, headers: [HTTPHeader]) throws(Failure) -> Response {
        let lines = headers.map { "\($0.name): \($0.value)\r\n" }.joined()
        return try exchange("GET \(target) HTTP/1.1\r\n\(lines)Connection: close\r\n\r\n", port: port)
    }

    /// Writes what it can of `text`; a peer that has closed ends it quietly.
    private static func write(_ text: String, to descriptor: Int32) {
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let sent = retryingInterrupts {
                bytes[offset...].withUnsafeBytes {
                    Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
                }
            }
            if sent <= 0 { return }
            offset += sent
        }
    }

    /// A response as received: status line, headers, and the rest as the body.
    static func parse(_ bytes: [UInt8]) throws(Failure) -> Response {
        let terminator: [UInt8] = Array("\r\n\r\n".utf8)
        guard let end = bytes.indices.first(where: { bytes[$0...].starts(with: terminator) }) else {
            throw Failure(description: "no complete response head in \(bytes.count) bytes")
        }
        let lines = String(decoding: bytes[..<end], as: UTF8.self).split(
            separator: "\r\n", omittingEmptySubsequences: false)
        let statusParts = lines[0].split(separator: " ")
        guard statusParts.count >= 2, let status = Int(statusParts[1]) else {
            throw Failure(description: "not a status line: \(lines[0])")
        }
        let headers = lines.dropFirst().compactMap { line -> HTTPHeader? in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return HTTPHeader(String(line[..<colon]), String(line[line.index(after: colon)...].drop { $0 == " " }))
        }
        return Response(status: status, headers: headers, body: Array(bytes[(end + terminator.count)...]))
    }
}
