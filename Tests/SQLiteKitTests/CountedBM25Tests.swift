import Foundation
import Testing

@testable import SQLiteKit

/// `bm25_counted`: FTS5's `bm25()` with each phrase's row count given.
@Suite("bm25_counted")
struct CountedBM25Tests {
    let scratch = ScratchDatabase("bm25")

    /// An FTS5 table of four columns, as the recall index has, with rows of varied lengths in
    /// which "river", "boat" and "dawn" recur at different rates, and "cold" is in most.
    func open() throws -> Connection {
        let connection = try scratch.open()
        try connection.execute(
            """
            CREATE VIRTUAL TABLE t USING fts5(text, speaker, context, dates, tokenize='porter unicode61');
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 600)
            INSERT INTO t SELECT
                'we ' || CASE WHEN i % 5 = 0 THEN 'rowed down the river ' ELSE '' END
                    || CASE WHEN i % 7 = 0 THEN 'in a boat, a small boat, ' ELSE '' END
                    || CASE WHEN i % 11 = 0 THEN 'at dawn ' ELSE '' END
                    || substr('and the water was cold and calm and grey all day long', 1, 5 + i % 50),
                CASE WHEN i % 13 = 0 THEN 'river' ELSE 'ana' END,
                CASE WHEN i % 9 = 0 THEN 'a boat on the lake' ELSE 'nothing here' END,
                i || ' may 2023'
            FROM n;
            """)
        return connection
    }

    func count(_ phrase: String, _ connection: Connection) throws -> Int64 {
        try connection.scalarInt("SELECT count(*) FROM t WHERE t MATCH ?", phrase) ?? 0
    }

    @Test("given the row counts bm25() finds, every row scores the same double, whatever the expression")
    func sameAsBM25() throws {
        defer { scratch.remove() }
        let connection = try open()
        for phrases in [["\"river\""], ["\"river\"", "\"boat\""], ["\"boat\"", "\"dawn\"", "\"cold\""]] {
            for separator in [" OR ", " AND "] {
                let match = phrases.joined(separator: separator)
                let counts = try phrases.map { try count($0, connection) }
                let parameters = String(repeating: ", ?", count: counts.count)
                let rows = try connection.prepare(
                    """
                    SELECT rowid, bm25(t, 1.0, 0.5, 0.3, 0.2), bm25_counted(t, 1.0, 0.5, 0.3, 0.2\(parameters))
                    FROM t WHERE t MATCH ? ORDER BY rowid
                    """, cached: false
                ).bind(counts.map { $0 } + [match]).rows { ($0.int64(0), $0.double(1), $0.double(2)) }
                #expect(rows.count >= 5, "\(match) matches \(rows.count) rows")
                // Rarer than half the rows, so that the IDF is not the floor of 1e-6.
                #expect(counts.contains { $0 < 300 } || phrases.count == 3)
                for (rowid, expected, counted) in rows {
                    #expect(counted == expected, "\(match), row \(rowid)")
                }
            }
        }
    }

    @Test("a phrase said to be rarer weighs more")
    func countsWeigh() throws {
        defer { scratch.remove() }
        let connection = try open()
        func score(river: Int64, boat: Int64) throws -> Double? {
            try connection.prepare(
                """
                SELECT bm25_counted(t, 1.0, 1.0, 1.0, 1.0, ?, ?) FROM t
                WHERE t MATCH '"river" AND "boat"' ORDER BY rowid LIMIT 1
                """
            ).bind([river, boat]).firstRow { $0.double(0) }
        }
        let common = try #require(try score(river: 500, boat: 500))
        let rare = try #require(try score(river: 5, boat: 500))
        #expect(rare < common, "lower is better: \(rare) against \(common)")
    }

    @Test("called with the wrong number of values, it fails with a message that says what it takes")
    func wrongArguments() throws {
        defer { scratch.remove() }
        let connection = try open()
        let error = #expect(throws: SQLiteError.self) {
            try connection.prepare("SELECT bm25_counted(t, 1.0, 1.0) FROM t WHERE t MATCH 'river'")
                .rows { $0.double(0) }
        }
        let expected = "takes a weight for each of the 4 columns and a row count for each of the 1 phrases"
        #expect(error?.description.contains(expected) == true, "\(String(describing: error))")
    }
}
