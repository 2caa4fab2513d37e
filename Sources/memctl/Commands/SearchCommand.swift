import MemoryPasses
import MemoryStorage
import SystemSupport

struct SearchCommand: Command {
    static let name = "search"
    static let summary = "Full-text search over short- and long-term memories (BM25)"
    static let help = """
        Usage: memctl search QUERY... [--limit N] [--project DIR | --all-projects]
                             [--peer [NAME=]DB]... [--no-peers] [--json]

        Searches short-term contents and long-term summaries with SQLite FTS5 and ranks the
        hits with BM25 (higher score is better). Words are stemmed ('moving' finds 'moved').
        Query syntax: words (all must match), "an exact phrase", OR, NOT, prefix*, NEAR(a b).
        Several QUERY arguments are joined with spaces.

        Options:
          --limit N      at most N hits (default: 10)
          --project DIR  only the memories of that project and those of no project
                         (docs/PROJECTS.md); --all-projects: every memory (the default)
          --peer [NAME=]DB, --no-peers
                         other devices' databases searched too, read-only, instead of the
                         peers setting; or none (as memctl recall, docs/PEERS.md). A peer's
                         hits are marked: desktop:stm:4 in RECORD, "device" in JSON.
        JSON: [{"kind": "stm", "id": N, "snippet": "...", "score": X, "device": null}]
        """

    let query: String
    let limit: Int
    let project: ProjectChoice
    let peers: PeerChoice

    init(parsing arguments: inout ArgumentList) throws(UsageError) {
        project = try ProjectChoice(parsing: &arguments)
        peers = try PeerChoice(parsing: &arguments)
        limit = try arguments.limit(default: 10)
        query = try arguments.positionals().joined(separator: " ")
        if query.allSatisfy(\.isWhitespace) { throw UsageError("missing QUERY") }
    }

    func run(_ context: Context) async throws {
        let scope = try project.scope(context, defaultDirectory: nil)
        let peers = try self.peers.peers(context)
        let store = try context.openStoreToRead()
        let page = try await Searcher(store: store, peers: context.openPeers(peers)).page(
            query, offset: 0, limit: limit, scope: scope)
        context.note(page.skippedPeers, Self.name)
        let hits = page.hits
        if context.json { return try context.printJSON(hits) }
        var table = Table(
            .init(header: "RECORD"), .init(header: "SCORE", rightAligned: true), .init(header: "SNIPPET"))
        for hit in hits {
            table.append(hit.reference, hit.score.twoDecimals, hit.snippet)
        }
        if hits.isEmpty {
            StandardStream.out("no matches")
        } else {
            context.printTable(table)
        }
    }
}
