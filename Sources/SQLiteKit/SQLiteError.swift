/// A failed SQLite call: the result code, SQLite's own message, and the SQL it was running.
public struct SQLiteError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The extended result code (`.constraintUnique`, `.busySnapshot`, …), or a primary one
    /// where SQLite gave no more.
    public let extendedResultCode: ResultCode
    /// SQLite's message for the failure (`sqlite3_errmsg`).
    public let message: String
    /// The statement that failed, when there was one.
    public let sql: String?

    /// The primary result code (`.constraint`, `.busy`, …).
    public var resultCode: ResultCode { extendedResultCode.primary }

    public init(_ extendedResultCode: ResultCode, message: String, sql: String? = nil) {
        self.extendedResultCode = extendedResultCode
        self.message = message
        self.sql = sql
    }

    public var description: String {
        var text = "SQLite error \(resultCode.rawValue): \(message)"
        if let sql { text += " - while executing `\(sql)`" }
        return text
    }
}
