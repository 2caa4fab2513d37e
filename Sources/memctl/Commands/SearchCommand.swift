import MemoryPasses
import MemoryStorage
import SystemSupport

struct SearchCommand: Command {
    static let name = "search"
    static let summary = "Full-text search over short- and long-term memories (BM25)"
    static let help = """
        Usage: memctl search QUERY... [--limit N] [--json]

        Searches short-term contents and long-term summaries with SQLite FTS5 and ranks the
        hits with BM25 (higher score is better). Words are stemmed ('moving' finds 'moved').
        Query syntax: words (all must match), "an exact phrase", OR, NOT, prefix*, NEAR(a b).
        Several QUERY arguments are joined with spaces.

        Options:
          --limit N      at most N hits (default: 10)
        JSON: [{"kind": "stm", "id": N, "snippet": "...", "score": X}]
        """

    let query: String
    let limit: Int

    init(parsing arguments: inout ArgumentList) throws(UsageError) {
        limit = try arguments.limit(default: 10)
        query = try arguments.positionals().joined(separator: " ")
        if query.allSatisfy(\.isWhitespace) { throw UsageError("missing QUERY") }
    }

    func run(_ context: Context) async throws {
        let hits = try await context.openStoreToRead().search(query, limit: limit)
        if context.json { return try context.printJSON(hits) }
        var table = Table(
            .init(header: "RECORD"), .init(header: "SCORE", rightAligned: true), .init(header: "SNIPPET"))
        for hit in hits {
            table.append("\(hit.kind):\(hit.id)", hit.score.twoDecimals, hit.snippet)
        }
        if hits.isEmpty {
            StandardStream.out("no matches")
        } else {
            context.printTable(table)
        }
    }
}
