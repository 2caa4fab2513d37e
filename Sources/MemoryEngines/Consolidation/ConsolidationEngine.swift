import Foundation
import MemoryModel

/// Decides, for a batch of pending short-term memories, which merge into new long-term
/// memories, which reinforce existing ones, and which are parked. Pure: no database, no clock;
/// the same input always gives the same plan.
package struct ConsolidationEngine: Sendable {
    package let policy: ConsolidationPolicy

    /// What the engine needs to know about one memory.
    package struct Features: Sendable {
        package let text: TextFeatures
        /// Word sets compared for restatement: the whole memory and, when it has several, its
        /// `sentencesCompared` longest sentences.
        package let comparable: [WordSet]
        /// Names and numbers in it: a restatement names nothing the long-term memory does not.
        package let names: WordSet
        /// Band keys of `comparable`, to look up long-term memories that may be restated.
        package let bandKeys: [Int64]
        /// As given, else estimated.
        package let importance: Double
        /// Filler ("Thanks, talk soon!") the writer gave no importance to: kept back, never
        /// merged or reinforcing.
        package let isFiller: Bool
        /// Sentences a summary leaves out: acknowledgements and questions back beside what the
        /// memory says (`Filler.leftOut`).
        package let leftOut: Set<Int>

        package init(
            text: TextFeatures, comparable: [WordSet], names: WordSet, bandKeys: [Int64], importance: Double,
            isFiller: Bool, leftOut: Set<Int>
        ) {
            self.text = text
            self.comparable = comparable
            self.names = names
            self.bandKeys = bandKeys
            self.importance = importance
            self.isFiller = isFiller
            self.leftOut = leftOut
        }
    }

    /// `speakers`: who spoke around a memory (`MemoryStore.neighbourSpeakers`), whose names are
    /// no facts in themselves ("Thanks, Mel!").
    package func features(of memory: ShortTermMemory, speakers: Set<String> = []) -> Features {
        let text = TextFeatures(memory.content)
        let (sentences, isFiller, importance) = Self.judge(memory, text, speakers: speakers)
        let leftOut = Filler.leftOut(sentences, of: text)
        // "Thanks, Caroline!" in front of a statement says nothing it could restate or share.
        let stated = text.sentences.indices.filter { !leftOut.contains($0) }.map { text.sentences[$0].words }
        var comparable = [leftOut.isEmpty ? text.words : stated.reduce(WordSet([String]())) { $0.union($1) }]
        if stated.count > 1 {
            // The longest few sentences: a pasted page must not cost hundreds of look-ups.
            comparable += stated.filter { $0.count >= 2 }.sorted { $0.count > $1.count }.prefix(Self.sentencesCompared)
        }
        return Features(
            text: text, comparable: comparable, names: text.names, bandKeys: Self.bandKeys(comparable),
            importance: importance, isFiller: isFiller, leftOut: leftOut)
    }

    package static func bandKeys(_ wordSets: [WordSet]) -> [Int64] {
        var seen = Set<Int64>()
        return wordSets.flatMap(MinHash.bandKeys).filter { seen.insert($0).inserted }
    }

    /// Band keys of a summary: one signature per sentence.
    package static func summaryBandKeys(_ summary: String) -> [Int64] {
        bandKeys(TextFeatures(summary).sentences.map(\.words))
    }

    /// The importance a memory counts with: as given, else the filler score or the heuristic's
    /// estimate, as consolidation decided it (`speakers` as for `features(of:speakers:)`).
    package static func importance(of memory: ShortTermMemory, speakers: Set<String>) -> Double {
        judge(memory, TextFeatures(memory.content), speakers: speakers).importance
    }

    /// A memory's sentences as `Filler` reads them, whether it is filler (only when the writer
    /// gave no importance), and the importance it counts with.
    private static func judge(_ memory: ShortTermMemory, _ text: TextFeatures, speakers: Set<String>)
        -> (sentences: [Filler.Sentence], isFiller: Bool, importance: Double)
    {
        let sentences = Filler.sentences(of: text, names: Filler.names(of: speakers.union([memory.source])))
        if let given = memory.importance { return (sentences, false, given) }
        if Filler.isFiller(sentences) { return (sentences, true, ImportanceHeuristic.fillerImportance) }
        return (sentences, false, ImportanceHeuristic.estimate(text))
    }

    /// Sentences of a long memory compared one by one, at most.
    package static let sentencesCompared = 4

    // MARK: - Candidates

    /// Stored long-term memories compared with one memory, at most. Candidates that share more
    /// band keys are likelier restatements, so they come first; the cap keeps the work per
    /// memory the same however many long-term memories share a common band.
    package static let shortlistLength = 12

    /// The stored long-term memories worth comparing with a memory: those sharing the most band
    /// keys with it, newest first among equals.
    package func shortlist(_ feature: Features, _ byBandKey: [Int64: [LongTermMemoryID]]) -> [LongTermMemoryID] {
        var shared: [LongTermMemoryID: Int] = [:]
        for key in feature.bandKeys { for id in byBandKey[key] ?? [] { shared[id, default: 0] += 1 } }
        return shared.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key > $1.key }
            .prefix(Self.shortlistLength).map(\.key)
    }

    /// Every stored long-term memory some memory of the batch will be compared with.
    package func shortlisted(_ features: [Features], _ byBandKey: [Int64: [LongTermMemoryID]]) -> Set<LongTermMemoryID> {
        Set(features.flatMap { shortlist($0, byBandKey) })
    }

    // MARK: - Planning

    /// A long-term memory being built or updated by this batch.
    private struct Draft {
        package var write: ConsolidationPlan.LongTermWrite
        /// The session and latest time of memories merged in this batch; nil for an existing
        /// long-term memory, which takes restatements but no merges.
        package var session: String?
        package var lastMergedAt: Timestamp
        /// Word sets of members merged in this batch, for merge similarity.
        package var memberWords: [WordSet]
        /// Word sets of its summary's sentences and of its latest members, for restatement
        /// similarity; at most `statementLimit`, so a much-restated memory costs no more to compare.
        package var statementWords: [WordSet]
        /// Names and numbers it contains.
        package var names: WordSet
        /// What the summary is made from, besides a stored memory's own summary.
        package var sentences: [TextFeatures.Sentence]
    }

    /// What stored long-term memories are compared by, kept across the batches of one pass: the
    /// same much-restated memories come back batch after batch. Only the word sets are kept, not
    /// the analysed text; the summary's sentences are analysed again only for a memory that a
    /// batch joins. Bounded: two generations of at most `capacity / 2` entries, the older one
    /// dropped when the newer one is full, so a memory in use stays while the rest ages out.
    package final class SummaryCache {
        package init() {}

        struct Entry {
            let summary: String
            /// Word sets of the summary's sentences, then of the whole summary.
            let statements: [WordSet]
            let names: WordSet
        }

        private var current: [LongTermMemoryID: Entry] = [:]
        private var previous: [LongTermMemoryID: Entry] = [:]
        package static let capacity = 16_384

        func entry(for memory: LongTermMemory) -> Entry {
            if let entry = current[memory.id], entry.summary == memory.summary { return entry }
            let entry: Entry
            if let kept = previous[memory.id], kept.summary == memory.summary {
                entry = kept
            } else {
                let features = TextFeatures(memory.summary)
                entry = Entry(
                    summary: memory.summary, statements: features.sentences.map(\.words) + [features.words],
                    names: features.names)
            }
            if current.count >= Self.capacity / 2 {
                previous = current
                current = [:]
            }
            current[memory.id] = entry
            return entry
        }
    }

    package func plan(
        _ memories: [ShortTermMemory], features: [Features], candidates: LongTermCandidates,
        summaries: SummaryCache = SummaryCache()
    ) -> ConsolidationPlan {
        var drafts: [Draft] = []
        var draftByExisting: [LongTermMemoryID: Int] = [:]
        var draftsByBandKey: [Int64: [Int]] = [:]
        var draftsBySession: [String: [Int]] = [:]
        var parked: [ShortTermMemoryID] = []

        let order = memories.indices.sorted {
            (memories[$0].createdAt, memories[$0].id) < (memories[$1].createdAt, memories[$1].id)
        }
        for index in order {
            let memory = memories[index]
            let feature = features[index]
            let importance = feature.importance
            if feature.isFiller {
                parked.append(memory.id)
                continue
            }

            // Candidates: drafts of this batch and stored long-term memories sharing a band.
            var reachable = Set<Int>()
            for key in feature.bandKeys { reachable.formUnion(draftsByBandKey[key] ?? []) }
            for id in shortlist(feature, candidates.byBandKey) {
                if let existing = draftByExisting[id] {
                    reachable.insert(existing)
                } else if let stored = candidates.memories[id] {
                    drafts.append(draft(for: stored, summary: summaries.entry(for: stored)))
                    draftByExisting[id] = drafts.count - 1
                    reachable.insert(drafts.count - 1)
                }
            }
            // Same-session drafts close in time are merge candidates whatever their bands.
            for draftIndex in draftsBySession[memory.session] ?? [] where canMerge(memory, into: drafts[draftIndex]) {
                reachable.insert(draftIndex)
            }

            var best: (draft: Int, role: ProvenanceRole, similarity: Double)?
            for draftIndex in reachable.sorted() {
                let draft = drafts[draftIndex]
                if canMerge(memory, into: draft) {
                    let similarity = draft.memberWords.map { feature.comparable[0].similarity(to: $0) }.max() ?? 0
                    if similarity >= policy.mergeSimilarity, similarity > best?.similarity ?? -1 {
                        best = (draftIndex, .merged, similarity)
                    }
                }
                // A restatement names nothing the long-term memory does not: "Sven works at Initech"
                // does not restate "Kwame works at Initech".
                guard feature.names.sharedCount(with: draft.names) == feature.names.count else { continue }
                let similarity = restatementSimilarity([feature.comparable[0]], draft.statementWords)
                if similarity >= policy.reinforceSimilarity, similarity > best?.similarity ?? -1 {
                    best = (draftIndex, .reinforced, similarity)
                }
            }

            if let best {
                join(&drafts[best.draft], memory, feature, importance: importance, role: best.role)
                for key in feature.bandKeys { draftsByBandKey[key, default: []].append(best.draft) }
            } else if importance >= policy.forgetBelowImportance {
                drafts.append(newDraft(memory, feature, importance: importance))
                for key in feature.bandKeys { draftsByBandKey[key, default: []].append(drafts.count - 1) }
                draftsBySession[memory.session, default: []].append(drafts.count - 1)
            } else {
                parked.append(memory.id)
            }
        }

        var plan = ConsolidationPlan(parked: parked)
        for draft in drafts where !draft.write.sources.isEmpty {
            var write = draft.write
            // A stored memory's own sentences come first; analysed only now that it is joined.
            let stored = write.existing == nil ? [] : TextFeatures(write.summary).sentences
            let summary = ExtractiveSummary.summarize(stored + draft.sentences, limit: policy.maximumSummaryLength)
            write.summaryChanged = write.existing == nil || summary != write.summary
            if write.summaryChanged {
                write.summary = summary
                write.bandKeys = Self.summaryBandKeys(summary)
            }
            plan.writes.append(write)
        }
        return plan
    }

    /// Merging is for memories of the draft's own conversation: same session, within the window
    /// of its latest merged memory. Stored long-term memories have no session and take none.
    private func canMerge(_ memory: ShortTermMemory, into draft: Draft) -> Bool {
        draft.session == memory.session
            && abs(memory.createdAt.millisecondsSince1970 - draft.lastMergedAt.millisecondsSince1970)
                <= policy.mergeWindow.milliseconds
    }

    /// The best similarity between any of the memory's word sets and any statement of a draft.
    private func restatementSimilarity(_ memory: [WordSet], _ statements: [WordSet]) -> Double {
        var best = 0.0
        for words in memory where words.count >= 2 {
            for statement in statements where statement.count >= 2 {
                best = max(best, words.similarity(to: statement))
            }
        }
        return best
    }

    private static let statementLimit = 24

    private func newDraft(_ memory: ShortTermMemory, _ feature: Features, importance: Double) -> Draft {
        Draft(
            write: .init(
                existing: nil, summary: "", strength: 1, importance: importance, createdAt: memory.createdAt,
                lastReinforcedAt: memory.createdAt,
                sources: [.init(stmID: memory.id, role: .created, joinedAt: memory.createdAt)], bandKeys: []),
            session: memory.session, lastMergedAt: memory.createdAt, memberWords: [feature.comparable[0]],
            statementWords: feature.comparable, names: feature.names, sentences: Self.summarySentences(feature))
    }

    /// The summary of a long-term memory made again from the sources it has left (oldest first),
    /// after one was forgotten or purged: what their sentences give, filler left out as when it
    /// was formed, or all their sentences when that leaves none. Nil when they hold no sentence.
    package func rebuiltSummary(from sources: [ShortTermMemory]) -> RebuiltSummary? {
        let speakers = Set(sources.map(\.source))
        let analysed = sources.map { self.features(of: $0, speakers: speakers) }
        var sentences = analysed.flatMap(Self.summarySentences)
        if sentences.isEmpty { sentences = analysed.flatMap { $0.text.sentences } }
        let summary = ExtractiveSummary.summarize(sentences, limit: policy.maximumSummaryLength)
        return summary.isEmpty ? nil : RebuiltSummary(summary: summary, bandKeys: Self.summaryBandKeys(summary))
    }

    /// What a memory gives its summary: its sentences but those left out as filler.
    private static func summarySentences(_ feature: Features) -> [TextFeatures.Sentence] {
        feature.text.sentences.indices.filter { !feature.leftOut.contains($0) }.map { feature.text.sentences[$0] }
    }

    private func draft(for stored: LongTermMemory, summary: SummaryCache.Entry) -> Draft {
        var write = ConsolidationPlan.LongTermWrite(
            existing: stored.id, summary: stored.summary, strength: stored.strength,
            importance: stored.importance, createdAt: stored.createdAt, lastReinforcedAt: stored.lastReinforcedAt,
            sources: [], bandKeys: [])
        write.readSummary = stored.summary
        return Draft(
            write: write,
            session: nil, lastMergedAt: stored.lastReinforcedAt, memberWords: [],
            statementWords: summary.statements, names: summary.names, sentences: [])
    }

    private func join(
        _ draft: inout Draft, _ memory: ShortTermMemory, _ feature: Features, importance: Double, role: ProvenanceRole
    ) {
        draft.write.sources.append(.init(stmID: memory.id, role: role, joinedAt: memory.createdAt))
        draft.write.importance = max(draft.write.importance, importance)
        switch role {
        case .merged:
            draft.write.strength += 0.5
            draft.lastMergedAt = max(draft.lastMergedAt, memory.createdAt)
            draft.memberWords.append(feature.comparable[0])
        case .reinforced, .created:
            draft.write.strength =
                Decay.decayed(
                    draft.write.strength, from: draft.write.lastReinforcedAt, to: memory.createdAt,
                    halfLife: policy.strengthHalfLife) + 1
        }
        draft.write.lastReinforcedAt = max(draft.write.lastReinforcedAt, memory.createdAt)
        draft.write.createdAt = min(draft.write.createdAt, memory.createdAt)
        draft.statementWords += feature.comparable
        if draft.statementWords.count > Self.statementLimit {
            draft.statementWords.removeFirst(draft.statementWords.count - Self.statementLimit)
        }
        draft.names = draft.names.union(feature.names)
        draft.sentences += Self.summarySentences(feature)
    }

    package init(policy: ConsolidationPolicy) {
        self.policy = policy
    }
}
