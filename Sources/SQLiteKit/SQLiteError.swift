/// A failed SQLite call: the result code, SQLite's own message, and the SQL it was running.
package struct SQLiteError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The extended result code (`.constraintUnique`, `.busySnapshot`, …), or a primary one
    /// where SQLite gave no more.
    package let extendedResultCode: ResultCode
    /// SQLite's message for the failure (`sqlite3_errmsg`).
    package let message: String
    /// The statement that failed, when there was one.
    package let sql: String?

    /// The primary result code (`.constraint`, `.busy`, …).
    package var resultCode: ResultCode { extendedResultCode.primary }

    package init(_ extendedResultCode: ResultCode, message: String, sql: String? = nil) {
        self.extendedResultCode = extendedResultCode
        self.message = message
        self.sql = sql
    }

    package var description: String {
        var text = "SQLite error \(resultCode.rawValue): \(message)"
        if let sql { text += " - while executing `\(sql)`" }
        return text
    }
}
