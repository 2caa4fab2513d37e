import FoundationEssentials
import MemoryModel
import Synchronization

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
        /// Sentences a summary leaves out: acknowledgements and questions back beside what the
        /// memory says (`Filler.leftOut`).
        package let leftOut: Set<Int>

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

    /// Long-term memories a memory reaches under one band key, at most: the newest.
    package static let perBandKey = 4

    /// Ids the pass asks the store for under each band key: more than `perBandKey`, so that the
    /// newest four are still known after earlier memories of the batch changed some of them.
    package static let lookupPerBandKey = 8

    /// A long-term memory as a batch sees it: a stored one, the n-th one the plan before creates
    /// (being committed as this one is made), or the n-th one the batch creates. The store gives
    /// each new one an id above every stored one, in that order, so the order here is the ids'.
    enum Reference: Hashable, Comparable {
        case stored(LongTermMemoryID)
        case pending(Int)
        case new(Int)
    }

    /// The `shortlistLength` ids that share the most band keys, newest first among equals.
    private static func shortlist<ID: Comparable>(_ shared: [ID: Int], length: Int = shortlistLength) -> [ID] {
        shared.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key > $1.key }.prefix(length).map(\.key)
    }

    /// Stored long-term memories the batch's memories will be compared with, as far as the
    /// store's answers tell before the batch changes anything: the rows `plan` needs.
    package func shortlisted(_ features: [Features], _ byBandKey: [Int64: [LongTermMemoryID]]) -> Set<LongTermMemoryID> {
        var ids = Set<LongTermMemoryID>()
        for feature in features where !feature.isFiller {
            var shared: [LongTermMemoryID: Int] = [:]
            for key in feature.bandKeys {
                for id in (byBandKey[key] ?? []).prefix(Self.perBandKey) { shared[id, default: 0] += 1 }
            }
            ids.formUnion(Self.shortlist(shared, length: 2 * Self.shortlistLength))
        }
        return ids
    }

    // MARK: - Planning

    /// What stored long-term memories are compared by, kept across the batches of one pass: the
    /// same much-restated memories come back batch after batch, and a conversation's newest
    /// long-term memories are compared again by its next memories. The pass hands over the ids a
    /// plan's writes got once its batch is committed (`written`), so the next batches need not
    /// analyse those summaries again. Only the word sets are kept, not the analysed text. Bounded:
    /// two generations of at most `capacity / 2` entries, the older one dropped when the newer one
    /// is full, so a memory in use stays while the rest ages out. A plan may read it while the
    /// pass records the batch before it: it is locked.
    package final class SummaryCache: Sendable {
        package init() {}

        struct Entry: Sendable {
            let summary: String
            /// Word sets of the summary's sentences, then of the whole summary.
            let statements: [WordSet]
            let names: WordSet

            init(summary: String, statements: [WordSet], names: WordSet) {
                self.summary = summary
                self.statements = statements
                self.names = names
            }

            /// What a summary is compared by, from its analysis.
            init(_ summary: String, _ text: TextFeatures) {
                self.init(summary: summary, statements: text.sentences.map(\.words) + [text.words], names: text.names)
            }
        }

        private struct Generations {
            var current: [LongTermMemoryID: Entry] = [:]
            var previous: [LongTermMemoryID: Entry] = [:]

            /// The entry of a summary as it is now, made the newest generation's.
            mutating func entry(for memory: LongTermMemory) -> Entry? {
                if let entry = current[memory.id], entry.summary == memory.summary { return entry }
                guard let kept = previous[memory.id], kept.summary == memory.summary else { return nil }
                remember(kept, for: memory.id)
                return kept
            }

            mutating func remember(_ entry: Entry, for id: LongTermMemoryID) {
                if current.count >= SummaryCache.capacity / 2 {
                    previous = current
                    current = [:]
                }
                current[id] = entry
            }
        }

        private let generations = Mutex(Generations())
        /// 16,384 took 3–4 MB more, which the plans made beside the look-ups and the held band
        /// keys need at 1M memories to stay within 100 MB (docs/DECISIONS.md, "Issue 11, twelfth
        /// session").
        package static let capacity = 8_192

        func entry(for memory: LongTermMemory) -> Entry {
            if let entry = generations.withLock({ $0.entry(for: memory) }) { return entry }
            let entry = Entry(memory.summary, TextFeatures(memory.summary))
            generations.withLock { $0.remember(entry, for: memory.id) }
            return entry
        }

        /// The ids the store gave a plan's writes, in their order.
        package func written(_ ids: [LongTermMemoryID], by handover: Handover) {
            generations.withLock { generations in
                for (id, memory) in zip(ids, handover.memories) { generations.remember(memory.entry, for: id) }
            }
        }
    }

    /// The long-term memories a plan writes, as they will be once its batch is committed: what
    /// the plan of the next batch starts from while that commit is under way, on top of what the
    /// store said before it (`plan(…, after:)`). In the order of the plan's writes.
    package struct Handover: Sendable {
        struct Memory: Sendable {
            /// What the plan writes; `existing`, or `createdByPrevious`, or neither for the n-th
            /// long-term memory the plan creates (`created`).
            var write: ConsolidationPlan.LongTermWrite
            var created: Int?
            var session: String?
            var lastMergedAt: Timestamp
            var entry: SummaryCache.Entry
            var sentences: [TextFeatures.Sentence]
            var bandKeys: [Int64]
        }

        var memories: [Memory] = []

        /// Nothing: the plan is made from what the store says alone.
        package static let none = Handover()

        package var isEmpty: Bool { memories.isEmpty }

        /// As `ConsolidationPlan.resolve(createdByPrevious:)`, for the plan after this one.
        package mutating func resolve(createdByPrevious ids: [LongTermMemoryID]) {
            for index in memories.indices { memories[index].write.resolve(createdByPrevious: ids) }
        }
    }

    /// Plans the batch memory by memory, oldest first, each as if every earlier one had already
    /// been written: a long-term memory created or joined earlier in the batch is compared by its
    /// summary as it then is, exactly like a stored one. So the outcome does not depend on the
    /// batch size, nor on where one pass stopped and the next went on. When what the store said
    /// no longer tells a memory's candidates (the batch changed too many of the newest under one
    /// of its band keys), the plan stops before it and says how many are left (`unplanned`).
    package func plan(
        _ memories: [ShortTermMemory], features: [Features], candidates: LongTermCandidates,
        summaries: SummaryCache = SummaryCache()
    ) -> ConsolidationPlan {
        plan(memories, features: features, candidates: candidates, summaries: summaries, after: .none).plan
    }

    /// The plan of a batch while the batch before it is being committed: `candidates` are what
    /// the store said before that commit, and `previous` what its plan writes. The plan is the
    /// one the store's answers after the commit would give. A memory that joins a long-term
    /// memory the previous plan creates is written with `createdByPrevious`, which the pass
    /// resolves once that commit has given the id (`ConsolidationPlan.resolve(createdByPrevious:)`,
    /// and `Handover.resolve` for the handover to the plan after).
    package func plan(
        _ memories: [ShortTermMemory], features: [Features], candidates: LongTermCandidates,
        summaries: SummaryCache, after previous: Handover
    ) -> (plan: ConsolidationPlan, handover: Handover) {
        var planner = Planner(
            engine: self, memories, features: features, summaries: summaries, after: previous)
        planner.add(candidates, answering: memories.count)
        planner.finish()
        return (planner.plan, planner.handover)
    }

    /// A batch's plan made while the store's answers come in, a part of the batch at a time:
    /// `add` gives the answers for the memories before an index, and the planner plans as far as
    /// they tell; `finish` plans the rest once all are in. The plan is the one `plan` makes
    /// from all the answers at once: a memory is planned from what the store said of its own
    /// band keys, session and shortlist, which the answers for it hold, and one whose
    /// candidates those do not tell waits for all of them before it is left undecided.
    package struct Planner {
        private let engine: ConsolidationEngine
        private let summaries: SummaryCache
        private let previous: Handover
        /// Made with the first answers, which say what the plan before hands over (`open`).
        private var batch: BatchState?
        package private(set) var plan = ConsolidationPlan()
        private let memories: [ShortTermMemory]
        private let features: [Features]
        /// Indices of the memories, oldest first.
        private let order: [Int]
        private var position = 0
        private var answered = 0
        private var finished = false

        package init(
            engine: ConsolidationEngine, _ memories: [ShortTermMemory], features: [Features], summaries: SummaryCache,
            after previous: Handover
        ) {
            self.engine = engine
            self.summaries = summaries
            self.previous = previous
            self.memories = memories
            self.features = features
            order = memories.indices.sorted {
                (memories[$0].createdAt, memories[$0].id) < (memories[$1].createdAt, memories[$1].id)
            }
        }

        /// What the plan after this one starts from.
        package var handover: Handover { batch?.handover ?? Handover() }

        /// The store's answers for the memories before `count` (beside what earlier answers
        /// held, which they need not repeat); plans the memories they tell. The first answers
        /// hold the long-term memories of the batch's sessions that may take merges (`open`),
        /// with which what the plan before hands over is taken over, and say how many ids the
        /// store gave under a key at most (`perKeyLimit`).
        package mutating func add(_ answers: LongTermCandidates, answering count: Int) {
            if batch == nil {
                batch = BatchState(engine: engine, candidates: answers, summaries: summaries, after: previous)
            } else {
                batch!.add(answers)
            }
            answered = max(answered, count)
            advance()
        }

        /// Every answer is in: plans the rest.
        package mutating func finish() {
            if batch == nil { add(LongTermCandidates(), answering: 0) }
            answered = memories.count
            finished = true
            advance()
            plan.writes = batch!.writes
        }

        private mutating func advance() {
            while position < order.count {
                let index = order[position]
                guard index < answered else { return }
                // A stop request ends a large batch's plan early; the pass then ends without it.
                if position % ConsolidationEngine.cancellationStride == ConsolidationEngine.cancellationStride - 1,
                    Task.isCancelled
                {
                    return stop()
                }
                let (memory, feature) = (memories[index], features[index])
                if feature.isFiller {
                    plan.parked.append(memory.id)
                    position += 1
                    continue
                }
                // Answers still to come may tell (a row another part of the batch shortlisted).
                guard let reachable = batch!.reachable(memory, feature) else { return finished ? stop() : () }
                var best: (draft: Int, role: ProvenanceRole, similarity: Double)?
                for draftIndex in reachable {
                    let draft = batch!.drafts[draftIndex]
                    guard engine.hasRoom(for: feature, in: draft) else { continue }
                    if engine.canMerge(memory, into: draft) {
                        let similarity = draft.statements.map { feature.comparable[0].similarity(to: $0) }.max() ?? 0
                        if similarity >= engine.policy.mergeSimilarity, similarity > best?.similarity ?? -1 {
                            best = (draftIndex, .merged, similarity)
                        }
                    }
                    // A restatement names nothing the long-term memory does not: "Sven works at Initech"
                    // does not restate "Kwame works at Initech".
                    guard feature.names.sharedCount(with: draft.names) == feature.names.count else { continue }
                    let similarity = engine.restatementSimilarity([feature.comparable[0]], draft.statements)
                    if similarity >= engine.policy.reinforceSimilarity, similarity > best?.similarity ?? -1 {
                        best = (draftIndex, .reinforced, similarity)
                    }
                }
                if let best {
                    batch!.join(best.draft, memory, feature, role: best.role)
                } else if feature.importance >= engine.policy.forgetBelowImportance {
                    batch!.create(memory, feature)
                } else {
                    plan.parked.append(memory.id)
                }
                position += 1
            }
        }

        /// Leaves the memories from `position` on undecided.
        private mutating func stop() {
            plan.unplanned = order.count - position
            position = order.count
        }
    }

    /// Memories planned between two looks at cancellation: about a millisecond's work.
    static let cancellationStride = 32

    /// A long-term memory the batch has reached: as the next memory compares it, which is what a
    /// stored memory with the same summary would be compared by.
    private struct Draft {
        var write: ConsolidationPlan.LongTermWrite
        let reference: Reference
        /// The conversation it was created in, and the latest time of the memories it was created
        /// or merged from: it takes merges from that session close to that time. Nil for a stored
        /// memory no memory of the batch's sessions was created or merged into lately.
        var session: String?
        var lastMergedAt: Timestamp
        /// Word sets of its summary's sentences, then of the whole summary.
        var statements: [WordSet]
        /// Names and numbers its summary contains.
        var names: WordSet
        /// Its summary's sentences, which its next summary is made from; nil until needed.
        var sentences: [TextFeatures.Sentence]?
        /// Band keys of its summary once the batch has joined it; before that, a stored memory's
        /// keys are those the store answered with.
        var bandKeys: [Int64]?
    }

    /// The long-term memories a batch has reached so far, and how memories find them.
    private struct BatchState {
        let engine: ConsolidationEngine
        private(set) var candidates: LongTermCandidates
        let summaries: SummaryCache
        var drafts: [Draft] = []
        var draftOf: [Reference: Int] = [:]
        /// Drafts with band keys of their own (created or joined by the batch), by key.
        var joinedByBandKey: [Int64: Set<Int>] = [:]
        /// Stored memories the batch has joined: the store's answers about their keys are stale.
        var joinedStored = Set<LongTermMemoryID>()
        /// Drafts created by the batch or handed over by the plan before, by session: they take
        /// merges from their conversation.
        var mergingBySession: [String: [Int]] = [:]
        /// Stored memories that take merges, by session, in the order of their ids.
        var openBySession: [String: [LongTermMemoryID]]
        var created = 0

        init(
            engine: ConsolidationEngine, candidates: LongTermCandidates, summaries: SummaryCache,
            after previous: Handover
        ) {
            self.engine = engine
            self.candidates = candidates
            self.summaries = summaries
            openBySession = Dictionary(grouping: candidates.open.keys.sorted()) { candidates.open[$0]!.session }
            for memory in previous.memories { takeOver(memory) }
        }

        /// More of the store's answers, from the same state of the store as the ones before.
        mutating func add(_ answers: LongTermCandidates) {
            candidates.memories.merge(answers.memories) { _, new in new }
            candidates.byBandKey.merge(answers.byBandKey) { _, new in new }
            var sessions = Set<String>()
            for (id, open) in answers.open where candidates.open.updateValue(open, forKey: id) == nil {
                openBySession[open.session, default: []].append(id)
                sessions.insert(open.session)
            }
            for session in sessions { openBySession[session]!.sort() }
        }

        /// A long-term memory the plan before writes, as it will be stored: it supersedes what
        /// the store said of it, and is found under its own band keys.
        private mutating func takeOver(_ memory: Handover.Memory) {
            guard let reference = memory.write.existing.map(Reference.stored) ?? memory.created.map(Reference.pending)
            else { preconditionFailure("a handover is taken over once the ids of the plan before it are resolved") }
            var write = ConsolidationPlan.LongTermWrite(
                existing: memory.write.existing, summary: memory.write.summary, strength: memory.write.strength,
                importance: memory.write.importance, createdAt: memory.write.createdAt,
                lastReinforcedAt: memory.write.lastReinforcedAt, sources: [], bandKeys: [])
            write.createdByPrevious = memory.created
            write.readSummary = memory.write.summary
            var (session, lastMergedAt) = (memory.session, memory.lastMergedAt)
            if session == nil, let id = memory.write.existing, let open = candidates.open[id] {
                // Only restated by the plan before, so the store's answer about merges holds.
                (session, lastMergedAt) = (open.session, open.lastMergedAt)
            }
            drafts.append(
                Draft(
                    write: write, reference: reference, session: session, lastMergedAt: lastMergedAt,
                    statements: memory.entry.statements, names: memory.entry.names, sentences: memory.sentences,
                    bandKeys: memory.bandKeys))
            let index = drafts.count - 1
            draftOf[reference] = index
            if case .stored(let id) = reference { joinedStored.insert(id) }
            for key in memory.bandKeys { joinedByBandKey[key, default: []].insert(index) }
            if let session { mergingBySession[session, default: []].append(index) }
        }

        /// The drafts the batch wrote to, as the plan of the next batch takes them over.
        private var written: [Draft] { drafts.filter { !$0.write.sources.isEmpty } }

        var writes: [ConsolidationPlan.LongTermWrite] {
            written.map { draft in
                var write = draft.write
                write.summaryChanged = write.readSummary == nil || write.summary != write.readSummary
                write.bandKeys = write.summaryChanged ? draft.bandKeys ?? [] : []
                return write
            }
        }

        var handover: Handover {
            var handover = Handover()
            handover.memories = written.map { draft in
                var created: Int?
                if case .new(let index) = draft.reference { created = index }
                return Handover.Memory(
                    write: draft.write, created: created, session: draft.session, lastMergedAt: draft.lastMergedAt,
                    entry: .init(summary: draft.write.summary, statements: draft.statements, names: draft.names),
                    sentences: draft.sentences ?? TextFeatures(draft.write.summary).sentences,
                    bandKeys: draft.bandKeys ?? [])
            }
            return handover
        }

        /// The drafts a memory is compared with, in the order of their references; nil when the
        /// store's answers no longer tell which they are.
        mutating func reachable(_ memory: ShortTermMemory, _ feature: Features) -> [Int]? {
            var shared: [Reference: Int] = [:]
            for key in feature.bandKeys {
                guard let newest = newest(under: key) else { return nil }
                for reference in newest { shared[reference, default: 0] += 1 }
            }
            var indices = Set<Int>()
            for reference in ConsolidationEngine.shortlist(shared) {
                guard let index = draftIndex(reference) else { return nil }
                indices.insert(index)
            }
            // Long-term memories of its own conversation, close in time, may take it whatever their bands.
            // (As they are now: a merge earlier in the batch may have moved one's latest time.)
            for id in openBySession[memory.session] ?? [] {
                if let index = draftOf[.stored(id)] {
                    if engine.canMerge(memory, into: drafts[index]) { indices.insert(index) }
                } else if engine.canMerge(memory, into: candidates.open[id]!), let index = draftIndex(.stored(id)) {
                    indices.insert(index)
                }
            }
            for index in mergingBySession[memory.session] ?? [] where engine.canMerge(memory, into: drafts[index]) {
                indices.insert(index)
            }
            return indices.sorted { drafts[$0].reference < drafts[$1].reference }
        }

        /// The newest long-term memories under a band key, as they are after the batch's changes so
        /// far; nil when ids the store was not asked for might be among them.
        private func newest(under key: Int64) -> [Reference]? {
            let stored = candidates.byBandKey[key] ?? []
            let joined = joinedByBandKey[key] ?? []
            if joined.isEmpty, !stored.contains(where: joinedStored.contains) {
                // Nothing the batch changed is under this key: the store's answer holds.
                return stored.prefix(ConsolidationEngine.perBandKey).map(Reference.stored)
            }
            var references = stored.filter { !joinedStored.contains($0) }.map(Reference.stored)
            references += joined.map { drafts[$0].reference }
            references.sort(by: >)
            let newest = Array(references.prefix(ConsolidationEngine.perBandKey))
            if stored.count >= candidates.perKeyLimit, let floor = stored.last {
                // Older ids under this key were not asked for: the newest are known only if they are all above them.
                guard newest.count == ConsolidationEngine.perBandKey, newest[newest.count - 1] >= .stored(floor) else {
                    return nil
                }
            }
            return newest
        }

        /// The draft of a reference, made from the stored row when first reached; nil for a
        /// stored memory whose row the pass did not fetch.
        private mutating func draftIndex(_ reference: Reference) -> Int? {
            if let index = draftOf[reference] { return index }
            guard case .stored(let id) = reference, let stored = candidates.memories[id] else { return nil }
            let entry = summaries.entry(for: stored)
            let open = candidates.open[id]
            var write = ConsolidationPlan.LongTermWrite(
                existing: stored.id, summary: stored.summary, strength: stored.strength,
                importance: stored.importance, createdAt: stored.createdAt, lastReinforcedAt: stored.lastReinforcedAt,
                sources: [], bandKeys: [])
            write.readSummary = stored.summary
            drafts.append(
                Draft(
                    write: write, reference: reference, session: open?.session,
                    lastMergedAt: open?.lastMergedAt ?? stored.lastReinforcedAt, statements: entry.statements,
                    names: entry.names))
            draftOf[reference] = drafts.count - 1
            return drafts.count - 1
        }

        mutating func create(_ memory: ShortTermMemory, _ feature: Features) {
            let reference = Reference.new(created)
            created += 1
            drafts.append(
                Draft(
                    write: .init(
                        existing: nil, summary: "", strength: 1, importance: feature.importance,
                        createdAt: memory.createdAt, lastReinforcedAt: memory.createdAt,
                        sources: [.init(stmID: memory.id, role: .created, joinedAt: memory.createdAt)], bandKeys: []),
                    reference: reference, session: memory.session, lastMergedAt: memory.createdAt, statements: [],
                    names: WordSet([String]()), sentences: []))
            draftOf[reference] = drafts.count - 1
            mergingBySession[memory.session, default: []].append(drafts.count - 1)
            summarize(drafts.count - 1, adding: ConsolidationEngine.summarySentences(feature))
        }

        mutating func join(_ index: Int, _ memory: ShortTermMemory, _ feature: Features, role: ProvenanceRole) {
            var write = drafts[index].write
            write.sources.append(.init(stmID: memory.id, role: role, joinedAt: memory.createdAt))
            write.importance = max(write.importance, feature.importance)
            switch role {
            case .merged:
                write.strength += 0.5
                drafts[index].lastMergedAt = max(drafts[index].lastMergedAt, memory.createdAt)
            case .reinforced, .created:
                write.strength =
                    Decay.decayed(
                        write.strength, from: write.lastReinforcedAt, to: memory.createdAt,
                        halfLife: engine.policy.strengthHalfLife) + 1
            }
            write.lastReinforcedAt = max(write.lastReinforcedAt, memory.createdAt)
            write.createdAt = min(write.createdAt, memory.createdAt)
            drafts[index].write = write
            summarize(index, adding: ConsolidationEngine.summarySentences(feature))
        }

        /// Makes a draft's summary again with a memory's sentences, as a stored memory's would be
        /// made, and what it is compared and found by with it.
        private mutating func summarize(_ index: Int, adding sentences: [TextFeatures.Sentence]) {
            let before = drafts[index].sentences ?? TextFeatures(drafts[index].write.summary).sentences
            let summary = ExtractiveSummary.summarize(before + sentences)
            let keysBefore = drafts[index].bandKeys
            guard summary != drafts[index].write.summary || keysBefore == nil else { return }
            let text = TextFeatures(summary)
            let keys = ConsolidationEngine.summaryBandKeys(text)
            let compared = SummaryCache.Entry(summary, text)
            drafts[index].write.summary = summary
            drafts[index].sentences = text.sentences
            drafts[index].statements = compared.statements
            drafts[index].names = compared.names
            drafts[index].bandKeys = keys
            if case .stored(let id) = drafts[index].reference { joinedStored.insert(id) }
            for key in keysBefore ?? [] { joinedByBandKey[key]?.remove(index) }
            for key in keys { joinedByBandKey[key, default: []].insert(index) }
        }
    }

    /// A long-term memory keeps every sentence of its sources, so it takes a memory only while
    /// its text stays within `maximumLongTermLength` characters with the sentences the memory
    /// would add; a memory that adds none (each of its sentences repeats one there) always fits.
    /// A memory longer than that on its own starts a long-term memory of its own, whole.
    private func hasRoom(for feature: Features, in draft: Draft) -> Bool {
        let sentences = draft.statements.dropLast()
        let added = ConsolidationEngine.summarySentences(feature).filter { sentence in
            !sentences.contains { $0.similarity(to: sentence.words) >= ExtractiveSummary.repeatSimilarity }
        }
        guard !added.isEmpty else { return true }
        let length = added.reduce(draft.write.summary.count) { $0 + $1.text.count + 1 }
        return length <= policy.maximumLongTermLength
    }

    /// Merging is for memories of the draft's own conversation: same session, within the window
    /// of its latest created or merged memory.
    private func canMerge(_ memory: ShortTermMemory, into draft: Draft) -> Bool {
        draft.session.map { canMerge(memory, session: $0, lastMergedAt: draft.lastMergedAt) } ?? false
    }

    private func canMerge(_ memory: ShortTermMemory, into open: LongTermCandidates.Open) -> Bool {
        canMerge(memory, session: open.session, lastMergedAt: open.lastMergedAt)
    }

    private func canMerge(_ memory: ShortTermMemory, session: String, lastMergedAt: Timestamp) -> Bool {
        session == memory.session
            && abs(memory.createdAt.millisecondsSince1970 - lastMergedAt.millisecondsSince1970)
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
    private static func summarySentences(_ feature: Features) -> [TextFeatures.Sentence] {
        feature.sentences.indices.filter { !feature.leftOut.contains($0) }.map { feature.sentences[$0] }
    }

    package init(policy: ConsolidationPolicy) {
        self.policy = policy
    }
}
