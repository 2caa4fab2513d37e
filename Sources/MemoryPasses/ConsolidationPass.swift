import MemoryEngines
import MemoryModel
import MemoryStorage

/// The consolidation pass: pending short-term memories become long-term memories (created,
/// merged or reinforcing), low-importance ones that nothing needed are forgotten when old, and
/// forgotten ones are purged when their retention ends. Batch by batch, each in one
/// transaction, resumable after a stop or a crash at any point.
package struct ConsolidationPass: Sendable {
    package let store: MemoryStore
    package let policy: ConsolidationPolicy
    /// The pass's idea of now: what "old enough" and "retention ended" are measured from.
    package let now: Timestamp

    /// The page cache a store running passes should have: a pass over a large store reads the
    /// same index pages batch after batch; 32 MiB, with batches of 1,024 memories, keeps a pass
    /// under 100 MB of memory (docs/DECISIONS.md, "Consolidation speed", has the measurements).
    package static let pageCacheKibibytes = 32 * 1024

    package init(store: MemoryStore, policy: ConsolidationPolicy = ConsolidationPolicy(), now: Timestamp = .now) {
        self.store = store
        self.policy = policy
        self.now = now
    }

    /// Runs the pass and returns its ledger row. A cancelled pass returns with outcome
    /// `cancelled` after its last whole batch; a failing one returns `failed` with the error.
    /// Throws only when the pass cannot start (another one runs) or the ledger cannot be written.
    package func run(onProgress: @escaping @Sendable (PassProgress) -> Void = { _ in }) async throws -> PassRecord {
        let pending = try await store.consolidating { try $0.unreviewedCount() }
        return try await PassRunner(store: store, kind: .consolidation, now: now).run(
            total: pending, onProgress: onProgress
        ) { ledger in
            try await consolidate(ledger, pending: pending)
            try await forget(ledger)
            try await purge(ledger)
        }
    }

    /// A batch as read, with each memory's features.
    private struct Batch: Sendable {
        var memories: [ShortTermMemory] = []
        var features: [ConsolidationEngine.Features] = []
    }

    /// Batch after batch, oldest first, on both cores: while the store plans and writes one
    /// batch in its transaction (`StoreConsolidation.consolidate`), the pass's threads analyse the next
    /// (its memories come after those, so that commit changes nothing it reads).
    private func consolidate(_ ledger: PassLedger, pending: Int) async throws {
        // Nothing to read: the listed band keys need not be held again (`beginHoldingBandKeys`).
        guard pending > 0 else { return }
        let engine = ConsolidationEngine(policy: policy)
        let summaries = SummaryCache()
        let cutoff = now.subtracting(policy.minimumAge)
        // Over capacity, the oldest memories are taken whatever their age: how many of those
        // are left to read.
        var overflow = max(0, pending - policy.pendingCapacity)
        try await store.consolidating { try $0.beginHoldingBandKeys(bandKeys: ConsolidationEngine.summaryBandKeys) }
        let first = try await read(after: nil, overflow: &overflow, cutoff: cutoff)
        var batch = Batch(memories: first.memories, features: try await features(of: first, engine: engine))
        while let last = batch.memories.last {
            // Read before the commit, so that the store's thread does not wait for the analysis,
            // nor the analysis for the commit.
            let following = try await read(after: (last.createdAt, last.id), overflow: &overflow, cutoff: cutoff)
            async let next = features(of: following, engine: engine)
            try await ledger.commitBatch(processed: batch.memories.count) { [batch, store, now] progress in
                try await store.consolidating { [pass = ledger.id] consolidation in
                    try consolidation.consolidate(
                        batch.memories.map(\.id),
                        plan: { stillPending, index in
                            try ConsolidationPlanner.plan(
                                batch.memories, features: batch.features, stillPending: stillPending, engine: engine,
                                index: index, summaries: summaries)
                        }, at: now, progress: progress, of: pass)
                }
            }
            try await writeHeldBandKeys(ledger, holdingAtLeast: StoreConsolidation.heldBandKeysLimit)
            batch = Batch(memories: following.memories, features: try await next)
        }
        try await writeHeldBandKeys(ledger, holdingAtLeast: StoreConsolidation.heldBandKeysLeftListed)
    }

    /// Writes the band keys the pass holds once it holds at least `least` of them, slice after
    /// slice (`StoreConsolidation+HeldBandKeys`), each on a `-wal` copied into the database first, as
    /// after a pass: a slice may dirty 4,096 pages of the table and its index, and the `-wal`
    /// keeps its bound. Fewer, or the rest after a stop request, stay listed, for the next pass
    /// to hold again from the summaries.
    private func writeHeldBandKeys(_ ledger: PassLedger, holdingAtLeast least: Int) async throws {
        guard try await store.consolidating({ try $0.heldBandKeyCount() }) >= least else { return }
        let slice = try await store.consolidating { try $0.heldBandKeySlice() }
        repeat {
            try Task.checkCancellation()
            try await ledger.checkpoint(atLeast: MemoryStore.checkpointPagesAtEnd)
        } while try await interruptible(store, { try await store.consolidating { try $0.writeHeldBandKeys(slice: slice) } })
    }

    /// Reads the batch that follows `position`: the oldest `overflow` memories whatever their
    /// age first (counted down by those read), then those created before `cutoff`; with who
    /// spoke around each (`StoreConsolidation.neighbourSpeakers`).
    private func read(
        after position: (createdAt: Timestamp, id: ShortTermMemoryID)?, overflow: inout Int, cutoff: Timestamp
    ) async throws -> (memories: [ShortTermMemory], speakers: [ShortTermMemoryID: Set<String>]) {
        let limit = overflow > 0 ? min(policy.batchSize, overflow) : policy.batchSize
        let memories = try await store.consolidating {
            try $0.unreviewedMemories(
                after: position, createdAtOrBefore: overflow > 0 ? nil : cutoff, limit: limit)
        }
        overflow = max(0, overflow - memories.count)
        return (memories, try await store.consolidating { try $0.neighbourSpeakers(of: memories) })
    }

    /// Each memory's features, on the pass's threads.
    private func features(
        of read: (memories: [ShortTermMemory], speakers: [ShortTermMemoryID: Set<String>]), engine: ConsolidationEngine
    ) async throws -> [ConsolidationEngine.Features] {
        // A stop request before the analysis drops it.
        try Task.checkCancellation()
        return try await read.memories.concurrentMap(threads: policy.threads) {
            engine.features(of: $0, speakers: read.speakers[$0.id] ?? [])
        }
    }

    /// How many times in a pass the forgetting step reads its batch again after another writer
    /// changed one of its memories.
    static let conflictRetries = 8

    private func forget(_ ledger: PassLedger) async throws {
        let cutoff = now.subtracting(policy.forgetAfter)
        var conflicts = 0
        while true {
            let batch = try await store.forgetting {
                try $0.parkedMemories(createdAtOrBefore: cutoff, limit: policy.batchSize)
            }
            if batch.isEmpty { return }
            // Never forget a memory at or above the threshold, even if it was parked under another
            // policy; filler is judged exactly as consolidation judged it.
            let speakers = try await store.consolidating { try $0.neighbourSpeakers(of: batch) }
            let threshold = policy.forgetBelowImportance
            let kept = try await batch.concurrentMap(threads: policy.threads) {
                ConsolidationEngine.importance(of: $0, speakers: speakers[$0.id] ?? []) >= threshold
            }
            let keep = batch.indices.filter { kept[$0] }.map { batch[$0] }
            let forget = batch.indices.filter { !kept[$0] }.map { batch[$0] }
            do {
                try await ledger.commitBatch(processed: 0, counts: PassCounts(forgotten: forget.count)) { progress in
                    try await store.forgetting { [now, pass = ledger.id] forgetting in
                        try forgetting.forget(
                            forget.map(\.id), reconsider: keep.map(\.id), at: now, progress: progress, of: pass)
                    }
                }
            } catch let conflict as ConsolidationConflict {
                // Forgotten or purged on request meanwhile: the next read no longer sees it.
                conflicts += 1
                guard conflicts <= Self.conflictRetries else { throw conflict }
            }
        }
    }

    private func purge(_ ledger: PassLedger) async throws {
        let cutoff = now.subtracting(policy.retention)
        while true {
            let batch = try await store.forgetting {
                try $0.expiredForgottenMemories(forgottenAtOrBefore: cutoff, limit: policy.batchSize)
            }
            if batch.isEmpty { return }
            try await ledger.commitBatch(processed: 0, counts: PassCounts(purged: batch.count)) { progress in
                try await store.forgetting { [now, policy, pass = ledger.id] in
                    try $0.purge(batch, at: now, rules: .standard(policy: policy), progress: progress, of: pass)
                }
            }
        }
    }
}
