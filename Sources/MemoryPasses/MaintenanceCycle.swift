import MemoryEngines
import MemoryModel
import MemoryStorage

extension PassKind {
    /// What a pass of this kind is doing, for progress bars, logs and systemd's STATUS= line.
    package var activity: String {
        switch self {
        case .consolidation: "consolidating"
        case .extraction: "extracting entities"
        case .graph: "building the graph"
        }
    }
}

/// One maintenance cycle: consolidation, then extraction, then the graph, each its own pass
/// with its own ledger row and lock. Extraction reads what consolidation wrote, and the graph
/// reads what extraction found, so this is the order in which one cycle leaves nothing half done.
package struct MaintenanceCycle: Sendable {
    package static let order: [PassKind] = [.consolidation, .extraction, .graph]

    package let store: MemoryStore
    package let policy: ConsolidationPolicy
    /// The passes' idea of now; nil means the time each pass starts.
    package let now: Timestamp?

    package init(store: MemoryStore, policy: ConsolidationPolicy = ConsolidationPolicy(), now: Timestamp? = nil) {
        self.store = store
        self.policy = policy
        self.now = now
    }

    /// Runs one pass of the cycle.
    package func run(_ kind: PassKind, onProgress: @escaping @Sendable (PassProgress) -> Void = { _ in }) async throws
        -> PassRecord
    {
        let now = now ?? .now
        // On threads of our own, which keep no caches of libdispatch's (`PassThreads`).
        return try await withTaskExecutorPreference(PassThreads.executor(threads: policy.threads)) {
            switch kind {
            case .consolidation:
                try await ConsolidationPass(store: store, policy: policy, now: now).run(onProgress: onProgress)
            case .extraction:
                try await ExtractionPass(store: store, batchSize: policy.batchSize, threads: policy.threads, now: now)
                    .run(onProgress: onProgress)
            case .graph:
                try await GraphPass(store: store, batchSize: policy.batchSize, threads: policy.threads, now: now)
                    .run(onProgress: onProgress)
            }
        }
    }

    /// Runs `kinds` in cycle order. A cancelled pass ends the cycle; a failed one does not, since
    /// the passes after it still have the previous cycles' work to do.
    package func run(
        _ kinds: [PassKind] = order, onProgress: @escaping @Sendable (PassKind, PassProgress) -> Void = { _, _ in }
    ) async throws -> [PassRecord] {
        try await Self.sequence(kinds) { kind in try await run(kind) { onProgress(kind, $0) } }
    }

    /// The one way passes follow each other, whoever runs them (this type, memoryd's
    /// orchestrator, memctl): `kinds` in cycle order, each through `run` (nil: it did not run),
    /// until one is cancelled.
    package static func sequence(
        _ kinds: [PassKind], isolation: isolated (any Actor)? = #isolation,
        _ run: (PassKind) async throws -> PassRecord?
    ) async rethrows -> [PassRecord] {
        var records: [PassRecord] = []
        for kind in order where kinds.contains(kind) {
            guard let record = try await run(kind) else { continue }
            records.append(record)
            if record.outcome == .cancelled { break }
        }
        return records
    }
}
