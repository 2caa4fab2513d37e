import FoundationEssentials
import MemoryModel
import SQLiteKit

/// The reads behind recall and the session briefing (`Recaller` ranks them).
package struct StoreRecall: StoreFeature {
    package let connection: Connection

    package init(_ connection: Connection) { self.connection = connection }
}

/// The reads behind recall (`Recaller` ranks them).
extension StoreRecall {
    /// Turns of the recall index matching `words`, best BM25 first, forgotten ones left out.
    ///
    /// FTS5 scores the turns before anything is joined, and only the best are read; on a large
    /// store the turns it scores are bounded (`recallExpression`), so recall stays fast at a
    /// million memories.
    /// With `scope`, a turn of another project is left out as a forgotten one is
    /// (docs/PROJECTS.md).
    package func recallTurns(matching words: [String], weights: RecallWeights, scope: ProjectScope? = nil) throws
        -> [RecallTurn]
    {
        guard !words.isEmpty else { return [] }
        return try connection.reading {
            let expression = try Self.recallExpression(words, connection)
            return try Self.recallTurns(expression, counts: expression.counts, totals: nil, weights, scope, connection)
        }
    }

    /// How this database's recall index is read for `words` (not empty): the expression it
    /// scores, and what it knows of the words, for recall over several databases to add up
    /// (`recallTurns(_:corpus:weights:scope:)`). A word past the bound has its count estimated
    /// as the expression's are (`estimatedCount`).
    package func recallPlan(matching words: [String]) throws -> RecallPlan {
        try connection.reading {
            let expression = try Self.recallExpression(words, connection)
            let bound = Self.recallScoredRows
            let span = try expression.found.contains { $0.count > bound } ? Self.rowidSpan(connection) : 0...0
            let counts = expression.found.map { found in
                found.count > bound
                    ? Self.estimatedCount(firstMatches: bound + 1, endingAt: found.last, in: span) : Int64(found.count)
            }
            let totals = try connection.totals(ofFTS5Table: "memory_recall")
            return RecallPlan(
                corpus: RecallCorpus(counts: counts, rows: totals.rows, tokens: totals.tokens), expression: expression)
        }
    }

    /// The turns `plan` reads, best first, each scored against `corpus` (this database's and its
    /// peers' indexes together, in the order of the plan's words) rather than this index alone:
    /// BM25 on one scale for every database. Otherwise as `recallTurns(matching:weights:scope:)`.
    package func recallTurns(_ plan: RecallPlan, corpus: RecallCorpus, weights: RecallWeights, scope: ProjectScope?)
        throws -> [RecallTurn]
    {
        try connection.reading {
            let counts = plan.expression.terms.map { corpus.counts[$0] }
            return try Self.recallTurns(
                plan.expression, counts: counts, totals: (corpus.rows, corpus.tokens), weights, scope, connection)
        }
    }

