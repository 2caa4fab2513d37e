import FoundationEssentials
import Glibc
import MemoryModel
import SQLiteKit

/// The memory database. The only code in a process that touches the SQLite connection; callers
/// get typed IDs and `Sendable` values, never a statement or a handle.
package actor MemoryStore {
    /// How to open the store.
    package struct Configuration: Sendable {
        /// Path of the SQLite file.
        package var path: String
        /// Create the file (and its directory) when missing; otherwise a missing file is an error.
        package var createIfMissing: Bool
        /// How long a write waits for another process's lock before failing.
        package var busyTimeoutMilliseconds: Int
        /// SQLite's page cache for this connection, in KiB; nil keeps SQLite's default (about
        /// 2 MiB). Long passes over a large store set it higher
        /// (`ConsolidationPass.pageCacheKibibytes`), idle memoryd and memctl's reading commands
        /// lower (`Daemon.pageCacheKibibytes`, memctl's `Context.readerPageCacheKibibytes`).
        package var pageCacheKibibytes: Int?
        /// When this connection's commits reach the disk.
        package var durability: Durability
        /// No statement may change the database once it is open (`PRAGMA query_only`): for
        /// `memctl ui`, which promises to be read-only. An older schema is still brought up to
        /// date first, as every command does.
        package var queryOnly = false
        /// Opened read-only (`SQLITE_OPEN_READONLY`) and never changed: another device's database
        /// (a peer, docs/PEERS.md), which memoryd only reads. A schema of any other version, older
        /// or newer, is refused rather than migrated, and a file shorter than its header says (a
        /// copy or restore that has not finished) is refused as incomplete.
        package var readOnly = false

        package init(
            path: String, createIfMissing: Bool = false, busyTimeoutMilliseconds: Int = 5000,
            pageCacheKibibytes: Int? = nil, durability: Durability = .everyCommit
        ) {
            self.path = path
            self.createIfMissing = createIfMissing
            self.busyTimeoutMilliseconds = busyTimeoutMilliseconds
            self.pageCacheKibibytes = pageCacheKibibytes
            self.durability = durability
        }
    }

    /// When a connection's commits reach the disk. Either way the file stays consistent through
    /// a crash or a power cut; what differs is whether the last commits survive a power cut.
    package enum Durability: Sendable {
        /// Every commit is synced (`synchronous = FULL`): a memory that was accepted survives a
        /// power cut. For everything that adds, imports, forgets or changes memories.
        case everyCommit
        /// Commits are synced at checkpoints (`synchronous = NORMAL`): a power cut may undo the
        /// last batches, and the next pass does them again the same way (passes are resumable
        /// and deterministic). For a store that only runs passes, so that a commit neither
        /// waits for the disk nor holds up a stop request while it syncs.
        case checkpoints
    }

    /// When a pass copies the `-wal` into the database between batches. A long pass changes
    /// the same pages of `long_term_signatures` batch after batch; copying them every 1,000
    /// pages (SQLite's own threshold) copied and synced each of them again and again: 258k real
    /// messages consolidated in 48–52 s with it, 42–44 s with this (docs/DECISIONS.md,
    /// "Checkpoints and the -wal").
    package static let checkpointPagesBetweenBatches = 8_192

    /// What a pass leaves in the `-wal` when it ends: SQLite's own threshold, so that readers and
    /// writers after it find a `-wal` as short as SQLite would have left it.
    package static let checkpointPagesAtEnd = 1_000

    /// What an everyday writer (`everyCommit`) lets the `-wal` reach before it checkpoints
    /// after its commit: more than a pass leaves between its checkpoints, so that a `memctl add`
    /// beside a pass never copies the pass's pages itself. Passes and the last connection to
    /// close checkpoint before then.
    static let writerCheckpointPages = 16_384

    /// What a checkpoint of a pass did.
    package enum CheckpointStep: Sendable {
        /// Nothing was due, or the `-wal` was copied as far as readers allow.
        case done
        /// A reader kept the checkpoint from copying the whole `-wal`, and Litestream replicates
        /// the database: it holds a read transaction from one of its own checkpoints to the next,
        /// and copies the `-wal` after its next sync (docs/REPLICATION.md). The pass leaves it
        /// the write lock until the `-wal` has a generation other than this one.
        case leftToLitestream(WriteAheadLogGeneration?)
    }

    /// Copies the `-wal` into the database as far as readers allow (`wal_checkpoint(PASSIVE)`,
    /// which never waits) once it holds `pages` or more. The passes call it between batches,
    /// where a stop request can interrupt it, and once more when they end. `leavingToLitestream`
    /// false: the pass waited for Litestream in vain, and checkpoints as if it were not there.
    @discardableResult
    package func checkpointIfDue(
        atLeast pages: Int = checkpointPagesBetweenBatches, leavingToLitestream: Bool = true
    ) throws -> CheckpointStep {
        try withConnection { connection in
            guard connection.walPages >= pages else { return .done }
            let replicated = try Self.isReplicatedByLitestream(connection)
            let copied = try Self.checkpoint(replicated ? .besideLitestream : .passive, connection)
            connection.walPages = 0
            if !copied, leavingToLitestream, replicated {
                return .leftToLitestream(writeAheadLogGeneration())
            }
            return .done
        }
    }

    /// Copies what a pass leaves in the `-wal` beyond `checkpointPagesAtEnd` into the database
    /// and empties the `-wal` file (`wal_checkpoint(TRUNCATE)`, which waits for readers as any
    /// write does): after a pass the `-wal` is at most `checkpointPagesAtEnd` pages long,
    /// rather than as long as the pass once made it. A reader still busy after the busy timeout
    /// leaves it for the next writer, which cuts it to `walSizeLimitBytes`. Beside Litestream it
    /// does not wait: Litestream's read transaction never ends before its own checkpoint, which
    /// starts the `-wal` over without cutting the file (it stays as long as the pass made it,
    /// at most `walBoundBytes`, and is written from its start again).
    package func checkpointAtPassEnd() throws {
        try withConnection { connection in
            guard connection.walPages >= Self.checkpointPagesAtEnd else { return }
            _ = try Self.checkpoint(try Self.isReplicatedByLitestream(connection) ? .besideLitestream : .truncate, connection)
            connection.walPages = 0
        }
    }

    /// How a checkpoint copies the `-wal`.
    private enum CheckpointMode {
        /// As far as readers allow, never waiting; the next writer starts the `-wal` over in place.
        case passive
        /// All of it, waiting for readers up to the busy timeout, and the file emptied.
        case truncate
        /// On a database Litestream replicates: TRUNCATE, not waiting. A `-wal` started over in
        /// place while Litestream was down is one it cannot follow: it checks only that the last
        /// frame it copied is still there, skips what was committed and copied in between, and
        /// ships a replica that no longer restores (found by ReplicationTests' kills; reproduced
        /// with the `sqlite3` shell and Litestream 0.5.17 alone). An emptied `-wal` it sees, and
        /// takes a snapshot. While Litestream runs, its read transaction stops the copy at once.
        case besideLitestream
    }

    /// Runs `wal_checkpoint`; true when it copied the whole `-wal` (for TRUNCATE: and emptied
    /// it). A checkpoint that another checkpoint or a reader held up is not an error.
    private static func checkpoint(_ mode: CheckpointMode, _ connection: Connection) throws -> Bool {
        switch mode {
        case .passive: try checkpoint("PASSIVE", connection)
        case .truncate: try checkpoint("TRUNCATE", connection)
        case .besideLitestream: try connection.withBusyTimeout(milliseconds: 0) { try checkpoint("TRUNCATE", connection) }
        }
    }

    private static func checkpoint(_ mode: String, _ connection: Connection) throws -> Bool {
        do {
            let result = try connection.prepare("PRAGMA wal_checkpoint(\(mode))", cached: false).rows {
                (busy: $0.int64(0), log: $0.int64(1), copied: $0.int64(2))
            }
            guard let result = result.first else { return true }
            return result.busy == 0 && result.copied >= result.log
        } catch let error as SQLiteError where error.resultCode == .busy {
            return false
        }
    }

    /// Copies the whole `-wal` into the database and empties the file (`wal_checkpoint(TRUNCATE)`),
    /// for an everyday writer after a long run of writes (the transcript follower's backfill):
    /// its commits checkpoint only past `writerCheckpointPages`, and leave the file that long.
    /// Beside Litestream it does nothing: Litestream copies the `-wal` after its next sync, and
    /// the TRUNCATE would only wait out the busy timeout on its read transaction.
    package func checkpointAfterBulkWrites() throws {
        try withConnection { connection in
            guard try !Self.isReplicatedByLitestream(connection) else { return }
            _ = try Self.checkpoint(.truncate, connection)
        }
    }

    /// What SQLite cuts the `-wal` file back to when a writer starts it over after a complete
    /// checkpoint (`journal_size_limit`). Without it the file keeps the largest size it ever had:
    /// a cycle over 10,000 messages left a 27 MB `-wal` beside a 13 MB database. docs/RESOURCES.md,
    /// "Disk", has the bound this gives during a pass.
    static let walSizeLimitBytes = 4 * 1_048_576

    /// The most the `-wal` holds during a pass: a pass copies it into the database once it
    /// holds `checkpointPagesBetweenBatches` pages (32 MiB), between batches, so it reaches that
    /// and one transaction more; the 258k Chit-Chat cycle's largest, 55.7 MB, is in
    /// docs/RESOURCES.md, "Disk".
    /// A reader that keeps one snapshot open for the whole pass (a long `BEGIN` in the `sqlite3`
    /// shell) stops SQLite from starting the `-wal` over, and it grows past this.
    package static let walBoundBytes = 64 * 1_048_576

    /// The free space a pass needs beside a database of `databaseBytes`: the `-wal`'s bound,
    /// and room for the database to grow by its own size (a cycle over memories just imported
    /// about doubles it).
    package static func freeSpaceNeeded(databaseBytes: Int) -> Int { walBoundBytes + databaseBytes }

    /// The schema version this build reads and writes.
    package static let schemaVersion = Schema.currentVersion

    package nonisolated let path: String
    package let busyTimeoutMilliseconds: Int
    let connection: Connection
    /// Stops the statement the store runs, from any task: a pass arms it around a batch's
    /// commit, so that a stop request rolls the batch back instead of waiting for it.
    package nonisolated let interruption: StoreInterruption
    private nonisolated let executor: StoreExecutor

    /// The store's jobs run on a thread of its own (`StoreExecutor`), not on the cooperative pool.
    package nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

    /// Opens (and if asked, creates) the store, refusing files it must not touch, then brings
    /// the schema up to date.
    package init(_ configuration: Configuration) throws {
        path = try Self.absolutePath(configuration.path)
        busyTimeoutMilliseconds = configuration.busyTimeoutMilliseconds
        connection = try Self.open(path, configuration)
        interruption = connection.interruption
        executor = StoreExecutor(name: "memory-store")
    }

    // The connection closes itself when it goes.
    deinit { executor.stop() }

    /// Closes the database without copying the `-wal` into it first: after a stop request, so
    /// that the process ends at once. The `-wal` (committed, at most `walBoundBytes`) and the
    /// `-shm` stay beside the database, and the next connection copies them. Every later call
    /// fails.
    package func closeLeavingWriteAheadLog() {
        connection.leavesWriteAheadLogOnClose()
        connection.close()
    }

    /// Closes the database: the daemon and memctl call it when they are done, so that the file
    /// is closed (and its `-wal` checkpointed) before they exit. Every later call fails.
    package func close() {
        connection.close()
    }

    /// An absolute path, so that SQLite's special names (`:memory:`, the empty name for a
    /// temporary database) are always taken as files, and messages name the real file.
    private static func absolutePath(_ path: String) throws -> String {
        guard !path.isEmpty else { throw StoreError.cannotOpen(path: path, reason: "the database path is empty") }
        return DaemonPaths.absolute(path)
    }

    private static func open(_ path: String, _ configuration: Configuration) throws -> Connection {
        let timeout = configuration.busyTimeoutMilliseconds
        if configuration.readOnly {
            var isDirectory = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw StoreError.databaseMissing(path: path)
            }
            if isDirectory { throw StoreError.cannotOpen(path: path, reason: "it is a directory") }
            try checkWhole(path)
        } else if configuration.createIfMissing {
            try DatabaseFiles.createParentDirectory(of: path)
            try DatabaseFiles.createDatabase(at: path)
        } else if !FileManager.default.fileExists(atPath: path) {
            throw StoreError.databaseMissing(path: path)
        }
        do {
            let connection = try connect(path, configuration)
            if let kibibytes = configuration.pageCacheKibibytes {
                // A negative cache_size is in KiB rather than pages.
                try connection.execute("PRAGMA cache_size = -\(max(1, kibibytes))")
            }
            // Everything up to here only read the file: decide whether it is ours before any write.
            let version = try connection.schemaVersion()
            if try connection.applicationID() != Schema.applicationID {
                let isEmpty = try connection.scalarInt("SELECT count(*) FROM sqlite_master") == 0
                guard isEmpty, version == 0, try connection.applicationID() == 0 else {
                    throw StoreError.foreignDatabase(path: path)
                }
                // An empty file becomes a memory database only by a command that writes.
                guard configuration.createIfMissing else { throw StoreError.notInitialized(path: path) }
            }
            if version > Schema.currentVersion {
                throw StoreError.newerSchema(path: path, found: version, supported: Schema.currentVersion)
            }
            if configuration.readOnly {
                if version < Schema.currentVersion {
                    throw StoreError.olderSchema(path: path, found: version, supported: Schema.currentVersion)
                }
                try connection.execute("PRAGMA query_only = ON")
                return connection
            }
            if connection.isReadOnly {
                // Readers can still inspect an up-to-date file; nothing can be migrated.
                if version < Schema.currentVersion { throw StoreError.readOnly(path: path) }
                return connection
            }
            do {
                try connection.enableWriteAheadLog()
            } catch let error as SQLiteError where error.resultCode == .cannotOpen {
                // The -wal and -shm files cannot be created: the directory is not writable.
                throw StoreError.readOnly(path: path)
            }
            try connection.execute("PRAGMA journal_size_limit = \(Self.walSizeLimitBytes)")
            // `migrate` reads the version again inside each migration's transaction, in case another
            // process migrated first; a file already up to date has nothing to migrate.
            if version < Schema.currentVersion { try connection.migrate(Schema.migrations, record: Schema.record) }
            if configuration.durability == .checkpoints {
                // The passes checkpoint between batches (`checkpointIfDue()`), never inside a commit.
                try connection.execute("PRAGMA synchronous = NORMAL")
                connection.checkpointsItself()
            } else if try Self.isReplicatedByLitestream(connection) {
                // SQLite's automatic checkpoint is PASSIVE, which Litestream cannot follow if it
                // is down at that moment (`CheckpointMode.besideLitestream`); Litestream copies
                // the `-wal` itself, and the passes empty it when it is not running.
                try connection.execute("PRAGMA wal_autocheckpoint = 0")
            } else {
                try connection.execute("PRAGMA wal_autocheckpoint = \(Self.writerCheckpointPages)")
            }
            if configuration.queryOnly { try connection.execute("PRAGMA query_only = ON") }
            return connection
        } catch let error as SQLiteError {
            throw StoreError(error, path: path, busyTimeoutMilliseconds: timeout)
        }
    }

    /// Opens the connection, falling back to an immutable read-only view for a WAL file that we
    /// may not write (or only read, as a peer), in a directory where its `-shm` cannot be created
    /// (SQLite cannot read it otherwise). Nobody can be writing it through such a view, so that is
    /// safe, unless committed changes still wait in the `-wal` file: those the view would not see.
    private static func connect(_ path: String, _ configuration: Configuration) throws -> Connection {
        if configuration.readOnly, isWriteAheadLogged(path), access(path + "-wal", F_OK) != 0 {
            // A WAL file with no `-wal` beside it: nobody is writing it, and a restored replica
            // (Litestream writes a copy and renames it into place) stays as it is. Read as it is,
            // SQLite makes no `-wal` and `-shm` beside it, which a reader of a WAL file otherwise
            // leaves behind. A file that changes in place changes under SQLite's own locks, which
            // Litestream's follow mode takes after marking the file as a rollback-journal one: that
            // is read under the locks below.
            return try Connection(path: path, mode: .readOnlyImmutable, busyTimeoutMilliseconds: 0)
        }
        do {
            let mode: Connection.OpenMode =
                configuration.readOnly ? .readOnly : configuration.createIfMissing ? .readWriteCreate : .readWrite
            return try Connection(
                path: path, mode: mode, busyTimeoutMilliseconds: Int32(clamping: configuration.busyTimeoutMilliseconds))
        } catch let error as SQLiteError
            where (error.resultCode == .readOnly || error.resultCode == .cannotOpen)
                && (configuration.readOnly || access(path, W_OK) != 0)
        {
            let log = path + "-wal"
            // stat, not FileManager's attributes: without Foundation loaded, their size (a UInt64)
            // does not cast to Int, and a -wal full of changes would pass for empty.
            var info = stat()
            guard stat(log, &info) != 0 || info.st_size == 0 else {
                throw StoreError.cannotOpen(
                    path: path,
                    reason: "it is read-only, and the changes still in \(log) can only be read by a user "
                        + "who may write in its directory")
            }
            return try Connection(path: path, mode: .readOnlyImmutable, busyTimeoutMilliseconds: 0)
        }
    }

    /// The first 100 bytes of the file, SQLite's header; nil when it is shorter or cannot be read.
    private static func header(_ path: String) -> [UInt8]? {
        let file = Glibc.open(path, O_RDONLY | O_CLOEXEC)
        guard file >= 0 else { return nil }
        defer { Glibc.close(file) }
        var bytes = [UInt8](repeating: 0, count: 100)
        let read = bytes.withUnsafeMutableBytes { pread(file, $0.baseAddress, 100, 0) }
        return read == 100 ? bytes : nil
    }

    /// Whether the file's header says it is in WAL mode (bytes 18 and 19, the read and write
    /// versions, are 2). False for a file too short to say, which SQLite then judges as it opens it.
    private static func isWriteAheadLogged(_ path: String) -> Bool {
        guard let header = header(path) else { return false }
        return header[18] == 2 && header[19] == 2
    }

    /// Refuses a file shorter than its header says it is, with no `-wal` to hold the rest: a copy,
    /// or a restore written in place, that has not finished. SQLite would read the missing pages
    /// as zeroes, and a query could answer from part of the file without an error. The header's
    /// page count (bytes 28-31) counts only while its change counter (24-27) is the one it was
    /// written with (92-95), as SQLite has it; the page size is bytes 16-17 (1 for 65,536).
    private static func checkWhole(_ path: String) throws {
        var file = stat()
        var log = stat()
        guard let header = header(path), stat(path, &file) == 0, stat(path + "-wal", &log) != 0 || log.st_size == 0,
            header[24..<28] == header[92..<96]
        else { return }
        func bigEndian(_ bytes: ArraySlice<UInt8>) -> Int64 { bytes.reduce(0) { $0 << 8 | Int64($1) } }
        let pageSize = bigEndian(header[16..<18]) == 1 ? 65_536 : bigEndian(header[16..<18])
        let expected = bigEndian(header[28..<32]) * pageSize
        guard Int64(file.st_size) < expected else { return }
        throw StoreError.incomplete(path: path, bytes: Int64(file.st_size), expected: expected)
    }

    /// True when the file could only be opened for reading.
    package var isReadOnly: Bool { connection.isReadOnly }

    /// Runs `body`'s reads in one read transaction (`Connection.reading`), turning SQLite
    /// failures into `StoreError`s: for look-ups that run a statement per item.
    func reading<T>(_ body: (Connection) throws -> T) throws -> T {
        try withConnection { connection in try connection.reading { try body(connection) } }
    }

    /// Runs `body` against the connection, turning SQLite failures into `StoreError`s.
    package func withConnection<T>(_ body: (Connection) throws -> T) throws -> T {
        do {
            return try body(connection)
        } catch let error as SQLiteError {
            throw StoreError(error, path: path, busyTimeoutMilliseconds: busyTimeoutMilliseconds)
        }
    }

    // MARK: - Writing

    /// The table and columns a new short-term memory is written to, in the order `insertValues`
    /// gives its values.
    package static let shortTermInsertColumns = """
        short_term_memories(content, session, source, importance, created_at, project, status, status_changed_at,
            export_origin, export_id)
        """

    /// How many values `insertValues` gives.
    package static let shortTermInsertColumnCount = 10

    package static let insertShortTermMemory =
        "INSERT INTO \(shortTermInsertColumns) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"

    /// A new memory's values for `shortTermInsertColumns`: pending, or forgotten since
    /// `forgottenAt` (as `memctl forget` leaves a memory: never consolidated, purged once its
    /// retention ends).
    package static func insertValues(_ memory: NewMemory, createdAt: Timestamp) -> [(any SQLiteBindable)?] {
        [
            memory.content, memory.session, memory.source, memory.importance, createdAt.iso8601, memory.project,
            memory.forgottenAt == nil ? MemoryStatus.pending.rawValue : MemoryStatus.forgotten.rawValue,
            memory.forgottenAt?.iso8601, memory.exportOrigin, memory.exportID,
        ]
    }

    /// Stores one short-term memory and returns its id.
    package func add(_ memory: NewMemory) throws -> ShortTermMemoryID {
        do {
            try memory.validate()
        } catch {
            throw StoreError.invalidMemory(error)
        }
        return try withConnection { connection in
            try Self.insert(memory, createdAt: memory.createdAt ?? .now, into: connection)
        }
    }

    /// Stores memories in one transaction: all of them or, if one is invalid, none.
    package func add(_ memories: [NewMemory]) throws -> [ShortTermMemoryID] {
        for memory in memories {
            do {
                try memory.validate()
            } catch {
                throw StoreError.invalidMemory(error)
            }
        }
        return try withConnection { connection in
            try connection.inTransaction {
                try memories.map { try Self.insert($0, createdAt: $0.createdAt ?? .now, into: connection) }
            }
        }
    }

    package static func insert(_ memory: NewMemory, createdAt: Timestamp, into connection: Connection) throws
        -> ShortTermMemoryID
    {
        try connection.prepare(insertShortTermMemory).bind(insertValues(memory, createdAt: createdAt)).run()
        return ShortTermMemoryID(connection.lastInsertRowID)
    }
}

/// What stops a store's statement from another task (`MemoryStore.interruption`), named here so
/// that the passes need not import the SQLite layer.
package typealias StoreInterruption = StatementInterruption
