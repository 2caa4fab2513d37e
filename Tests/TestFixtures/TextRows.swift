import SQLiteKit

extension Connection {
    /// Each row of each query as the text of its first `columns` columns joined by "|", NULL
    /// (and a column past the query's own) as "∅": what a database holds, row for row, for
    /// comparing two runs.
    package func textRows(_ queries: [String], columns: Int32) throws -> [String] {
        try queries.flatMap { query in
            try prepare(query).rows { row in (0..<columns).map { row.optionalText($0) ?? "∅" }.joined(separator: "|") }
        }
    }
}
