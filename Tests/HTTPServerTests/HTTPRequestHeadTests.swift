import Testing

@testable import HTTPServer

@Suite("The request-head parser")
struct HTTPRequestHeadTests {
    private func parse(_ head: String, limits: HTTPServer.Limits = .init()) throws(HTTPRequestError) -> HTTPRequest {
        try HTTPRequestHead.parse(Array(head.utf8), limits: limits)
    }

    /// The status `head` is refused with, or nil when it parses.
    private func refusal(_ head: [UInt8], limits: HTTPServer.Limits = .init()) -> HTTPStatus? {
        do {
            _ = try HTTPRequestHead.parse(head, limits: limits)
            return nil
        } catch {
            #expect(!error.description.isEmpty)
            return error.status
        }
    }

    private func refusal(_ head: String, limits: HTTPServer.Limits = .init()) -> HTTPStatus? {
        refusal(Array(head.utf8), limits: limits)
    }

    // MARK: - What a request gives

    @Test("a GET gives its method, raw target, decoded path, query, version and headers in order")
    func get() throws {
        let request = try parse(
            "GET /recall/caf%C3%A9%20au%20lait?q=a%20b HTTP/1.1\r\nHost: 127.0.0.1:8080\r\nAccept:  text/html \r\n"
                + "X-Empty:\r\n\r\n")
        #expect(request.method == "GET")
        #expect(request.target == "/recall/caf%C3%A9%20au%20lait?q=a%20b")
        #expect(request.path == "/recall/café au lait")
        #expect(request.query == ["q": "a b"])
        #expect(request.version == .http11)
        #expect(
            request.headers == [
                HTTPHeader("Host", "127.0.0.1:8080"), HTTPHeader("Accept", "text/html"), HTTPHeader("X-Empty", ""),
            ])
    }

    @Test("the query decodes + and %XX, keeps the first value of a name, and reads bad bytes leniently")
    func query() throws {
        let request = try parse(
            "GET /s?q=a+b%2Bc&q=second&bad=%zz%4&latin=%E9t%C3%A9&flag&=nameless&&a%3Db=c%26d HTTP/1.1\r\n"
                + "Host: x\r\n\r\n")
        #expect(request.path == "/s")
        #expect(
            request.query == [
                "q": "a b+c", "bad": "%zz%4", "latin": "\u{FFFD}té", "flag": "", "": "nameless", "a=b": "c&d",
            ])
    }

    @Test("a path keeps an escaped slash as a slash and its dot segments as sent")
    func pathSegments() throws {
        #expect(try parse("GET /a%2Fb/../c/./d HTTP/1.1\r\nHost: x\r\n\r\n").path == "/a/b/../c/./d")
        #expect(try parse("GET / HTTP/1.1\r\nHost: x\r\n\r\n").path == "/")
        #expect(try parse("GET /?x=1 HTTP/1.1\r\nHost: x\r\n\r\n").query == ["x": "1"])
    }

    @Test("header() ignores ASCII case and gives the first of a repeated header")
    func headerLookup() throws {
        let request = try parse("GET / HTTP/1.1\r\nHost: x\r\nX-Token: one\r\nx-token: two\r\n\r\n")
        #expect(request.header("X-TOKEN") == "one")
        #expect(request.header("host") == "x")
        #expect(request.header("Cookie") == nil)
    }

    @Test(
        "HTTP/1.1 keeps the connection unless Connection: close; HTTP/1.0 never does",
        arguments: [
            ("HTTP/1.1", "", true), ("HTTP/1.1", "Connection: close\r\n", false),
            ("HTTP/1.1", "Connection: Keep-Alive, CLOSE\r\n", false), ("HTTP/1.1", "Connection: keep-alive\r\n", true),
            ("HTTP/1.0", "", false), ("HTTP/1.0", "Connection: keep-alive\r\n", false),
        ])
    func keepAlive(version: String, header: String, kept: Bool) throws {
        #expect(try parse("GET / \(version)\r\nHost: x\r\n\(header)\r\n").keepAlive == kept)
    }

    @Test("a bare LF ends a line as CRLF does (RFC 9112 §2.2), also mixed with CRLF")
    func bareLF() throws {
        let crlf = try parse("GET /a HTTP/1.1\r\nHost: x\r\nA: b\r\n\r\n")
        #expect(try parse("GET /a HTTP/1.1\nHost: x\nA: b\n\n") == crlf)
        #expect(try parse("GET /a HTTP/1.1\r\nHost: x\nA: b\r\n\n") == crlf)
        #expect(HTTPRequestHead.end(in: Array("GET / HTTP/1.1\nHost: x\n\r\nnext".utf8)) == 25)
    }

    @Test("a head written back from a parsed request parses to the same request")
    func roundTrip() throws {
        let request = try parse("HEAD /x%20y?b=2&a=1 HTTP/1.0\nhost:x  \r\nX-Bytes: caf\u{E9}\t\u{FFFD}!\n\n")
        #expect(try HTTPRequestHead.parse(request.head, limits: .init()) == request)
    }

    // MARK: - What is refused

    @Test(
        "a request line that is not METHOD SP origin-form target SP version is refused with 400",
        arguments: [
            "GET  / HTTP/1.1", "GET / HTTP/1.1 ", " GET / HTTP/1.1", "GET /", "GET", "G(T / HTTP/1.1",
            "GET http://127.0.0.1/ HTTP/1.1", "OPTIONS * HTTP/1.1", "CONNECT 127.0.0.1:80 HTTP/1.1", "GET a HTTP/1.1",
            "GET /a\tb HTTP/1.1", "GET /a\u{7F} HTTP/1.1", "GET /caf\u{E9} HTTP/1.1", "GET /a\rb HTTP/1.1",
            "GET / http/1.1", "GET / HTTP/1.1.1", "GET / HTTP/11", "GET / HTTPS/1.1", "GET / HTTP/a.b", "",
        ])
    func malformedRequestLine(_ line: String) {
        #expect(refusal("\(line)\r\nHost: x\r\n\r\n") == .badRequest)
    }

    @Test("a NUL anywhere in the head is refused with 400")
    func nul() {
        #expect(refusal(Array("GET / HTTP/1.1\r\nHost: x\r\nA: b".utf8) + [0] + Array("\r\n\r\n".utf8)) == .badRequest)
        #expect(refusal(Array("GET /".utf8) + [0] + Array(" HTTP/1.1\r\nHost: x\r\n\r\n".utf8)) == .badRequest)
    }

    @Test(
        "an HTTP version other than 1.0 and 1.1 is refused with 505", arguments: ["HTTP/2.0", "HTTP/1.2", "HTTP/0.9"])
    func unsupportedVersion(_ version: String) {
        #expect(refusal("GET / \(version)\r\nHost: x\r\n\r\n") == .httpVersionNotSupported)
    }

    @Test("a target past maximumTargetBytes gets 414; a head past maximumHeadBytes gets 431")
    func limits() {
        var limits = HTTPServer.Limits()
        limits.maximumTargetBytes = 16
        limits.maximumHeadBytes = 64
        #expect(refusal("GET /\(String(repeating: "a", count: 15)) HTTP/1.1\r\nHost: x\r\n\r\n", limits: limits) == nil)
        #expect(
            refusal("GET /\(String(repeating: "a", count: 16)) HTTP/1.1\r\nHost: x\r\n\r\n", limits: limits)
                == .uriTooLong)
        let head = "GET / HTTP/1.1\r\nHost: x\r\nA: \(String(repeating: "b", count: 32))\r\n\r\n"
        #expect(head.utf8.count == 64 && refusal(head, limits: limits) == nil)
        #expect(refusal(head.replacingOccurrences("A: ", "A:  "), limits: limits) == .requestHeaderFieldsTooLarge)
    }

    @Test("an unfinished head past the limit gets 414 when its target alone is too long, else 431")
    func unfinishedTooLong() {
        var limits = HTTPServer.Limits()
        limits.maximumTargetBytes = 16
        limits.maximumHeadBytes = 32
        let longTarget = Array("GET /\(String(repeating: "a", count: 40))".utf8)
        #expect(HTTPRequestHead.tooLongRefusal(longTarget, limits: limits).status == .uriTooLong)
        let longHeader = Array("GET / HTTP/1.1\r\nHost: \(String(repeating: "a", count: 40))".utf8)
        #expect(HTTPRequestHead.tooLongRefusal(longHeader, limits: limits).status == .requestHeaderFieldsTooLarge)
    }

    @Test(
        "a malformed header line is refused with 400",
        arguments: [
            "NoColon", "Host2 : x", "Host2\t: x", ": x", "Ho(st: x", "X: a\r\n folded", "X: a\r\n\tfolded",
            "X: a\u{01}b", "X: a\rb", "X: a\u{7F}", "X: a\u{0B}",
        ])
    func malformedHeader(_ line: String) {
        #expect(refusal("GET / HTTP/1.1\r\nHost: x\r\n\(line)\r\n\r\n") == .badRequest)
    }

    @Test("HTTP/1.1 needs exactly one Host header; HTTP/1.0 may have none, never two")
    func host() {
        #expect(refusal("GET / HTTP/1.1\r\n\r\n") == .badRequest)
        #expect(refusal("GET / HTTP/1.1\r\nHost: a\r\nhost: a\r\n\r\n") == .badRequest)
        #expect(refusal("GET / HTTP/1.0\r\n\r\n") == nil)
        #expect(refusal("GET / HTTP/1.0\r\nHost: a\r\nHost: b\r\n\r\n") == .badRequest)
        #expect(refusal("GET / HTTP/1.1\r\nHost:\r\n\r\n") == nil)
    }

    @Test(
        "a request body is refused with 413; a Content-Length that is no number or disagrees with 400",
        arguments: [
            ("Content-Length: 5", .contentTooLarge), ("Transfer-Encoding: chunked", .contentTooLarge),
            ("Transfer-Encoding: identity\r\nContent-Length: 0", .contentTooLarge),
            ("Content-Length: 99999999999999999999999999", .contentTooLarge), ("Content-Length: 0", nil),
            ("Content-Length: 00\r\nContent-Length: 0", nil), ("Content-Length: abc", .badRequest),
            ("Content-Length: -1", .badRequest), ("Content-Length: +1", .badRequest),
            ("Content-Length: 1, 1", .badRequest),
            ("Content-Length:", .badRequest), ("Content-Length: 2\r\nContent-Length: 3", .badRequest),
        ] as [(String, HTTPStatus?)])
    func body(_ headers: String, status: HTTPStatus?) {
        #expect(refusal("POST /x HTTP/1.1\r\nHost: x\r\n\(headers)\r\n\r\n") == status)
    }

    @Test(
        "a path with a malformed escape, an escaped NUL or bytes that are not UTF-8 is refused with 400",
        arguments: ["/a%2", "/a%", "/a%zz", "/a%0g", "/%00", "/%FF", "/%C3", "/%C3%28", "/%ED%A0%80"])
    func badPath(_ target: String) {
        #expect(refusal("GET \(target)?q=%FF HTTP/1.1\r\nHost: x\r\n\r\n") == .badRequest)
    }

    @Test("an unended head with a bad byte in its request line is refused for the byte, as the server refuses it early")
    func unendedBadByte() {
        // Found by FuzzHTTPRequest (Corpus/FuzzHTTPRequest/crash-unended-control-byte.bin).
        let bytes = Array("POST /x HTTTP/1.".utf8) + [0x85] + Array("Transfer-Encoding: chunked\n".utf8)
        var scanner = HeadScanner()
        #expect(scanner.scan(bytes).refusal == HTTPRequestHead.requestLineByteRefusal)
        #expect(throws: HTTPRequestHead.requestLineByteRefusal) { try HTTPRequestHead.parse(bytes, limits: .init()) }
    }

    @Test("bytes that do not end with the head's first empty line are refused with 400")
    func notAHead() {
        #expect(refusal("GET / HTTP/1.1\r\nHost: x\r\n") == .badRequest)
        #expect(refusal("GET / HTTP/1.1\r\nHost: x\r\n\r\nGET / HTTP/1.1\r\n\r\n") == .badRequest)
        #expect(refusal("") == .badRequest)
        #expect(refusal("\r\n\r\n") == .badRequest)
    }

    // MARK: - Where a head ends

    @Test("end(in:) is just past the first empty line, after CRLF or LF, and nil before it")
    func end() {
        #expect(HTTPRequestHead.end(in: Array("GET / HTTP/1.1\r\nHost: x\r\n\r\n".utf8)) == 27)
        #expect(HTTPRequestHead.end(in: Array("GET / HTTP/1.1\r\nHost: x\r\n\r\nGET".utf8)) == 27)
        #expect(HTTPRequestHead.end(in: Array("GET / HTTP/1.1\r\nHost: x\r\n\r".utf8)) == nil)
        #expect(HTTPRequestHead.end(in: Array("GET / HTTP/1.1\n\n".utf8)) == 16)
        #expect(HTTPRequestHead.end(in: Array("GET / HTTP/1.1\r\r\n".utf8)) == nil)
        #expect(HTTPRequestHead.end(in: Array("\r\n".utf8)) == nil)
        #expect(HTTPRequestHead.end(in: []) == nil)
    }

    @Test(
        "the scanner finds the same end and refusal whether a head comes at once or a byte at a time",
        arguments: [
            "GET / HTTP/1.1\r\nHost: x\r\n\r\nGET /next", "GET / HTTP/1.1\nHost: x\n\n", "GET /\r HTTP/1.1\r\n\r\n",
            "GET /\u{E9} HTTP/1.1\r\n\r\n", "GET / HTTP/1.1\r\nA: \u{E9}\r\n\r\n", "GET / HTTP/1.1\r",
            "\u{16}\u{03}\u{01}",
        ])
    func scanner(_ text: String) {
        let bytes = Array(text.utf8)
        var whole = HeadScanner()
        let expected = whole.scan(bytes)
        var scanner = HeadScanner()
        var refused: HTTPRequestError?
        var end: Int?
        for count in 1...bytes.count {
            let (found, refusal) = scanner.scan(Array(bytes[..<count]))
            if let refusal {
                refused = refusal
                break
            }
            if let found {
                end = found
                break
            }
        }
        #expect(end == expected.end || refused != nil)
        #expect(end == HTTPRequestHead.end(in: bytes) || refused != nil)
        #expect(refused?.status == expected.refusal?.status)
    }

    @Test("the scanner refuses a binary first line (a TLS handshake) at its first bytes")
    func tlsHandshake() {
        var scanner = HeadScanner()
        #expect(scanner.scan([0x16, 0x03, 0x01, 0x02, 0x00]).refusal?.status == .badRequest)
    }
}

extension String {
    fileprivate func replacingOccurrences(_ target: String, _ replacement: String) -> String {
        split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
    }
}
