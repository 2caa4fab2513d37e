import Foundation

/// What an assistant should be reminded of for a query: `memctl recall`.
public struct Recall: Codable, Sendable, Equatable {
    /// One recalled memory, with what an assistant needs to use it: when it was said, in which
    /// session, by whom, and for a long-term memory what it was made from.
    public struct Memory: Codable, Sendable, Equatable {
        /// `ltm` or `stm`.
        public let kind: String
        public let id: Int64
        public let text: String
        public internal(set) var score: Double
        /// A short-term memory's time; for a long-term memory, the time of its earliest source.
        public internal(set) var createdAt: Timestamp
        /// For a long-term memory: the times of its earliest and latest sources.
        @ExplicitNull public internal(set) var firstAddedAt: Timestamp?
        @ExplicitNull public internal(set) var lastAddedAt: Timestamp?
        /// The session and source (who said it); for a long-term memory, those of its earliest
        /// source.
        @ExplicitNull public internal(set) var session: String?
        @ExplicitNull public internal(set) var source: String?
        /// For a long-term memory: its source short-term memory ids, oldest first (at most
        /// `Recall.listedSources`), and how many it has in all.
        @ExplicitNull public internal(set) var sources: [Int64]?
        @ExplicitNull public internal(set) var sourceCount: Int?
    }

    /// Source ids listed per long-term memory, at most: a much-restated memory has thousands.
    public static let listedSources = 20

    public struct NamedEntity: Codable, Sendable, Equatable {
        public let id: EntityID
        public let name: String
        public let kind: String
    }

    /// An open edge: what holds now.
    public struct Fact: Codable, Sendable, Equatable {
        public let subject: String
        public let predicate: String
        public let object: String
        public let since: Timestamp
    }

    public let memories: [Memory]
    public let entities: [NamedEntity]
    public let facts: [Fact]
}

/// How recall scores a memory, after Generative Agents (Park et al., 2023): a weighted sum of
/// relevance, recency and importance, each in 0…1, plus the strength of a long-term memory.
/// docs/RECALL.md has the reasoning.
public struct RecallWeights: Sendable, Equatable {
    public var relevance = 1.0
    public var recency = 1.0
    public var importance = 1.0
    public var strength = 0.5
    /// Recency is 0.995 per hour since the memory was last added to (about 5.8 days to halve).
    public var recencyDecayPerHour = 0.995
    /// Candidates read from each full-text index before scoring.
    public var candidates = 100

    public init() {}
}

extension MemoryStore {
    public func recall(_ query: String, limit: Int, now: Timestamp = .now, weights: RecallWeights = RecallWeights())
        throws -> Recall
    {
        let words = Self.queryWords(query)
        return try withConnection { connection in
            var scored: [Recall.Memory] = []
            if !words.isEmpty {
                let match = words.map { "\"\($0)\"" }.joined(separator: " OR ")
                scored = try Self.recallCandidates(match, now: now, weights: weights, connection)
                scored.sort { ($0.score, $1.kind, $1.id) > ($1.score, $0.kind, $0.id) }
                scored = try Array(scored.prefix(limit)).map { try Self.withProvenance($0, connection) }
            }
            let entities = try Self.entitiesNamed(in: query, words: words, connection)
            // Facts about what the query names come before the speaker's own facts.
            let named = entities.filter { $0.kind != EntityKind.speaker.rawValue }.map(\.id)
            let facts = try Self.facts(about: entities.map(\.id), first: named, connection)
            return Recall(memories: scored, entities: entities, facts: facts)
        }
    }

    /// A long-term memory's session, source and source ids, from its sources.
    private static func withProvenance(_ memory: Recall.Memory, _ connection: Connection) throws -> Recall.Memory {
        guard memory.kind == "ltm" else { return memory }
        var detailed = memory
        let sources = try connection.prepare(
            """
            SELECT s.id, s.session, s.source FROM long_term_sources p JOIN short_term_memories s ON s.id = p.stm_id
            WHERE p.ltm_id = ? ORDER BY s.created_at, s.id LIMIT ?
            """
        ).bind([memory.id, Recall.listedSources]).rows { ($0.int64(0), $0.optionalText(1), $0.optionalText(2)) }
        detailed.sources = sources.map(\.0)
        detailed.session = sources.first?.1
        detailed.source = sources.first?.2
        detailed.sourceCount = try connection.prepare("SELECT count(*) FROM long_term_sources WHERE ltm_id = ?")
            .bind([memory.id]).firstRow { Int($0.int64(0)) } ?? 0
        return detailed
    }

    /// The query's words for full-text matching: lower-cased, no stop words, no punctuation.
    static func queryWords(_ query: String) -> [String] {
        var seen: Set<String> = []
        return TextTokens(query).tokens.filter(\.isWord).map(\.lower).filter {
            !TextFeatures.stopWords.contains($0) && !$0.contains("\"") && seen.insert($0).inserted
        }
    }

