import FoundationEssentials
import SystemSupport

#if canImport(Glibc)
    import Glibc
#endif

/// Thin, blocking helpers over Unix-domain sockets: what memoryd's control socket, memctl's
/// client and the systemd notify protocol need, and no more.
package enum UnixSocket {
    /// sun_path holds 108 bytes with the terminating NUL.
    package static let maximumPathBytes = 107

    /// A `sockaddr_un` for `path`; a leading "@" names an abstract socket (Linux).
    package static func address(_ path: String) throws -> (sockaddr_un, socklen_t) {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        var bytes = Array(path.utf8)
        let abstract = bytes.first == UInt8(ascii: "@")
        if abstract { bytes[0] = 0 }
        guard !bytes.isEmpty, bytes.count <= maximumPathBytes else {
            throw SocketError("socket path is \(bytes.count) bytes; the limit is \(maximumPathBytes): \(path)")
        }
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            for (index, byte) in bytes.enumerated() { buffer[index] = byte }
        }
        let length = MemoryLayout<sa_family_t>.size + bytes.count + (abstract ? 0 : 1)
        return (address, socklen_t(length))
    }

    /// Connects a stream socket to `path`.
    package static func connect(_ path: String) throws -> Int32 {
        var (address, length) = try address(path)
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw SocketError(call: "socket", path: path) }
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(descriptor, $0, length) }
        }
        guard result == 0 else {
            let error = SocketError(call: "connect", path: path)
            close(descriptor)
            throw error
        }
        return descriptor
    }

    /// Binds and listens on `path` with file mode `mode`. A socket file left by a process that
    /// is gone (nobody accepts on it) is replaced; one that something answers on is not.
    package static func listen(_ path: String, mode: mode_t) throws -> Int32 {
        if FileManager.default.fileExists(atPath: path) {
            if let other = try? connect(path) {
                close(other)
                throw SocketError("another process is listening on \(path)")
            }
            unlink(path)
        }
        var (address, length) = try address(path)
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw SocketError(call: "socket", path: path) }
        // The file is created under the process umask and given its mode before listen():
        // until then nobody can connect, whatever the mode, and the process-wide umask is never
        // touched (another thread may be creating files meanwhile).
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, length) }
        }
        guard bound == 0 else {
            let error = SocketError(call: "bind", path: path)
            close(descriptor)
            throw error
        }
        guard chmod(path, mode) == 0, Glibc.listen(descriptor, 64) == 0 else {
            let error = SocketError(call: "listen", path: path)
            close(descriptor)
            unlink(path)
            throw error
        }
        return descriptor
    }

    /// Sends one datagram to the socket at `path` (the systemd notify protocol).
    package static func sendDatagram(_ message: String, to path: String) throws {
        var (address, length) = try address(path)
        let descriptor = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw SocketError(call: "socket", path: path) }
        defer { close(descriptor) }
        let bytes = Array(message.utf8)
        let sent = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { target in
                bytes.withUnsafeBytes {
                    // Never wait for the reader: a full notify queue loses a status line, not the daemon.
                    sendto(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL) | Int32(MSG_DONTWAIT), target, length)
                }
            }
        }
        guard sent == bytes.count else { throw SocketError(call: "sendto", path: path) }
    }

    /// Writes all of `text`; false when the peer is gone (no SIGPIPE: MSG_NOSIGNAL).
    @discardableResult
    package static func write(_ text: String, to descriptor: Int32) -> Bool {
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = retryingInterrupts {
                bytes.withUnsafeBytes {
                    send(descriptor, $0.baseAddress! + offset, bytes.count - offset, Int32(MSG_NOSIGNAL))
                }
            }
            guard written >= 0 else { return false }
            offset += written
        }
        return true
    }

    /// Sets how long a blocking read or write may wait.
    package static func setTimeouts(_ descriptor: Int32, seconds: Int) {
        var value = timeval(tv_sec: seconds, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &value, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &value, socklen_t(MemoryLayout<timeval>.size))
    }
}

/// Reads newline-terminated lines from a socket or a pipe, each at most `limit` bytes. It uses
/// read(2) rather than recv(2) so that `memctl mcp` can read its standard input with it too.
package final class LineSocketReader {
    package enum Result: Equatable, Sendable {
        case line(String)
        /// The peer closed the connection with no partial line pending.
        case end
        /// The peer closed or timed out in the middle of a line.
        case incomplete
        /// The line went past `limit`; the rest of it, up to its newline, is skipped, so a caller
        /// that wants to can keep reading the lines after it.
        case tooLong
        case timedOut
        case notUTF8
    }

    private let descriptor: Int32
    private let limit: Int
    private var buffer: [UInt8] = []
    /// How much of `buffer` is known to hold no newline: each byte is searched once, so a line
    /// near `limit` costs its length, not its length times the reads it took.
    private var searched = 0
    /// Dropping the rest of a line that was too long.
    private var skipping = false

    package init(descriptor: Int32, limit: Int) {
        self.descriptor = descriptor
        self.limit = limit
    }

    package func next() -> Result {
        while true {
            if let newline = buffer[searched...].firstIndex(of: UInt8(ascii: "\n")) {
                let line = Array(buffer[..<newline])
                buffer.removeSubrange(...newline)
                searched = 0
                if skipping {
                    skipping = false
                    continue
                }
                guard newline <= limit else { return .tooLong }
                guard let text = String(validating: line, as: UTF8.self) else { return .notUTF8 }
                return .line(text)
            }
            searched = buffer.count
            if buffer.count > limit {
                buffer.removeAll(keepingCapacity: false)
                searched = 0
                if !skipping {
                    skipping = true
                    return .tooLong
                }
            }
            var chunk = [UInt8](repeating: 0, count: 64 * 1024)
            let count = retryingInterrupts {
                chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            }
            if count > 0 {
                buffer += chunk[..<count]
                continue
            }
            if count < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) { return buffer.isEmpty ? .timedOut : .incomplete }
            return buffer.isEmpty && !skipping ? .end : .incomplete
        }
    }
}

@available(*, unavailable)
extension LineSocketReader: Sendable {}

package struct SocketError: Error, CustomStringConvertible, Sendable {
    package let description: String
    /// errno of the failed call, if any.
    package let code: Int32?

    package init(_ description: String) {
        self.description = description
        code = nil
    }

    package init(call: String, path: String) {
        code = errno
        description = "\(call) \(path): \(String(cString: strerror(errno)))"
    }
}
