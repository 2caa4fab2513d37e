import MemoryModel
import MemoryStorage

/// The running pass's ledger row and progress; owned by the one task that runs the pass.
package final class PassLedger {
    package let id: PassID
    package private(set) var progress: PassProgress
    private let onProgress: @Sendable (PassProgress) -> Void
    /// The pass's store: a stop request during a commit or a checkpoint interrupts it.
    private let store: MemoryStore
    /// False once the pass waited for Litestream's checkpoint in vain: it checkpoints itself.
    private var leavesCheckpointsToLitestream = true

    package init(
        id: PassID, total: Int, store: MemoryStore, onProgress: @escaping @Sendable (PassProgress) -> Void
    ) {
        self.id = id
        progress = PassProgress()
        progress.total = total
        self.store = store
        self.onProgress = onProgress
    }

    /// Commits one batch. `write` receives the progress including this batch and must record it
    /// in the batch's own transaction. A stop request during the commit interrupts it: the
    /// batch is rolled back whole and the pass ends as cancelled, without waiting for a commit
    /// that may write thousands of pages. Then the `-wal` is copied into the database when it
    /// has grown enough (`MemoryStore.checkpointIfDue`), also interruptibly, never inside the
    /// commit. Then the task yields and stops here if it was cancelled: a stop request ends the
    /// pass between batches, never inside one.
    package func commitBatch(
        processed: Int, counts: PassCounts, _ write: (PassProgress) async throws -> Void
    ) async throws {
        try await commitBatch(processed: processed) { progress in
            try await write(progress(counts))
            return counts
        }
    }

    /// As `commitBatch(processed:counts:_:)`, for a batch whose counts are known only in its
    /// transaction: `write` gets the progress for given counts and returns the batch's.
    package func commitBatch(
        processed: Int, _ write: (_ progress: @escaping @Sendable (PassCounts) -> PassProgress) async throws -> PassCounts
    ) async throws {
        var base = progress
        base.processed += processed
        base.batches += 1
        let including: @Sendable (PassCounts) -> PassProgress = { [base] counts in
            var next = base
            next.counts = next.counts.adding(counts)
            return next
        }
        progress = including(try await interruptible(store) { try await write(including) })
        onProgress(progress)
        if !Task.isCancelled { try await checkpoint() }
        await Task.yield()
        try Task.checkCancellation()
    }

    /// Copies the `-wal` into the database once it holds `pages` or more, or leaves Litestream
    /// the write lock to do it (`LitestreamCheckpoints`): after every transaction of a pass, and
    /// with a lower threshold before a transaction known to be large.
    package func checkpoint(atLeast pages: Int = MemoryStore.checkpointPagesBetweenBatches) async throws {
        let step = try await interruptible(store) { [store, leavesCheckpointsToLitestream] in
            try await store.checkpointIfDue(atLeast: pages, leavingToLitestream: leavesCheckpointsToLitestream)
        }
        guard case .leftToLitestream(let generation) = step else { return }
        if try await LitestreamCheckpoints.waitForRestart(of: store, since: generation) { return }
        leavesCheckpointsToLitestream = false
    }
}

@available(*, unavailable)
extension PassLedger: Sendable {}

/// Runs `work` on the store so that a stop request interrupts it: a commit is rolled back
/// whole, a checkpoint stops where it is, and the pass ends as cancelled.
func interruptible<T>(_ store: MemoryStore, _ work: () async throws -> T) async throws -> T {
    let interruption = store.interruption
    do {
        return try await interruption.armed {
            try await withTaskCancellationHandler {
                try await work()
            } onCancel: {
                interruption.interrupt()
            }
        }
    } catch let error as StoreError where error.isInterruption && Task.isCancelled {
        throw CancellationError()
    }
}

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
        let ledger: PassLedger
        do {
            let pass = try await store.recordingPasses { try $0.beginPass(kind, at: now) }
            ledger = PassLedger(id: pass, total: total, store: store, onProgress: onProgress)
        } catch StoreError.diskFull(let path) {
            throw PassStoppedByFullDisk(kind: kind, path: path)
        }
        var outcome = PassOutcome.completed
        var failure: String?
        do {
            try await body(ledger)
        } catch is CancellationError {
            outcome = .cancelled
        } catch StoreError.diskFull(let path) {
            outcome = .failed
            failure = PassStoppedByFullDisk(kind: kind, path: path).description
        } catch {
            outcome = .failed
            failure = "\(error)"
        }
        let record: PassRecord
        do {
            record = try await store.recordingPasses {
                try $0.finishPass(
                    ledger.id, outcome: outcome, error: failure, progress: ledger.progress, at: max(now, .now))
            }
        } catch StoreError.diskFull(let path) {
            // Not even the ledger can be written; the next pass of this kind closes the row.
            throw PassStoppedByFullDisk(kind: kind, path: path)
        }
        if outcome == .completed {
            // Between batches the pass let the `-wal` grow to 8,192 pages; leave it as short as
            // SQLite would. The pass is recorded already: a stop or a failure here only leaves
            // the copying to the next checkpoint.
            try? await interruptible(store) { try await store.checkpointAtPassEnd() }
        }
        return record
    }

    package init(store: MemoryStore, kind: PassKind, now: Timestamp) {
        self.store = store
        self.kind = kind
        self.now = now
    }
}

/// A pass stopped because the disk that holds the database is full, in the words a user needs:
/// which file's disk, that the batch in flight was kept out whole, and that the pass goes on
/// where it stopped once there is space again.
package struct PassStoppedByFullDisk: Error, CustomStringConvertible {
    package let kind: PassKind
    package let path: String

    package var description: String {
        "the disk that holds \(path) is full: the \(kind.rawValue) pass kept its last batch out whole, "
            + "and resumes where it stopped once space is freed"
    }
}
