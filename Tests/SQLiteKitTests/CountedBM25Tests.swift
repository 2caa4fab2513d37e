import Foundation
import Testing

@testable import SQLiteKit

/// `bm25_counted`: FTS5's `bm25()` with each phrase's row count given.
@Suite("bm25_counted")
struct CountedBM25Tests {
    let scratch = ScratchDatabase("bm25")

    /// An FTS5 table of four columns, as the recall index has, with rows of varied lengths (one of
    /// 300 tokens) in which "river", "boat" and "dawn" recur at different rates, and "cold" is in most.
    func open() throws -> Connection {
        try scratch.open(
            executing: """
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
            -- A text of 300 tokens, whose length in _docsize takes a varint of two bytes.
            INSERT INTO t VALUES
                (replace(hex(zeroblob(150)), '00', 'river flows '), 'ana', 'nothing here', '1 june 2023');
            """)
    }

    func count(_ phrase: String, _ connection: Connection) throws -> Int64 {
        try connection.scalarInt("SELECT count(*) FROM t WHERE t MATCH ?", phrase) ?? 0
    }

    /// Each row's `bm25()`, its `bm25_counted` with the counts `bm25()` finds and its
    /// `bm25_counted` given `length` (an expression over the joined `_docsize` row `d`) too.
    func scores(_ match: String, length: String, _ connection: Connection) throws -> [(
        rowid: Int64, expected: Double, counted: Double, joined: Double
    )] {
        let phrases = match.components(separatedBy: " ").filter { $0.hasPrefix("\"") }
        let counts = try phrases.map { try count($0, connection) }
        let parameters = String(repeating: ", ?", count: counts.count)
        return try connection.prepare(
            """
            SELECT t.rowid, bm25(t, 1.0, 0.5, 0.3, 0.2), bm25_counted(t, 1.0, 0.5, 0.3, 0.2\(parameters)),
                bm25_counted(t, 1.0, 0.5, 0.3, 0.2\(parameters), \(length))
            FROM t LEFT JOIN t_docsize d ON d.id = t.rowid WHERE t MATCH ? ORDER BY t.rowid
            """, cached: false
        ).bind(counts.map { $0 } + counts.map { $0 } + [match]).rows {
            ($0.int64(0), $0.double(1), $0.double(2), $0.double(3))
        }
    }

    @Test("given the row counts bm25() finds, every row scores the same double, whatever the expression")
    func sameAsBM25() throws {
        defer { scratch.remove() }
        let connection = try open()
        for phrases in [["\"river\""], ["\"river\"", "\"boat\""], ["\"boat\"", "\"dawn\"", "\"cold\""]] {
            for separator in [" OR ", " AND "] {
                let match = phrases.joined(separator: separator)
                let counts = try phrases.map { try count($0, connection) }
                let rows = try scores(match, length: "d.sz", connection)
                #expect(rows.count >= 5, "\(match) matches \(rows.count) rows")
                // Rarer than half the rows, so that the IDF is not the floor of 1e-6.
                #expect(counts.contains { $0 < 300 } || phrases.count == 3)
                for row in rows {
                    #expect(row.counted == row.expected, "\(match), row \(row.rowid)")
                    #expect(row.joined == row.expected, "\(match), row \(row.rowid), its length from _docsize")
                }
            }
        }
    }

