import MemoryEngines
import MemoryModel
import MemoryStorage

/// The consolidation pass: pending short-term memories become long-term memories (created,
/// merged or reinforcing), low-importance ones that nothing needed are forgotten when old, and
/// forgotten ones are purged when their retention ends. Batch by batch, each in one
/// transaction, resumable after a stop or a crash at any point.
public struct ConsolidationPass: Sendable {
    public let store: MemoryStore
    public let policy: ConsolidationPolicy
    /// The pass's idea of now: what "old enough" and "retention ended" are measured from.
    public let now: Timestamp

    /// The page cache a store running passes should have: a pass over a large store reads the
    /// same index pages batch after batch; 32 MiB, with batches of 1,024 memories, keeps a pass
    /// under 100 MB of memory (docs/DECISIONS.md, "Speed on real chat", has the measurements).
    public static let pageCacheMebibytes = 32

    public init(store: MemoryStore, policy: ConsolidationPolicy = ConsolidationPolicy(), now: Timestamp = .now) {
        self.store = store
        self.policy = policy
        self.now = now
    }

    /// Runs the pass and returns its ledger row. A cancelled pass returns with outcome
    /// `cancelled` after its last whole batch; a failing one returns `failed` with the error.
    /// Throws only when the pass cannot start (another one runs) or the ledger cannot be written.
    public func run(onProgress: @escaping @Sendable (PassProgress) -> Void = { _ in }) async throws -> PassRecord {
        let pending = try await store.unreviewedCount()
        return try await PassRunner(store: store, kind: .consolidation, now: now).run(
            total: pending, onProgress: onProgress
        ) { ledger in
            try await consolidate(ledger, pending: pending)
            try await forget(ledger)
            try await purge(ledger)
        }
    }

    /// A batch as read and analysed before its candidates are looked up.
    private struct Batch: Sendable {
        var memories: [ShortTermMemory]
        var features: [ConsolidationEngine.Features]

        static let empty = Batch(memories: [], features: [])

        /// The memories from `start` on, which a plan left for the next batch.
        func suffix(from start: Int) -> Batch {
            Batch(memories: Array(memories[start...]), features: Array(features[start...]))
        }
    }

    /// Batch after batch: while the store commits one batch, the next one is read and analysed
    /// (its memories come after the committed ones, so the commit changes nothing it reads);
    /// its candidates are looked up once the commit is done, so that they include what it wrote.
    /// Memories a plan leaves undecided (`ConsolidationPlan.unplanned`) go first in the next batch.
    private func consolidate(_ ledger: PassLedger, pending: Int) async throws {
        let engine = ConsolidationEngine(policy: policy)
        let summaries = ConsolidationEngine.SummaryCache()
        let cutoff = now.subtracting(policy.minimumAge)
        // Over capacity, the oldest memories are taken whatever their age: how many of those are
        // left after the memories committed, and after the memories read.
        var overflowCommitted = max(0, pending - policy.pendingCapacity)
        var position: (createdAt: Timestamp, id: ShortTermMemoryID)? = nil
        var batch = try await read(after: nil, overflow: overflowCommitted, cutoff: cutoff, engine: engine)
        var overflowRead = max(0, overflowCommitted - batch.memories.count)
        var conflicts = 0
        while !batch.memories.isEmpty {
            let candidates = try await candidates(of: batch, engine: engine)
            try Task.checkCancellation()
            // The store copies the last commit's `-wal` while this thread plans.
            async let checkpoint: Void = PassLedger.checkpoint(store)
            let plan = engine.plan(batch.memories, features: batch.features, candidates: candidates, summaries: summaries)
            try await checkpoint
            try Task.checkCancellation()
            let planned = batch.memories.count - plan.unplanned
            guard planned > 0 else {
                // Only a writer between the look-ups can leave the first memory undecided.
                conflicts += 1
                guard conflicts <= Self.conflictRetries else {
                    throw ConsolidationConflict(memory: .shortTerm(batch.memories[0].id))
                }
                continue
            }
            let (last, remaining) = (batch.memories[batch.memories.count - 1], overflowRead)
            let readAhead = plan.unplanned < policy.batchSize
            async let next =
                readAhead
                ? read(after: (last.createdAt, last.id), overflow: remaining, cutoff: cutoff, engine: engine)
                : Batch.empty
            do {
                var written: [LongTermMemoryID] = []
                try await ledger.commitBatch(
                    processed: planned,
                    counts: PassCounts(
                        created: plan.created, merged: plan.merged, reinforced: plan.reinforced,
                        parked: plan.parked.count),
                    checkpoint: false
                ) { progress in
                    written = try await store.commit(plan, at: now, progress: progress, of: ledger.id)
                }
                summaries.written(written)
            } catch let conflict as ConsolidationConflict {
                // Someone forgot or purged a memory of this batch, or the long-term memory it
                // reinforces, while it was planned: the batch was rolled back whole; read it
                // again as it is now (the read-ahead, which may overlap it, is dropped).
                conflicts += 1
                guard conflicts <= Self.conflictRetries else { throw conflict }
                batch = try await read(after: position, overflow: overflowCommitted, cutoff: cutoff, engine: engine)
                overflowRead = max(0, overflowCommitted - batch.memories.count)
                continue
            }
            let committed = batch.memories[planned - 1]
            position = (committed.createdAt, committed.id)
            overflowCommitted = max(0, overflowCommitted - planned)
            let following = try await next
            overflowRead = max(0, overflowRead - following.memories.count)
            var rest = batch.suffix(from: planned)
            rest.memories += following.memories
            rest.features += following.features
            batch = rest
        }
        try await PassLedger.checkpoint(store)
    }

