import MemoryModel
import MemoryPasses
import MemoryStorage
import FoundationEssentials
import SystemSupport

struct GraphCommand: Command {
    static let name = "graph"
    static let summary = "Print the knowledge graph, or the part around one entity"
    static let help = """
        Usage: memctl graph [--entity NAME] [--depth N] [--format text|dot|json] [--limit N]

        Prints edges of the knowledge graph, strongest first: typed relations (lives_in,
        works_at, sibling_of, ...) and co-occurrence (co_occurs). Weights are decayed to now
        (half-life 30 days). A closed edge (one a later fact replaced) shows when it ended.

          --entity NAME   only the edges within --depth steps of this entity
          --depth N       steps from --entity (default 1)
          --format F      text (default), dot (Graphviz: memctl graph --format dot | dot -Tsvg),
                          or json: {"nodes": [{"id", "name", "kind"}],
                                    "edges": [{"source", "target", "predicate", "weight",
                                               "valid_from", "valid_to"}]}
          --limit N       at most N edges (default 100)
        """

    enum Format: String { case text, dot, json }

    let entity: String?
    let depth: Int
    let format: Format
    let limit: Int

    init(parsing arguments: inout ArgumentList) throws(UsageError) {
        entity = try arguments.option("--entity")
        depth = try arguments.option("--depth", "a whole number of at least 1") { Int($0).flatMap { $0 >= 1 ? $0 : nil } } ?? 1
        format = try arguments.option("--format", "text, dot or json") { Format(rawValue: $0) } ?? .text
        limit = try arguments.limit(default: 100)
        try arguments.finish()
        if entity == nil && depth != 1 { throw UsageError("--depth needs --entity") }
    }

    func run(_ context: Context) async throws {
        let store = try context.openStoreToRead()
        var center: EntityID?
        if let entity {
            guard let found = try await store.browsing({ try $0.entities(named: entity) }).first else {
                throw NoSuchEntity(name: entity)
            }
            center = found.id
        }
        let graph = try await GraphQuery(store: store).graph(around: center, depth: depth, limit: limit).roundedWeights
        if context.json || format == .json { return try context.printJSON(graph) }
        let names = Dictionary(uniqueKeysWithValues: graph.nodes.map { ($0.id, $0) })
        switch format {
        case .dot: StandardStream.out(Self.dot(graph))
        case .text, .json:
            if graph.edges.isEmpty {
                StandardStream.out("no edges yet: memctl consolidate builds the graph")
                return
            }
            var table = Table(
                .init(header: "WEIGHT", rightAligned: true), .init(header: "VALID (UTC)", maximumWidth: 40),
                .init(header: "EDGE"))
            for edge in graph.edges {
                let source = names[edge.source]?.name ?? "entity:\(edge.source)"
                let target = names[edge.target]?.name ?? "entity:\(edge.target)"
                table.append(
                    edge.weight.twoDecimals, edge.validFrom.minutes + " → " + (edge.validTo?.minutes ?? "now"),
                    "\(source) \(edge.predicate) \(target)")
            }
            context.printTable(table)
        }
    }

    /// Graphviz DOT: nodes labelled with name and kind, typed relations as labelled arrows,
    /// co-occurrence as dashed lines, closed edges dotted and grey.
    static func dot(_ graph: KnowledgeGraph) -> String {
        var lines = ["digraph memoryd {", "  node [shape=box, style=rounded];"]
        for node in graph.nodes {
            lines.append("  n\(node.id) [label=\(quoted("\(node.name)\n(\(node.kind))"))];")
        }
        for edge in graph.edges {
            var attributes = ["penwidth=\((1 + min(edge.weight, 10) / 2).fixed(2))"]
            if edge.predicate == "co_occurs" {
                attributes += ["style=dashed", "dir=none", "color=gray50"]
            } else {
                var label = edge.predicate
                if let end = edge.validTo { label += "\n(until \(end.minutes))" }
                attributes.append("label=\(quoted(label))")
                if edge.validTo != nil { attributes += ["style=dotted", "color=gray50", "fontcolor=gray50"] }
            }
            lines.append("  n\(edge.source) -> n\(edge.target) [\(attributes.joined(separator: ", "))];")
        }
        lines.append("}")
        return lines.joined(separator: "\n")
    }

    /// A DOT string: quotes and backslashes escaped, line breaks as \n.
    static func quoted(_ text: String) -> String {
        var result = "\""
        for character in text {
            switch character {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": continue
            default: result.append(character)
            }
        }
        return result + "\""
    }
}
