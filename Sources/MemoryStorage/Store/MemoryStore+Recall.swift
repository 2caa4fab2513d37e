import FoundationEssentials
import MemoryModel
import SQLiteKit

/// The reads behind recall (`Recaller` ranks them).
extension MemoryStore {
    /// Turns of the recall index matching `words`, best BM25 first, forgotten ones left out.
    ///
    /// FTS5 ranks before anything is joined, so only the best turns are read; and on a large
    /// store the rows it scores are bounded (`recallExpression`), so recall stays fast at a
    /// million memories.
    package func recallTurns(matching words: [String], weights: RecallWeights) throws -> [RecallTurn] {
        guard !words.isEmpty else { return [] }
        return try reading { connection in
            let expression = try Self.recallExpression(words, connection)
            let ranked = try connection.prepare(
                """
                SELECT s.id, r.rank, s.content, s.session, s.source, s.created_at, s.importance, s.ltm_id,
                       s.status = 'forgotten'
                FROM (SELECT rowid, bm25(memory_recall, ?, ?, ?, ?) AS rank FROM memory_recall
                      WHERE memory_recall MATCH ? AND rowid > ? ORDER BY rank, rowid LIMIT ?) r
                JOIN short_term_memories s ON s.id = r.rowid ORDER BY r.rank, r.rowid
                """)
            // Forgotten turns stay in the index: read further until enough remembered ones are found.
            var limit = weights.candidates
            while true {
                var read = 0
                let turns = try ranked.bind([
                    weights.textWeight, weights.speakerWeight, weights.contextWeight, weights.dateWeight,
                    expression.match, expression.after, limit,
                ]).rows { row -> RecallTurn? in
                    read += 1
                    guard row.int64(8) == 0 else { return nil }
                    return RecallTurn(
                        id: row.int64(0), bm25: row.double(1), text: row.text(2), session: row.text(3),
                        speaker: row.text(4), createdAt: Self.timestamp(row, 5),
                        importance: row.optionalDouble(6),
                        longTermID: row.optionalInt64(7))
                }.compactMap { $0 }
                if turns.count >= weights.candidates || read < limit {
                    return Array(turns.prefix(weights.candidates))
                }
                limit *= 4
            }
        }
    }

    /// How many turns recall scores at most: BM25 in FTS5 scores every turn the expression
    /// matches (about a microsecond each), so a store of a million turns, where "time" alone
    /// matches 41,000, must not put every common word in the expression.
    static let recallScoredRows = 4_000

    /// The FTS5 expression recall ranks by, and the rowid the turns it scores come after.
    ///
    /// While all of `words` together match at most `recallScoredRows` turns (always, on a store
    /// of a few thousand memories), every word is in it, ORed, as plain BM25 has it. Beyond
    /// that, rare words first: the rarest words whose matches fit in the bound, ORed; when even
    /// the rarest word matches more, the words ANDed from the rarest on until the conjunction
    /// fits; and when all of them together still match more, the newest turns that match them.
    /// Counting a word's matches stops at the bound, so deciding costs little.
    static func recallExpression(_ words: [String], _ connection: Connection) throws -> (
        match: String, after: Int64
    ) {
        let bound = recallScoredRows
        let counter = try connection.prepare(
            "SELECT count(*) FROM (SELECT rowid FROM memory_recall WHERE memory_recall MATCH ? LIMIT ?)")
        func matches(_ expression: String) throws -> Int {
            Int(try counter.bind([expression, bound + 1]).firstRow { $0.int64(0) } ?? 0)
        }
        let phrases = words.map { "\"\($0)\"" }
        let counts = try phrases.map(matches)
        if counts.reduce(0, +) <= bound { return (phrases.joined(separator: " OR "), 0) }
        let rarestFirst = phrases.indices.sorted { (counts[$0], $0) < (counts[$1], $1) }
        var rare: [String] = []
        var total = 0
        for index in rarestFirst where total + counts[index] <= bound {
            total += counts[index]
            rare.append(phrases[index])
        }
        if !rare.isEmpty { return (rare.joined(separator: " OR "), 0) }
        var conjunction: [String] = []
        for (position, index) in rarestFirst.enumerated() {
            conjunction.append(phrases[index])
            // All the words together are not counted first: the look-up of the newest below
            // tells as much (nothing past the bound), and each evaluation decodes every doclist.
            guard position < rarestFirst.count - 1 else { break }
            let match = conjunction.joined(separator: " AND ")
            if try matches(match) <= bound { return (match, 0) }
        }
        let match = conjunction.joined(separator: " AND ")
        let newest = try connection.prepare(
            "SELECT rowid FROM memory_recall WHERE memory_recall MATCH ? ORDER BY rowid DESC LIMIT 1 OFFSET ?"
        ).bind([match, bound]).firstRow { $0.int64(0) }
        return (match, newest ?? 0)
    }

