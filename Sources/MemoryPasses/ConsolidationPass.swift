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
    public static let pageCacheKibibytes = 32 * 1024

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

        static func + (first: Batch, second: Batch) -> Batch {
            Batch(memories: first.memories + second.memories, features: first.features + second.features)
        }
    }

    /// A batch's plan, and what the plan of the batch after it starts from.
    private struct Planned: Sendable {
        var plan: ConsolidationPlan
        var handover: ConsolidationEngine.Handover
        /// Made on top of the plan before it, while that one was being committed.
        var tookOver: Bool
    }

    /// Batch after batch, on both cores: while the store commits one batch (and checkpoints), the
    /// engine plans the next one, from what the store said before that commit and what the
    /// committed plan writes (`ConsolidationEngine.Handover`), and the batch after it is read and
    /// analysed (its memories come after those, so neither commit changes what it reads).
    /// Memories a plan leaves undecided (`ConsolidationPlan.unplanned`) go first in the next batch;
    /// a plan that can decide none of them on top of another is made again once that one is
    /// committed, from the store's answers alone.
    private func consolidate(_ ledger: PassLedger, pending: Int) async throws {
        let engine = ConsolidationEngine(policy: policy)
        let summaries = ConsolidationEngine.SummaryCache()
        let cutoff = now.subtracting(policy.minimumAge)
        // Over capacity, the oldest memories are taken whatever their age: how many of those are
        // left after the memories committed, and after the memories read.
        var overflowCommitted = max(0, pending - policy.pendingCapacity)
        var position: (createdAt: Timestamp, id: ShortTermMemoryID)? = nil
        // Keys a pass that was stopped or killed left unwritten, before the first look-up.
        try await writeStaleSignatures()
        var (batch, planned, ahead, overflowRead) = try await start(
            after: nil, overflow: overflowCommitted, cutoff: cutoff, engine: engine, summaries: summaries)
        var conflicts = 0
        while !batch.memories.isEmpty {
            let count = batch.memories.count - planned.plan.unplanned
            guard count > 0 else {
                // Only a writer between the look-ups can leave the first memory undecided by a
                // plan of its own.
                if !planned.tookOver {
                    conflicts += 1
                    guard conflicts <= Self.conflictRetries else {
                        throw ConsolidationConflict(memory: .shortTerm(batch.memories[0].id))
                    }
                }
                planned = try await plan(batch, engine: engine, summaries: summaries)
                continue
            }
            // The next batch: what this plan left, then what was read after this batch. Its
            // candidates are looked up before this batch is committed.
            let next = batch.suffix(from: count) + ahead
            // Fewer when plans leave many undecided, so that no batch grows past two batch sizes.
            let limit = max(1, 2 * policy.batchSize - next.memories.count)
            let (lastRead, remaining) = (next.memories.last ?? batch.memories[batch.memories.count - 1], overflowRead)
            async let following = read(
                after: (lastRead.createdAt, lastRead.id), overflow: remaining, cutoff: cutoff, engine: engine,
                limit: min(policy.batchSize, limit))
            // The next batch is planned as its candidates come in, a part at a time, and they are
            // all in before this batch is committed.
            let handover = planned.handover
            let (answers, answering) = AsyncStream.makeStream(of: Answers.self)
            async let nextPlanned =
                next.memories.isEmpty
                ? nil : Self.plan(next, engine: engine, answers: answers, summaries: summaries, after: handover)
            do {
                defer { answering.finish() }
                if !next.memories.isEmpty {
                    try await lookUp(next, engine: engine) { answering.yield($0) }
                }
            }
            var written: [LongTermMemoryID] = []
            do {
                try await ledger.commitBatch(
                    processed: count,
                    counts: PassCounts(
                        created: planned.plan.created, merged: planned.plan.merged,
                        reinforced: planned.plan.reinforced, parked: planned.plan.parked.count)
                ) { progress in
                    written = try await store.commit(planned.plan, at: now, progress: progress, of: ledger.id)
                }
            } catch let conflict as ConsolidationConflict {
                // Someone forgot or purged a memory of this batch, or the long-term memory it
                // reinforces, while it was planned: the batch was rolled back whole; read it
                // again as it is now (what was read or planned after it is dropped).
                conflicts += 1
                guard conflicts <= Self.conflictRetries else { throw conflict }
                // Another writer changed a long-term memory whose keys the store holds: write
                // them as its summary now is.
                try await writeStaleSignatures()
                (batch, planned, ahead, overflowRead) = try await start(
                    after: position, overflow: overflowCommitted, cutoff: cutoff, engine: engine, summaries: summaries)
                continue
            }
            summaries.written(written, by: planned.handover)
            if await store.staleSignaturesAreDue { try await writeStaleSignatures() }
            let created = zip(planned.plan.writes, written).filter { $0.0.existing == nil }.map(\.1)
            let committed = batch.memories[count - 1]
            position = (committed.createdAt, committed.id)
            overflowCommitted = max(0, overflowCommitted - count)
            ahead = try await following
            overflowRead = max(0, overflowRead - ahead.memories.count)
            batch = next
            if var made = await nextPlanned {
                made.plan.resolve(createdByPrevious: created)
                made.handover.resolve(createdByPrevious: created)
                planned = made
            }
        }
        try await writeStaleSignatures()
    }

    /// Writes the band keys the store holds for its look-ups into its table, a transaction at a
    /// time (`MemoryStore.writeStaleSignatures`); a stop request ends it between two, or rolls
    /// back the one running, and the next pass writes what is left.
    private func writeStaleSignatures() async throws {
        var finished = false
        while !finished {
            try await interruptible(store) {
                finished = try await store.writeStaleSignatures(bandKeys: ConsolidationEngine.summaryBandKeys)
            }
            try Task.checkCancellation()
        }
    }

    /// Reads the batch after `position` and plans it from the store's answers alone, then reads
    /// the batch after it; with how many memories over capacity are left to read after both.
    private func start(
        after position: (createdAt: Timestamp, id: ShortTermMemoryID)?, overflow: Int, cutoff: Timestamp,
        engine: ConsolidationEngine, summaries: ConsolidationEngine.SummaryCache
    ) async throws -> (batch: Batch, planned: Planned, ahead: Batch, overflowRead: Int) {
        let batch = try await read(after: position, overflow: overflow, cutoff: cutoff, engine: engine)
        var overflowRead = max(0, overflow - batch.memories.count)
        let planned = try await plan(batch, engine: engine, summaries: summaries)
        guard let last = batch.memories.last else { return (batch, planned, .empty, overflowRead) }
        let ahead = try await read(after: (last.createdAt, last.id), overflow: overflowRead, cutoff: cutoff, engine: engine)
        overflowRead = max(0, overflowRead - ahead.memories.count)
        return (batch, planned, ahead, overflowRead)
    }

    /// Looks up a batch's candidates and plans it from them alone.
    private func plan(_ batch: Batch, engine: ConsolidationEngine, summaries: ConsolidationEngine.SummaryCache)
        async throws -> Planned
    {
        var planner = ConsolidationEngine.Planner(
            engine: engine, batch.memories, features: batch.features, summaries: summaries, after: .none)
        try await lookUp(batch, engine: engine) { planner.add($0.candidates, answering: $0.count) }
        try Task.checkCancellation()
        planner.finish()
        return Planned(plan: planner.plan, handover: planner.handover, tookOver: false)
    }

    /// Plans a batch on top of the plan before it as the store's answers come in.
    private static func plan(
        _ batch: Batch, engine: ConsolidationEngine, answers: AsyncStream<Answers>,
        summaries: ConsolidationEngine.SummaryCache, after previous: ConsolidationEngine.Handover
    ) async -> Planned {
        var planner = ConsolidationEngine.Planner(
            engine: engine, batch.memories, features: batch.features, summaries: summaries, after: previous)
        for await part in answers { planner.add(part.candidates, answering: part.count) }
        planner.finish()
        return Planned(plan: planner.plan, handover: planner.handover, tookOver: !previous.isEmpty)
    }

    /// The store's answers for the memories of a batch before `count`, beyond those for the
    /// memories before them.
    private struct Answers: Sendable {
        let candidates: LongTermCandidates
        let count: Int
    }

    /// Memories of a batch whose candidates are looked up at once: a plan can start on the first
    /// of them while the store answers for the next.
    static let memoriesPerLookUp = 256

    /// What the store says about the long-term memories a batch may join, handed to `answer` a
    /// part at a time: first those of its sessions that may take merges, then, `memoriesPerLookUp`
    /// memories at a time, the newest under each of their band keys and the rows of those they
    /// will be compared with. A key or a row an earlier part had is not asked for again, so the
    /// parts together are what one look-up for the whole batch would answer.
    private func lookUp(_ batch: Batch, engine: ConsolidationEngine, _ answer: (Answers) -> Void) async throws {
        var sessions: [String: (from: Timestamp, to: Timestamp)] = [:]
        let window = policy.mergeWindow
        for (memory, feature) in zip(batch.memories, batch.features) where !feature.isFiller {
            let (from, to) = (memory.createdAt.subtracting(window), memory.createdAt.adding(window))
            let span = sessions[memory.session] ?? (from, to)
            sessions[memory.session] = (min(span.from, from), max(span.to, to))
        }
        var candidates = LongTermCandidates(perKeyLimit: ConsolidationEngine.lookupPerBandKey)
        candidates.open = try await store.openLongTermMemories(sessions: sessions)
        var fetched = Set(candidates.open.keys)
        candidates.memories = try await store.longTermMemories(fetched)
        answer(Answers(candidates: candidates, count: 0))
        var asked = Set<Int64>()
        var byBandKey: [Int64: [LongTermMemoryID]] = [:]
        for start in stride(from: 0, to: batch.memories.count, by: Self.memoriesPerLookUp) {
            // A stop request drops the batch: no more look-ups for it.
            try Task.checkCancellation()
            let part = start..<min(start + Self.memoriesPerLookUp, batch.memories.count)
            var keys = Set<Int64>()
            for index in part where !batch.features[index].isFiller {
                keys.formUnion(batch.features[index].bandKeys.filter { !asked.contains($0) })
            }
            asked.formUnion(keys)
            var candidates = LongTermCandidates(perKeyLimit: ConsolidationEngine.lookupPerBandKey)
            candidates.byBandKey = try await store.longTermCandidateIDs(
                bandKeys: keys.sorted(), perKey: ConsolidationEngine.lookupPerBandKey)
            byBandKey.merge(candidates.byBandKey) { _, new in new }
            let wanted = engine.shortlisted(Array(batch.features[part]), byBandKey).subtracting(fetched)
            candidates.memories = try await store.longTermMemories(wanted)
            fetched.formUnion(wanted)
            answer(Answers(candidates: candidates, count: part.upperBound))
        }
    }

    /// How many times in a pass a batch is read again after another writer changed it.
    static let conflictRetries = 8

    /// Reads the batch that follows `position` (the oldest `overflow` memories whatever their
    /// age first, then those created before `cutoff`) and analyses it on every core.
    private func read(
        after position: (createdAt: Timestamp, id: ShortTermMemoryID)?, overflow: Int, cutoff: Timestamp,
        engine: ConsolidationEngine, limit: Int? = nil
    ) async throws -> Batch {
        let limit = limit ?? policy.batchSize
        let memories = try await store.unreviewedMemories(
            after: position, createdAtOrBefore: overflow > 0 ? nil : cutoff,
            limit: overflow > 0 ? min(limit, overflow) : limit)
        // A stop during the commit before this read drops it: no more look-ups on the store.
        try Task.checkCancellation()
        let speakers = try await store.neighbourSpeakers(of: memories)
        let features = try await memories.concurrentMap(threads: policy.threads) { engine.features(of: $0, speakers: speakers[$0.id] ?? []) }
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
            let kept = try await batch.concurrentMap(threads: policy.threads) {
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
