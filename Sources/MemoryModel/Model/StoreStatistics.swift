/// Counts over the whole store, as `memctl stats` prints them.
package struct StoreStatistics: Codable, Sendable, Equatable {
    package struct ShortTermCounts: Codable, Sendable, Equatable {
        package let pending: Int
        package let consolidated: Int
        package let forgotten: Int

        package var total: Int { pending + consolidated + forgotten }

        package init(pending: Int, consolidated: Int, forgotten: Int) {
            self.pending = pending
            self.consolidated = consolidated
            self.forgotten = forgotten
        }
    }

    package let stm: ShortTermCounts
    package let ltm: Int
    package let entities: Int
    package let relations: Int
    package let passes: Int
    /// Size of the database (page count × page size), not counting the WAL file.
    package let dbBytes: Int
    package let schemaVersion: Int

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
package struct SearchHit: Codable, Sendable, Equatable {
    package let kind: String
    package let id: Int64
    /// The matching passage, matched terms in [brackets].
    package let snippet: String
    /// BM25 relevance, higher is better (SQLite's `bm25()` negated).
    package let score: Double
    /// The peer whose database it was found in; nil for this device's own (docs/PEERS.md).
    @ExplicitNull package var device: String?

    package init(kind: String, id: Int64, snippet: String, score: Double) {
        self.kind = kind
        self.id = id
        self.snippet = snippet
        self.score = score
    }

    /// `stm:4`, or `desktop:stm:4` for a peer's.
    package var reference: String { DeviceReference.text("\(kind):\(id)", device: device) }
}

/// The result of `memctl check`.
package struct IntegrityReport: Codable, Sendable, Equatable {
    package struct Check: Codable, Sendable, Equatable {
        package let name: String
        package let ok: Bool
        package let detail: String

        package init(name: String, ok: Bool, detail: String) {
            self.name = name
            self.ok = ok
            self.detail = detail
        }
    }

    package let checks: [Check]
    package var ok: Bool { checks.allSatisfy(\.ok) }

    package enum CodingKeys: String, CodingKey { case ok, checks }

    package init(checks: [Check]) { self.checks = checks }

    package init(from decoder: any Decoder) throws {
        checks = try decoder.container(keyedBy: CodingKeys.self).decode([Check].self, forKey: .checks)
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(ok, forKey: .ok)
        try container.encode(checks, forKey: .checks)
    }
}
