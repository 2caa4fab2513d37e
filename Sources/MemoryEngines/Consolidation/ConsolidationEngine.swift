import MemoryModel

/// Decides, for a batch of pending short-term memories, which merge into new long-term
/// memories, which reinforce existing ones, and which are parked. Pure: no database, no clock;
/// the same input always gives the same plan.
package struct ConsolidationEngine: Sendable {
    package let policy: ConsolidationPolicy

    /// What the engine needs to know about one memory.
    package struct Features: Sendable {
        /// The memory's sentences (not the rest of its analysis: a batch holds thousands).
        package let sentences: [TextFeatures.Sentence]
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
        /// What the memory gives a summary: its sentences but those left out as filler
        /// (acknowledgements and questions back beside what it says, `Filler.leftOut`), each
        /// with its length in characters.
        package let stated: [(sentence: TextFeatures.Sentence, length: Int)]

        package init(
            sentences: [TextFeatures.Sentence], comparable: [WordSet], names: WordSet, bandKeys: [Int64],
            importance: Double, isFiller: Bool, leftOut: Set<Int>
        ) {
            self.sentences = sentences
            self.comparable = comparable
            self.names = names
            self.bandKeys = bandKeys
            self.importance = importance
            self.isFiller = isFiller
            stated = sentences.indices.filter { !leftOut.contains($0) }.map { (sentences[$0], sentences[$0].text.count) }
        }
    }

    /// `speakers`: who spoke around a memory (`StoreConsolidation.neighbourSpeakers`), whose names are
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
            sentences: text.sentences, comparable: comparable, names: text.names, bandKeys: Self.bandKeys(comparable),
            importance: importance, isFiller: isFiller, leftOut: leftOut)
    }

    package static func bandKeys(_ wordSets: [WordSet]) -> [Int64] {
        var seen = Set<Int64>()
        return wordSets.flatMap(MinHash.bandKeys).filter { seen.insert($0).inserted }
    }

    /// Band keys of a summary: one signature per sentence.
    package static func summaryBandKeys(_ summary: String) -> [Int64] { summaryBandKeys(TextFeatures(summary)) }

    static func summaryBandKeys(_ summary: TextFeatures) -> [Int64] { bandKeys(summary.sentences.map(\.words)) }

    /// The importance a memory counts with: as given, else the filler score or the heuristic's
    /// estimate, as consolidation decided it (`speakers` as for `features(of:speakers:)`).
    package static func importance(of memory: ShortTermMemory, speakers: Set<String>) -> Double {
        judge(memory, TextFeatures(memory.content), speakers: speakers).importance
    }

    /// A memory's sentences as `Filler` reads them, whether it is filler (only when the writer
    /// gave no importance), and the importance it counts with.
    private static func judge(_ memory: ShortTermMemory, _ text: TextFeatures, speakers: Set<String>)
        -> (sentences: [Filler.SentenceTraits], isFiller: Bool, importance: Double)
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

    /// Long-term memories a memory reaches under one band key, at most: the newest.
    package static let perBandKey = 4

    /// Memories planned between two looks at cancellation: about a millisecond's work.
    static let cancellationStride = 32

    // MARK: - Rules

    /// A long-term memory keeps every sentence of its sources, so it takes a memory only while
    /// its text stays within `maximumLongTermLength` characters with the sentences the memory
    /// would add; a memory that adds none (each of its sentences repeats one there) always fits.
    /// A memory longer than that on its own starts a long-term memory of its own, whole.
    /// `statements`: word sets of the summary's sentences, then of the whole summary.
    /// `length`: the summary's, in characters.
    func hasRoom(for feature: Features, length: Int, statements: [WordSet]) -> Bool {
        let sentences = statements.dropLast()
        var (total, adds) = (length, false)
        for stated in feature.stated
        where !sentences.contains(where: { $0.similarity(to: stated.sentence.words) >= ExtractiveSummary.repeatSimilarity }) {
            total += stated.length + 1
            adds = true
        }
        return !adds || total <= policy.maximumLongTermLength
    }

    /// Whether a long-term memory takes a merge from `memory`: the one rule of which long-term
    /// memories are open to merges. Merging is for memories of its own conversation: the same
    /// session, within the merge window of its latest created or merged memory.
    package func canMerge(_ memory: ShortTermMemory, into merging: Merging?) -> Bool {
        guard let merging else { return false }
        return merging.session == memory.session
            && abs(memory.createdAt.millisecondsSince1970 - merging.lastMergedAt.millisecondsSince1970)
                <= policy.mergeWindow.milliseconds
    }

    /// How a memory joins a long-term memory, if it does: merged, when they are of one
    /// conversation and alike enough; reinforcing, when it restates one of its statements and
    /// names nothing it does not ("Sven works at Initech" does not restate "Kwame works at
    /// Initech"). With the similarity that decided, the higher of the two.
    func join(
        _ memory: ShortTermMemory, _ feature: Features, statements: [WordSet], names: WordSet, merging: Merging?
    ) -> (role: ProvenanceRole, similarity: Double)? {
        var best: (role: ProvenanceRole, similarity: Double)?
        if canMerge(memory, into: merging) {
            let similarity = statements.map { feature.comparable[0].similarity(to: $0) }.max() ?? 0
            if similarity >= policy.mergeSimilarity { best = (.merged, similarity) }
        }
        guard feature.names.sharedCount(with: names) == feature.names.count else { return best }
        let similarity = restatementSimilarity(feature.comparable[0], statements)
        if similarity >= policy.reinforceSimilarity, similarity > best?.similarity ?? -1 {
            best = (.reinforced, similarity)
        }
        return best
    }

    /// The best similarity between the memory's words and any statement of a long-term memory.
    private func restatementSimilarity(_ words: WordSet, _ statements: [WordSet]) -> Double {
        guard words.count >= 2 else { return 0 }
        return statements.filter { $0.count >= 2 }.map { words.similarity(to: $0) }.max() ?? 0
    }

    /// The summary of a long-term memory made again from the sources it has left (oldest first),
    /// after one was forgotten or purged: what their sentences give, filler left out as when it
    /// was formed, or all their sentences when that leaves none. Nil when they hold no sentence.
    package func rebuiltSummary(from sources: [ShortTermMemory]) -> RebuiltSummary? {
        let speakers = Set(sources.map(\.source))
        let analysed = sources.map { self.features(of: $0, speakers: speakers) }
        var sentences = analysed.flatMap(Self.summarySentences)
        if sentences.isEmpty { sentences = analysed.flatMap(\.sentences) }
        let summary = ExtractiveSummary.summarize(sentences)
        return summary.isEmpty ? nil : RebuiltSummary(summary: summary, bandKeys: Self.summaryBandKeys(summary))
    }

    /// What a memory gives its summary: its sentences but those left out as filler.
    static func summarySentences(_ feature: Features) -> [TextFeatures.Sentence] {
        feature.stated.map(\.sentence)
    }

    package init(policy: ConsolidationPolicy) {
        self.policy = policy
    }
}
