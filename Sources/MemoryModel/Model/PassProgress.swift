/// Progress of a pass, as the ledger records it after each committed batch.
public struct PassProgress: Codable, Sendable, Equatable {
    /// Memories looked at so far.
    public var processed = 0
    /// Batches committed so far.
    public var batches = 0
    /// What the pass did so far.
    public var counts = PassCounts()
    /// Memories the pass expects to look at, for progress bars; 0 when unknown.
    public var total = 0

    public init() {}
}
