import MemoryModel
import MemoryStorage

/// The running pass's ledger row and progress; owned by the one task that runs the pass.
package final class PassLedger {
    package let id: PassID
    package private(set) var progress: PassProgress
    private let onProgress: @Sendable (PassProgress) -> Void

    package init(id: PassID, total: Int, onProgress: @escaping @Sendable (PassProgress) -> Void) {
        self.id = id
        progress = PassProgress()
        progress.total = total
        self.onProgress = onProgress
    }

    /// Commits one batch. `write` receives the progress including this batch and must record it
    /// in the batch's own transaction. Then the task yields and stops here if it was cancelled:
    /// a stop request ends the pass between batches, never inside one.
    package func commitBatch(
        processed: Int, counts: PassCounts, _ write: (PassProgress) async throws -> Void
    ) async throws {
        var next = progress
        next.processed += processed
        next.batches += 1
        next.counts = next.counts.adding(counts)
        try await write(next)
        progress = next
        onProgress(next)
        await Task.yield()
        try Task.checkCancellation()
    }
}

@available(*, unavailable)
extension PassLedger: Sendable {}

/// Runs one pass: takes the kind's lock, opens a ledger row, runs the body, and records how it
/// ended (completed, cancelled, or failed with its error). Shared by every kind of pass.
package struct PassRunner {
    package let store: MemoryStore
    package let kind: PassKind
    package let now: Timestamp

    package func run(
        total: Int, onProgress: @escaping @Sendable (PassProgress) -> Void,
        _ body: (PassLedger) async throws -> Void
    ) async throws -> PassRecord {
        let lock = try PassLock(database: store.path, kind: kind)
        defer { withExtendedLifetime(lock) {} }
        let ledger = PassLedger(id: try await store.beginPass(kind, at: now), total: total, onProgress: onProgress)
        var outcome = PassOutcome.completed
        var failure: String?
        do {
            try await body(ledger)
        } catch is CancellationError {
            outcome = .cancelled
        } catch {
            outcome = .failed
            failure = "\(error)"
        }
        return try await store.finishPass(
            ledger.id, outcome: outcome, error: failure, progress: ledger.progress, at: max(now, .now))
    }

    package init(store: MemoryStore, kind: PassKind, now: Timestamp) {
        self.store = store
        self.kind = kind
        self.now = now
    }
}