    /// The turns `expression` matches, best first: the newest it matches, each with its score.
    /// With every word's count known, that is `bm25()`'s score; `bm25_counted` is given the
    /// counts rather than read every word's whole doclist again to count it, and each turn's
    /// length from the join rather than a statement of FTS5's own per turn. With `totals`, the
    /// score is against that corpus rather than this table (recall over several databases).
    private static func recallTurns(
        _ expression: RecallExpression, counts: [Int64], totals: (rows: Int64, tokens: Int64)?,
        _ weights: RecallWeights, _ scope: ProjectScope?, _ connection: Connection
    ) throws -> [RecallTurn] {
        let phrases = String(repeating: ", ?", count: counts.count)
        let corpus: [(any SQLiteBindable)?] = totals.map { [$0.rows, $0.tokens] } ?? []
        let scoredRows = expression.fits ? recallScoredRows : recallNewestRows
        // FTS5 walks a doclist backwards at about twice the cost of forwards: the oldest first
        // when every match is scored anyway, and the newest first only past the bound.
        let scored = try connection.prepare(
            """
            SELECT memory_recall.rowid, \(Connection.countedBM25)(memory_recall, ?, ?, ?, ?\(phrases), d.sz\(totals == nil ? "" : ", ?, ?"))
            FROM memory_recall LEFT JOIN memory_recall_docsize d ON d.id = memory_recall.rowid
            WHERE memory_recall MATCH ? ORDER BY memory_recall.rowid \(expression.fits ? "ASC" : "DESC") LIMIT ?
            """, cached: false
        ).bind(
            [weights.textWeight, weights.speakerWeight, weights.contextWeight, weights.dateWeight]
                + counts.map { $0 } + corpus + [expression.match, scoredRows]
        ).rows { (id: $0.int64(0), rank: $0.double(1)) }
        let turn = try connection.prepare("SELECT \(recallTurnColumns("t")) FROM short_term_memories t WHERE t.id = ?")
        // Forgotten turns stay in the index: read on until enough remembered ones are found. The
        // scored turns come off a heap best first, so only as many are ordered as are read (200
        // of 4,000, usually) rather than all of them sorted.
        var turns: [RecallTurn] = []
        var best = BestFirst(scored)
        while turns.count < weights.candidates, let (id, rank) = best.next() {
            let read = try turn.bind([id]).firstRow { recallTurn($0, bm25: rank) }
            if let read, !read.forgotten, scope?.contains(read.project) ?? true { turns.append(read.turn) }
        }
        return turns
    }

    /// What recall reads of a turn of `table` (an alias of `short_term_memories`), in the order
    /// `recallTurn(_:bm25:)` takes it.
    private static func recallTurnColumns(_ table: String) -> String {
        ["id", "content", "session", "source", "created_at", "importance", "ltm_id", "project"].map { "\(table).\($0)" }
            .joined(separator: ", ") + ", \(table).status = 'forgotten'"
    }

    /// A turn read by `recallTurnColumns`, with its BM25, its project, and whether it was forgotten.
    private static func recallTurn(_ row: Row, bm25: Double) -> (turn: RecallTurn, project: String?, forgotten: Bool) {
        let turn = RecallTurn(
            id: row.int64(0), bm25: bm25, text: row.text(1), session: row.text(2), speaker: row.text(3),
            createdAt: StoreRows.timestamp(row, 4), importance: row.optionalDouble(5), longTermID: row.optionalInt64(6))
        return (turn, row.optionalText(7), row.int64(8) != 0)
    }

    /// Scored turns best first (lowest rank, then lowest id), taken one at a time off a binary
    /// heap: building it is linear, and each turn taken costs a logarithm of the rest.
    struct BestFirst {
        private var heap: [(id: Int64, rank: Double)]

        init(_ rows: [(id: Int64, rank: Double)]) {
            heap = rows
            for index in stride(from: heap.count / 2 - 1, through: 0, by: -1) { siftDown(index) }
        }

        private static func precedes(_ a: (id: Int64, rank: Double), _ b: (id: Int64, rank: Double)) -> Bool {
            a.rank < b.rank || (a.rank == b.rank && a.id < b.id)
        }

        private mutating func siftDown(_ start: Int) {
            var parent = start
            while true {
                let left = 2 * parent + 1
                guard left < heap.count else { return }
                var child = left
                if left + 1 < heap.count, Self.precedes(heap[left + 1], heap[left]) { child = left + 1 }
                guard Self.precedes(heap[child], heap[parent]) else { return }
                heap.swapAt(parent, child)
                parent = child
            }
        }

        mutating func next() -> (id: Int64, rank: Double)? {
            guard !heap.isEmpty else { return nil }
            heap.swapAt(0, heap.count - 1)
            let first = heap.removeLast()
            siftDown(0)
            return first
        }
    }

    /// How many turns recall scores at most: FTS5 scores every turn it is given (a few
    /// microseconds each), so a store of a million turns, where "time" alone matches 41,000,
    /// must not put every common word in the expression.
    static let recallScoredRows = 4_000

