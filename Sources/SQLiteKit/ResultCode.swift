import CSQLite

/// A SQLite result code, primary (`SQLITE_BUSY`) or extended (`SQLITE_BUSY_SNAPSHOT`), so that no
/// module but this one imports the C library to compare them (GRDB's `ResultCode` is the model).
///
/// In a pattern, a primary code matches its extended codes too, and an extended code only
/// itself: `case .constraint:` catches `.constraintCheck`, `case .constraintCheck:` nothing else.
package struct ResultCode: RawRepresentable, Hashable, Sendable {
    package let rawValue: Int32

    package init(rawValue: Int32) {
        self.rawValue = rawValue
    }

    /// The primary code of an extended one (`.constraint` for `.constraintCheck`); a primary code
    /// is its own.
    package var primary: ResultCode { ResultCode(rawValue: rawValue & 0xFF) }

    /// A primary code matches itself and its extended codes; an extended code matches only itself.
    package static func ~= (pattern: ResultCode, code: ResultCode) -> Bool {
        pattern.primary == pattern ? pattern == code.primary : pattern == code
    }

    // MARK: - Primary codes

    /// A generic error, among them a parse error in SQL or in an FTS5 MATCH expression.
    package static let error = ResultCode(rawValue: SQLITE_ERROR)
    package static let permission = ResultCode(rawValue: SQLITE_PERM)
    /// Another connection holds the lock past the busy timeout.
    package static let busy = ResultCode(rawValue: SQLITE_BUSY)
    /// A lock held by this same connection (a shared cache, a virtual table).
    package static let locked = ResultCode(rawValue: SQLITE_LOCKED)
    package static let readOnly = ResultCode(rawValue: SQLITE_READONLY)
    /// Stopped by `sqlite3_interrupt`, or refused by `StatementInterruption` before it started.
    package static let interrupt = ResultCode(rawValue: SQLITE_INTERRUPT)
    package static let ioError = ResultCode(rawValue: SQLITE_IOERR)
    package static let corrupt = ResultCode(rawValue: SQLITE_CORRUPT)
    /// The disk (or the file system's quota) is full.
    package static let full = ResultCode(rawValue: SQLITE_FULL)
    package static let cannotOpen = ResultCode(rawValue: SQLITE_CANTOPEN)
    package static let constraint = ResultCode(rawValue: SQLITE_CONSTRAINT)
    package static let misuse = ResultCode(rawValue: SQLITE_MISUSE)
    package static let authorization = ResultCode(rawValue: SQLITE_AUTH)
    /// The file is not a database.
    package static let notADatabase = ResultCode(rawValue: SQLITE_NOTADB)

    // MARK: - Extended codes

    // sqlite3.h defines these as `(SQLITE_BUSY | (2<<8))` and so on, which Swift does not import.

    /// A write transaction started from a read snapshot that another connection has moved past.
    package static let busySnapshot = ResultCode(.busy, extended: 2)
    /// A virtual table (an FTS5 index) found itself inconsistent.
    package static let corruptVirtualTable = ResultCode(.corrupt, extended: 1)
    /// A CHECK constraint failed: the schema refused a value.
    package static let constraintCheck = ResultCode(.constraint, extended: 1)
    package static let constraintUnique = ResultCode(.constraint, extended: 8)

    private init(_ primary: ResultCode, extended number: Int32) {
        rawValue = primary.rawValue | number << 8
    }
}