    /// Recalled memories as they were, but each long-term one with its session, source and
    /// source ids, from its sources.
    package func withProvenance(_ memories: [Recall.Memory]) throws -> [Recall.Memory] {
        try withConnection { connection in
            let sources = try connection.prepare(
                """
                SELECT s.id, s.session, s.source FROM long_term_sources p JOIN short_term_memories s ON s.id = p.stm_id
                WHERE p.ltm_id = ? ORDER BY s.created_at, s.id LIMIT ?
                """)
            let count = try connection.prepare("SELECT count(*) FROM long_term_sources WHERE ltm_id = ?")
            return try memories.map { memory in
                guard memory.kind == "ltm" else { return memory }
                var detailed = memory
                let listed = try sources.bind([memory.id, Recall.listedSources]).rows {
                    ($0.int64(0), $0.optionalText(1), $0.optionalText(2))
                }
                detailed.sources = listed.map(\.0)
                detailed.session = listed.first?.1
                detailed.source = listed.first?.2
                detailed.sourceCount = try count.bind([memory.id]).firstRow { Int($0.int64(0)) } ?? 0
                return detailed
            }
        }
    }

    /// Named entities (people, organisations, places, speakers) with one of these alias keys,
    /// and every speaker when `speakers` is set, by id; only those an assistant may be shown
    /// (`rememberedEntity`).
    package func namedEntities(aliasKeys: [String], speakers: Bool) throws -> [Recall.NamedEntity] {
        try withConnection { connection in
            let lookup = try connection.prepare(
                """
                SELECT DISTINCT e.id, e.name, e.kind FROM entity_aliases a JOIN entities e ON e.id = a.entity_id
                WHERE a.alias_key = ? AND e.kind IN ('person', 'organization', 'place', 'speaker')
                  AND \(Self.rememberedEntity)
                """)
            func entity(_ row: Row) -> Recall.NamedEntity {
                Recall.NamedEntity(id: EntityID(row.int64(0)), name: row.text(1), kind: row.text(2))
            }
            var found: [Recall.NamedEntity] = []
            var seen: Set<EntityID> = []
            for key in aliasKeys.sorted() {
                for named in try lookup.bind([key]).rows(entity) where seen.insert(named.id).inserted {
                    found.append(named)
                }
            }
            if speakers {
                for named in try connection.prepare(
                    "SELECT e.id, e.name, e.kind FROM entities e WHERE e.kind = 'speaker' AND \(Self.rememberedEntity) ORDER BY e.id"
                )
                .rows(entity) where seen.insert(named.id).inserted {
                    found.append(named)
                }
            }
            return found.sorted { $0.id < $1.id }
        }
    }

    /// Open typed edges of these entities that some remembered memory supports (a fact learnt
    /// only from forgotten memories is not recalled): those touching `first` first, then
    /// strongest first.
    package func facts(about entities: [EntityID], first: [EntityID], limit: Int = 20) throws
        -> [Recall.Fact]
    {
        guard !entities.isEmpty else { return [] }
        return try withConnection { connection in
            let ids = entities.map { String($0.rawValue) }.joined(separator: ", ")
            let firstIDs = first.map { String($0.rawValue) }.joined(separator: ", ")
            return try connection.prepare(
                """
                SELECT s.name, r.predicate, o.name, r.valid_from
                FROM relations r JOIN entities s ON s.id = r.subject_id JOIN entities o ON o.id = r.object_id
                WHERE r.valid_to IS NULL AND r.predicate <> 'co_occurs'
                  AND (r.subject_id IN (\(ids)) OR r.object_id IN (\(ids)))
                  AND \(Self.rememberedSupport)
                ORDER BY (r.subject_id IN (\(firstIDs)) OR r.object_id IN (\(firstIDs))) DESC,
                    r.weight DESC, r.last_seen DESC, r.id LIMIT ?
                """, cached: false
            ).bind([limit]).rows { row in
                Recall.Fact(
                    subject: row.text(0), predicate: row.text(1), object: row.text(2),
                    since: Self.timestamp(row, 3))
            }
        }
    }
}
