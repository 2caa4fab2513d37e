import CSQLite

/// The baseline: FTS5 (`porter unicode61`) over the raw turns; the question's content words
/// OR-ed; best first by bm25. A user grepping a dated log.
final class BaselineIndex {
    private var database: OpaquePointer?
    private let turns: [Haystack.Turn]

    /// Turns read per question: more than any budget needs.
    static let depth = 100

    init(_ turns: [Haystack.Turn]) throws {
        self.turns = turns
        guard sqlite3_open(":memory:", &database) == SQLITE_OK else { throw BenchmarkError("cannot open SQLite") }
        try execute("CREATE VIRTUAL TABLE turns USING fts5(content, tokenize = 'porter unicode61')")
        try execute("BEGIN")
        for turn in turns {
            try query("INSERT INTO turns(content) VALUES (?)", [turn.content]) { _ in }
        }
        try execute("COMMIT")
    }

    deinit { sqlite3_close(database) }

    func search(_ question: String, limit: Int) throws -> [Haystack.Turn] {
        let words = QualityMetrics.contentWords(question).sorted()
        guard !words.isEmpty else { return [] }
        var found: [Haystack.Turn] = []
        try query(
            "SELECT rowid FROM turns WHERE turns MATCH ? ORDER BY bm25(turns) LIMIT \(limit)",
            [words.map { "\"\($0)\"" }.joined(separator: " OR ")]
        ) { statement in
            found.append(turns[Int(sqlite3_column_int64(statement, 0)) - 1])
        }
        return found
    }

    private func execute(_ sql: String) throws {
        guard sqlite3_exec(database, sql, nil, nil, nil) == SQLITE_OK else {
            throw BenchmarkError("SQLite: \(String(cString: sqlite3_errmsg(database)))")
        }
    }

    private func query(_ sql: String, _ texts: [String], _ row: (OpaquePointer?) -> Void) throws {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(database, sql, -1, &statement, nil) == SQLITE_OK else {
            throw BenchmarkError("SQLite: \(String(cString: sqlite3_errmsg(database)))")
        }
        defer { sqlite3_finalize(statement) }
        let transient = unsafeBitCast(OpaquePointer(bitPattern: -1), to: sqlite3_destructor_type.self)
        for (index, text) in texts.enumerated() { sqlite3_bind_text(statement, Int32(index + 1), text, -1, transient) }
        while true {
            let step = sqlite3_step(statement)
            if step == SQLITE_ROW { row(statement); continue }
            guard step == SQLITE_DONE else { throw BenchmarkError("SQLite: \(String(cString: sqlite3_errmsg(database)))") }
            return
        }
    }
}

@available(*, unavailable)
extension BaselineIndex: Sendable {}