    @Test("a row's length is read from FTS5 when the _docsize given is NULL or not varints")
    func lengthFallsBack() throws {
        defer { scratch.remove() }
        let connection = try open()
        // The same rows, scored with a length of 0 tokens, would differ: the length is read.
        for length in ["NULL", "x'ffffffff'", "x''"] {
            let rows = try scores("\"river\" OR \"boat\"", length: length, connection)
            #expect(!rows.isEmpty)
            for row in rows { #expect(row.joined == row.expected, "\(length), row \(row.rowid)") }
        }
        let zero = try scores("\"river\" OR \"boat\"", length: "x'00000000'", connection)
        #expect(zero.contains { $0.joined != $0.expected }, "a length of 0 changes the scores")
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
        let expected =
            "takes a weight for each of the 4 columns, a row count for each of the 1 phrases, "
            + "optionally the row's _docsize and then optionally the corpus's row count and token total"
        #expect(error?.description.contains(expected) == true, "\(String(describing: error))")
    }

    @Test("a table's totals are those FTS5 scores with: given them, every row scores as bm25() does; an empty table's are zero")
    func totals() throws {
        defer { scratch.remove() }
        let connection = try open()
        let totals = try connection.totals(ofFTS5Table: "t")
        #expect(totals.rows == 601)
        let river = try count("\"river\"", connection)
        let rows = try connection.prepare(
            """
            SELECT bm25(t, 1.0, 0.5, 0.3, 0.2), bm25_counted(t, 1.0, 0.5, 0.3, 0.2, ?, d.sz, ?, ?)
            FROM t LEFT JOIN t_docsize d ON d.id = t.rowid WHERE t MATCH '"river"'
            """, cached: false
        ).bind([river, totals.rows, totals.tokens]).rows { ($0.double(0), $0.double(1)) }
        #expect(rows.count == Int(river) && rows.count > 100)
        for (expected, given) in rows { #expect(given == expected) }
        try connection.execute("CREATE VIRTUAL TABLE e USING fts5(text)")
        #expect(try connection.totals(ofFTS5Table: "e") == FTS5Totals(rows: 0, tokens: 0))
    }

    @Test("given two tables' counts and totals added up, each table's rows score as one table holding both")
    func corpusOfTwoTables() throws {
        defer { scratch.remove() }
        let connection = try open()
        // The same rows split over two tables, as memories are over two devices' databases.
        try connection.execute(
            """
            CREATE VIRTUAL TABLE a USING fts5(text, speaker, context, dates, tokenize='porter unicode61');
            CREATE VIRTUAL TABLE b USING fts5(text, speaker, context, dates, tokenize='porter unicode61');
            INSERT INTO a(rowid, text, speaker, context, dates) SELECT rowid, * FROM t WHERE rowid % 3 = 0;
            INSERT INTO b(rowid, text, speaker, context, dates) SELECT rowid, * FROM t WHERE rowid % 3 <> 0;
            """)
        let whole = try connection.totals(ofFTS5Table: "t")
        let split = try connection.totals(ofFTS5Table: "a") + connection.totals(ofFTS5Table: "b")
        #expect(split == whole)
        for match in ["\"river\" OR \"boat\"", "\"boat\" AND \"cold\"", "\"dawn\""] {
            let phrases = match.components(separatedBy: " ").filter { $0.hasPrefix("\"") }
            func counts(_ table: String) throws -> [Int64] {
                try phrases.map { try connection.scalarInt("SELECT count(*) FROM \(table) WHERE \(table) MATCH ?", $0) ?? 0 }
            }
            let together = zip(try counts("a"), try counts("b")).map { $0 + $1 }
            let expected = Dictionary(
                uniqueKeysWithValues: try connection.prepare(
                    "SELECT rowid, bm25(t, 1.0, 0.5, 0.3, 0.2) FROM t WHERE t MATCH ?", cached: false
                ).bind([match]).rows { ($0.int64(0), $0.double(1)) })
            var scored = 0
            for table in ["a", "b"] {
                let parameters = String(repeating: ", ?", count: together.count)
                let rows = try connection.prepare(
                    """
                    SELECT \(table).rowid, bm25_counted(\(table), 1.0, 0.5, 0.3, 0.2\(parameters), d.sz, ?, ?)
                    FROM \(table) LEFT JOIN \(table)_docsize d ON d.id = \(table).rowid WHERE \(table) MATCH ?
                    """, cached: false
                ).bind(together.map { $0 } + [split.rows, split.tokens, match]).rows { ($0.int64(0), $0.double(1)) }
                for (rowid, score) in rows {
                    #expect(score == expected[rowid], "\(match), row \(rowid) of \(table)")
                    scored += 1
                }
            }
            #expect(scored == expected.count && scored > 5, "\(match): \(scored) rows")
        }
    }
}
