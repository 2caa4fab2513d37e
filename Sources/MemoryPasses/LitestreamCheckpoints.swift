import MemoryStorage

/// A pass beside Litestream. Litestream holds a read transaction on the database from one of its
/// checkpoints to the next, so no checkpoint of memoryd's can copy the `-wal` into the database:
/// Litestream copies it itself after its next sync, once it gets the write lock (its busy
/// timeout is a second). A pass holds the write lock for nearly all of its time, batch after
/// batch, and without a pause Litestream got it so rarely that the `-wal` grew to 264–391 MB
/// during the 258k Chit-Chat pass. So where a pass would checkpoint, it leaves Litestream the
/// write lock until the `-wal` is started over (docs/REPLICATION.md).
enum LitestreamCheckpoints {
    /// How long a pass leaves Litestream the write lock at most: its monitor looks every second
    /// by default, then copies what is new to its shadow `-wal` and into the database. A
    /// Litestream that does not come in that time is taken as not running (its table stays in
    /// a database it once replicated), and the pass checkpoints itself from then on.
    static let patience: Duration = .seconds(10)

    /// How often the `-wal`'s header is read while waiting.
    static let poll: Duration = .milliseconds(10)

    /// Waits until the `-wal` has a generation other than `generation`; false after `patience`.
    /// A stop request ends the wait (`CancellationError`).
    static func waitForRestart(of store: MemoryStore, since generation: WriteAheadLogGeneration?) async throws -> Bool {
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: patience)
        while clock.now < deadline {
            try await Task.sleep(for: poll)
            if store.writeAheadLogGeneration() != generation { return true }
        }
        return false
    }
}
