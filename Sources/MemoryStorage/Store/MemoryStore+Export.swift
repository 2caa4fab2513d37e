import MemoryModel
import SQLiteKit

// MARK: - Exporting (`memctl export`)

/// Reads for `memctl export`: the database's identity, and every short-term memory a page at a
/// time in id order. Each page is a read of its own (docs/IMPORT.md, "Exporting"), so an export
/// never holds a snapshot that keeps memoryd's checkpoints from emptying the `-wal`.
extension MemoryStore {
    /// The identity an export names this database's own memories by: a random UUID made with
    /// the database (or by its migration to version 12), the same for every export of it.
    public func databaseIdentity() throws -> String {
        let uuid = try withConnection { try $0.scalarText("SELECT uuid FROM database_identity WHERE id = 1") }
        guard let uuid else {
            throw StoreError.cannotOpen(path: path, reason: "its identity (the row of database_identity) was deleted")
        }
        return uuid
    }
}