    /// How many of the newest matches recall scores when every query word, and all of them
    /// ANDed, match more turns than `recallScoredRows`: a window walked newest first, where each
    /// turn costs about twice what it costs oldest first, plus its length's page. 1,000 is five
    /// times the candidates read (`RecallWeights.candidates`). No LoCoMo question spread through a
    /// million memories reaches this case (docs/RECALL.md, "What the bound costs at scale").
    static let recallNewestRows = 1_000

    /// The FTS5 expression recall ranks by, and how many turns each of its phrases matches, in
    /// the order they appear in it (what BM25's IDF needs).
    ///
    /// While all of `words` together match at most `recallScoredRows` turns (always, on a store
    /// of a few thousand memories), every word is in it, ORed, as plain BM25 has it. Beyond
    /// that, rare words first: the rarest words whose matches fit in the bound, ORed; when even
    /// the rarest word matches more, the words ANDed from the rarest on until the conjunction
    /// fits, and when all of them together still match more, the newest `recallNewestRows`
    /// turns that match them are scored. Counting a word's matches stops past the bound, so
    /// deciding costs little; a word counted past it has its count estimated from where its
    /// first matches lie (`estimatedCount`).
    static func recallExpression(_ words: [String], _ connection: Connection) throws -> RecallExpression {
        let bound = recallScoredRows
        // Whether an expression matches more than the bound: the rowid of its match one past it,
        // if any. FTS5 walks the matches inside the statement (`OFFSET`), at half the instructions
        // a row of `count(*)` over a `LIMIT` subquery takes (a coroutine and two aggregates per row).
        let beyond = try connection.prepare(
            "SELECT rowid FROM memory_recall WHERE memory_recall MATCH ? ORDER BY rowid LIMIT 1 OFFSET ?")
        func pastBound(_ expression: String) throws -> Int64? {
            try beyond.bind([expression, bound]).firstRow { $0.int64(0) }
        }
        // The matches of one that fits, counted (BM25's IDF needs them): a second walk, over at
        // most `bound` matches.
        let counter = try connection.prepare("SELECT count(*) FROM memory_recall WHERE memory_recall MATCH ?")
        /// How many turns `expression` matches, up to one past the bound, and the rowid of that
        /// one past it (0 when they fit: only a word past the bound has its count estimated from it).
        func matches(_ expression: String) throws -> (count: Int, last: Int64) {
            if let past = try pastBound(expression) { return (bound + 1, past) }
            return (Int(try counter.bind([expression]).firstRow { $0.int64(0) } ?? 0), 0)
        }
        let phrases = words.map { "\"\($0)\"" }
        let found = try phrases.map(matches)
        let counts = found.map(\.count)
        func expression(_ terms: [Int], _ operator: String, counts: [Int64], fits: Bool) -> RecallExpression {
            RecallExpression(
                match: terms.map { phrases[$0] }.joined(separator: " \(`operator`) "), terms: terms, counts: counts,
                fits: fits, found: found)
        }
        if counts.reduce(0, +) <= bound {
            return expression(Array(phrases.indices), "OR", counts: counts.map(Int64.init), fits: true)
        }
        let rarestFirst = phrases.indices.sorted { (counts[$0], $0) < (counts[$1], $1) }
        var rare: [Int] = []
        var total = 0
        for index in rarestFirst where total + counts[index] <= bound {
            total += counts[index]
            rare.append(index)
        }
        if !rare.isEmpty {
            return expression(rare, "OR", counts: rare.map { Int64(counts[$0]) }, fits: true)
        }
        // Every word matches more turns than the bound.
        let span = try rowidSpan(connection)
        var conjunction: [Int] = []
        for (position, index) in rarestFirst.enumerated() {
            conjunction.append(index)
            let match = conjunction.map { phrases[$0] }.joined(separator: " AND ")
            // The rarest word alone was counted above, and all the words together are not counted:
            // past the bound, the newest are scored anyway.
            let last = position == rarestFirst.count - 1
            if try last || (position > 0 && pastBound(match) == nil) {
                let counts = conjunction.map {
                    estimatedCount(firstMatches: bound + 1, endingAt: found[$0].last, in: span)
                }
                return expression(conjunction, "AND", counts: counts, fits: !last)
            }
        }
        preconditionFailure("the loop returns at the last word")
    }

