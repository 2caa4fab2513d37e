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
/// count per phrase, in the order the phrases appear in the MATCH expression, and optionally the
/// row's `sz` from the table's `_docsize` (joined on its rowid). Given the counts `bm25()` would
/// find, the score is the same double: the same formula, computed in the same order (k1 = 1.2,
/// b = 0.75, the IDF at least 1e-6, the result negated so that better sorts first).
///
/// Without `sz`, the row's length is read as `bm25()` reads it: FTS5 runs a statement on
/// `_docsize` for every row, 4,700 instructions each. Joined, it is one look-up in the query's own
/// plan. `sz` holds each column's token count as a varint (FTS5's file format); a NULL, for a row
/// the join did not find, falls back to FTS5's read.
///
/// After `sz`, two more arguments may give the row count and the token total (all columns) of
/// the corpus to score against, in place of the table's own (`FTS5Totals`): with them and the
/// counts of the same corpus, rows of several tables (one per device's database) score on one
/// scale, as if one table held them all (docs/PEERS.md, "Ranked together").
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
            throw SQLiteError(.error, message: "FTS5 is not available in this SQLite library")
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
    let arguments = Int(count) - columns - phrases
    guard arguments == 0 || arguments == 1 || arguments == 3, let values else {
        sqlite3_result_error(
            context,
            "\(Connection.countedBM25)() takes a weight for each of the \(columns) columns, a row count "
                + "for each of the \(phrases) phrases, optionally the row's _docsize and then optionally the "
                + "corpus's row count and token total, not \(count) values",
            -1)
        return
    }
    let k1 = 1.2
    let b = 0.75
    let rows: sqlite3_int64
    let averageLength: Double
    if arguments == 3 {
        rows = sqlite3_value_int64(values[columns + phrases + 1])
        let tokens = sqlite3_value_int64(values[columns + phrases + 2])
        guard rows > 0 else {
            sqlite3_result_error(context, "\(Connection.countedBM25)(): the corpus has no rows", -1)
            return
        }
        averageLength = Double(tokens) / Double(rows)
    } else {
        switch tableTotals(api, fts) {
        case .success(let totals): (rows, averageLength) = (totals.rows, totals.averageLength)
        case .failure(let error):
            sqlite3_result_error_code(context, error.extendedResultCode.rawValue)
            return
        }
    }
    let length: Double
    if arguments > 0, let size = tokenCount(docsize: values[columns + phrases]) {
        length = Double(size)
    } else {
        var size: Int32 = 0
        let rc = api.xColumnSize(fts, -1, &size)
        guard rc == SQLITE_OK else {
            sqlite3_result_error_code(context, rc)
            return
        }
        length = Double(size)
    }
    var score = 0.0
    for phrase in 0..<phrases {
        // The phrase's instances in this row, column by column, in the order `bm25()` adds them up
        // (it reads them through `xInst`, which merges every phrase's instances first).
        var frequency = 0.0
        var instances = Fts5PhraseIter()
        var column: Int32 = 0
        var offset: Int32 = 0
        let rc = api.xPhraseFirst(fts, Int32(phrase), &instances, &column, &offset)
        guard rc == SQLITE_OK else {
            sqlite3_result_error_code(context, rc)
            return
        }
        while column >= 0 {
            frequency += sqlite3_value_double(values[Int(column)])
            api.xPhraseNext(fts, &instances, &column, &offset)
        }
        let hits = sqlite3_value_int64(values[columns + phrase])
        var idf = log((Double(rows - hits) + 0.5) / (Double(hits) + 0.5))
        if idf <= 0.0 { idf = 1e-6 }
        score += idf * ((frequency * (k1 + 1.0)) / (frequency + k1 * (1 - b + b * length / averageLength)))
    }
    sqlite3_result_double(context, -1.0 * score)
}

/// A row's length in tokens, all columns together, from its `_docsize.sz` (a varint per column).
/// Nil for NULL, or a blob that is not such varints of at most `Int32.max` each.
private func tokenCount(docsize value: OpaquePointer?) -> Int64? {
    guard sqlite3_value_type(value) == SQLITE_BLOB, let blob = sqlite3_value_blob(value),
        let columns = FTS5Varints.decode(UnsafeRawBufferPointer(start: blob, count: Int(sqlite3_value_bytes(value)))),
        columns.allSatisfy({ $0 <= Int64(Int32.max) })
    else { return nil }
    return columns.reduce(0, +)
}

/// The table's row count and average row length in tokens, which every row of a query shares.
private struct TableTotals {
    var rows: sqlite3_int64
    var averageLength: Double
}

/// This query's `TableTotals`, read on its first row and kept as the function's auxiliary data
/// for the rest, as `bm25()` does: FTS5 takes 1,500 instructions to read each of them, and a
/// recall scores 4,000 rows. An error code when they cannot be read, or the table is empty.
private func tableTotals(_ api: Fts5ExtensionApi, _ fts: OpaquePointer) -> Result<TableTotals, SQLiteError> {
    if let cached = api.xGetAuxdata(fts, 0) {
        return .success(cached.assumingMemoryBound(to: TableTotals.self).pointee)
    }
    var rows: sqlite3_int64 = 0
    var tokens: sqlite3_int64 = 0
    var rc = api.xRowCount(fts, &rows)
    if rc == SQLITE_OK { rc = api.xColumnTotalSize(fts, -1, &tokens) }
    guard rc == SQLITE_OK, rows > 0 else {
        return .failure(SQLiteError(rc == SQLITE_OK ? .corrupt : ResultCode(rawValue: rc), message: "FTS5 totals"))
    }
    let totals = TableTotals(rows: rows, averageLength: Double(tokens) / Double(rows))
    if let memory = malloc(MemoryLayout<TableTotals>.size) {
        memory.bindMemory(to: TableTotals.self, capacity: 1).initialize(to: totals)
        // Should this fail, FTS5 frees the memory, and the next row reads the totals again.
        _ = api.xSetAuxdata(fts, memory, free)
    }
    return .success(totals)
}