    private static func recallCandidates(
        _ match: String, now: Timestamp, weights: RecallWeights, _ connection: Connection
    ) throws -> [Recall.Memory] {
        // (memory, bm25, last event, importance, strength in 0…1)
        var rows: [(Recall.Memory, Double, Timestamp, Double, Double)] = []
        let strengthHalfLife = Double(ConsolidationPolicy().strengthHalfLife.milliseconds)
        rows += try connection.prepare(
            """
            SELECT l.id, l.summary, bm25(long_term_memories_fts), l.last_reinforced_at, l.importance, l.strength,
                   l.created_at
            FROM long_term_memories_fts f JOIN long_term_memories l ON l.id = f.rowid
            WHERE long_term_memories_fts MATCH ? ORDER BY bm25(long_term_memories_fts) LIMIT ?
            """
        ).bind([match, weights.candidates]).rows { row in
            let last = timestamp(row, 3)
            let age = Double(max(0, now.millisecondsSince1970 - last.millisecondsSince1970))
            let decayed = row.double(5) * pow(2, -age / strengthHalfLife)
            var memory = Recall.Memory(
                kind: "ltm", id: row.int64(0), text: row.text(1), score: 0, createdAt: timestamp(row, 6))
            memory.firstAddedAt = memory.createdAt
            memory.lastAddedAt = last
            return (memory, row.double(2), last, row.double(4), 1 - pow(2, -decayed))
        }
        rows += try connection.prepare(
            """
            SELECT s.id, s.content, bm25(short_term_memories_fts), s.created_at, s.importance, s.session, s.source
            FROM short_term_memories_fts f JOIN short_term_memories s ON s.id = f.rowid
            WHERE short_term_memories_fts MATCH ? AND s.status = 'pending'
            ORDER BY bm25(short_term_memories_fts) LIMIT ?
            """
        ).bind([match, weights.candidates]).rows { row in
            let text = row.text(1)
            let importance = row.optionalDouble(4) ?? ImportanceHeuristic.estimate(text)
            var memory = Recall.Memory(kind: "stm", id: row.int64(0), text: text, score: 0, createdAt: timestamp(row, 3))
            memory.session = row.optionalText(5)
            memory.source = row.optionalText(6)
            // A short-term memory is one observation: the strength of a new long-term memory.
            return (memory, row.double(2), memory.createdAt, importance, 0.5)
        }
        // BM25 from SQLite is negative, better is lower; relevance is its share of the best.
        let best = rows.map { -$0.1 }.max() ?? 0
        return rows.map { memory, bm25, last, importance, strength in
            let relevance = best > 0 ? max(0, -bm25) / best : 0
            let hours = Double(max(0, now.millisecondsSince1970 - last.millisecondsSince1970)) / 3_600_000
            let recency = pow(weights.recencyDecayPerHour, hours)
            let score =
                weights.relevance * relevance + weights.recency * recency + weights.importance * importance
                + weights.strength * strength
            var scored = memory
            scored.score = (score * 1000).rounded() / 1000
            return scored
        }
    }

    /// Entities the query names: what the extractor finds in it, any run of up to three of its
    /// words that is a known alias, and the speaker when the query says "I", "me" or "my".
    static func entitiesNamed(in query: String, words: [String], _ connection: Connection) throws -> [Recall.NamedEntity] {
        let tokens = TextTokens(query).tokens.filter(\.isWord).map(\.lower)
        var keys = Set(EntityExtractor().extract(query).filter { $0.kind.isNamed }.map(\.key))
        for length in 1...3 where tokens.count >= length {
            for start in 0...(tokens.count - length) {
                let phrase = tokens[start..<(start + length)]
                if length == 1 && TextFeatures.stopWords.contains(phrase.first!) { continue }
                keys.insert(phrase.joined(separator: " "))
            }
        }
        let firstPerson = !Set(tokens).isDisjoint(with: ["i", "me", "my", "mine", "myself", "i'm", "i've"])
        let lookup = try connection.prepare(
            """
            SELECT DISTINCT e.id, e.name, e.kind FROM entity_aliases a JOIN entities e ON e.id = a.entity_id
            WHERE a.alias_key = ? AND e.kind IN ('person', 'organization', 'place', 'speaker')
            """)
        var found: [Recall.NamedEntity] = []
        var seen: Set<EntityID> = []
        for key in keys.sorted() {
            for entity in try lookup.bind([key]).rows({ Recall.NamedEntity(id: EntityID($0.int64(0)), name: $0.text(1), kind: $0.text(2)) })
            where seen.insert(entity.id).inserted {
                found.append(entity)
            }
        }
        if firstPerson {
            for entity in try connection.prepare("SELECT id, name, kind FROM entities WHERE kind = 'speaker' ORDER BY id")
                .rows({ Recall.NamedEntity(id: EntityID($0.int64(0)), name: $0.text(1), kind: $0.text(2)) })
            where seen.insert(entity.id).inserted {
                found.append(entity)
            }
        }
        return found.sorted { $0.id < $1.id }
    }

    /// Open typed edges of these entities: those touching `first` first, then strongest first.
    static func facts(about entities: [EntityID], first: [EntityID], limit: Int = 20, _ connection: Connection) throws
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
            ORDER BY (r.subject_id IN (\(firstIDs)) OR r.object_id IN (\(firstIDs))) DESC,
                r.weight DESC, r.last_seen DESC, r.id LIMIT ?
            """
        ).bind([limit]).rows { row in
            Recall.Fact(subject: row.text(0), predicate: row.text(1), object: row.text(2), since: timestamp(row, 3))
        }
    }
}
