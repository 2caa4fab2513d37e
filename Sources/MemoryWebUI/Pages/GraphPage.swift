import MemoryModel
import MemoryPasses
import MemoryStorage

/// `/graph`: the knowledge graph as a picture, bounded to what is asked: the strongest edges
/// of the whole graph, or the neighbourhood of one entity (`?entity=NAME or ID&depth=N`), of
/// one kind of relation (`?relation=lives_in`, or `typed` for every kind but co-occurrence).
/// Entities are sized by their mentions; an edge is labelled with its relation, dashed once a
/// later fact replaced it. The page's script draws it; every edge is also listed below it.
struct GraphPage {
    let store: MemoryStore
    let query: [String: String]

    static let defaultLimit = 60
    static let limits = [30, 60, 120, 200]
    static let typed = "typed"

    func page() async throws -> Page {
        let relation = query["relation"] ?? ""
        let predicates = Predicate.allCases.map(\.rawValue)
        guard relation.isEmpty || relation == Self.typed || predicates.contains(relation) else {
            throw PageError(
                .badRequest,
                "relation=\(relation) is not a kind of relation: \(predicates.joined(separator: ", ")) or typed.")
        }
        let depth = try WebUI.parameter(query["depth"], name: "depth", in: 1...3) ?? 1
        let limit = try WebUI.parameter(query["limit"], name: "limit", in: 1...Self.limits.last!) ?? Self.defaultLimit
        let center = try await centerEntity()
        let graph = try await GraphQuery(store: store).graph(
            around: center?.id, depth: depth, limit: limit, coOccurrence: relation != Self.typed,
            predicate: relation.isEmpty || relation == Self.typed ? nil : relation)
        let mentions = try await store.browsing { try $0.mentionCounts(graph.nodes.map(\.id)) }

        var body = "<h1>Knowledge graph</h1>"
        body +=
            "<p class=\"subtitle\">"
            + (center.map {
                "Within \(depth) \(depth == 1 ? "step" : "steps") of \(HTML.link(Link.entity($0.id), $0.name))"
            }
                ?? "The strongest edges")
            + ": \(graph.nodes.count) entities, \(graph.edges.count) edges.</p>"
        body += form(center: center, depth: depth, relation: relation, limit: limit)
        body += "<div class=\"graph-wrap\"><svg id=\"graph\" role=\"img\" aria-label=\"Knowledge graph\"></svg></div>"
        body +=
            "<div class=\"legend\">"
            + ["person", "place", "organization", "date", "speaker", "other"].map {
                "<span><span class=\"swatch kind-\($0)\"></span>\($0)</span>"
            }.joined()
            + "<span><span class=\"swatch line\"></span>holds</span>"
            + "<span><span class=\"swatch line closed\"></span>ended</span>"
            + "<span><span class=\"swatch line cooccurs\"></span>named together</span></div>"
        body +=
            "<script type=\"application/json\" id=\"graph-data\">"
            + HTML.scriptJSON(Self.json(graph, center: center?.id, mentions: mentions)) + "</script>"
        body += "<h2>Edges</h2>"
        body +=
            graph.edges.isEmpty
            ? "<p class=\"muted\">No edges here yet: the graph pass makes them.</p>" : edgeTable(graph)
        return Page(title: "Graph", section: .graph, body: body, scripts: [Assets.graphScriptPath])
    }

    /// `?entity=` as an id, else as a name (the most mentioned entity of that name).
    private func centerEntity() async throws -> EntityName? {
        guard let given = query["entity"]?.trimmed, !given.isEmpty else { return nil }
        if let id = Int64(given), let entity = try await store.browsing({ try $0.entityNames([EntityID(id)]) }).first {
            return entity
        }
        guard let entity = try await store.browsing({ try $0.entities(named: given) }).first else {
            throw PageError(.notFound, "No entity is called \(given).")
        }
        return EntityName(id: entity.id, name: entity.name, kind: entity.kind)
    }

    private func form(center: EntityName?, depth: Int, relation: String, limit: Int) -> String {
        func options(_ values: [(String, String)], selected: String) -> String {
            values.map { value, label in
                "<option value=\"\(HTML.escaped(value))\"\(value == selected ? " selected" : "")>\(HTML.escaped(label))</option>"
            }.joined()
        }
        let relations =
            [("", "every relation"), (Self.typed, "typed relations only")]
            + Predicate.allCases.map { ($0.rawValue, $0.rawValue.replacing("_", with: " ")) }
        return "<form class=\"bar\" method=\"get\" action=\"/graph\">"
            + "<input type=\"text\" name=\"entity\" aria-label=\"Entity\" placeholder=\"Around an entity (name or id)\" "
            + "value=\"\(HTML.escaped(center?.name ?? ""))\">"
            + "<select name=\"depth\" aria-label=\"Steps\">"
            + options((1...3).map { (String($0), "\($0) \($0 == 1 ? "step" : "steps")") }, selected: String(depth))
            + "</select><select name=\"relation\" aria-label=\"Relation\">" + options(relations, selected: relation)
            + "</select><select name=\"limit\" aria-label=\"Edges\">"
            + options(Self.limits.map { (String($0), "\($0) edges") }, selected: String(limit))
            + "</select><button type=\"submit\">Draw</button></form>"
    }

    private func edgeTable(_ graph: KnowledgeGraph) -> String {
        let names = Dictionary(uniqueKeysWithValues: graph.nodes.map { ($0.id, $0.name) })
        return HTML.table(
            ["From", "Relation", "To", "Weight", "Valid (UTC)"],
            graph.edges.map { edge in
                [
                    HTML.link(Link.entity(edge.source), names[edge.source] ?? "entity:\(edge.source)"),
                    HTML.escaped(edge.predicate.replacing("_", with: " ")),
                    HTML.link(Link.entity(edge.target), names[edge.target] ?? "entity:\(edge.target)"),
                    edge.weight.fixed(2), edge.validFrom.minutes + " → " + (edge.validTo?.minutes ?? "now"),
                ]
            })
    }

    /// What the script draws: `{"center", "nodes": [{"id", "name", "kind", "mentions"}], "edges": [...]}`.
    static func json(_ graph: KnowledgeGraph, center: EntityID?, mentions: [EntityID: Int]) -> String {
        let nodes = graph.nodes.map { node in
            "{\"id\":\(node.id.rawValue),\"name\":\(node.name.jsonQuoted),\"kind\":\(node.kind.jsonQuoted),"
                + "\"mentions\":\(mentions[node.id] ?? 0)}"
        }
        let edges = graph.edges.map { edge in
            "{\"source\":\(edge.source.rawValue),\"target\":\(edge.target.rawValue),"
                + "\"predicate\":\(edge.predicate.jsonQuoted),\"weight\":\(edge.weight.fixed(3)),"
                + "\"valid_from\":\(edge.validFrom.iso8601.jsonQuoted),"
                + "\"valid_to\":\(edge.validTo.map { $0.iso8601.jsonQuoted } ?? "null")}"
        }
        return
            "{\"center\":\(center.map { String($0.rawValue) } ?? "null"),\"nodes\":[\(nodes.joined(separator: ","))],"
            + "\"edges\":[\(edges.joined(separator: ","))]}"
    }
}
