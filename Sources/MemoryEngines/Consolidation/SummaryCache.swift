import MemoryModel
import Synchronization

/// Stored summaries as the planner compares them, kept across the batches of a pass: the same
/// much-restated long-term memories come back batch after batch, and analysing a summary again
/// was about a tenth of the 258k consolidation. An entry holds only while its summary is the
/// stored one. Bounded: two generations of at most `capacity / 2` entries, the older dropped
/// when the newer is full, so a memory in use stays while the rest ages out.
package final class SummaryCache: Sendable {
    package init() {}

    /// What a summary is compared by.
    struct Analysis: Sendable {
        let summary: String
        /// Its length in characters.
        let length: Int
        /// Word sets of its sentences, then of the whole summary.
        let statements: [WordSet]
        /// Names and numbers in it.
        let names: WordSet

        init(summary: String, length: Int, statements: [WordSet], names: WordSet) {
            self.summary = summary
            self.length = length
            self.statements = statements
            self.names = names
        }

        init(_ summary: String, _ text: TextFeatures) {
            self.init(
                summary: summary, length: summary.count, statements: text.sentences.map(\.words) + [text.words],
                names: text.names)
        }
    }

    private struct Generations {
        var current: [LongTermMemoryID: Analysis] = [:]
        var previous: [LongTermMemoryID: Analysis] = [:]

        mutating func remember(_ analysis: Analysis, for id: LongTermMemoryID) {
            if current.count >= SummaryCache.capacity / 2 {
                previous = current
                current = [:]
            }
            current[id] = analysis
        }
    }

    private let generations = Mutex(Generations())
    /// Sized on the 258k consolidation (docs/DECISIONS.md, "Consolidation's look-ups").
    package static let capacity = 32_768

    /// The analysis of a stored memory's summary.
    func analysis(of id: LongTermMemoryID, summary: String) -> Analysis {
        let kept = generations.withLock { generations -> Analysis? in
            if let analysis = generations.current[id], analysis.summary == summary { return analysis }
            guard let analysis = generations.previous[id], analysis.summary == summary else { return nil }
            generations.remember(analysis, for: id)
            return analysis
        }
        if let kept { return kept }
        let analysis = Analysis(summary, TextFeatures(summary))
        generations.withLock { $0.remember(analysis, for: id) }
        return analysis
    }

    /// A summary the planner made for a stored memory, as it will be stored.
    func remember(_ analysis: Analysis, for id: LongTermMemoryID) {
        generations.withLock { $0.remember(analysis, for: id) }
    }
}
