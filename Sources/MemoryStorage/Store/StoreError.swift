import MemoryModel
import SQLiteKit

/// Why the store could not do what was asked, in plain words. What a user can do about it
/// depends on the program (memctl has flags for it, memoryd settings), so each adds its own.
package enum StoreError: Error, Equatable, Sendable, CustomStringConvertible {
    /// An inspect command was pointed at a file that does not exist.
    case databaseMissing(path: String)
    /// The file exists but is not a SQLite database.
    case notADatabase(path: String)
    /// A SQLite database that belongs to another program.
    case foreignDatabase(path: String)
    /// An empty file, opened by a command that does not write.
    case notInitialized(path: String)
    /// A newer memoryd wrote this file; this build must not touch it.
    case newerSchema(path: String, found: Int, supported: Int)
    /// An older memoryd wrote this file, and it is opened read-only (a peer): it cannot be brought
    /// up to date, and this build reads only its own version.
    case olderSchema(path: String, found: Int, supported: Int)
    /// The file is shorter than its header says, with no `-wal` holding the rest: a copy or a
    /// restore that has not finished (checked when a file is opened read-only, as a peer is).
    case incomplete(path: String, bytes: Int64, expected: Int64)
    /// The file (or its directory) cannot be written.
    case readOnly(path: String)
    /// The filesystem that holds the database (and its `-wal`) has no space left: the write
    /// was rolled back whole.
    case diskFull(path: String)
    /// Another connection held the write lock for longer than the busy timeout.
    case locked(path: String, waitedMilliseconds: Int)
    /// The file could not be opened at all (missing directory, permissions, …).
    case cannotOpen(path: String, reason: String)
    /// A full-text query that FTS5 cannot parse.
    case invalidSearchQuery(query: String, reason: String)
    /// A memory was refused.
    case invalidMemory(InvalidMemory)
    /// A record that was asked for by id does not exist.
    case notFound(RecordReference)
    /// A memory that was asked for by id was purged: nothing of it is left.
    case purged(RecordReference)
    /// A memory that was asked for by id is not there: never added, or purged as the newest.
    case noSuchMemory(RecordReference)
    /// Any other SQLite failure, with its code, message and SQL.
    case sqlite(SQLiteError)

    package var description: String {
        switch self {
        case .databaseMissing(let path):
            "no memory database at \(path)"
        case .notADatabase(let path):
            "\(path) is not a SQLite database (or it is encrypted or damaged); refusing to touch it"
        case .foreignDatabase(let path):
            "\(path) is a SQLite database of another program (no memoryd schema); refusing to change it"
        case .notInitialized(let path):
            "\(path) is an empty file, not a memory database yet"
        case .newerSchema(let path, let found, let supported):
            "\(path) has schema version \(found), newer than this build understands (\(supported)); upgrade memoryd"
        case .olderSchema(let path, let found, let supported):
            "\(path) has schema version \(found), older than this build reads (\(supported)), and is opened read-only"
        case .incomplete(let path, let bytes, let expected):
            "\(path) holds \(bytes) of the \(expected) bytes its header gives: a copy or restore that has not finished"
        case .readOnly(let path):
            "\(path) is read-only: check the permissions of the file and of its directory"
        case .locked(let path, let waited):
            "\(path) is locked by another process (waited \(waited) ms)"
        case .cannotOpen(let path, let reason):
            "cannot open \(path): \(reason)"
        case .invalidSearchQuery(_, let reason):
            "invalid search query: \(reason) (FTS5 syntax: words, \"exact phrase\", AND, OR, NOT, prefix*)"
        case .invalidMemory(let invalid):
            "invalid memory: \(invalid.reason)"
        case .diskFull(let path):
            "the disk that holds \(path) is full; what was being written was kept out whole (none of it is in the database)"
        case .notFound(let reference):
            "no record \(reference)"
        case .purged(let reference):
            "\(reference) was purged: its text and everything made from it are gone"
        case .noSuchMemory(let reference):
            "there is no \(reference): it was never added, or it has been purged"
        case .sqlite(let error):
            error.description
        }
    }

    /// Turns a SQLite failure on the database at `path` into the error a user should see.
    package init(_ error: SQLiteError, path: String, busyTimeoutMilliseconds: Int) {
        switch error.resultCode {
        case .notADatabase:
            self = .notADatabase(path: path)
        case .busy, .locked:
            self = .locked(path: path, waitedMilliseconds: busyTimeoutMilliseconds)
        case .readOnly:
            self = .readOnly(path: path)
        case .full:
            self = .diskFull(path: path)
        case .ioError where DatabaseFiles.isOutOfSpace(at: path):
            // Making or growing the `-shm` on a full disk fails as an I/O error, not as FULL.
            self = .diskFull(path: path)
        case .cannotOpen, .permission, .authorization:
            self = .cannotOpen(path: path, reason: error.message)
        default:
            self = .sqlite(error)
        }
    }
}

extension StoreError {
    /// The store's work was stopped by `MemoryStore.interruption` (a stop request during a
    /// pass's commit): the transaction was rolled back whole.
    package var isInterruption: Bool {
        if case .sqlite(let error) = self { error.isInterruption } else { false }
    }
}

extension StoreError {
    /// SQLite's own words for a failure that has no case of its own ("database disk image is
    /// malformed"), without the statement; nil for the other cases.
    package var sqliteMessage: String? {
        if case .sqlite(let error) = self { error.message } else { nil }
    }
}
