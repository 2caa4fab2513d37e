import MemoryModel

/// Every threshold of the consolidation pass, with its default. docs/CONSOLIDATION.md says why
/// each default is what it is.
package struct ConsolidationPolicy: Codable, Sendable, Equatable {
    /// A pending memory becomes eligible once it is this old (default 10 minutes), so that a
    /// conversation in progress is consolidated as a whole.
    package var minimumAge: Duration = .seconds(10 * 60)
    /// Once more memories than this wait to be looked at (kept-back ones do not count), the
    /// oldest are eligible whatever their age (default 10,000).
    package var pendingCapacity = 10_000
    /// Memories of one session this close in time may merge into one long-term memory
    /// (default 30 minutes).
    package var mergeWindow: Duration = .seconds(30 * 60)
    /// Word-set similarity (Jaccard, 0…1) at which memories of one session merge (default 0.3).
    package var mergeSimilarity = 0.3
    /// Similarity at which a memory restates a long-term memory and reinforces it, in any
    /// session (default 0.5).
    package var reinforceSimilarity = 0.5
    /// Memories below this importance that merge into nothing and reinforce nothing are not
    /// kept as long-term memories; at or above it a memory is never forgotten (default 0.3).
    package var forgetBelowImportance = 0.3
    /// Such a low-importance memory is forgotten once it is this old (default 7 days).
    package var forgetAfter: Duration = .seconds(7 * 86_400)
    /// A forgotten memory is purged this long after it was forgotten (default 30 days).
    package var retention: Duration = .seconds(30 * 86_400)
    /// A long-term memory takes another memory (a merge or a restatement) only while its text,
    /// with the sentences that memory adds, stays within this many characters (default 400). Its
    /// text keeps every sentence of its sources, so one long memory alone may exceed it.
    package var maximumLongTermLength = 400
    /// Batch size and half-lives, shared with the other passes and recall.
    package var shared = PassSettings()

    package var batchSize: Int {
        get { shared.batchSize }
        set { shared.batchSize = newValue }
    }

    package var threads: Int {
        get { shared.threads }
        set { shared.threads = newValue }
    }

    package var strengthHalfLife: Duration {
        get { shared.strengthHalfLife }
        set { shared.strengthHalfLife = newValue }
    }

    package init(shared: PassSettings = PassSettings()) { self.shared = shared }
}