    /// The FTS5 expression recall ranks by (`recallExpression`).
    struct RecallExpression: Sendable {
        let match: String
        /// The query's words in it, by index, in the order they appear.
        let terms: [Int]
        /// How many turns each of them matches (what BM25's IDF needs), in the same order.
        let counts: [Int64]
        /// Every match is scored; else only the newest `recallNewestRows`.
        let fits: Bool
        /// Each query word's matches as counted: up to one past the bound, and the rowid of that
        /// one past it (0 when they fit).
        let found: [(count: Int, last: Int64)]
    }

    /// How many turns a word matches, from the rowid of its `firstMatches`-th match (the oldest
    /// first): as many more as there are turns after that, at the same rate. Counting them all
    /// reads the word's whole doclist (6 ms for "like" on a million turns).
    static func estimatedCount(firstMatches: Int, endingAt last: Int64, in span: ClosedRange<Int64>) -> Int64 {
        let covered = max(1, last - span.lowerBound + 1)
        let estimate = Double(firstMatches) * Double(span.count) / Double(covered)
        return min(Int64(span.count), max(Int64(firstMatches), Int64(estimate.rounded())))
    }

    /// The first and last rowid of the recall index.
    static func rowidSpan(_ connection: Connection) throws -> ClosedRange<Int64> {
        let first = try connection.scalarInt("SELECT rowid FROM memory_recall ORDER BY rowid LIMIT 1") ?? 0
        let last = try connection.scalarInt("SELECT rowid FROM memory_recall ORDER BY rowid DESC LIMIT 1") ?? first
        return first...max(first, last)
    }

    /// The `count` turns after each of `turns` in its session, in order (by time, then id, as
    /// the recall index's context is chosen): where the thread a matched turn began goes on. Each
    /// is read with a BM25 of 0, as matching nothing; a forgotten one is listed, marked, as it
    /// still tells who spoke.
    /// With `scope`, a turn of another project is left out.
    package func turnsAfter(_ turns: [RecallTurn], count: Int, scope: ProjectScope? = nil) throws
        -> [Int64: [RecallFollowingTurn]]
    {
        guard !turns.isEmpty, count > 0 else { return [:] }
        return try connection.reading {
            let next = try connection.prepare(
                """
                SELECT \(Self.recallTurnColumns("n"))
                FROM short_term_memories t JOIN short_term_memories n
                  ON n.session = t.session AND (n.created_at, n.id) > (t.created_at, t.id)
                WHERE t.id = ? ORDER BY n.created_at, n.id LIMIT ?
                """)
            var following: [Int64: [RecallFollowingTurn]] = [:]
            for turn in turns {
                following[turn.id] = try next.bind([turn.id, count]).rows(upTo: count) { row in
                    let read = Self.recallTurn(row, bm25: 0)
                    guard scope?.contains(read.project) ?? true else { return nil }
                    return RecallFollowingTurn(turn: read.turn, forgotten: read.forgotten)
                }
            }
            return following
        }
    }

