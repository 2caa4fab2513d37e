/// Progress of a pass, as the ledger records it after each committed batch.
package struct PassProgress: Codable, Sendable, Equatable {
    /// Memories looked at so far.
    package var processed = 0
    /// Batches committed so far.
    package var batches = 0
    /// What the pass did so far.
    package var counts = PassCounts()
    /// Memories the pass expects to look at, for progress bars; 0 when unknown.
    package var total = 0

    package init() {}
}
