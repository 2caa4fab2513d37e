import CSQLite

extension Connection {
    /// The schema version of the file (`PRAGMA user_version`).
    func schemaVersion() throws -> Int {
        Int(try scalarInt("PRAGMA user_version") ?? 0)
    }

    /// The file's application id (`PRAGMA application_id`), which says which program's format it is.
    func applicationID() throws -> Int64 {
        try scalarInt("PRAGMA application_id") ?? 0
    }

    /// Brings the schema up to the latest version, one migration per transaction.
    ///
    /// The version is read again inside each write transaction, so two processes that open a
    /// new file at the same moment do not both run the same migration.
    func migrate(_ migrations: [Schema.Migration]) throws {
        for migration in migrations {
            guard try schemaVersion() < migration.version else { continue }
            try inTransaction(.immediate) {
                guard try schemaVersion() < migration.version else { return }
                try execute(migration.sql)
                try prepare("INSERT INTO schema_migrations(version, name) VALUES (?, ?)")
                    .bind([migration.version, migration.name]).run()
                try execute("PRAGMA user_version = \(migration.version)")
            }
        }
    }
}
