import CSQLite

/// The raw SQLite connection: opened, configured and checked, with a statement cache.
///
/// Not `Sendable`: exactly one owner (the `MemoryStore` actor, or a test) may use it.
package final class Connection {
    package enum OpenMode {
        /// Open an existing file for reading and writing (read-only if the file system says so).
        case readWrite
        /// Like `.readWrite`, creating the file when it does not exist.
        case readWriteCreate
        /// Read-only (`SQLITE_OPEN_READONLY`), under the usual locks: for a database another
        /// program writes (a peer's replica, which Litestream updates under SQLite's own locks).
        /// SQLite still makes the `-wal` and `-shm` a WAL database needs to be read, where it can.
        case readOnly
        /// Read-only, without the WAL index (`-shm`): for a file in a directory we cannot write,
        /// where SQLite could not otherwise read a WAL database at all.
        case readOnlyImmutable
    }

    package let path: String
    /// Only this module touches it (the registration of `bm25_counted` is in its own file).
    let handle: OpaquePointer
    /// Lets another thread stop what this connection runs (a pass's commit at a stop request).
    package let interruption: StatementInterruption
    /// Pages in the `-wal` after this connection's last commit, once `checkpointsItself()` ran.
    private let walSize = WALSize()
    /// The busy timeout the connection was opened with (`withBusyTimeout` sets it back).
    private let busyTimeoutMilliseconds: Int32
    private var statements: [String: Statement] = [:]

    /// Opens `path` and validates it: the file must be a SQLite database (checked before anything
    /// is written to it), foreign keys are on and a busy timeout is set.
    /// WAL is turned on separately by `enableWriteAheadLog()`, after the caller had its say
    /// about the schema version, so that a file we will refuse is never changed.
    package init(path: String, mode: OpenMode, busyTimeoutMilliseconds: Int32) throws {
        Self.configureLibrary
        self.path = path
        self.busyTimeoutMilliseconds = busyTimeoutMilliseconds
        var flags = SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE
        var filename = path
        switch mode {
        case .readWrite: flags |= SQLITE_OPEN_READWRITE
        case .readWriteCreate: flags |= SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE
        case .readOnly: flags |= SQLITE_OPEN_READONLY
        case .readOnlyImmutable:
            flags |= SQLITE_OPEN_READONLY | SQLITE_OPEN_URI
            filename = "file:" + Self.uriEscaped(path) + "?immutable=1"
        }
        var db: OpaquePointer?
        let rc = sqlite3_open_v2(filename, &db, flags, nil)
        guard rc == SQLITE_OK, let db else {
            let message = db.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(rc))
            sqlite3_close_v2(db)
            throw SQLiteError(ResultCode(rawValue: rc), message: message)
        }
        handle = db
        interruption = StatementInterruption(db)
        sqlite3_extended_result_codes(db, 1)
        try check(sqlite3_busy_timeout(db, busyTimeoutMilliseconds))
        // Double-quoted string literals are a trap; refuse them like strict SQL does.
        _ = memoryd_sqlite3_db_config_bool(db, SQLITE_DBCONFIG_DQS_DML, 0)
        _ = memoryd_sqlite3_db_config_bool(db, SQLITE_DBCONFIG_DQS_DDL, 0)
        // Reading the schema is the first thing that fails on a file that is not a database.
        try execute("SELECT count(*) FROM sqlite_master")
        try execute("PRAGMA foreign_keys = ON")
        guard try scalarInt("PRAGMA foreign_keys") == 1 else {
            throw SQLiteError(.misuse, message: "foreign keys could not be enabled")
        }
        try registerCountedBM25()
    }

    /// How large a statement journal may grow in memory. Inside a transaction, every statement
    /// that may fail halfway (one with triggers, say) journals the pages it changes so that it
    /// can be undone alone; past SQLite's default of 64 KiB that journal moves to a temporary
    /// file for the rest of the transaction, and every later statement writes its pages there.
    /// Just under 128 KiB: SQLite writes what it held in memory to that file in one call, and
    /// its Unix layer writes at most 128 KiB - 1 bytes in a call, reporting the rest as a full
    /// disk (with 4 MiB, any statement that journalled more failed with "database or disk is
    /// full"; docs/DECISIONS.md, "Storage and SQLite settings").
    package static let statementJournalSpillBytes: Int32 = (128 << 10) - 1

    /// Library-wide settings, made once before the first connection initializes SQLite.
    private static let configureLibrary: Void = {
        _ = memoryd_sqlite3_config_statement_journal_spill(statementJournalSpillBytes)
    }()

    private static func uriEscaped(_ path: String) -> String {
        var escaped = ""
        for character in path.unicodeScalars {
            switch character {
            case "%": escaped += "%25"
            case "?": escaped += "%3f"
            case "#": escaped += "%23"
            default: escaped.unicodeScalars.append(character)
            }
        }
        return escaped
    }

    deinit { close() }

    /// True once `close()` ran: every later call fails with "the database is closed".
    package private(set) var isClosed = false

    /// Finalizes every cached statement and closes the file. Safe to call more than once.
    package func close() {
        guard !isClosed else { return }
        isClosed = true
        statements.removeAll()  // finalize statements before closing
        interruption.detach()
        sqlite3_close_v2(handle)
    }

    /// Makes `close()` leave the `-wal` as it is, for the next connection to copy into the
    /// database, instead of copying it first (SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE): for a process
    /// that was asked to stop and should not spend the copy's time doing so.
    package func leavesWriteAheadLogOnClose() {
        _ = memoryd_sqlite3_db_config_bool(handle, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 1)
    }

    private func checkOpen(_ sql: String) throws {
        if isClosed { throw SQLiteError(.misuse, message: "the database is closed", sql: sql) }
    }

    /// Stops SQLite from checkpointing inside this connection's commits (its automatic
    /// checkpoint after a commit that leaves 1,000 pages or more in the `-wal`) and counts the
    /// pages instead (`walPages`), so that the owner checkpoints between its transactions,
    /// where it can be interrupted.
    package func checkpointsItself() {
        sqlite3_wal_hook(
            handle,
            { context, _, _, pages in
                Unmanaged<WALSize>.fromOpaque(context!).takeUnretainedValue().pages = Int(pages)
                return SQLITE_OK
            }, Unmanaged.passUnretained(walSize).toOpaque())
    }

    /// Runs `body` with another busy timeout, then sets the connection's own again: for a
    /// checkpoint that should not wait for a reader that is known never to finish in time.
    package func withBusyTimeout<T>(milliseconds: Int32, _ body: () throws -> T) throws -> T {
        try check(sqlite3_busy_timeout(handle, milliseconds))
        defer { sqlite3_busy_timeout(handle, busyTimeoutMilliseconds) }
        return try body()
    }

    /// Pages in the `-wal` after this connection's last commit (with `checkpointsItself()`).
    package var walPages: Int {
        get { walSize.pages }
        set { walSize.pages = newValue }
    }

    /// True when SQLite opened the file read-only (e.g. no write permission on it).
    package var isReadOnly: Bool { sqlite3_db_readonly(handle, "main") == 1 }

    /// Switches the database to WAL and checks that it really took.
    package func enableWriteAheadLog() throws {
        let mode = try scalarText("PRAGMA journal_mode = WAL")
        guard mode?.lowercased() == "wal" else {
            throw SQLiteError(
                .cannotOpen,
                message: "could not switch to WAL journal mode (still '\(mode ?? "?")')",
                sql: "PRAGMA journal_mode = WAL")
        }
        // FULL: a memory that was accepted survives power loss, not just a crash.
        try execute("PRAGMA synchronous = FULL")
    }

    // MARK: - Running SQL

    /// Runs one or more statements that return no rows of interest.
    package func execute(_ sql: String) throws {
        try checkOpen(sql)
        var errorMessage: UnsafeMutablePointer<CChar>?
        let rc = sqlite3_exec(handle, sql, nil, nil, &errorMessage)
        if rc != SQLITE_OK {
            let message = errorMessage.map { String(cString: $0) } ?? String(cString: sqlite3_errstr(rc))
            sqlite3_free(errorMessage)
            throw SQLiteError(ResultCode(rawValue: sqlite3_extended_errcode(handle)), message: message, sql: sql)
        }
    }

    /// Returns the cached prepared statement for `sql`, preparing it on first use. SQL made for
    /// one call (ids written into an `IN (…)` list) passes `cached: false`: it is finalized when
    /// the caller drops it, so the cache holds only the fixed statements and stays bounded.
    package func prepare(_ sql: String, cached: Bool = true) throws -> Statement {
        try checkOpen(sql)
        if cached, let statement = statements[sql] {
            statement.reset()
            return statement
        }
        var raw: OpaquePointer?
        let flags = cached ? UInt32(SQLITE_PREPARE_PERSISTENT) : 0
        var rc = sqlite3_prepare_v3(handle, sql, -1, flags, &raw, nil)
        // SQLite prepares again itself once when another connection changed the schema, and that
        // can fail too: a statement on a table with a trigger into an FTS5 table, prepared by a
        // connection that read the schema before the change, fails as "no such table" twice (the
        // FTS5 table connects while the schema is read again). Litestream creates two tables as it
        // starts, and ten `memctl add`s run just then failed in 8 of 30 tries (docs/REPLICATION.md,
        // "Writes while Litestream starts"). The next try reads the schema whole.
        var tries = 1
        while rc & 0xFF == SQLITE_SCHEMA, tries < Self.schemaChangeTries {
            tries += 1
            rc = sqlite3_prepare_v3(handle, sql, -1, flags, &raw, nil)
        }
        guard rc == SQLITE_OK, let raw else {
            throw error(rc, sql: sql)
        }
        let statement = Statement(raw, sql: sql, connection: self)
        if cached { statements[sql] = statement }
        return statement
    }

    /// How many times `prepare` asks SQLite for a statement while the schema keeps changing.
    package static let schemaChangeTries = 5

    /// How many prepared statements the cache holds.
    package var cachedStatements: Int { statements.count }

    /// Drops a statement from the cache, e.g. after it failed, so the next use prepares afresh.
    package func evict(_ statement: Statement) {
        statements[statement.sql] = nil
    }

    package func scalarInt(_ sql: String, _ arguments: (any SQLiteBindable)?...) throws -> Int64? {
        try prepare(sql).bind(arguments).firstRow { $0.int64(0) }
    }

    package func scalarText(_ sql: String, _ arguments: (any SQLiteBindable)?...) throws -> String? {
        try prepare(sql).bind(arguments).firstRow { $0.text(0) }
    }

    package var lastInsertRowID: Int64 { sqlite3_last_insert_rowid(handle) }
    package var changes: Int { Int(sqlite3_changes64(handle)) }
    /// Rows this connection has inserted, updated or deleted since it was opened.
    package var totalChanges: Int { Int(sqlite3_total_changes64(handle)) }
    package var isInTransaction: Bool { sqlite3_get_autocommit(handle) == 0 }

    // MARK: - Transactions

    package enum TransactionKind: String {
        case deferred = "DEFERRED"
        /// Takes the write lock at once, so a busy database fails before any work is done.
        case immediate = "IMMEDIATE"
    }

    /// Runs `body` in a transaction: committed when it returns, rolled back when it throws.
    package func inTransaction<T>(_ kind: TransactionKind = .immediate, _ body: () throws -> T) throws -> T {
        try execute("BEGIN \(kind.rawValue) TRANSACTION")
        let result: T
        do {
            result = try body()
        } catch {
            rollbackQuietly()
            throw error
        }
        do {
            // Refused if an interrupt came between two statements (SQLite would commit), and
            // never interrupted itself.
            try interruption.committing { try execute("COMMIT TRANSACTION") }
        } catch {
            rollbackQuietly()
            throw error
        }
        return result
    }

    /// Runs `body` in one read transaction, unless a transaction is open already: SQLite takes
    /// its read locks once for all of the statements, rather than around each of them, and they
    /// all read the same snapshot.
    package func reading<T>(_ body: () throws -> T) throws -> T {
        guard !isInTransaction else { return try body() }
        return try inTransaction(.deferred, body)
    }

    /// Rolls back if a transaction is open. A failing rollback has nothing left to undo: SQLite
    /// already rolled back on its own, and the error that brought us here is the one to report.
    private func rollbackQuietly() {
        if isInTransaction { _ = sqlite3_exec(handle, "ROLLBACK TRANSACTION", nil, nil, nil) }
    }

    // MARK: - Errors


    package func check(_ rc: Int32, sql: String? = nil) throws {
        if rc != SQLITE_OK { throw error(rc, sql: sql) }
    }

    package func error(_ rc: Int32, sql: String?) -> SQLiteError {
        let extended = sqlite3_extended_errcode(handle)
        // sqlite3_errmsg describes the most recent failure; trust it only when it is ours.
        let code = (extended & 0xFF) == (rc & 0xFF) ? extended : rc
        let message = (extended & 0xFF) == (rc & 0xFF)
            ? String(cString: sqlite3_errmsg(handle)) : String(cString: sqlite3_errstr(rc))
        return SQLiteError(ResultCode(rawValue: code), message: message, sql: sql)
    }
}

@available(*, unavailable)
extension Connection: Sendable {}

/// What the WAL hook writes: a class, so that SQLite holds a stable pointer to it. Only the
/// connection's own thread touches it, inside its commits.
private final class WALSize {
    var pages = 0
}
