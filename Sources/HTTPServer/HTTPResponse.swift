#if canImport(Glibc)
    import Glibc
#endif

/// A response's status: its code and the reason phrase of its status line.
package struct HTTPStatus: Sendable, Equatable {
    package let code: Int
    package let reason: String

    /// Any status the statics below lack. A code outside 100–599 or a reason with a control
    /// character makes the server answer 500 instead (the status line would be malformed).
    package init(code: Int, reason: String) {
        self.code = code
        self.reason = reason
    }

    package static let ok = HTTPStatus(code: 200, reason: "OK")
    package static let seeOther = HTTPStatus(code: 303, reason: "See Other")
    package static let notModified = HTTPStatus(code: 304, reason: "Not Modified")
    package static let badRequest = HTTPStatus(code: 400, reason: "Bad Request")
    package static let forbidden = HTTPStatus(code: 403, reason: "Forbidden")
    package static let notFound = HTTPStatus(code: 404, reason: "Not Found")
    package static let methodNotAllowed = HTTPStatus(code: 405, reason: "Method Not Allowed")
    package static let requestTimeout = HTTPStatus(code: 408, reason: "Request Timeout")
    package static let contentTooLarge = HTTPStatus(code: 413, reason: "Content Too Large")
    package static let uriTooLong = HTTPStatus(code: 414, reason: "URI Too Long")
    package static let misdirectedRequest = HTTPStatus(code: 421, reason: "Misdirected Request")
    package static let requestHeaderFieldsTooLarge = HTTPStatus(code: 431, reason: "Request Header Fields Too Large")
    package static let internalServerError = HTTPStatus(code: 500, reason: "Internal Server Error")
    package static let notImplemented = HTTPStatus(code: 501, reason: "Not Implemented")
    package static let serviceUnavailable = HTTPStatus(code: 503, reason: "Service Unavailable")
    package static let httpVersionNotSupported = HTTPStatus(code: 505, reason: "HTTP Version Not Supported")
}

/// What a handler answers. The server writes `Content-Length`, `Date` (unless given) and, when
/// it closes the connection, `Connection: close`; a `Content-Length`, `Transfer-Encoding` or
/// `Connection` header given here is not sent (docs/HTTP.md, "Responses").
package struct HTTPResponse: Sendable {
    package var status: HTTPStatus
    package var headers: [HTTPHeader]
    package var body: [UInt8]

    package init(status: HTTPStatus, headers: [HTTPHeader] = [], body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// A text/plain; charset=utf-8 response.
    package static func text(_ status: HTTPStatus, _ text: String) -> HTTPResponse {
        HTTPResponse(
            status: status, headers: [HTTPHeader("Content-Type", "text/plain; charset=utf-8")], body: Array(text.utf8))
    }

    /// Whether the handler asked for the connection to be closed after this response.
    var asksToClose: Bool {
        headers.contains { header in
            HTTPRequest.equalIgnoringASCIICase(header.name, "Connection")
                && header.value.split(separator: ",").contains {
                    HTTPRequest.equalIgnoringASCIICase(String($0.trimmingASCIIWhitespace()), "close")
                }
        }
    }

    /// The response as written: status line, headers and, unless `headOnly` (HEAD) or the status
    /// has no content (1xx, 204, 304), the body. A status or header that would not read back as
    /// what was meant (a CR or LF could start a header or a response of its own) makes it a 500.
    package func wire(headOnly: Bool, closing: Bool, date: String) -> [UInt8] {
        guard isWritable else {
            return HTTPResponse.text(.internalServerError, "the server made an invalid response\n")
                .wire(headOnly: headOnly, closing: closing, date: date)
        }
        let hasNoContent = status.code < 200 || status.code == 204 || status.code == 304
        var text = "HTTP/1.1 \(status.code) \(status.reason)\r\n"
        for header in headers where !isWrittenByServer(header) { text += "\(header.name): \(header.value)\r\n" }
        if !headers.contains(where: { HTTPRequest.equalIgnoringASCIICase($0.name, "Date") }) {
            text += "Date: \(date)\r\n"
        }
        // A 304 may say how long the 200 would have been (RFC 9110 §8.6); a "0" would be wrong there.
        if !hasNoContent { text += "Content-Length: \(body.count)\r\n" }
        if closing { text += "Connection: close\r\n" }
        text += "\r\n"
        return Array(text.utf8) + (headOnly || hasNoContent ? [] : body)
    }

    private func isWrittenByServer(_ header: HTTPHeader) -> Bool {
        let contentLength = HTTPRequest.equalIgnoringASCIICase(header.name, "Content-Length")
        if contentLength && status.code == 304 { return false }
        return contentLength || HTTPRequest.equalIgnoringASCIICase(header.name, "Transfer-Encoding")
            || HTTPRequest.equalIgnoringASCIICase(header.name, "Connection")
    }

    private var isWritable: Bool {
        let text: (String) -> Bool = { $0.utf8.allSatisfy { $0 == 0x09 || ($0 >= 0x20 && $0 != 0x7F) } }
        return (100...599).contains(status.code) && text(status.reason)
            && headers.allSatisfy { HTTPRequestHead.isToken($0.name.utf8[...]) && text($0.value) }
    }

    /// `now` as an HTTP date (IMF-fixdate, RFC 9110 §5.6.7), e.g. "Sun, 06 Nov 1994 08:49:37 GMT".
    static func date(_ now: time_t = time(nil)) -> String {
        var seconds = now
        var parts = tm()
        gmtime_r(&seconds, &parts)
        let days = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return
            "\(days[Int(parts.tm_wday)]), \(two(parts.tm_mday)) \(months[Int(parts.tm_mon)]) \(parts.tm_year + 1900) "
            + "\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec)) GMT"
    }
}
