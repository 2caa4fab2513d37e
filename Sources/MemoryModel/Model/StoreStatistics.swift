/// Counts over the whole store, as `memctl stats` prints them.
public struct StoreStatistics: Codable, Sendable, Equatable {
    public struct ShortTermCounts: Codable, Sendable, Equatable {
        public let pending: Int
        public let consolidated: Int
        public let forgotten: Int

        public var total: Int { pending + consolidated + forgotten }

        package init(pending: Int, consolidated: Int, forgotten: Int) {
            self.pending = pending
            self.consolidated = consolidated
            self.forgotten = forgotten
        }
    }

    public let stm: ShortTermCounts
    public let ltm: Int
    public let entities: Int
    public let relations: Int
    public let passes: Int
    /// Size of the database (page count × page size), not counting the WAL file.
    public let dbBytes: Int
    public let schemaVersion: Int

    package init(
        stm: ShortTermCounts, ltm: Int, entities: Int, relations: Int, passes: Int, dbBytes: Int, schemaVersion: Int
    ) {
        self.stm = stm
        self.ltm = ltm
        self.entities = entities
        self.relations = relations
        self.passes = passes
        self.dbBytes = dbBytes
        self.schemaVersion = schemaVersion
    }
}

/// One full-text search result.
public struct SearchHit: Codable, Sendable, Equatable {
    public let kind: String
    public let id: Int64
    /// The matching passage, matched terms in [brackets].
    public let snippet: String
    /// BM25 relevance, higher is better (SQLite's `bm25()` negated).
    public let score: Double
    /// The peer whose database it was found in; nil for this device's own (docs/PEERS.md).
    @ExplicitNull public package(set) var device: String?

    package init(kind: String, id: Int64, snippet: String, score: Double) {
        self.kind = kind
        self.id = id
        self.snippet = snippet
        self.score = score
    }

    /// `stm:4`, or `desktop:stm:4` for a peer's.
    public var reference: String { DeviceReference.text("\(kind):\(id)", device: device) }
}

/// The result of `memctl check`.
public struct IntegrityReport: Codable, Sendable, Equatable {
    public struct Check: Codable, Sendable, Equatable {
        public let name: String
        public let ok: Bool
        public let detail: String

        package init(name: String, ok: Bool, detail: String) {
            self.name = name
            self.ok = ok
            self.detail = detail
        }
    }

    public let checks: [Check]
    public var ok: Bool { checks.allSatisfy(\.ok) }

    package enum CodingKeys: String, CodingKey { case ok, checks }

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
