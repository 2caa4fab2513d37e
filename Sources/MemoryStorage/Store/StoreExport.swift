import MemoryModel
import SQLiteKit

/// The reads behind `memctl export`.
package struct StoreExport: StoreFeature {
    package let connection: Connection

    package init(_ connection: Connection) { self.connection = connection }
}

// MARK: - Exporting (`memctl export`)

/// Reads for `memctl export`: the database's identity, and every short-term memory a page at a
/// time in id order. Each page is a read of its own (docs/IMPORT.md, "Exporting"), so an export
/// never holds a snapshot that keeps memoryd's checkpoints from emptying the `-wal`.
extension StoreExport {
    /// The identity an export names this database's own memories by: a random UUID made with
    /// the database (or by its migration to version 12), the same for every export of it.
    package func databaseIdentity() throws -> String {
        let uuid = try connection.scalarText("SELECT uuid FROM database_identity WHERE id = 1")
        guard let uuid else {
            throw StoreError.cannotOpen(path: connection.path, reason: "its identity (the row of database_identity) was deleted")
        }
        return uuid
    }

    /// The highest short-term memory id, where an export ends: a memory added while it runs is
    /// left for the next. Nil for an empty store.
    package func highestShortTermMemoryID() throws -> ShortTermMemoryID? {
        try connection.scalarInt("SELECT max(id) FROM short_term_memories").map(ShortTermMemoryID.init)
    }

    /// The short-term memories after `cursor` (nil: from the first) through `last`, in `scope`
    /// (nil: every project), in id order: at most `limit`, and no more once their text passes
    /// `textBytes`, so that a page of long memories stays small too (at least one per page).
    package func exportPage(
        after cursor: ShortTermMemoryID?, through last: ShortTermMemoryID, scope: ProjectScope?, limit: Int,
        textBytes: Int
    ) throws -> [ExportedMemory] {
        // A forgotten memory has its time in status_changed_at; only a hand edit leaves it
        // NULL, and then its own time is the one known.
        let statement = try connection.prepare(
            """
            SELECT export_origin, export_id,
                   CASE status WHEN 'forgotten' THEN coalesce(status_changed_at, created_at) END,
                   \(StoreRows.shortTermColumns)
            WHERE id > ? AND id <= ? AND \(StoreRows.inScope("project", scope)) ORDER BY id LIMIT ?
            """,
            cached: scope == nil)
        var bytes = 0
        return try statement.bind([cursor?.rawValue ?? 0, last.rawValue, limit]).rowsUntilNil(upTo: limit) { row in
            guard bytes < textBytes else { return nil }
            let memory = StoreRows.shortTermMemory(row, from: 3)
            bytes += memory.content.utf8.count
            return ExportedMemory(
                memory: memory, exportOrigin: row.optionalText(0), exportID: row.optionalText(1),
                forgottenAt: StoreRows.optionalTimestamp(row, 2))
        }
    }
}
