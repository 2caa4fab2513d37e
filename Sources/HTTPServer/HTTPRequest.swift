/// One header field as it came or goes on the wire. Names keep the sender's case; look them up with
/// `HTTPRequest.header(_:)`, which ignores it.
package struct HTTPHeader: Sendable, Equatable {
    package var name: String
    package var value: String

    package init(_ name: String, _ value: String) {
        self.name = name
        self.value = value
    }
}

/// The two versions the server speaks. It answers every request with an HTTP/1.1 status line, as
/// RFC 9110 §6.2 asks of a server, whatever the version of the request.
package enum HTTPVersion: String, Sendable {
    case http10 = "HTTP/1.0"
    case http11 = "HTTP/1.1"
}

/// A request whose head the server has read and checked (docs/HTTP.md): it has no body, its
/// target starts with "/", and its path is valid UTF-8.
package struct HTTPRequest: Sendable, Equatable {
    /// As sent, e.g. "GET": a token, case kept (methods are case-sensitive).
    package var method: String
    /// The raw request-target, e.g. "/recall?q=a%20b". It may carry the UI's secret token: never log it.
    package var target: String
    /// The target's path, percent-decoded; always starts with "/". Dot segments are kept as sent.
    package var path: String
    /// The query decoded as application/x-www-form-urlencoded: "+" is a space, %XX a byte; the first
    /// value of a name wins. A malformed %-escape stays as written and bytes that are not UTF-8
    /// become U+FFFD, as a browser's URLSearchParams reads them.
    package var query: [String: String]
    /// As sent, in order; values without the whitespace around them.
    package var headers: [HTTPHeader]
    package var version: HTTPVersion

    package init(
        method: String, target: String, path: String, query: [String: String], headers: [HTTPHeader],
        version: HTTPVersion
    ) {
        self.method = method
        self.target = target
        self.path = path
        self.query = query
        self.headers = headers
        self.version = version
    }

    /// The value of the first header called `name`, ignoring ASCII case.
    package func header(_ name: String) -> String? {
        headers.first { Self.equalIgnoringASCIICase($0.name, name) }?.value
    }

    /// Whether the connection stays open after the response: HTTP/1.1 unless the request says
    /// `Connection: close`; HTTP/1.0 never, since its keep-alive extension is not worth the code.
    package var keepAlive: Bool {
        guard version == .http11 else { return false }
        for header in headers where Self.equalIgnoringASCIICase(header.name, "Connection") {
            let options = header.value.split(separator: ",").map { $0.trimmingASCIIWhitespace() }
            if options.contains(where: { Self.equalIgnoringASCIICase(String($0), "close") }) { return false }
        }
        return true
    }

    /// The head as a client would send it (CRLF line ends): what a parse of it gives back.
    package var head: [UInt8] {
        var bytes = Array("\(method) \(target) \(version.rawValue)\r\n".utf8)
        for header in headers { bytes += Array("\(header.name): \(header.value)\r\n".utf8) }
        return bytes + Array("\r\n".utf8)
    }

    /// Header names and connection options are ASCII; Unicode case folding would match what HTTP does not.
    static func equalIgnoringASCIICase(_ left: String, _ right: String) -> Bool {
        left.utf8.count == right.utf8.count
            && zip(left.utf8, right.utf8).allSatisfy { asciiLower($0) == asciiLower($1) }
    }

    static func asciiLower(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 32 : byte
    }
}

extension Substring {
    /// Without the spaces and tabs around it (HTTP's optional whitespace).
    func trimmingASCIIWhitespace() -> Substring {
        let isWhitespace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = firstIndex(where: { !isWhitespace($0) }), let last = lastIndex(where: { !isWhitespace($0) })
        else { return self[endIndex...] }
        return self[first...last]
    }
}
