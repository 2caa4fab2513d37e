import Testing

@testable import HTTPServer

#if canImport(Glibc)
    import Glibc
#endif

@Suite("Responses as the server writes them")
struct HTTPResponseTests {
    private let date = "Sun, 06 Nov 1994 08:49:37 GMT"

    private func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    @Test("a response has its status line, headers, Date, Content-Length and body; Connection: close only when closing")
    func wire() {
        let response = HTTPResponse.text(.ok, "héllo")
        #expect(
            text(response.wire(headOnly: false, closing: false, date: date))
                == "HTTP/1.1 200 OK\r\nContent-Type: text/plain; charset=utf-8\r\nDate: \(date)\r\n"
                + "Content-Length: 6\r\n\r\nhéllo")
        #expect(
            text(response.wire(headOnly: false, closing: true, date: date))
                == "HTTP/1.1 200 OK\r\nContent-Type: text/plain; charset=utf-8\r\nDate: \(date)\r\n"
                + "Content-Length: 6\r\nConnection: close\r\n\r\nhéllo")
    }

    @Test("a response to HEAD has the same head and no body")
    func head() {
        let response = HTTPResponse.text(.notFound, "no such page")
        let full = response.wire(headOnly: false, closing: false, date: date)
        #expect(response.wire(headOnly: true, closing: false, date: date) == Array(full.dropLast(12)))
    }

    @Test("the server's Content-Length, Connection and Date replace or complete the handler's")
    func serverHeaders() {
        let response = HTTPResponse(
            status: .ok,
            headers: [
                HTTPHeader("content-length", "99"), HTTPHeader("Transfer-Encoding", "chunked"),
                HTTPHeader("Connection", "keep-alive"), HTTPHeader("date", "Mon, 07 Nov 1994 00:00:00 GMT"),
            ], body: [1, 2])
        #expect(
            response.wire(headOnly: false, closing: false, date: date)
                == Array("HTTP/1.1 200 OK\r\ndate: Mon, 07 Nov 1994 00:00:00 GMT\r\nContent-Length: 2\r\n\r\n".utf8) + [
                    1, 2,
                ])
        #expect(!response.asksToClose)
        #expect(HTTPResponse(status: .ok, headers: [HTTPHeader("Connection", "Close")]).asksToClose)
    }

    @Test("a 304 has no body and no Content-Length but the handler's, which then says what a 200 would have")
    func notModified() {
        let bare = HTTPResponse(status: .notModified, headers: [HTTPHeader("ETag", "\"1\"")], body: [1])
        #expect(
            text(bare.wire(headOnly: false, closing: false, date: date))
                == "HTTP/1.1 304 Not Modified\r\nETag: \"1\"\r\nDate: \(date)\r\n\r\n")
        let sized = HTTPResponse(status: .notModified, headers: [HTTPHeader("Content-Length", "120")])
        #expect(text(sized.wire(headOnly: false, closing: false, date: date)).contains("\r\nContent-Length: 120\r\n"))
    }

    @Test(
        "a header or status that would not read back as meant becomes a 500",
        arguments: [
            HTTPResponse(status: .seeOther, headers: [HTTPHeader("Location", "/a\r\nSet-Cookie: x=1")]),
            HTTPResponse(status: .ok, headers: [HTTPHeader("Bad Name", "x")]),
            HTTPResponse(status: .ok, headers: [HTTPHeader("", "x")]),
            HTTPResponse(status: .ok, headers: [HTTPHeader("X", "a\u{0}b")]),
            HTTPResponse(status: HTTPStatus(code: 200, reason: "OK\r\nX: y")),
            HTTPResponse(status: HTTPStatus(code: 1000, reason: "Big")),
        ])
    func invalid(_ response: HTTPResponse) {
        let written = text(response.wire(headOnly: false, closing: true, date: date))
        #expect(written.hasPrefix("HTTP/1.1 500 Internal Server Error\r\n"))
        #expect(!written.contains("Set-Cookie") && !written.contains("X: y"))
    }

    @Test("the date is an IMF-fixdate in GMT")
    func imfFixdate() {
        #expect(HTTPResponse.date(784_111_777) == "Sun, 06 Nov 1994 08:49:37 GMT")
        #expect(HTTPResponse.date(0) == "Thu, 01 Jan 1970 00:00:00 GMT")
    }

    @Test("HTTPServerError says what to do when the port is in use or privileged, and names the call otherwise")
    func serverErrors() {
        let inUse = HTTPServerError(call: "bind", port: 8080, errno: EADDRINUSE)
        #expect(
            inUse.description
                == "port 8080 on 127.0.0.1 is in use: pass --port N with another port, or --port 0 for any free one")
        #expect(
            HTTPServerError(call: "bind", port: 80, errno: EACCES).description.contains(
                "ports below 1024 need privileges"))
        let other = HTTPServerError(call: "listen", port: 8080, errno: EMFILE)
        #expect(other.description.contains("listen") && other.description.contains("errno \(EMFILE)"))
        #expect(other.code == EMFILE)
    }
}
