import MemoryEngines
import MemoryModel
import MemoryStorage

/// The extraction pass: finds entities in short-term memories not yet extracted and in
/// long-term memories whose summary is new or changed, resolves them to stored entities and
/// records their mentions; and resolves each short-term memory's relative times
/// (`TimeResolver`, docs/TIME.md). Batch by batch, each in one transaction, resumable at any
/// point.
package struct ExtractionPass: Sendable {
    package let store: MemoryStore
    package let batchSize: Int
    /// Threads the batch's extraction is split among (`PassSettings.threads`).
    package let threads: Int
    package let now: Timestamp
    package let extractor = EntityExtractor()
    package let resolver = EntityResolver()

    package init(
        store: MemoryStore, batchSize: Int = PassSettings().batchSize, threads: Int = PassSettings().threads,
        now: Timestamp = .now
    ) {
        self.store = store
        self.batchSize = batchSize
        self.threads = threads
        self.now = now
    }

    package func run(onProgress: @escaping @Sendable (PassProgress) -> Void = { _ in }) async throws -> PassRecord {
        let pending = try await store.extracting { try $0.unextractedCount() }
        return try await PassRunner(store: store, kind: .extraction, now: now).run(
            total: pending, onProgress: onProgress
        ) { ledger in
            while true {
                let batch = try await store.extracting { try $0.unextractedMemories(limit: batchSize) }
                if batch.isEmpty { break }
                // The CPU work happens here, on the pass's threads, not on the store's actor.
                let results = try await batch.concurrentMap(threads: threads) { [extractor] in
                    ExtractionResult(input: $0, entities: extractor.extract($0.text), times: Self.times(of: $0))
                }
                try Task.checkCancellation()
                let found = results.reduce(0) { $0 + $1.entities.count }
                try await ledger.commitBatch(processed: batch.count, counts: PassCounts(mentions: found)) { progress in
                    try await store.extracting { [resolver, now, pass = ledger.id] extraction in
                        try extraction.commit(
                            results, resolve: { try resolver.resolve($0, in: $1) }, at: now, progress: progress, of: pass)
                    }
                }
            }
            // Memories extracted before relative times were resolved (an older database).
            while true {
                let batch = try await store.extracting { try $0.unresolvedMemories(limit: batchSize) }
                if batch.isEmpty { return }
                let results = batch.map { ExtractionResult(input: $0, entities: [], times: Self.times(of: $0)) }
                try await ledger.commitBatch(processed: batch.count, counts: PassCounts()) { progress in
                    try await store.extracting { [now, pass = ledger.id] in
                        try $0.commitTimes(results, at: now, progress: progress, of: pass)
                    }
                }
            }
        }
    }

    /// A short-term memory's relative times, resolved against when it was said.
    static func times(of input: ExtractionInput) -> [ResolvedTime] {
        input.createdAt.map { TimeResolver.resolve(input.text, at: $0) } ?? []
    }
}
