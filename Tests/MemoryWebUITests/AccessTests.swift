import HTTPServer
import Testing

@testable import MemoryWebUI

@Suite("memctl ui's access rules")
struct AccessTests {
    let access = Access(token: String(repeating: "ab", count: 32), port: 8421)

    private func request(_ target: String, host: String? = "127.0.0.1:8421", cookie: String? = nil) -> HTTPRequest {
        var headers: [HTTPHeader] = []
        if let host { headers.append(HTTPHeader("Host", host)) }
        if let cookie { headers.append(HTTPHeader("Cookie", cookie)) }
        let query =
            target.split(separator: "?", maxSplits: 1).dropFirst().first.map { query in
                Dictionary(
                    query.split(separator: "&").map { pair -> (String, String) in
                        let parts = pair.split(separator: "=", maxSplits: 1).map(String.init)
                        return (parts[0], parts.count > 1 ? parts[1] : "")
                    }, uniquingKeysWith: { first, _ in first })
            } ?? [:]
        return HTTPRequest(
            method: "GET", target: target, path: String(target.prefix { $0 != "?" }), query: query, headers: headers,
            version: .http11)
    }

    @Test("the token in the address becomes a cookie, and the address loses it")
    func tokenToCookie() throws {
        let response = try #require(access.refusal(of: request("/recall?q=Leah&token=\(access.token)&words=30")))
        #expect(response.status == .seeOther)
        #expect(response.headers.contains(HTTPHeader("Location", "/recall?q=Leah&words=30")))
        #expect(
            response.headers.contains(
                HTTPHeader("Set-Cookie", "memoryd_ui_8421=\(access.token); Path=/; HttpOnly; SameSite=Strict")))
        #expect(Access.removingToken(from: "/?token=x") == "/")
        #expect(Access.removingToken(from: "/graph") == "/graph")
    }

    @Test("the cookie lets a request through; anything else is refused")
    func cookie() {
        #expect(access.refusal(of: request("/", cookie: "a=b; memoryd_ui_8421=\(access.token)")) == nil)
        #expect(access.refusal(of: request("/", cookie: "memoryd_ui_8421=\(access.token)x"))?.status == .forbidden)
        #expect(access.refusal(of: request("/", cookie: "memoryd_ui_8422=\(access.token)"))?.status == .forbidden)
        #expect(access.refusal(of: request("/"))?.status == .forbidden)
        #expect(access.refusal(of: request("/?token=0"))?.status == .forbidden)
        #expect(access.refusal(of: request("/?token"))?.status == .forbidden)
    }

    @Test("only this server's own names are answered (DNS rebinding)")
    func host() {
        let cookie = "memoryd_ui_8421=\(access.token)"
        #expect(access.refusal(of: request("/", host: "localhost:8421", cookie: cookie)) == nil)
        #expect(access.refusal(of: request("/", host: "LOCALHOST:8421", cookie: cookie)) == nil)
        #expect(access.refusal(of: request("/", host: "evil.example:8421", cookie: cookie))?.status == .forbidden)
        #expect(access.refusal(of: request("/", host: "127.0.0.1", cookie: cookie))?.status == .forbidden)
        #expect(access.refusal(of: request("/", host: "127.0.0.1:80", cookie: cookie))?.status == .forbidden)
        #expect(access.refusal(of: request("/", host: nil, cookie: cookie))?.status == .badRequest)
    }

    @Test("tokens are new each time, 64 hexadecimal digits")
    func tokens() {
        let tokens = Set((0..<100).map { _ in Access.newToken() })
        #expect(tokens.count == 100)
        #expect(tokens.allSatisfy { $0.count == 64 && $0.allSatisfy(\.isHexDigit) })
        #expect(Access.same("abc", "abc") && !Access.same("abc", "abd") && !Access.same("abc", "abcd"))
    }
}
