/// The kinds of background pass.
package enum PassKind: String, Codable, Sendable, CaseIterable {
    case consolidation, extraction, graph
}

/// How a pass ended.
package enum PassOutcome: String, Codable, Sendable {
    case running, completed, cancelled, failed
}

/// One row of the pass ledger.
package struct PassRecord: Codable, Sendable, Equatable, Identifiable {
    package let id: PassID
    package let kind: PassKind
    package let startedAt: Timestamp
    @ExplicitNull package var finishedAt: Timestamp?
    package let outcome: PassOutcome
    /// Memories looked at.
    package let processed: Int
    /// Batches committed.
    package let batches: Int
    /// What the pass did (`created`, `merged`, `reinforced`, …).
    package let counts: PassCounts
    @ExplicitNull package var error: String?

    package init(
        id: PassID, kind: PassKind, startedAt: Timestamp, finishedAt: Timestamp? = nil, outcome: PassOutcome,
        processed: Int, batches: Int, counts: PassCounts, error: String? = nil
    ) {
        self.id = id
        self.kind = kind
        self.startedAt = startedAt
        self.finishedAt = finishedAt
        self.outcome = outcome
        self.processed = processed
        self.batches = batches
        self.counts = counts
        self.error = error
    }
}

/// What a pass did, by kind of change; each field is nil until the pass records it. In JSON (and
/// in the ledger's `counts` column) an object of the recorded counts: `{"created": 3, "merged": 1}`.
package struct PassCounts: Codable, Sendable, Equatable {
    /// Consolidation: long-term memories created, and short-term memories merged into one or
    /// reinforcing one; short-term memories kept back, forgotten and purged.
    package var created: Int?
    package var merged: Int?
    package var reinforced: Int?
    package var parked: Int?
    package var forgotten: Int?
    package var purged: Int?
    /// Extraction: entity mentions found.
    package var mentions: Int?
    /// The graph: typed relations and co-occurrences observed.
    package var relations: Int?
    package var coOccurrences: Int?

    package enum CodingKeys: String, CodingKey, CaseIterable, Sendable {
        case created, merged, reinforced, parked, forgotten, purged, mentions, relations
        case coOccurrences = "co_occurrences"
    }

    package init(
        created: Int? = nil, merged: Int? = nil, reinforced: Int? = nil, parked: Int? = nil, forgotten: Int? = nil,
        purged: Int? = nil, mentions: Int? = nil, relations: Int? = nil, coOccurrences: Int? = nil
    ) {
        self.created = created
        self.merged = merged
        self.reinforced = reinforced
        self.parked = parked
        self.forgotten = forgotten
        self.purged = purged
        self.mentions = mentions
        self.relations = relations
        self.coOccurrences = coOccurrences
    }

    /// The counts a pass of `kind` reports, in this order.
    package static func reported(by kind: PassKind) -> [CodingKeys] {
        switch kind {
        case .consolidation: [.created, .merged, .reinforced, .parked, .forgotten, .purged]
        case .extraction: [.mentions]
        case .graph: [.relations, .coOccurrences]
        }
    }

    private static func field(_ key: CodingKeys) -> WritableKeyPath<PassCounts, Int?> {
        switch key {
        case .created: \.created
        case .merged: \.merged
        case .reinforced: \.reinforced
        case .parked: \.parked
        case .forgotten: \.forgotten
        case .purged: \.purged
        case .mentions: \.mentions
        case .relations: \.relations
        case .coOccurrences: \.coOccurrences
        }
    }

    package subscript(_ key: CodingKeys) -> Int? {
        get { self[keyPath: Self.field(key)] }
        set { self[keyPath: Self.field(key)] = newValue }
    }

    /// The recorded counts, by name.
    package var recorded: [(name: String, value: Int)] {
        CodingKeys.allCases.compactMap { key in self[key].map { (key.rawValue, $0) } }.sorted { $0.name < $1.name }
    }

    /// These counts and `other`'s, summed where either recorded one.
    package func adding(_ other: PassCounts) -> PassCounts {
        var sum = self
        for key in CodingKeys.allCases where other[key] != nil { sum[key] = (self[key] ?? 0) + other[key]! }
        return sum
    }
}
