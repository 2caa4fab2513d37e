/// Why the server refused a request head: the status it answers with and a short reason for the
/// response's body. A reason never quotes the request, which may carry the UI's secret token.
package struct HTTPRequestError: Error, Sendable, Equatable, CustomStringConvertible {
    package let status: HTTPStatus
    package let description: String

    package init(_ status: HTTPStatus, _ description: String) {
        self.status = status
        self.description = description
    }
}

/// The request-head parser: pure functions over bytes, so that the fuzz target and the tests reach
/// every rule the server applies (docs/HTTP.md has the rules and why). It is strict where
/// leniency lets two readers of one request disagree (RFC 9112 §11.2: folding, whitespace before
/// the colon, two Hosts, bodies) and lenient only where RFC 9112 allows it: a line may end with
/// a bare LF (§2.2).
package enum HTTPRequestHead {
    /// Parses a complete request head (request line + header lines, up to and including the blank line).
    package static func parse(_ head: [UInt8], limits: HTTPServer.Limits) throws(HTTPRequestError) -> HTTPRequest {
        guard head.count <= limits.maximumHeadBytes else { throw headTooLong(limits) }
        // The server's early refusals first, so that it answers the same however the head arrived.
        var scanner = HeadScanner()
        if let refusal = scanner.scan(head).refusal { throw refusal }
        guard end(in: head) == head.count else {
            throw HTTPRequestError(.badRequest, "the request head does not end with its first empty line")
        }
        let lines = Self.lines(head)
        let (method, target, version) = try requestLine(lines[0], limits: limits)
        var headers: [HTTPHeader] = []
        for line in lines.dropFirst() { headers.append(try header(line)) }
        let request = HTTPRequest(
            method: method, target: target.string, path: try path(of: target), query: query(of: target),
            headers: headers, version: version)
        try checkHost(request)
        try checkNoBody(request)
        return request
    }

    /// Where the head ends in `bytes` (index just past the blank line), or nil if it has not ended yet.
    package static func end(in bytes: [UInt8]) -> Int? { end(in: bytes, from: 0) }

    /// `end(in:)` for a buffer whose first `searched` bytes were already searched without finding
    /// the end (`HeadScanner`).
    static func end(in bytes: [UInt8], from searched: Int) -> Int? {
        // The end is the first LF whose line is empty: it follows an LF, or a CR that follows an LF.
        var index = max(searched, 1)
        while index < bytes.count {
            if bytes[index] == lf {
                if bytes[index - 1] == lf { return index + 1 }
                if bytes[index - 1] == cr && index >= 2 && bytes[index - 2] == lf { return index + 1 }
            }
            index += 1
        }
        return nil
    }

    /// What a head that has gone past `limits.maximumHeadBytes` without ending is refused with: 414
    /// when its request-target alone (so far) is past `maximumTargetBytes`, else 431.
    package static func tooLongRefusal(_ bytes: [UInt8], limits: HTTPServer.Limits) -> HTTPRequestError {
        let line = bytes.prefix { $0 != lf }
        let target = line.drop { $0 != space }.dropFirst().prefix { $0 != space }
        return target.count > limits.maximumTargetBytes ? targetTooLong(limits) : headTooLong(limits)
    }

    // MARK: - The request line

    private static func requestLine(
        _ line: ArraySlice<UInt8>, limits: HTTPServer.Limits
    ) throws(HTTPRequestError) -> (String, ArraySlice<UInt8>, HTTPVersion) {
        // Its bytes are 0x20–0x7E: HeadScanner has checked them.
        guard !line.isEmpty else { throw HTTPRequestError(.badRequest, "the request line is empty") }
        let parts = line.split(separator: space, omittingEmptySubsequences: false)
        guard parts.count == 3 else {
            throw HTTPRequestError(.badRequest, "the request line is not METHOD, target and version, one space apart")
        }
        let (method, target, version) = (parts[0], parts[1], parts[2])
        guard isToken(method) else { throw HTTPRequestError(.badRequest, "the method is not a token") }
        guard target.count <= limits.maximumTargetBytes else { throw targetTooLong(limits) }
        // Only origin-form: the server is no proxy, so an absolute URI, an authority or "*" is refused.
        guard target.first == slash else {
            throw HTTPRequestError(.badRequest, "the request-target does not start with /")
        }
        switch version.string {
        case HTTPVersion.http11.rawValue: return (method.string, target, .http11)
        case HTTPVersion.http10.rawValue: return (method.string, target, .http10)
        default:
            let digit = UInt8(ascii: "0")...UInt8(ascii: "9")
            let isVersion =
                version.count == 8 && version.prefix(5).elementsEqual("HTTP/".utf8)
                && digit.contains(version[version.startIndex + 5])
                && version[version.startIndex + 6] == UInt8(ascii: ".")
                && digit.contains(version[version.startIndex + 7])
            guard isVersion else {
                throw HTTPRequestError(.badRequest, "the request line does not end with an HTTP version")
            }
            throw HTTPRequestError(.httpVersionNotSupported, "only HTTP/1.0 and HTTP/1.1 are served")
        }
    }

    // MARK: - Header lines

    private static func header(_ line: ArraySlice<UInt8>) throws(HTTPRequestError) -> HTTPHeader {
        // Folding (RFC 9112 §5.2) would let a proxy in front and this server read different headers.
        guard line.first != space && line.first != tab else {
            throw HTTPRequestError(.badRequest, "a header line starts with whitespace (obsolete line folding)")
        }
        guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else {
            throw HTTPRequestError(.badRequest, "a header line has no colon")
        }
        let name = line[..<colon]
        guard !name.isEmpty else { throw HTTPRequestError(.badRequest, "a header line has an empty name") }
        guard name.last != space && name.last != tab else {
            throw HTTPRequestError(.badRequest, "a header name is followed by whitespace before its colon")
        }
        guard isToken(name) else { throw HTTPRequestError(.badRequest, "a header name is not a token") }
        var value = line[(colon + 1)...]
        while let first = value.first, first == space || first == tab { value = value.dropFirst() }
        while let last = value.last, last == space || last == tab { value = value.dropLast() }
        guard value.allSatisfy({ $0 == tab || ($0 >= 0x20 && $0 != 0x7F) }) else {
            throw HTTPRequestError(.badRequest, "a header value holds a control character")
        }
        // Bytes above 0x7F (obs-text) are kept, read as UTF-8 with U+FFFD for what is not.
        return HTTPHeader(name.string, value.string)
    }

    /// RFC 9112 §3.2: an HTTP/1.1 request has exactly one Host; two could name different hosts.
    private static func checkHost(_ request: HTTPRequest) throws(HTTPRequestError) {
        let hosts = request.headers.count { HTTPRequest.equalIgnoringASCIICase($0.name, "Host") }
        if hosts > 1 { throw HTTPRequestError(.badRequest, "the request has more than one Host header") }
        if hosts == 0 && request.version == .http11 {
            throw HTTPRequestError(.badRequest, "an HTTP/1.1 request needs a Host header")
        }
    }

    /// The server reads heads only: a body would be read as the next request, so any is refused,
    /// and the connection closed.
    private static func checkNoBody(_ request: HTTPRequest) throws(HTTPRequestError) {
        var length: Substring?
        for header in request.headers where HTTPRequest.equalIgnoringASCIICase(header.name, "Content-Length") {
            guard !header.value.isEmpty, header.value.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else {
                throw HTTPRequestError(.badRequest, "Content-Length is not a decimal number")
            }
            let digits = header.value.drop { $0 == "0" }
            if let length, length != digits {
                throw HTTPRequestError(.badRequest, "the request has Content-Length headers that disagree")
            }
            length = digits
        }
        if request.headers.contains(where: { HTTPRequest.equalIgnoringASCIICase($0.name, "Transfer-Encoding") }) {
            throw HTTPRequestError(.contentTooLarge, "this server takes no request body (Transfer-Encoding)")
        }
        if let length, !length.isEmpty {
            throw HTTPRequestError(.contentTooLarge, "this server takes no request body (Content-Length)")
        }
    }

    // MARK: - Pieces

    /// The lines before the blank line that ends `head`, each without its LF or CRLF.
    private static func lines(_ head: [UInt8]) -> [ArraySlice<UInt8>] {
        var lines = head.split(separator: lf, omittingEmptySubsequences: false).map { line in
            line.last == cr ? line.dropLast() : line
        }
        lines.removeLast(2)  // the blank line, and the nothing after its LF
        return lines
    }

    static func isToken(_ bytes: some Collection<UInt8>) -> Bool {
        !bytes.isEmpty
            && bytes.allSatisfy { byte in
                switch byte {
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                    UInt8(ascii: "0")...UInt8(ascii: "9"):
                    return true
                default: return tokenSymbols.contains(byte)
                }
            }
    }

    private static let tokenSymbols = Set("!#$%&'*+-.^_`|~".utf8)

    static let nulRefusal = HTTPRequestError(.badRequest, "the request holds a NUL byte")
    static let requestLineByteRefusal = HTTPRequestError(
        .badRequest, "the request line holds a control character or a byte above 0x7E")

    private static func headTooLong(_ limits: HTTPServer.Limits) -> HTTPRequestError {
        HTTPRequestError(
            .requestHeaderFieldsTooLarge, "the request head is longer than \(limits.maximumHeadBytes) bytes")
    }

    private static func targetTooLong(_ limits: HTTPServer.Limits) -> HTTPRequestError {
        HTTPRequestError(.uriTooLong, "the request-target is longer than \(limits.maximumTargetBytes) bytes")
    }

    static let lf = UInt8(ascii: "\n")
    static let cr = UInt8(ascii: "\r")
    static let space = UInt8(ascii: " ")
    static let tab = UInt8(ascii: "\t")
    static let slash = UInt8(ascii: "/")
}

extension ArraySlice<UInt8> {
    /// The bytes as UTF-8, with U+FFFD for what is not.
    var string: String { String(decoding: self, as: UTF8.self) }
}
