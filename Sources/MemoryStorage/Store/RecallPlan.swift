import MemoryModel

/// How one database's recall index is read for a query (`StoreRecall.recallPlan`): the FTS5
/// expression it scores, and what the index knows of the query's words (`corpus`), which recall
/// over several databases adds up before any of them scores (docs/PEERS.md, "Ranked together").
package struct RecallPlan: Sendable {
    /// This index's counts and totals.
    package let corpus: RecallCorpus
    let expression: StoreRecall.RecallExpression
}