    /// What the store says about the long-term memories a batch may join: the newest under each
    /// of its band keys, the rows of those its memories will be compared with, and those of its
    /// sessions that may take merges.
    private func candidates(of batch: Batch, engine: ConsolidationEngine) async throws -> LongTermCandidates {
        var keys = Set<Int64>()
        var sessions: [String: (from: Timestamp, to: Timestamp)] = [:]
        let window = policy.mergeWindow
        for (memory, feature) in zip(batch.memories, batch.features) where !feature.isFiller {
            keys.formUnion(feature.bandKeys)
            let (from, to) = (memory.createdAt.subtracting(window), memory.createdAt.adding(window))
            let span = sessions[memory.session] ?? (from, to)
            sessions[memory.session] = (min(span.from, from), max(span.to, to))
        }
        var candidates = LongTermCandidates(perKeyLimit: ConsolidationEngine.lookupPerBandKey)
        candidates.byBandKey = try await store.longTermCandidateIDs(
            bandKeys: keys.sorted(), perKey: ConsolidationEngine.lookupPerBandKey)
        candidates.open = try await store.openLongTermMemories(sessions: sessions)
        candidates.memories = try await store.longTermMemories(
            engine.shortlisted(batch.features, candidates.byBandKey).union(candidates.open.keys))
        return candidates
    }

    /// How many times in a pass a batch is read again after another writer changed it.
    static let conflictRetries = 8

    /// Reads the batch that follows `position` (the oldest `overflow` memories whatever their
    /// age first, then those created before `cutoff`) and analyses it on every core.
    private func read(
        after position: (createdAt: Timestamp, id: ShortTermMemoryID)?, overflow: Int, cutoff: Timestamp,
        engine: ConsolidationEngine
    ) async throws -> Batch {
        let memories = try await store.unreviewedMemories(
            after: position, createdAtOrBefore: overflow > 0 ? nil : cutoff,
            limit: overflow > 0 ? min(policy.batchSize, overflow) : policy.batchSize)
        // A stop during the commit before this read drops it: no more look-ups on the store.
        try Task.checkCancellation()
        let speakers = try await store.neighbourSpeakers(of: memories)
        let features = try await memories.concurrentMap { engine.features(of: $0, speakers: speakers[$0.id] ?? []) }
        return Batch(memories: memories, features: features)
    }

    private func forget(_ ledger: PassLedger) async throws {
        let cutoff = now.subtracting(policy.forgetAfter)
        var conflicts = 0
        while true {
            let batch = try await store.parkedMemories(createdAtOrBefore: cutoff, limit: policy.batchSize)
            if batch.isEmpty { return }
            // Never forget a memory at or above the threshold, even if it was parked under another
            // policy; filler is judged exactly as consolidation judged it.
            let speakers = try await store.neighbourSpeakers(of: batch)
            let threshold = policy.forgetBelowImportance
            let kept = try await batch.concurrentMap {
                ConsolidationEngine.importance(of: $0, speakers: speakers[$0.id] ?? []) >= threshold
            }
            let keep = batch.indices.filter { kept[$0] }.map { batch[$0] }
            let forget = batch.indices.filter { !kept[$0] }.map { batch[$0] }
            do {
                try await ledger.commitBatch(processed: 0, counts: PassCounts(forgotten: forget.count)) { progress in
                    try await store.forget(
                        forget.map(\.id), reconsider: keep.map(\.id), at: now, progress: progress, of: ledger.id)
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
            let batch = try await store.expiredForgottenMemories(forgottenAtOrBefore: cutoff, limit: policy.batchSize)
            if batch.isEmpty { return }
            try await ledger.commitBatch(processed: 0, counts: PassCounts(purged: batch.count)) { progress in
                try await store.purge(
                    batch, at: now, rules: .standard(policy: policy), progress: progress, of: ledger.id)
            }
        }
    }
}
