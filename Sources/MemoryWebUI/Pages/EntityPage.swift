import MemoryModel
import MemoryStorage

/// `/entity/ID`: an entity's aliases and mentions, and its relations with their validity on a
/// timeline: a fact holds from when it was first said until a later one replaced it.
struct EntityPage {
    let store: MemoryStore
    let id: EntityID

    static let mentionsShown = 20
    static let relationsRead = 100
    static let togetherShown = 20

    func page() async throws -> Page {
        let detail = try await store.inspecting {
            try $0.entity(id, mentionLimit: Self.mentionsShown, relationLimit: Self.relationsRead)
        }
        let entity = detail.entity
        let typed = detail.relations.filter { $0.predicate != Predicate.coOccurs.rawValue }
        let together = detail.relations.filter { $0.predicate == Predicate.coOccurs.rawValue }
            .sorted { ($0.weight, $1.id.rawValue) > ($1.weight, $0.id.rawValue) }.prefix(Self.togetherShown)
        var body = "<h1>\(HTML.escaped(entity.name))</h1>"
        body +=
            "<p class=\"subtitle\">\(HTML.escaped(entity.kind)), named \(HTML.count(entity.mentionCount)) "
            + "\(entity.mentionCount == 1 ? "time" : "times"). "
            + HTML.link(Link.with(Link.graph, [("entity", String(id.rawValue))]), "See it in the graph →") + "</p>"
        body += HTML.fields([
            ("Kind", HTML.escaped(entity.kind)),
            (
                "Also written",
                detail.aliases.isEmpty ? "—" : detail.aliases.map { HTML.escaped($0) }.joined(separator: ", ")
            ),
            ("Key", "<code>\(HTML.escaped(entity.canonicalKey))</code>"),
        ])
        body += "<h2>Relations over time</h2>"
        if typed.isEmpty {
            body += "<p class=\"muted\">No typed relation names it yet.</p>"
        } else {
            body += ValidityTimeline(entity: id, relations: typed, now: .now).svg
            body +=
                "<div class=\"legend\"><span><span class=\"swatch bar open\"></span>still holds</span>"
                + "<span><span class=\"swatch bar closed\"></span>ended: a later fact replaced it</span></div>"
            body += HTML.table(
                ["Relation", "Valid (UTC)", "Weight", "Evidence"],
                typed.map { relation in
                    [
                        Self.statement(relation),
                        relation.validFrom.minutes + " → " + (relation.validTo?.minutes ?? "now"),
                        relation.weight.fixed(2),
                        relation.evidence.prefix(3).map { HTML.link(Link.memory($0), $0.description) }.joined(
                            separator: " "),
                    ]
                })
        }
        if !together.isEmpty {
            body += "<h2>Named together with</h2>"
            body += HTML.table(
                ["Entity", "Weight", "Last seen (UTC)"],
                together.map { relation in
                    let other =
                        relation.subjectID == id
                        ? (relation.objectID, relation.objectName) : (relation.subjectID, relation.subjectName)
                    return [
                        HTML.link(Link.entity(other.0), other.1), relation.weight.fixed(2),
                        HTML.time(relation.lastSeen),
                    ]
                })
        }
        body += "<h2>Where it is named</h2>"
        if detail.mentions.isEmpty {
            body += "<p class=\"muted\">No memory names it: it is known as the speaker of memories.</p>"
        } else {
            if entity.mentionCount > detail.mentions.count {
                body +=
                    "<p class=\"muted\">The newest \(detail.mentions.count) of \(HTML.count(entity.mentionCount)).</p>"
            }
            body += HTML.table(
                ["Memory", "Where"],
                detail.mentions.map { mention in
                    [
                        HTML.link(Link.memory(mention.memory), mention.memory.description),
                        "<span class=\"text\">\(Self.marked(mention))</span>",
                    ]
                })
        }
        return Page(title: entity.name, section: .entities, body: body)
    }

    /// "Leah lives in Munich", with both ends linked.
    static func statement(_ relation: Relation) -> String {
        HTML.link(Link.entity(relation.subjectID), relation.subjectName) + " "
            + HTML.escaped(relation.predicate.replacing("_", with: " ")) + " "
            + HTML.link(Link.entity(relation.objectID), relation.objectName)
    }

    /// The mention's excerpt with the mention marked.
    static func marked(_ mention: EntityMention) -> String {
        let excerpt = mention.snippet
        guard let range = excerpt.firstRange(of: mention.text) else { return HTML.escaped(excerpt) }
        return HTML.escaped(excerpt[..<range.lowerBound]) + "<mark>" + HTML.escaped(mention.text) + "</mark>"
            + HTML.escaped(excerpt[range.upperBound...])
    }
}
