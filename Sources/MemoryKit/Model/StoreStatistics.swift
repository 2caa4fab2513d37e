/// Counts over the whole store, as `memctl stats` prints them.
public struct StoreStatistics: Codable, Sendable, Equatable {
    public struct ShortTermCounts: Codable, Sendable, Equatable {
        public let pending: Int
        public let consolidated: Int
        public let forgotten: Int

        public var total: Int { pending + consolidated + forgotten }
    }

    public let stm: ShortTermCounts
    public let ltm: Int
    public let entities: Int
    public let relations: Int
    public let passes: Int
    /// Size of the database (page count × page size), not counting the WAL file.
    public let dbBytes: Int
    public let schemaVersion: Int
}

/// One full-text search result.
public struct SearchHit: Codable, Sendable, Equatable {
    public let kind: String
    public let id: Int64
    /// The matching passage, matched terms in [brackets].
    public let snippet: String
    /// BM25 relevance, higher is better (SQLite's `bm25()` negated).
    public let score: Double
}

/// The result of `memctl check`.
public struct IntegrityReport: Codable, Sendable, Equatable {
    public struct Check: Codable, Sendable, Equatable {
        public let name: String
        public let ok: Bool
        public let detail: String
    }

    public let checks: [Check]
    public var ok: Bool { checks.allSatisfy(\.ok) }

    enum CodingKeys: String, CodingKey { case ok, checks }

    public init(checks: [Check]) { self.checks = checks }

    public init(from decoder: any Decoder) throws {
        checks = try decoder.container(keyedBy: CodingKeys.self).decode([Check].self, forKey: .checks)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(ok, forKey: .ok)
        try container.encode(checks, forKey: .checks)
    }
}
