/// An FTS5 table's row count and token total (all columns): what BM25 takes the average row
/// length from, and with the counts of each phrase its IDF. Several tables' totals add up to
/// those of one corpus (`bm25_counted` takes them, docs/PEERS.md).
package struct FTS5Totals: Sendable, Equatable {
    package var rows: Int64
    package var tokens: Int64

    package init(rows: Int64, tokens: Int64) {
        self.rows = rows
        self.tokens = tokens
    }

    package static func + (lhs: FTS5Totals, rhs: FTS5Totals) -> FTS5Totals {
        FTS5Totals(rows: lhs.rows + rhs.rows, tokens: lhs.tokens + rhs.tokens)
    }
}

extension Connection {
    /// `table`'s totals as FTS5 keeps them: the averages record, row 1 of its `_data` table (FTS5's
    /// file format: a varint of the row count, then one of each column's token total), the record
    /// FTS5's own `xRowCount` and `xColumnTotalSize` read. A table that holds nothing has an empty
    /// one, or none: zero.
    package func totals(ofFTS5Table table: String) throws -> FTS5Totals {
        let record = try prepare("SELECT block FROM \(table)_data WHERE id = 1").firstRow { row in
            row.withBlob(0) { Array(UnsafeRawBufferPointer($0)) }
        }
        // No record, or an empty one: a table that holds nothing.
        guard let record, !record.isEmpty else { return FTS5Totals(rows: 0, tokens: 0) }
        guard let values = record.withUnsafeBytes(FTS5Varints.decode), let rows = values.first else {
            throw SQLiteError(.corrupt, message: "the averages record of \(table) is not FTS5's varints")
        }
        return FTS5Totals(rows: rows, tokens: values.dropFirst().reduce(0, +))
    }
}
