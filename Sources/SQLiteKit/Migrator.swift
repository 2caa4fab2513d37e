import CSQLite

/// One step of a schema: applied once, in its own transaction, when the file's
/// `PRAGMA user_version` is below `version`.
package struct Migration: Sendable {
    package let version: Int
    package let name: String
    package let sql: String
    /// Runs after `sql`, in the same transaction, for a step that SQL alone cannot say.
    package let after: (@Sendable (Connection) throws -> Void)?

    package init(version: Int, name: String, sql: String, after: (@Sendable (Connection) throws -> Void)? = nil) {
        self.version = version
        self.name = name
        self.sql = sql
        self.after = after
    }
}

extension Connection {
    /// The schema version of the file (`PRAGMA user_version`).
    package func schemaVersion() throws -> Int {
        Int(try scalarInt("PRAGMA user_version") ?? 0)
    }

    /// The file's application id (`PRAGMA application_id`), which says which program's format it is.
    package func applicationID() throws -> Int64 {
        try scalarInt("PRAGMA application_id") ?? 0
    }

    /// Brings the schema up to the latest version, one migration per transaction. `record` runs
    /// inside each migration's transaction, after its SQL, for a schema that keeps a history.
    ///
    /// The version is read again inside each write transaction, so two processes that open a
    /// new file at the same moment do not both run the same migration.
    package func migrate(_ migrations: [Migration], record: (Connection, Migration) throws -> Void = { _, _ in })
        throws
    {
        for migration in migrations {
            guard try schemaVersion() < migration.version else { continue }
            try inTransaction(.immediate) {
                guard try schemaVersion() < migration.version else { return }
                try execute(migration.sql)
                try migration.after?(self)
                try record(self, migration)
                try execute("PRAGMA user_version = \(migration.version)")
            }
        }
    }
}

extension Connection {
    /// Rewrites the text of a table's definition, which SQLite keeps in `sqlite_schema`, for a
    /// change that leaves every stored row as it is (a CHECK constraint made looser): SQLite's own
    /// procedure for such changes (https://sqlite.org/lang_altertable.html, "making other kinds
    /// of table schema changes"), in the caller's transaction. Throws when `old` is not in the
    /// definition. The schema cookie is bumped, so that this and every other connection read the
    /// new definition before their next statement.
    package func rewriteDefinition(ofTable table: String, replacing old: String, with new: String) throws {
        let definition = try prepare("SELECT sql FROM sqlite_schema WHERE type = 'table' AND name = ?")
            .bind([table]).firstRow { $0.optionalText(0) }
        guard let definition, definition.contains(old) else {
            throw SQLiteError(.error, message: "the definition of \(table) does not hold \"\(old)\"")
        }
        let cookie = try scalarInt("PRAGMA schema_version") ?? 0
        try execute("PRAGMA writable_schema = ON")
        do {
            try prepare("UPDATE sqlite_schema SET sql = ? WHERE type = 'table' AND name = ?")
                .bind([definition.replacing(old, with: new), table]).run()
        } catch {
            try? execute("PRAGMA writable_schema = OFF")
            throw error
        }
        try execute("PRAGMA writable_schema = OFF")
        try execute("PRAGMA schema_version = \(cookie + 1)")
    }
}
