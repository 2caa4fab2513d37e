import FoundationEssentials
import MemoryModel
import SQLiteKit

/// The ledger of passes (`passes`): when each began and ended, and what it did.
package struct StorePasses: StoreFeature {
    package let connection: Connection

    package init(_ connection: Connection) { self.connection = connection }
}

extension StorePasses {
    /// Records the start of a pass. Any pass of the same kind still marked running is stale — the
    /// caller holds the kind's pass lock — and is closed as failed: its process ended without
    /// finishing it.
    package func beginPass(_ kind: PassKind, at now: Timestamp) throws -> PassID {
        try connection.inTransaction {
            try connection.prepare(
                """
                UPDATE passes SET outcome = 'failed', finished_at = max(started_at, ?2),
                    error = 'interrupted: the process running it ended before the pass finished'
                WHERE kind = ?1 AND outcome = 'running'
                """
            ).bind([kind.rawValue, now.iso8601]).run()
            try connection.prepare("INSERT INTO passes(kind, started_at) VALUES (?, ?)")
                .bind([kind.rawValue, now.iso8601]).run()
            return PassID(connection.lastInsertRowID)
        }
    }

    /// Writes a pass's progress; called inside the transaction of the batch it counts, so the
    /// ledger never counts a batch that was not committed.
    package static func record(_ progress: PassProgress, of pass: PassID, _ connection: Connection) throws {
        let counts = String(decoding: try JSONEncoder.sorted.encode(progress.counts), as: UTF8.self)
        try connection.prepare("UPDATE passes SET processed = ?, batches = ?, counts = ? WHERE id = ?")
            .bind([progress.processed, progress.batches, counts, pass.rawValue]).run()
    }

    /// Records how a pass ended and returns its ledger row.
    package func finishPass(_ pass: PassID, outcome: PassOutcome, error: String?, progress: PassProgress, at now: Timestamp)
        throws -> PassRecord
    {
        try connection.inTransaction {
            try StorePasses.record(progress, of: pass, connection)
            try connection.prepare(
                "UPDATE passes SET outcome = ?, error = ?, finished_at = max(started_at, ?) WHERE id = ?"
            ).bind([outcome.rawValue, error, now.iso8601, pass.rawValue]).run()
        }
        guard let record = try StoreInspection(connection).passes(limit: 1, id: pass).first else { throw StoreError.notFound(.pass(pass)) }
        return record
    }
}

extension JSONEncoder {
    /// Keys sorted, so that the same value always gives the same text.
    package static var sorted: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }
}
