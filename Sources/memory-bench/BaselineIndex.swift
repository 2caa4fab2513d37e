import SQLiteKit

/// The baseline: FTS5 (`porter unicode61`) over the raw turns; the question's content words
/// OR-ed; best first by bm25. A user grepping a dated log.
final class BaselineIndex {
    private let connection: Connection
    private let turns: [Haystack.Turn]

    /// Turns read per question: more than any budget needs.
    static let depth = 100

    init(_ turns: [Haystack.Turn]) throws {
        self.turns = turns
        connection = try Connection(path: ":memory:", mode: .readWriteCreate, busyTimeoutMilliseconds: 0)
        try connection.execute("CREATE VIRTUAL TABLE turns USING fts5(content, tokenize = 'porter unicode61')")
        try connection.inTransaction(.deferred) {
            for turn in turns {
                try connection.prepare("INSERT INTO turns(content) VALUES (?)").bind([turn.content]).run()
            }
        }
    }

    func search(_ question: String, limit: Int) throws -> [Haystack.Turn] {
        let words = QualityMetrics.contentWords(question).sorted()
        guard !words.isEmpty else { return [] }
        return try connection.prepare("SELECT rowid FROM turns WHERE turns MATCH ? ORDER BY bm25(turns) LIMIT ?")
            .bind([words.map { "\"\($0)\"" }.joined(separator: " OR "), limit])
            .rows { turns[$0.int(0) - 1] }
    }
}

@available(*, unavailable)
extension BaselineIndex: Sendable {}
