import CSQLite

#if canImport(Glibc)
    import Glibc
#endif

/// `bm25_counted(table, weight…, count…)`: FTS5's `bm25()`, with the number of rows each phrase
/// of the query matches given as arguments instead of counted.
///
/// `bm25()` counts those rows itself, on the first row it scores, by reading every phrase's whole
/// doclist: on a million turns, "like" is in 124,000 of them, and counting it took 6 ms of a
/// 30 ms recall. The caller usually knows the counts already (recall counts each word to choose
/// its expression), or can estimate them.
///
/// The arguments after the table are one weight per column, as `bm25()` takes them, then one
/// count per phrase, in the order the phrases appear in the MATCH expression. Given the counts
/// `bm25()` would find, the score is the same double: the same formula, computed in the same
/// order (k1 = 1.2, b = 0.75, the IDF at least 1e-6, the result negated so that better sorts first).
extension Connection {
    /// The SQL name of the function.
    package static let countedBM25 = "bm25_counted"

    /// Registers `bm25_counted` on this connection.
    func registerCountedBM25() throws {
        var api: UnsafeMutablePointer<fts5_api>?
        var raw: OpaquePointer?
        try check(sqlite3_prepare_v2(handle, "SELECT fts5(?1)", -1, &raw, nil))
        defer { sqlite3_finalize(raw) }
        // The pointer's type must outlive the step that reads it.
        let rc = "fts5_api_ptr".withCString { type in
            sqlite3_bind_pointer(raw, 1, &api, type, nil)
            return sqlite3_step(raw)
        }
        guard rc == SQLITE_ROW, let api, let create = api.pointee.xCreateFunction else {
            throw SQLiteError(extendedCode: SQLITE_ERROR, message: "FTS5 is not available in this SQLite library")
        }
        try check(create(api, Self.countedBM25, nil, countedBM25Function, nil))
    }
}

/// The function itself (see `Connection.countedBM25`).
private func countedBM25Function(
    _ api: UnsafePointer<Fts5ExtensionApi>?, _ fts: OpaquePointer?, _ context: OpaquePointer?, _ count: Int32,
    _ values: UnsafeMutablePointer<OpaquePointer?>?
) {
    guard let api = api?.pointee, let fts else { return }
    let columns = Int(api.xColumnCount(fts))
    let phrases = Int(api.xPhraseCount(fts))
    guard Int(count) == columns + phrases, let values else {
        sqlite3_result_error(
            context,
            "\(Connection.countedBM25)() takes a weight for each of the \(columns) columns and a row count "
                + "for each of the \(phrases) phrases, not \(count) values",
            -1)
        return
    }
    let k1 = 1.2
    let b = 0.75
    var rows: sqlite3_int64 = 0
    var tokens: sqlite3_int64 = 0
    var rc = api.xRowCount(fts, &rows)
    if rc == SQLITE_OK { rc = api.xColumnTotalSize(fts, -1, &tokens) }
    var instances: Int32 = 0
    if rc == SQLITE_OK { rc = api.xInstCount(fts, &instances) }
    var size: Int32 = 0
    if rc == SQLITE_OK { rc = api.xColumnSize(fts, -1, &size) }
    guard rc == SQLITE_OK, rows > 0 else {
        sqlite3_result_error_code(context, rc == SQLITE_OK ? SQLITE_CORRUPT : rc)
        return
    }
    let averageLength = Double(tokens) / Double(rows)
    let length = Double(size)
    let score = withUnsafeTemporaryAllocation(of: Double.self, capacity: phrases) { frequencies -> Double? in
        frequencies.initialize(repeating: 0)
        for instance in 0..<instances {
            var phrase: Int32 = 0
            var column: Int32 = 0
            var offset: Int32 = 0
            guard api.xInst(fts, instance, &phrase, &column, &offset) == SQLITE_OK else { return nil }
            frequencies[Int(phrase)] += sqlite3_value_double(values[Int(column)])
        }
        var score = 0.0
        for phrase in 0..<phrases {
            let hits = sqlite3_value_int64(values[columns + phrase])
            var idf = log((Double(rows - hits) + 0.5) / (Double(hits) + 0.5))
            if idf <= 0.0 { idf = 1e-6 }
            let frequency = frequencies[phrase]
            score += idf * ((frequency * (k1 + 1.0)) / (frequency + k1 * (1 - b + b * length / averageLength)))
        }
        return score
    }
    guard let score else {
        sqlite3_result_error_code(context, SQLITE_ERROR)
        return
    }
    sqlite3_result_double(context, -1.0 * score)
}
