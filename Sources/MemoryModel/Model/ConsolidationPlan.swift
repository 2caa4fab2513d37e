
/// What the consolidation engine decided for one batch; the store writes it in the batch's
/// transaction, the one the plan was made in.
package struct ConsolidationPlan: Sendable, Equatable {
    /// One short-term memory joining a long-term memory.
    package struct Source: Sendable, Equatable {
        package let stmID: ShortTermMemoryID
        package let role: ProvenanceRole
        /// The short-term memory's own time, so that a rerun writes the same rows.
        package let joinedAt: Timestamp

        package init(stmID: ShortTermMemoryID, role: ProvenanceRole, joinedAt: Timestamp) {
            self.stmID = stmID
            self.role = role
            self.joinedAt = joinedAt
        }
    }

    /// A long-term memory to create (`existing` nil) or to update.
    package struct LongTermWrite: Sendable, Equatable {
        package var existing: LongTermMemoryID?
        package var summary: String
        package var strength: Double
        package var importance: Double
        package var createdAt: Timestamp
        package var lastReinforcedAt: Timestamp
        /// Sources added by this batch.
        package var sources: [Source]
        /// Band keys of the summary's sentences: the memory's keys once written.
        package var bandKeys: [Int64]
        /// False when an existing memory's summary came out unchanged: then neither the summary,
        /// its full-text entry nor its band keys need writing.
        package var summaryChanged = true
        /// The project of its sources (all of one: consolidation never joins two projects); nil:
        /// of none. Written when the memory is created.
        package var project: String?

        package init(
            existing: LongTermMemoryID? = nil, summary: String, strength: Double, importance: Double,
            createdAt: Timestamp, lastReinforcedAt: Timestamp, sources: [Source], bandKeys: [Int64],
            summaryChanged: Bool = true, project: String? = nil
        ) {
            self.project = project
            self.existing = existing
            self.summary = summary
            self.strength = strength
            self.importance = importance
            self.createdAt = createdAt
            self.lastReinforcedAt = lastReinforcedAt
            self.sources = sources
            self.bandKeys = bandKeys
            self.summaryChanged = summaryChanged
        }
    }

    /// In the order the plan reached them: new long-term memories get ids in this order.
    package var writes: [LongTermWrite] = []
    /// Low-importance memories that merged into nothing and restated nothing: left pending,
    /// marked as reviewed, and forgotten once old.
    package var parked: [ShortTermMemoryID] = []

    package var created: Int { writes.filter { $0.existing == nil }.count }
    package var merged: Int { writes.reduce(0) { $0 + $1.sources.filter { $0.role == .merged }.count } }
    package var reinforced: Int { writes.reduce(0) { $0 + $1.sources.filter { $0.role == .reinforced }.count } }

    package var counts: PassCounts {
        PassCounts(created: created, merged: merged, reinforced: reinforced, parked: parked.count)
    }

    package init(writes: [LongTermWrite] = [], parked: [ShortTermMemoryID] = []) {
        self.writes = writes
        self.parked = parked
    }
}

/// What consolidation asks of the stored long-term memories while it plans a batch. The store
/// answers inside the batch's write transaction (`StoreConsolidation.consolidate`), so every answer is
/// exact: nothing changes them until the plan is written. The rules live in the engine
/// (`ConsolidationPlanner`), which never sees SQLite.
package protocol LongTermIndex {
    /// Up to `limit` long-term memories of `project` (nil: of none) with this band key, newest
    /// (highest id) first, passing over `excluded`.
    func newest(under key: Int64, project: String?, limit: Int, excluding excluded: Set<LongTermMemoryID>) throws
        -> [LongTermMemoryID]
    /// The long-term memories created or merged from a memory of `session` made between the two
    /// times, each with when it last took one (`Merging`).
    func open(session: String, from: Timestamp, to: Timestamp) throws -> [LongTermMemoryID: Merging]
    /// A remembered long-term memory as consolidation compares it (no source count); nil when
    /// it is forgotten or gone.
    func memory(_ id: LongTermMemoryID) throws -> LongTermMemory?
}

/// The conversation a long-term memory was created in, and the latest time of the memories it
/// was created or merged from: what decides whether it takes a merge (`ConsolidationEngine.canMerge`).
package struct Merging: Sendable, Equatable {
    package let session: String
    package let lastMergedAt: Timestamp

    package init(session: String, lastMergedAt: Timestamp) {
        self.session = session
        self.lastMergedAt = lastMergedAt
    }
}
