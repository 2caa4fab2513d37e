/// What the consolidation engine decided for one batch; the store writes it in one transaction.
struct ConsolidationPlan: Sendable, Equatable {
    /// One short-term memory joining a long-term memory.
    struct Source: Sendable, Equatable {
        let stmID: ShortTermMemoryID
        let role: ProvenanceRole
        /// The short-term memory's own time, so that a rerun writes the same rows.
        let joinedAt: Timestamp
    }

    /// A long-term memory to create (`existing` nil) or to update.
    struct LongTermWrite: Sendable, Equatable {
        var existing: LongTermMemoryID?
        var summary: String
        var strength: Double
        var importance: Double
        var createdAt: Timestamp
        var lastReinforcedAt: Timestamp
        /// Sources added by this batch.
        var sources: [Source]
        /// Band keys of the summary's sentences, replacing any stored before.
        var bandKeys: [Int64]
        /// False when an existing memory's summary came out unchanged: then neither the summary,
        /// its full-text entry nor its band keys need writing.
        var summaryChanged = true
    }

    var writes: [LongTermWrite] = []
    /// Low-importance memories that merged into nothing and restated nothing: left pending,
    /// marked as reviewed, and forgotten once old.
    var parked: [ShortTermMemoryID] = []

    var created: Int { writes.filter { $0.existing == nil }.count }
    var merged: Int { writes.reduce(0) { $0 + $1.sources.filter { $0.role == .merged }.count } }
    var reinforced: Int { writes.reduce(0) { $0 + $1.sources.filter { $0.role == .reinforced }.count } }
    var consolidated: Int { writes.reduce(0) { $0 + $1.sources.count } }
}

/// Long-term memories that may be restated by a batch, as found through signature bands: the
/// ids under each band key, and the memories themselves for those the engine shortlisted.
struct LongTermCandidates: Sendable {
    var memories: [LongTermMemoryID: LongTermMemory] = [:]
    var byBandKey: [Int64: [LongTermMemoryID]] = [:]
}
