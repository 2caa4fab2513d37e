import MCPServer
import MemoryEngines
import MemoryModel
import MemoryPasses
import MemoryStorage
import FoundationEssentials
import SystemSupport

struct RecallCommand: Command {
    static let name = "recall"
    static let summary = "What an assistant should be reminded of for a query"
    static let help = """
        Usage: memctl recall QUERY [--limit N] [--max-words N] [--project DIR | --all-projects]
                             [--peer [NAME=]DB]... [--no-peers] [--json]

        Returns the long-term memories and pending short-term memories that best match QUERY,
        scored by text relevance (BM25), recency, importance and long-term strength (see
        docs/RECALL.md for the weights), plus the entities QUERY names ("I", "me" and "my" name
        the user) and their current facts: relations that hold now.

          --limit N       at most N memories (default 10; with --max-words, 50)
          --max-words N   what an assistant reads, in at most N words (20-5000): the text of the
                          MCP recall tool. The facts that bear on QUERY, then one line per
                          memory, "[day said] who: passage"; a long memory is quoted as the
                          passage that matches QUERY, its cuts marked "…".
                          JSON: {"text", "words", "memories": [{"ref", "text", "cut", "said_on",
                          "said_by", "turn", ...}], "entities", "facts", "truncated"}

          --project DIR   only the memories of that project and those of no project; a
                          directory inside a project sees the project's (docs/PROJECTS.md)
          --all-projects  every memory (the default)

          --peer [NAME=]DB  also recall from another device's database (read-only), its lines
                          marked with NAME (default: the file's name without extension); again
                          for each. Replaces the peers setting ($MEMORYD_PEERS, else peers in
                          ~/.config/memoryd/memoryd.conf) for this call (docs/PEERS.md).
          --no-peers      this device's database alone
          A peer's memories rank together with this device's and are marked: desktop:ltm:3 in
          MEMORY, "who@desktop:" in a --max-words line, "device" in JSON (null for this
          device's). A peer that cannot be read is skipped with a line on standard error.

        Each memory comes with when it was said (UTC; for a long-term memory the times of its
        earliest and latest sources), its session, who said it (its source), and for a long-term
        memory the short-term memories it was made from.

        JSON: {"memories": [{"kind", "id", "text", "score", "created_at", "first_added_at",
                             "last_added_at", "session", "source", "sources", "source_count",
                             "device"}],
               "entities": [{"id", "name", "kind", "device"}],
               "facts": [{"subject", "predicate", "object", "since", "device"}],
               "skipped_peers": [{"name", "path", "reason"}]}
              first_added_at, last_added_at, sources (at most 20 ids, oldest first) and
              source_count are null for a short-term memory.
        """

    let query: String
    let limit: Int
    let maximumWords: Int?
    let project: ProjectChoice
    let peers: PeerChoice

    init(parsing arguments: inout ArgumentList) throws(UsageError) {
        project = try ProjectChoice(parsing: &arguments)
        peers = try PeerChoice(parsing: &arguments)
        let budgets = RecallContext.budgets
        maximumWords = try arguments.option("--max-words", "a whole number from \(budgets.lowerBound) to \(budgets.upperBound)") {
            Int($0).flatMap { budgets.contains($0) ? $0 : nil }
        }
        limit = try arguments.limit(default: maximumWords == nil ? 10 : 50)
        query = try arguments.positionals(named: "QUERY")[0]
        guard !query.allSatisfy(\.isWhitespace) else { throw UsageError("QUERY is empty") }
    }

    func run(_ context: Context) async throws {
        let scope = try project.scope(context, defaultDirectory: nil)
        let peers = try self.peers.peers(context)
        let store = try context.openStoreToRead()
        let peerStores = context.openPeers(peers)
        let recall = try await Recaller(store: store, peers: peerStores).recall(
            query, limit: limit, quoting: maximumWords != nil, scope: scope)
        context.note(recall.skippedPeers, Self.name)
        if let maximumWords {
            let digest = RecallDigest(recall, query: query, maximumWords: maximumWords)
            if context.json { return try context.printJSON(digest.structured) }
            return StandardStream.out(digest.context.text)
        }
        if context.json { return try context.printJSON(recall) }
        // A conversation imported from a chat export is shown by its title (a peer's, from its
        // own database).
        let titles = try await store.inspecting {
            try $0.sessionTitles(
                Set(recall.memories.filter { $0.device == nil }.compactMap(\.session)))
        }
        var peerTitles: [String: [String: String]] = [:]
        for opened in peerStores.opened {
            let sessions = Set(recall.memories.filter { $0.device == opened.peer.name }.compactMap(\.session))
            // Titles only name sessions: a peer that fails now shows its sessions' ids, as
            // one without titles does, rather than failing a recall already made.
            if !sessions.isEmpty {
                peerTitles[opened.peer.name] = try? await opened.store.inspecting { try $0.sessionTitles(sessions) }
            }
        }
        Self.print(recall, context) { memory in
            memory.session.map { session in
                (memory.device.map { peerTitles[$0] ?? [:] } ?? titles)[session] ?? session
            } ?? "-"
        }
    }

    /// `stm:12`, or `ltm:3 from stm:1,2,5 +4` (the first sources and how many more); a peer's
    /// prefixed with its device, `desktop:ltm:3 from stm:…`.
    static func reference(_ memory: Recall.Memory) -> String {
        guard let sources = memory.sources else { return memory.reference }
        let shown = sources.prefix(3).map(String.init).joined(separator: ",")
        let more = (memory.sourceCount ?? sources.count) - min(3, sources.count)
        return "\(memory.reference) from stm:\(shown)" + (more > 0 ? " +\(more)" : "")
    }

    /// When it was said: one time, or the first and the last day a long-term memory was added to.
    static func when(_ memory: Recall.Memory) -> String {
        guard let first = memory.firstAddedAt, let last = memory.lastAddedAt, last.day != first.day else {
            return memory.createdAt.minutes
        }
        return "\(first.day) … \(last.day)"
    }

    /// `session` shows a memory's session (a chat export's by its title).
    static func print(
        _ recall: Recall, _ context: Context, session: (Recall.Memory) -> String = { $0.session ?? "-" }
    ) {
        if recall.memories.isEmpty {
            StandardStream.out("memories: none match")
        } else {
            var table = Table(
                .init(header: "SCORE", rightAligned: true), .init(header: "MEMORY"), .init(header: "WHEN (UTC)"),
                .init(header: "SESSION", maximumWidth: 24), .init(header: "WHO", maximumWidth: 16), .init(header: "TEXT"))
            for memory in recall.memories {
                table.append(
                    memory.score.fixed(3), reference(memory), when(memory),
                    session(memory),
                    memory.source ?? "-", memory.text)
            }
            context.printTable(table)
        }
        if !recall.entities.isEmpty {
            StandardStream.out(
                "entities: " + recall.entities.map { "\($0.name) (\($0.kind), \($0.reference))" }.joined(separator: ", "))
        }
        if !recall.facts.isEmpty {
            StandardStream.out("facts:")
            for fact in recall.facts {
                StandardStream.out(
                    "  \(fact.subject) \(fact.predicate) \(fact.object)  (since \(fact.since.minutes)"
                        + (fact.device.map { ", on \($0)" } ?? "") + ")")
            }
        }
    }
}
