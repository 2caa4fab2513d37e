/// What a recall index knows of a query's words, as BM25 needs it: how many turns each word
/// matches, how many turns there are and how many tokens they hold. Recall over several
/// databases (this device's and its peers') adds theirs up, so that every turn is scored as if
/// one index held them all (docs/PEERS.md, "Ranked together").
package struct RecallCorpus: Sendable, Equatable {
    /// Turns each of the query's words matches, in the query's order.
    package var counts: [Int64]
    package var rows: Int64
    package var tokens: Int64

    package init(counts: [Int64], rows: Int64, tokens: Int64) {
        self.counts = counts
        self.rows = rows
        self.tokens = tokens
    }

    /// Two indexes as one; both were counted for the same words.
    package static func + (lhs: RecallCorpus, rhs: RecallCorpus) -> RecallCorpus {
        RecallCorpus(counts: zip(lhs.counts, rhs.counts).map { $0 + $1 }, rows: lhs.rows + rhs.rows, tokens: lhs.tokens + rhs.tokens)
    }
}
