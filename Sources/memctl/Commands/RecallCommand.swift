import Foundation
import MemoryKit

struct RecallCommand: Command {
    static let name = "recall"
    static let summary = "What an assistant should be reminded of for a query"
    static let help = """
        Usage: memctl recall QUERY [--limit N] [--json]

        Returns the long-term memories and pending short-term memories that best match QUERY,
        scored by text relevance (BM25), recency, importance and long-term strength (see
        docs/RECALL.md for the weights), plus the entities QUERY names ("I", "me" and "my" name
        the user) and their current facts: relations that hold now.

          --limit N   at most N memories (default 10)

        JSON: {"memories": [{"kind", "id", "text", "score"}], "entities": [{"id", "name", "kind"}],
               "facts": [{"subject", "predicate", "object", "since"}]}
        """

    let query: String
    let limit: Int

    init(parsing arguments: inout ArgumentList) throws(UsageError) {
        limit = try arguments.limit(default: 10)
        query = try arguments.positionals(named: "QUERY")[0]
        guard !query.allSatisfy(\.isWhitespace) else { throw UsageError("QUERY is empty") }
    }

    func run(_ context: Context) async throws {
        let recall = try await context.openStore().recall(query, limit: limit)
        if context.json { return try context.printJSON(recall) }
        Self.print(recall, context)
    }

    static func print(_ recall: Recall, _ context: Context) {
        if recall.memories.isEmpty {
            StandardStream.out("memories: none match")
        } else {
            var table = Table(.init(header: "SCORE", rightAligned: true), .init(header: "MEMORY"), .init(header: "TEXT"))
            for memory in recall.memories {
                table.append(String(format: "%.3f", memory.score), "\(memory.kind):\(memory.id)", memory.text)
            }
            context.printTable(table)
        }
        if !recall.entities.isEmpty {
            StandardStream.out(
                "entities: " + recall.entities.map { "\($0.name) (\($0.kind), entity:\($0.id))" }.joined(separator: ", "))
        }
        if !recall.facts.isEmpty {
            StandardStream.out("facts:")
            for fact in recall.facts {
                StandardStream.out("  \(fact.subject) \(fact.predicate) \(fact.object)  (since \(fact.since.minutes))")
            }
        }
    }
}
