import CSQLite

/// `SQLITE_TRANSIENT`: SQLite copies the bound bytes before the call returns.
package let SQLITE_TRANSIENT = unsafeBitCast(OpaquePointer(bitPattern: -1), to: sqlite3_destructor_type.self)

/// A value that can be bound to a statement parameter.
package protocol SQLiteBindable {
    func bind(to statement: OpaquePointer, at index: Int32) -> Int32
}

extension Int64: SQLiteBindable {
    package func bind(to statement: OpaquePointer, at index: Int32) -> Int32 {
        sqlite3_bind_int64(statement, index, self)
    }
}

extension Int: SQLiteBindable {
    package func bind(to statement: OpaquePointer, at index: Int32) -> Int32 {
        sqlite3_bind_int64(statement, index, Int64(self))
    }
}

extension Double: SQLiteBindable {
    package func bind(to statement: OpaquePointer, at index: Int32) -> Int32 {
        sqlite3_bind_double(statement, index, self)
    }
}

extension String: SQLiteBindable {
    /// Binds the UTF-8 bytes with their length, so text with NUL characters is stored whole.
    package func bind(to statement: OpaquePointer, at index: Int32) -> Int32 {
        var text = self
        return text.withUTF8 { bytes in
            guard let base = bytes.baseAddress else {
                return sqlite3_bind_text(statement, index, "", 0, SQLITE_TRANSIENT)
            }
            return sqlite3_bind_text64(statement, index, base, UInt64(bytes.count), SQLITE_TRANSIENT, UInt8(SQLITE_UTF8))
        }
    }
}

/// A prepared statement owned by a `Connection`'s cache. Not `Sendable`, like its connection.
package final class Statement {
    package let sql: String
    private let handle: OpaquePointer
    private unowned let connection: Connection
    /// The connection's, held strongly: a statement may be stepped after a caller let go of the
    /// connection it came from (SQLite keeps the handle open until the statement is finalized).
    private let interruption: StatementInterruption

    package init(_ handle: OpaquePointer, sql: String, connection: Connection) {
        self.handle = handle
        self.sql = sql
        self.connection = connection
        interruption = connection.interruption
    }

    deinit { sqlite3_finalize(handle) }

    package func reset() {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
    }

    /// Binds `arguments` to parameters 1…n; `nil` binds NULL.
    @discardableResult
    package func bind(_ arguments: [(any SQLiteBindable)?]) throws -> Statement {
        for (offset, argument) in arguments.enumerated() {
            let index = Int32(offset + 1)
            let rc = argument?.bind(to: handle, at: index) ?? sqlite3_bind_null(handle, index)
            if rc != SQLITE_OK { throw fail(rc) }
        }
        return self
    }

    /// Advances to the next row: true when a row is available, false when done.
    package func step() throws -> Bool {
        if interruption.isRequested {
            sqlite3_reset(handle)
            throw SQLiteError.interrupted(sql: sql)
        }
        switch sqlite3_step(handle) {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        case let rc: throw fail(rc)
        }
    }

    /// Runs a statement that returns no rows.
    package func run() throws {
        while try step() {}
        sqlite3_reset(handle)
    }

    /// Maps every row; the statement is reset afterwards.
    package func rows<T>(_ transform: (Row) throws -> T) throws -> [T] {
        defer { sqlite3_reset(handle) }
        var result: [T] = []
        let row = Row(handle)
        while try step() { result.append(try transform(row)) }
        return result
    }

    /// Maps rows until `count` of them gave a value (`transform` returns nil to pass a row
    /// over), without stepping further; the statement is reset afterwards.
    package func rows<T>(upTo count: Int, _ transform: (Row) throws -> T?) throws -> [T] {
        defer { sqlite3_reset(handle) }
        var result: [T] = []
        let row = Row(handle)
        while result.count < count, try step() {
            if let value = try transform(row) { result.append(value) }
        }
        return result
    }

    /// Maps rows until `count` of them are mapped or `transform` returns nil, which stops before
    /// that row without stepping further; the statement is reset afterwards.
    package func rowsUntilNil<T>(upTo count: Int, _ transform: (Row) throws -> T?) throws -> [T] {
        defer { sqlite3_reset(handle) }
        var result: [T] = []
        let row = Row(handle)
        while result.count < count, try step() {
            guard let value = try transform(row) else { break }
            result.append(value)
        }
        return result
    }

    /// Maps the first row, if any.
    package func firstRow<T>(_ transform: (Row) throws -> T?) throws -> T? {
        defer { sqlite3_reset(handle) }
        return try step() ? try transform(Row(handle)) : nil
    }

    private func fail(_ rc: Int32) -> SQLiteError {
        let error = connection.error(rc, sql: sql)
        sqlite3_reset(handle)
        // A statement that failed for a schema or misuse reason is prepared afresh next time.
        if error.resultCode != .busy && error.resultCode != .constraint { connection.evict(self) }
        return error
    }
}

@available(*, unavailable)
extension Statement: Sendable {}

/// The current row of a stepping statement; valid only inside the closure it is handed to.
package struct Row {
    fileprivate let handle: OpaquePointer

    fileprivate init(_ handle: OpaquePointer) { self.handle = handle }

    package func isNull(_ column: Int32) -> Bool { sqlite3_column_type(handle, column) == SQLITE_NULL }

    package func int64(_ column: Int32) -> Int64 { sqlite3_column_int64(handle, column) }

    package func int(_ column: Int32) -> Int { Int(sqlite3_column_int64(handle, column)) }

    package func double(_ column: Int32) -> Double { sqlite3_column_double(handle, column) }

    package func optionalDouble(_ column: Int32) -> Double? { isNull(column) ? nil : double(column) }

    package func optionalInt64(_ column: Int32) -> Int64? { isNull(column) ? nil : int64(column) }

    /// The column as text, read with its byte length so embedded NULs survive.
    package func text(_ column: Int32) -> String { withUTF8(column) { String(decoding: $0, as: UTF8.self) } }

    package func optionalText(_ column: Int32) -> String? { isNull(column) ? nil : text(column) }

    /// The column as a blob, valid only inside `body`: for what is parsed rather than kept.
    /// Empty for NULL.
    package func withBlob<T>(_ column: Int32, _ body: (UnsafeRawBufferPointer) throws -> T) rethrows -> T {
        // The blob first, then its length (SQLite's order).
        let bytes = sqlite3_column_blob(handle, column)
        return try body(UnsafeRawBufferPointer(start: bytes, count: Int(sqlite3_column_bytes(handle, column))))
    }

    /// The column's text as UTF-8 bytes, valid only inside `body`: for what is parsed rather
    /// than kept, such as a time. Empty for NULL.
    package func withUTF8<T>(_ column: Int32, _ body: (UnsafeBufferPointer<UInt8>) throws -> T) rethrows -> T {
        // The text first, then its length (SQLite's order: the conversion may change it).
        let bytes = sqlite3_column_text(handle, column)
        return try body(UnsafeBufferPointer(start: bytes, count: Int(sqlite3_column_bytes(handle, column))))
    }
}

@available(*, unavailable)
extension Row: Sendable {}
