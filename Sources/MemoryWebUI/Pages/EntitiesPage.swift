import MemoryModel
import MemoryStorage

/// `/entities`: entities in name order, by kind (`?kind=person`), 50 a page after the last
/// one of the page before (`?after=ID`).
struct EntitiesPage {
    let store: MemoryStore
    let query: [String: String]

    static let pageSize = 50

    func page() async throws -> Page {
        let kind = query["kind"] ?? ""
        guard kind.isEmpty || EntityKind(rawValue: kind) != nil else {
            throw PageError(
                .badRequest,
                "kind=\(kind) is not a kind of entity: \(EntityKind.allCases.map(\.rawValue).joined(separator: ", ")).")
        }
        var cursor: EntityCursor?
        if let after = query["after"] {
            let id = try WebUI.number(after)
            guard let entity = try await store.browsing({ try $0.entityNames([EntityID(id)]) }).first else {
                throw PageError(.badRequest, "after=\(after) is not an entity: follow the page's own links.")
            }
            cursor = EntityCursor(name: entity.name, id: entity.id)
        }
        let entities = try await store.browsing {
            try $0.entities(kind: kind.isEmpty ? nil : kind, after: cursor, limit: Self.pageSize)
        }
        var body = "<h1>Entities</h1>"
        body += "<p class=\"subtitle\">People, places, organizations and the rest that memories name, A to Z.</p>"
        body += "<div class=\"filters\">"
        for value in [""] + EntityKind.allCases.map(\.rawValue) {
            let current = value == kind ? " aria-current=\"true\"" : ""
            body +=
                "<a href=\"\(HTML.escaped(Link.with(Link.entities, [("kind", value)])))\"\(current)>"
                + "\(value.isEmpty ? "all" : value)</a>"
        }
        body += "</div>"
        if entities.isEmpty {
            body += "<p class=\"muted\">No entities here yet: the extraction pass finds them.</p>"
        } else {
            body += HTML.table(
                ["Entity", "Kind", "Mentions"],
                entities.map { entity in
                    [
                        HTML.link(Link.entity(entity.id), entity.name), HTML.escaped(entity.kind),
                        HTML.count(entity.mentionCount),
                    ]
                })
        }
        body += "<div class=\"pager\">"
        body += cursor == nil ? "<span></span>" : HTML.link(Link.with(Link.entities, [("kind", kind)]), "← From A")
        if entities.count == Self.pageSize, let last = entities.last {
            body += HTML.link(
                Link.with(Link.entities, [("kind", kind), ("after", String(last.id.rawValue))]), "Next →")
        }
        body += "</div>"
        return Page(title: "Entities", section: .entities, body: body)
    }
}
