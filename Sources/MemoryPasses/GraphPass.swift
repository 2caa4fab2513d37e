import MemoryEngines
import MemoryModel
import MemoryStorage

/// The graph pass: reads extracted short-term memories in time order and turns what they say
/// into edges (co-occurrence and typed relations), each with its evidence and validity.
/// Batch by batch, each in one transaction, resumable at any point.
package struct GraphPass: Sendable {
    package let store: MemoryStore
    package let batchSize: Int
    /// Threads the batch's observations are split among (`PassSettings.threads`).
    package let threads: Int
    package let now: Timestamp
    /// Edge weights halve over this time without a new observation (`PassSettings`).
    package let weightHalfLife: Duration
    package let builder = GraphBuilder()

    package init(
        store: MemoryStore, batchSize: Int = PassSettings().batchSize, threads: Int = PassSettings().threads,
        now: Timestamp = .now, weightHalfLife: Duration = PassSettings().weightHalfLife
    ) {
        self.store = store
        self.batchSize = batchSize
        self.threads = threads
        self.now = now
        self.weightHalfLife = weightHalfLife
    }

    package func run(onProgress: @escaping @Sendable (PassProgress) -> Void = { _ in }) async throws -> PassRecord {
        let writer = GraphWriter(halfLife: weightHalfLife)
        let pending = try await store.graphing { try $0.ungraphedCount() }
        return try await PassRunner(store: store, kind: .graph, now: now).run(total: pending, onProgress: onProgress) {
            ledger in
            while true {
                let batch = try await store.graphing { try $0.ungraphedMemories(limit: batchSize) }
                if batch.isEmpty { return }
                let observations = try await batch.concurrentMap(threads: threads) { [builder] in builder.observations($0) }
                let observed = zip(batch, observations).map { (input: $0, observations: $1) }
                try Task.checkCancellation()
                var relations = 0
                var coOccurrences = 0
                for (_, observations) in observed {
                    for observation in observations {
                        if observation.predicate == .coOccurs { coOccurrences += 1 } else { relations += 1 }
                    }
                }
                try await ledger.commitBatch(
                    processed: batch.count, counts: PassCounts(relations: relations, coOccurrences: coOccurrences)
                ) { progress in
                    try await store.graphing { [writer, now, pass = ledger.id] graph in
                        try graph.commit(
                            observed, apply: { try writer.apply($0, at: $1.createdAt, evidence: $1.memory, to: $2) },
                            at: now, progress: progress, of: pass)
                    }
                }
            }
        }
    }
}
