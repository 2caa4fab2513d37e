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

/// How recall ranks (docs/RECALL.md has the reasoning and the measurements): text relevance
/// over the recall index first, then, to order what is about equally relevant, recency,
/// importance and the strength of a long-term memory.
public struct RecallWeights: Sendable, Equatable {
    public var relevance = 1.0
    public var recency = 0.1
    public var importance = 0.1
    public var strength = 0.05
    /// Recency is 0.995 per hour since the memory was last added to (about 5.8 days to halve).
    public var recencyDecayPerHour = 0.995
    /// Column weights of BM25 over the recall index: the memory's text, who said it, the turn
    /// before it, and the words of its date.
    public var textWeight = 1.0
    public var speakerWeight = 1.0
    public var contextWeight = 0.7
    public var dateWeight = 1.0
    /// A turn said by the one person the query names counts this many times.
    public var namedSpeakerBoost = 2.0
    /// Relevance is divided by (max(words, floor) / scale)^exponent of the text recall returns.
    public var lengthPriorFloor = 5.0
    public var lengthPriorScale = 20.0
    public var lengthPriorExponent = 0.1
    /// Turns read from the recall index before ranking.
    public var candidates = 200

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
                scored = try Self.recallCandidates(match, words: words, now: now, weights: weights, limit: limit, connection)
                    .map { try Self.withProvenance($0, connection) }
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
        _ match: String, words: [String], now: Timestamp, weights: RecallWeights, limit: Int, _ connection: Connection
    ) throws -> [Recall.Memory] {
        let turns = try connection.prepare(
            """
            SELECT s.id, bm25(memory_recall, ?, ?, ?, ?) AS rank, s.content, s.session, s.source, s.created_at,
                   s.importance, s.ltm_id
            FROM memory_recall r JOIN short_term_memories s ON s.id = r.rowid
            WHERE memory_recall MATCH ? AND s.status <> 'forgotten'
            ORDER BY rank LIMIT ?
            """
        ).bind([
            weights.textWeight, weights.speakerWeight, weights.contextWeight, weights.dateWeight, match,
            weights.candidates,
        ]).rows { row in
            RecallRanker.Turn(
                id: row.int64(0), bm25: row.double(1), text: row.text(2), session: row.text(3), speaker: row.text(4),
                createdAt: timestamp(row, 5),
                importance: row.optionalDouble(6) ?? ImportanceHeuristic.estimate(row.text(2)),
                longTermID: row.optionalInt64(7))
        }
        let halfLife = ConsolidationPolicy().strengthHalfLife
        var longTerm: [Int64: RecallRanker.LongTerm] = [:]
        let read = try connection.prepare(
            "SELECT summary, created_at, last_reinforced_at, importance, strength FROM long_term_memories WHERE id = ?")
        for id in Set(turns.compactMap(\.longTermID)) {
            longTerm[id] = try read.bind([id]).firstRow { row in
                let last = timestamp(row, 2)
                return RecallRanker.LongTerm(
                    summary: row.text(0), createdAt: timestamp(row, 1), lastReinforcedAt: last, importance: row.double(3),
                    strength: ConsolidationEngine.decayed(row.double(4), from: last, to: now, halfLife: halfLife))
            }
        }
        return RecallRanker(weights: weights).rank(
            turns, longTerm: longTerm, queryWords: Set(words), now: now, limit: limit)
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
