import HTTPServer
import MemoryModel
import MemoryStorage

/// The web page of `memctl ui`: what memoryd remembers, read from the database and never
/// changed. Each request passes `Access` (host and token), then is routed to a page; a page
/// reads what it shows through the store and no more (docs/UI.md).
package struct WebUI: Sendable {
    let store: MemoryStore
    let access: Access

    /// The site for `store`, answering on `port` to requests that carry `token`.
    package init(store: MemoryStore, token: String, port: UInt16) {
        self.store = store
        access = Access(token: token, port: port)
    }

    /// A new random access token for the URL that memctl ui prints.
    package static func newToken() -> String { Access.newToken() }

    /// Every response carries these: no script, style or image from anywhere but this server, no
    /// form that posts elsewhere, no framing, and no token leaking through a Referer.
    static let securityHeaders = [
        HTTPHeader(
            "Content-Security-Policy",
            "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; form-action 'self'; "
                + "base-uri 'none'; frame-ancestors 'none'"),
        HTTPHeader("X-Content-Type-Options", "nosniff"), HTTPHeader("Referrer-Policy", "no-referrer"),
        HTTPHeader("Cache-Control", "no-store"),
    ]

    package func respond(to request: HTTPRequest) async -> HTTPResponse {
        var response = await answer(request)
        response.headers += Self.securityHeaders
        return response
    }

    private func answer(_ request: HTTPRequest) async -> HTTPResponse {
        if let refusal = access.refusal(of: request) { return refusal }
        guard request.method == "GET" || request.method == "HEAD" else {
            var response = HTTPResponse.text(
                .methodNotAllowed, "405 Method Not Allowed: this page is read-only; it answers GET and HEAD.\n")
            response.headers.append(HTTPHeader("Allow", "GET, HEAD"))
            return response
        }
        if let asset = Assets.file(at: request.path) {
            return HTTPResponse(
                status: .ok, headers: [HTTPHeader("Content-Type", asset.type)], body: Array(asset.body.utf8))
        }
        let page: Page
        do {
            page = try await route(request)
        } catch let error as PageError {
            page = .problem(error.status, error.message)
        } catch let error as StoreError {
            switch error {
            case .notFound, .purged, .noSuchMemory: page = .problem(.notFound, error.description)
            default: page = .problem(.internalServerError, error.description)
            }
        } catch {
            page = .problem(.internalServerError, "\(error)")
        }
        return HTTPResponse(
            status: page.status, headers: [HTTPHeader("Content-Type", "text/html; charset=utf-8")],
            body: Array(page.document(database: store.path).utf8))
    }

    private func route(_ request: HTTPRequest) async throws -> Page {
        let parts = request.path.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        let query = request.query
        switch (parts.first, parts.count) {
        case (nil, _): return try await OverviewPage(store: store, query: query).page()
        case ("recall", 1): return try await RecallPage(store: store, query: query).page()
        case ("memories", 1): return try await MemoriesPage(store: store, query: query).page()
        case ("memory", 2): return try await MemoryPage(store: store, reference: try Self.memory(parts[1])).page()
        case ("entities", 1): return try await EntitiesPage(store: store, query: query).page()
        case ("entity", 2): return try await EntityPage(store: store, id: EntityID(try Self.number(parts[1]))).page()
        case ("graph", 1): return try await GraphPage(store: store, query: query).page()
        case ("pass", 2): return try await PassPage(store: store, id: PassID(try Self.number(parts[1]))).page()
        default: throw PageError(.notFound, "There is no page at \(request.path).")
        }
    }

    /// `stm:12` or `ltm:3`.
    static func memory(_ text: String) throws(PageError) -> MemoryReference {
        let parts = text.split(separator: ":", maxSplits: 1).map(String.init)
        guard parts.count == 2, let id = Int64(parts[1]), id > 0 else {
            throw PageError(.notFound, "\(text) is not a memory: memories are stm:ID or ltm:ID.")
        }
        switch parts[0] {
        case "stm": return .shortTerm(ShortTermMemoryID(id))
        case "ltm": return .longTerm(LongTermMemoryID(id))
        default: throw PageError(.notFound, "\(text) is not a memory: memories are stm:ID or ltm:ID.")
        }
    }

    /// A whole-number parameter of the query within `range`, nil when absent.
    static func parameter(_ text: String?, name: String, in range: ClosedRange<Int>) throws(PageError) -> Int? {
        guard let text else { return nil }
        guard let number = Int(text), range.contains(number) else {
            throw PageError(
                .badRequest, "\(name)=\(text) is not a whole number from \(range.lowerBound) to \(range.upperBound).")
        }
        return number
    }

    static func number(_ text: String) throws(PageError) -> Int64 {
        guard let number = Int64(text), number > 0 else { throw PageError(.notFound, "\(text) is not an id.") }
        return number
    }
}

/// A request the pages cannot answer as asked, with the status and the words that say why.
struct PageError: Error {
    let status: HTTPStatus
    let message: String

    init(_ status: HTTPStatus, _ message: String) {
        self.status = status
        self.message = message
    }
}