    /// Recalled memories as they were, but each long-term one with its session, source and
    /// source ids, from its sources.
    package func withProvenance(_ memories: [Recall.Memory]) throws -> [Recall.Memory] {
        // Only long-term memories have sources: with none, the statements need not be prepared.
        guard memories.contains(where: { $0.kind == "ltm" }) else { return memories }
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

    /// Recalled memories as they were, but each matched turn with the end of the turn before it
    /// (`Recall.Turn.before`) as the recall index holds it: the question a reply may answer. One
    /// look-up by rowid a memory.
    package func withTurnsBefore(_ memories: [Recall.Memory]) throws -> [Recall.Memory] {
        let context = try connection.prepare("SELECT context FROM memory_recall WHERE rowid = ?")
        return try memories.map { memory in
            guard let turn = memory.matched else { return memory }
            var detailed = memory
            let before = try context.bind([turn.id]).firstRow { $0.optionalText(0) }.flatMap { $0 }
            detailed.matched?.before = before?.isEmpty == false ? before : nil
            return detailed
        }
    }

    /// Named entities (people, organisations, places, speakers) with one of these alias keys,
    /// and every speaker when `speakers` is set, by id; only those an assistant may be shown
    /// (`rememberedEntity`).
    package func namedEntities(aliasKeys: [String], speakers: Bool) throws -> [Recall.NamedEntity] {
        let lookup = try connection.prepare(
            """
            SELECT DISTINCT e.id, e.name, e.kind FROM entity_aliases a JOIN entities e ON e.id = a.entity_id
            WHERE a.alias_key = ? AND e.kind IN ('person', 'organization', 'place', 'speaker')
              AND \(StoreInspection.rememberedEntity)
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
                "SELECT e.id, e.name, e.kind FROM entities e WHERE e.kind = 'speaker' AND \(StoreInspection.rememberedEntity) ORDER BY e.id"
            )
            .rows(entity) where seen.insert(named.id).inserted {
                found.append(named)
            }
        }
        return found.sorted { $0.id < $1.id }
    }

    /// Open typed edges of these entities that some remembered memory supports (a fact learnt
    /// only from forgotten memories is not recalled): those touching `first` first, then
    /// strongest first, what someone does after the other facts (there are many more of them).
    package func facts(about entities: [EntityID], first: [EntityID], limit: Int = 20) throws
        -> [Recall.Fact]
    {
        guard !entities.isEmpty else { return [] }
        let ids = entities.map { String($0.rawValue) }.joined(separator: ", ")
        let firstIDs = first.map { String($0.rawValue) }.joined(separator: ", ")
        return try connection.prepare(
            """
            SELECT s.name, r.predicate, o.name, r.valid_from
            FROM relations r JOIN entities s ON s.id = r.subject_id JOIN entities o ON o.id = r.object_id
            WHERE r.valid_to IS NULL AND r.predicate <> 'co_occurs'
              AND (r.subject_id IN (\(ids)) OR r.object_id IN (\(ids)))
              AND \(StoreInspection.rememberedSupport)
            ORDER BY (r.subject_id IN (\(firstIDs)) OR r.object_id IN (\(firstIDs))) DESC,
                r.predicate = 'does', r.weight DESC, r.last_seen DESC, r.id LIMIT ?
            """, cached: false
        ).bind([limit]).rows { row in
            Recall.Fact(
                subject: row.text(0), predicate: row.text(1), object: row.text(2),
                since: StoreRows.timestamp(row, 3))
        }
    }

    /// The long-term memories with these ids, without their source counts: what recall quotes.
    package func longTermMemories(_ ids: Set<LongTermMemoryID>) throws -> [LongTermMemoryID: LongTermMemory] {
        // Nothing to read (a recall of turns not yet consolidated): no transaction, no statement.
        guard !ids.isEmpty else { return [:] }
        return try connection.reading {
            let fetch = try connection.prepare(
                """
                SELECT summary, strength, importance, created_at, updated_at, last_reinforced_at
                FROM long_term_memories WHERE id = ?
                """)
            var memories: [LongTermMemoryID: LongTermMemory] = [:]
            for id in ids.sorted() {
                memories[id] = try fetch.bind([id.rawValue]).firstRow { row in
                    LongTermMemory(
                        id: id, summary: row.text(0), strength: row.double(1), importance: row.double(2),
                        createdAt: StoreRows.timestamp(row, 3), updatedAt: StoreRows.timestamp(row, 4),
                        lastReinforcedAt: StoreRows.timestamp(row, 5), sourceCount: 0)
                }
            }
            return memories
        }
    }
}
