import HTTPServer
import MemoryModel

/// Who may read the page. memctl ui listens on 127.0.0.1 only, but any local process, and any
/// web page the user's browser opens, can reach 127.0.0.1. So:
/// - the Host header must name this server (`127.0.0.1:PORT` or `localhost:PORT`): a page of
///   another site that rebinds its name to 127.0.0.1 (DNS rebinding) sends its own name;
/// - every request carries the token that memctl printed: in the URL (`?token=`) the first time,
///   after which the browser keeps it in a cookie and the address bar loses it. Without it, 403.
/// The token is compared in constant time and never logged.
struct Access: Sendable {
    let token: String
    let port: UInt16

    /// Per port: two memctl ui on one machine share the browser's cookies for 127.0.0.1.
    var cookieName: String { "memoryd_ui_\(port)" }

    var allowedHosts: Set<String> { ["127.0.0.1:\(port)", "localhost:\(port)"] }

    /// A random token of 32 bytes, as 64 hexadecimal digits.
    static func newToken() -> String {
        var generator = SystemRandomNumberGenerator()
        let digits = Array("0123456789abcdef")
        return String((0..<64).map { _ in digits[Int(generator.next() % 16)] })
    }

    /// The answer to a request that may not go further, or nil when it may.
    func refusal(of request: HTTPRequest) -> HTTPResponse? {
        guard let host = request.header("host")?.lowercased() else {
            return .text(.badRequest, "400 Bad Request: the request has no Host header.\n")
        }
        guard allowedHosts.contains(host) else {
            return .text(
                .forbidden,
                "403 Forbidden: this server answers to 127.0.0.1:\(port) and localhost:\(port) only, not to \(host).\n")
        }
        if let given = request.query["token"] {
            guard Self.same(given, token) else { return forbidden }
            // Keep the token in a cookie and show the address without it, so it is not copied,
            // bookmarked or sent on by mistake.
            return HTTPResponse(
                status: .seeOther,
                headers: [
                    HTTPHeader("Location", Self.removingToken(from: request.target)),
                    HTTPHeader("Set-Cookie", "\(cookieName)=\(token); Path=/; HttpOnly; SameSite=Strict"),
                ])
        }
        guard let cookie = Self.cookie(cookieName, in: request), Self.same(cookie, token) else { return forbidden }
        return nil
    }

    private var forbidden: HTTPResponse {
        .text(
            .forbidden,
            "403 Forbidden: open the address that memctl ui printed; it carries the access token.\n")
    }

    /// The value of the cookie `name`, if the request sends it.
    static func cookie(_ name: String, in request: HTTPRequest) -> String? {
        for header in request.headers where header.name.lowercased() == "cookie" {
            for pair in header.value.split(separator: ";") {
                let parts = pair.split(separator: "=", maxSplits: 1)
                if parts.count == 2 && parts[0].trimmed == name { return String(parts[1].trimmed) }
            }
        }
        return nil
    }

    /// The request target without its `token` parameter.
    static func removingToken(from target: String) -> String {
        let parts = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2 else { return target }
        let kept = parts[1].split(separator: "&").filter { $0 != "token" && !$0.hasPrefix("token=") }
        return kept.isEmpty ? String(parts[0]) : parts[0] + "?" + kept.joined(separator: "&")
    }

    /// Equal strings, in a time that depends on their lengths only.
    static func same(_ a: String, _ b: String) -> Bool {
        let x = Array(a.utf8)
        let y = Array(b.utf8)
        guard x.count == y.count else { return false }
        var difference: UInt8 = 0
        for index in x.indices { difference |= x[index] ^ y[index] }
        return difference == 0
    }
}
