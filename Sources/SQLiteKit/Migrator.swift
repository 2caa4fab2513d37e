import CSQLite

/// One step of a schema: applied once, in its own transaction, when the file's
/// `PRAGMA user_version` is below `version`.
public struct Migration: Sendable {
    public let version: Int
    public let name: String
    public let sql: String

    public init(version: Int, name: String, sql: String) {
        self.version = version
        self.name = name
        self.sql = sql
    }
}

extension Connection {
    /// The schema version of the file (`PRAGMA user_version`).
    public func schemaVersion() throws -> Int {
        Int(try scalarInt("PRAGMA user_version") ?? 0)
    }

    /// The file's application id (`PRAGMA application_id`), which says which program's format it is.
    public func applicationID() throws -> Int64 {
        try scalarInt("PRAGMA application_id") ?? 0
    }

    /// Brings the schema up to the latest version, one migration per transaction. `record` runs
    /// inside each migration's transaction, after its SQL, for a schema that keeps a history.
    ///
    /// The version is read again inside each write transaction, so two processes that open a
    /// new file at the same moment do not both run the same migration.
    public func migrate(_ migrations: [Migration], record: (Connection, Migration) throws -> Void = { _, _ in })
        throws
    {
        for migration in migrations {
            guard try schemaVersion() < migration.version else { continue }
            try inTransaction(.immediate) {
                guard try schemaVersion() < migration.version else { return }
                try execute(migration.sql)
                try record(self, migration)
                try execute("PRAGMA user_version = \(migration.version)")
            }
        }
    }
}
