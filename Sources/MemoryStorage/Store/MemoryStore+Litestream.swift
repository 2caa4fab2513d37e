import Glibc
import SQLiteKit

// MARK: - Beside Litestream

/// Where the `-wal` stands: SQLite writes a new header each time a writer starts the file over
/// after a complete checkpoint, with the checkpoint sequence number one higher and new salts.
/// Two readings that differ mean the `-wal` was started over in between.
package struct WriteAheadLogGeneration: Equatable, Sendable {
    let checkpointSequence: UInt32
    let salt: UInt32
}

extension MemoryStore {
    /// Whether Litestream replicates this database, or did: it creates `_litestream_seq` in the
    /// database it replicates, holds a read transaction on it from then on, and copies the
    /// `-wal` into the database itself, after its next sync, so that no frame reaches the
    /// database before it reached the replica (docs/REPLICATION.md). While it runs, no other
    /// connection's checkpoint can copy past its read transaction, and a TRUNCATE checkpoint
    /// waits for it in vain. The table stays when Litestream is stopped: a pass that waits for
    /// Litestream in vain checkpoints itself again (`PassLedger`, in MemoryPasses).
    static func isReplicatedByLitestream(_ connection: Connection) throws -> Bool {
        try connection.scalarInt(
            "SELECT EXISTS (SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = '_litestream_seq')") == 1
    }

    /// The `-wal`'s generation, read from its header; nil when there is no `-wal` (or it is
    /// shorter than its header). A read of the file, not of the database: safe from any task.
    package nonisolated func writeAheadLogGeneration() -> WriteAheadLogGeneration? {
        let descriptor = Glibc.open(path + "-wal", O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { Glibc.close(descriptor) }
        var header = [UInt8](repeating: 0, count: 20)
        let count = header.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, 20, 0) }
        guard count == 20 else { return nil }
        func word(_ offset: Int) -> UInt32 { header[offset..<offset + 4].reduce(0) { $0 << 8 | UInt32($1) } }
        return WriteAheadLogGeneration(checkpointSequence: word(12), salt: word(16))
    }
}
