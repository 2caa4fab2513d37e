/// The kinds of background pass.
public enum PassKind: String, Codable, Sendable, CaseIterable {
    case consolidation, extraction, graph
}

/// How a pass ended.
public enum PassOutcome: String, Codable, Sendable {
    case running, completed, cancelled, failed
}

/// One row of the pass ledger.
public struct PassRecord: Codable, Sendable, Equatable, Identifiable {
    public let id: PassID
    public let kind: PassKind
    public let startedAt: Timestamp
    @ExplicitNull public var finishedAt: Timestamp?
    public let outcome: PassOutcome
    /// Memories looked at.
    public let processed: Int
    /// Batches committed.
    public let batches: Int
    /// What the pass did (`created`, `merged`, `reinforced`, …).
    public let counts: PassCounts
    @ExplicitNull public var error: String?

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
public struct PassCounts: Codable, Sendable, Equatable {
    /// Consolidation: long-term memories created, and short-term memories merged into one or
    /// reinforcing one; short-term memories kept back, forgotten and purged.
    public var created: Int?
    public var merged: Int?
    public var reinforced: Int?
    public var parked: Int?
    public var forgotten: Int?
    public var purged: Int?
    /// Extraction: entity mentions found.
    public var mentions: Int?
    /// The graph: typed relations and co-occurrences observed.
    public var relations: Int?
    public var coOccurrences: Int?

    public enum CodingKeys: String, CodingKey, CaseIterable, Sendable {
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
    public static func reported(by kind: PassKind) -> [CodingKeys] {
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

    public subscript(_ key: CodingKeys) -> Int? {
        get { self[keyPath: Self.field(key)] }
        set { self[keyPath: Self.field(key)] = newValue }
    }

    /// The recorded counts, by name.
    public var recorded: [(name: String, value: Int)] {
        CodingKeys.allCases.compactMap { key in self[key].map { (key.rawValue, $0) } }.sorted { $0.name < $1.name }
    }

    /// These counts and `other`'s, summed where either recorded one.
    public func adding(_ other: PassCounts) -> PassCounts {
        var sum = self
        for key in CodingKeys.allCases where other[key] != nil { sum[key] = (self[key] ?? 0) + other[key]! }
        return sum
    }
}
