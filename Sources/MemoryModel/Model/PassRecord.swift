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
    /// Pass-specific counts (`created`, `merged`, `reinforced`, …).
    public let counts: [String: Int]
    @ExplicitNull public var error: String?

    package init(id: PassID, kind: PassKind, startedAt: Timestamp, finishedAt: Timestamp? = nil, outcome: PassOutcome, processed: Int, batches: Int, counts: [String: Int], error: String? = nil) {
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
