import FoundationEssentials
import MCPProtocol
import MemoryEngines
import MemoryModel
import MemoryPasses
import MemoryStorage

// MARK: - remember, recall, search

extension MCPToolbox {
    func rememberTool(_ arguments: ToolArguments) async throws -> ToolResult {
        var createdAt: Timestamp?
        if let at = arguments.string("at") {
            guard let time = Timestamp(iso8601: at) else {
                throw ToolFailure("at: '\(at)' is not an ISO-8601 time; use e.g. 2026-11-02T09:30:00Z")
            }
            createdAt = time
        }
        // The server's project unless one is given; "" for none.
        var project = self.project?.directory
        if let given = arguments.string("project") { project = given.isEmpty ? nil : try directory(given).directory }
        let memory = NewMemory(
            content: arguments.string("content") ?? "", session: arguments.string("session"),
            source: arguments.string("source"), importance: arguments.double("importance"), createdAt: createdAt,
            project: project)
        // Refused before the database is opened or created, as `memctl add` does.
        do throws(InvalidMemory) {
            try memory.validate()
        } catch {
            throw ToolFailure("not remembered: \(error.reason)")
        }
        let id = try await store.open(forWriting: true).add(memory)
        return ToolResult(
            text: "Remembered as stm:\(id). It becomes long-term memory at memoryd's next consolidation.",
            structured: ["id": .integer(id.rawValue), "ref": .string("stm:\(id)")])
    }

    func recallTool(_ arguments: ToolArguments) async throws -> ToolResult {
        let query = try arguments.text("query")
        let limit = try arguments.integer("limit", in: 1...50, default: 50)
        let maximumWords = try arguments.integer("max_words", in: RecallContext.budgets, default: 400)
        let scope = try scope(arguments)
        // No database yet: nothing was remembered, which is an answer, not a failure.
        let recall =
            if let opened = try await store.openIfPresent() {
                try await withPeers(besides: opened) { peers in
                    try await Recaller(store: opened, peers: peers).recall(query, limit: limit, quoting: true, scope: scope)
                }
            } else {
                Recall(memories: [], entities: [], facts: [])
            }
        return RecallDigest(recall, query: query, maximumWords: maximumWords).result
    }

    func searchTool(_ arguments: ToolArguments) async throws -> ToolResult {
        let query = try arguments.text("query")
        let limit = try arguments.integer("limit", in: 1...50, default: 10)
        let scope = try scope(arguments)
        let offset =
            try arguments.string("cursor").map { cursor throws(ToolFailure) in
                try SearchCursor(cursor, query: query).offset
            } ?? 0
        let (hits, more, skipped) =
            if let opened = try await store.openIfPresent() {
                try await withPeers(besides: opened) { peers in
                    try await Searcher(store: opened, peers: peers).page(query, offset: offset, limit: limit, scope: scope)
                }
            } else {
                ([SearchHit](), false, [SkippedPeer]())
            }
        let next =
            more && offset + limit <= SearchCursor.maximumOffset
            ? SearchCursor(query: query, offset: offset + limit) : nil
        var lines = hits.map { "\($0.reference) (\($0.score.twoDecimals)) \($0.snippet.replacingLineBreaks())" }
        if hits.isEmpty { lines = [offset == 0 ? "No memory matches \(query)." : "No more matches."] }
        if let next { lines.append("More: call search again with cursor \(next.text).") }
        return ToolResult(
            text: lines.joined(separator: "\n"),
            structured: [
                "hits": .array(
                    hits.map {
                        [
                            "ref": .string($0.reference), "snippet": .string($0.snippet),
                            "score": .double(Self.rounded($0.score)), "device": JSONValue($0.device),
                        ]
                    }),
                "next_cursor": JSONValue(next?.text),
                "skipped_peers": RecallDigest.skipped(skipped),
            ],
            notes: RecallDigest.notes(skipped))
    }

    /// `read` with the peers opened read-only for this call beside `store`, and closed after it:
    /// a replica restored since the last call is read as it is now.
    func withPeers<T: Sendable>(besides store: MemoryStore, _ read: (PeerStores) async throws -> T) async throws -> T {
        let peers = PeerStores.open(
            self.peers, besides: store.path, busyTimeoutMilliseconds: await self.store.busyTimeoutMilliseconds,
            pageCacheKibibytes: nil)
        do {
            let value = try await read(peers)
            await peers.close()
            return value
        } catch {
            await peers.close()
            throw error
        }
    }

    /// Scores to three decimals: more is noise to a reader.
    static func rounded(_ score: Double) -> Double { (score * 1000).rounded() / 1000 }
}

// MARK: - Projects

extension MCPToolbox {
    /// The memories a read tool sees: `all_projects`, else the `project` given, else the server's.
    func scope(_ arguments: ToolArguments) throws(ToolFailure) -> ProjectScope? {
        if arguments.bool("all_projects") == true {
            guard arguments.string("project") == nil else {
                throw ToolFailure("project and all_projects exclude each other; give one")
            }
            return nil
        }
        guard let given = arguments.string("project") else { return project }
        return try directory(given)
    }

    /// A `project` argument as a scope: absolute, `~/…`, or relative to where the server runs.
    func directory(_ given: String) throws(ToolFailure) -> ProjectScope {
        guard let directory = ProjectScope.normalized(given, workingDirectory: workingDirectory, home: home) else {
            throw ToolFailure("project: '\(given)' is not a directory path; give an absolute one")
        }
        return ProjectScope(directory: directory)
    }
}
