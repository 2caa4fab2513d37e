
/// What the consolidation engine decided for one batch; the store writes it in one transaction.
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

    /// A long-term memory to create (`existing` and `createdByPrevious` nil) or to update.
    package struct LongTermWrite: Sendable, Equatable {
        package var existing: LongTermMemoryID?
        /// The n-th long-term memory the previous batch's plan creates, which this plan joined
        /// while that batch was being committed: the pass gives it its id once that commit is
        /// done (`ConsolidationPlan.resolve(createdByPrevious:)`), before this plan is written.
        package var createdByPrevious: Int?
        package var summary: String
        package var strength: Double
        package var importance: Double
        package var createdAt: Timestamp
        package var lastReinforcedAt: Timestamp
        /// Sources added by this batch.
        package var sources: [Source]
        /// Band keys of the summary's sentences, replacing any stored before.
        package var bandKeys: [Int64]
        /// False when an existing memory's summary came out unchanged: then neither the summary,
        /// its full-text entry nor its band keys need writing.
        package var summaryChanged = true
        /// An existing memory's summary as the batch read it: the write applies only if it is
        /// still that, so that a summary made again by a forget meanwhile is never overwritten
        /// with one made from the forgotten text.
        package var readSummary: String?

        package init(
            existing: LongTermMemoryID? = nil, summary: String, strength: Double, importance: Double,
            createdAt: Timestamp, lastReinforcedAt: Timestamp, sources: [Source], bandKeys: [Int64],
            summaryChanged: Bool = true
        ) {
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

    package var writes: [LongTermWrite] = []
    /// Low-importance memories that merged into nothing and restated nothing: left pending,
    /// marked as reviewed, and forgotten once old.
    package var parked: [ShortTermMemoryID] = []
    /// Memories at the end of the batch (in time order) that this plan does not decide, because
    /// what the store said about their candidates may no longer hold after the earlier memories'
    /// changes (`LongTermCandidates`); the pass hands them to the next batch.
    package var unplanned = 0

    package var created: Int { writes.filter { $0.existing == nil && $0.createdByPrevious == nil }.count }
    package var merged: Int { writes.reduce(0) { $0 + $1.sources.filter { $0.role == .merged }.count } }
    package var reinforced: Int { writes.reduce(0) { $0 + $1.sources.filter { $0.role == .reinforced }.count } }
    package var consolidated: Int { writes.reduce(0) { $0 + $1.sources.count } }

    package init(writes: [LongTermWrite] = [], parked: [ShortTermMemoryID] = []) {
        self.writes = writes
        self.parked = parked
    }

    /// The ids the store gave the long-term memories the previous plan created, in its order:
    /// the writes that join one of them now update it.
    package mutating func resolve(createdByPrevious ids: [LongTermMemoryID]) {
        for index in writes.indices { writes[index].resolve(createdByPrevious: ids) }
    }
}

/// What the store says about the long-term memories a batch may join, before the batch changes
/// any of them. The engine plans each memory as if every earlier memory had been written first,
/// so the same memories give the same long-term memories whatever the batch size.
package struct LongTermCandidates: Sendable {
    /// Long-term memories of a conversation that may still take merges: one of their created or
    /// merged sources is in a session of the batch, close in time to its memories.
    package struct Open: Sendable, Equatable {
        package let session: String
        /// The latest time of the memories it was created or merged from.
        package let lastMergedAt: Timestamp

        package init(session: String, lastMergedAt: Timestamp) {
            self.session = session
            self.lastMergedAt = lastMergedAt
        }
    }

    package var memories: [LongTermMemoryID: LongTermMemory] = [:]
    /// The ids under each band key, newest first: at most `perKeyLimit`, so a list shorter than
    /// that is all there is.
    package var byBandKey: [Int64: [LongTermMemoryID]] = [:]
    package var perKeyLimit: Int
    package var open: [LongTermMemoryID: Open] = [:]

    package init(
        memories: [LongTermMemoryID: LongTermMemory] = [:], byBandKey: [Int64: [LongTermMemoryID]] = [:],
        perKeyLimit: Int = .max, open: [LongTermMemoryID: Open] = [:]
    ) {
        self.memories = memories
        self.byBandKey = byBandKey
        self.perKeyLimit = perKeyLimit
        self.open = open
    }
}

extension ConsolidationPlan.LongTermWrite {
    /// Given the ids the store gave the long-term memories the previous plan created, in its
    /// order: a write that joins one of them now updates it.
    package mutating func resolve(createdByPrevious ids: [LongTermMemoryID]) {
        guard let created = createdByPrevious else { return }
        existing = ids[created]
        createdByPrevious = nil
    }
}
