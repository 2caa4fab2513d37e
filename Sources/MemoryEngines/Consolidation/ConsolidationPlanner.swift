import MemoryModel

/// Plans one batch of pending memories against the stored long-term memories, which it reads
/// through a `LongTermIndex` inside the batch's write transaction.
///
/// Memory by memory, oldest first, each as if every earlier one had already been written: a
/// long-term memory the batch created or joined is compared by its summary as it now is, and
/// found under its band keys as they now are, exactly like a stored one. So the outcome does not
/// depend on the batch size, nor on where one pass stopped and the next went on.
///
/// A memory is compared with the long-term memories that share the most band keys with it
/// (`shortlistLength`, from the `perBandKey` newest under each key), and with those of its own
/// conversation that take merges from it (`ConsolidationEngine.canMerge`). It merges into,
/// reinforces, or starts the one it is most alike; or, when unimportant, is parked. It is only
/// ever compared with long-term memories of its own project (none with none): consolidation never
/// joins two projects (docs/PROJECTS.md).
package struct ConsolidationPlanner {
    private let engine: ConsolidationEngine
    private let index: any LongTermIndex
    private let summaries: SummaryCache

    /// The long-term memories the batch has reached, in the order it reached them.
    private var drafts: [Draft] = []
    private var draftOf: [Reference: Int] = [:]
    /// Drafts whose band keys are their own summary's (created or joined by the batch), by key.
    private var joinedByBandKey: [Int64: Set<Int>] = [:]
    /// Stored memories the batch has joined: the index's keys for them are no longer theirs.
    private var joinedStored = Set<LongTermMemoryID>()
    /// Drafts the batch created, by session. (A stored memory the batch merged into is open to
    /// its session's memories already: `openIn`.)
    private var createdBySession: [String: [Int]] = [:]
    private var created = 0

    /// The index's answers, kept for the batch: nothing changes them while it is planned.
    /// The newest stored ids of a project under a key, at most `asked` of them (fewer: all there are).
    private var storedUnder: [ProjectKey: (ids: [LongTermMemoryID], asked: Int)] = [:]
    /// Stored memories open to merges from the batch's memories of a session, over the batch's
    /// time span in it (`spans`).
    private var openIn: [String: [(id: LongTermMemoryID, merging: Merging)]] = [:]
    private var spans: [String: (from: Timestamp, to: Timestamp)] = [:]

    package init(engine: ConsolidationEngine, index: any LongTermIndex, summaries: SummaryCache = SummaryCache()) {
        self.engine = engine
        self.index = index
        self.summaries = summaries
    }

    /// A band key within one project's long-term memories.
    private struct ProjectKey: Hashable {
        let key: Int64
        let project: String?
    }

    /// A long-term memory as a batch sees it: a stored one, or the n-th one the batch creates.
    /// The store gives each new one an id above every stored one, in that order, so the order
    /// here is the ids'.
    private enum Reference: Hashable, Comparable {
        case stored(LongTermMemoryID)
        case new(Int)
    }

    /// A long-term memory the batch has reached: as the next memory compares it.
    private struct Draft {
        var write: ConsolidationPlan.LongTermWrite
        let reference: Reference
        /// A stored memory's summary as stored: the write changes it only if it differs.
        let storedSummary: String?
        /// The project of its sources; nil: of none.
        let project: String?
        /// Its conversation and latest created or merged memory; nil for a stored memory not (yet)
        /// found open to merges from the batch's memories.
        var merging: Merging?
        /// Its summary's length in characters.
        var length: Int
        /// Word sets of its summary's sentences, then of the whole summary.
        var statements: [WordSet]
        /// Names and numbers its summary contains.
        var names: WordSet
        /// Its summary's sentences, which its next summary is made from; nil until needed.
        var sentences: [TextFeatures.Sentence]?
        /// Band keys of its summary once the batch has joined it; before that, a stored memory's
        /// keys are the index's.
        var bandKeys: [Int64]?
    }

    /// Plans `memories` (with their `features`, in the same order). Throws what the index
    /// throws, or `CancellationError` on a stop request, checked every `cancellationStride`
    /// memories: the transaction it runs in is then rolled back.
    package mutating func plan(_ memories: [ShortTermMemory], features: [Features]) throws -> ConsolidationPlan {
        let window = engine.policy.mergeWindow
        for (memory, feature) in zip(memories, features) where !feature.isFiller {
            let (from, to) = (memory.createdAt.subtracting(window), memory.createdAt.adding(window))
            let span = spans[memory.session] ?? (from, to)
            spans[memory.session] = (min(span.from, from), max(span.to, to))
        }
        let order = memories.indices.sorted {
            (memories[$0].createdAt, memories[$0].id) < (memories[$1].createdAt, memories[$1].id)
        }
        var plan = ConsolidationPlan()
        for (position, index) in order.enumerated() {
            if position % ConsolidationEngine.cancellationStride == 0 { try Task.checkCancellation() }
            let (memory, feature) = (memories[index], features[index])
            if feature.isFiller {
                plan.parked.append(memory.id)
                continue
            }
            var best: (draft: Int, role: ProvenanceRole, similarity: Double)?
            for draft in try reachable(memory, feature) {
                let reached = drafts[draft]
                guard engine.hasRoom(for: feature, length: reached.length, statements: reached.statements),
                    let join = engine.join(
                        memory, feature, statements: reached.statements, names: reached.names, merging: reached.merging),
                    join.similarity > best?.similarity ?? -1
                else { continue }
                best = (draft, join.role, join.similarity)
            }
            if let best {
                self.join(best.draft, memory, feature, role: best.role)
            } else if feature.importance >= engine.policy.forgetBelowImportance {
                create(memory, feature)
            } else {
                plan.parked.append(memory.id)
            }
        }
        plan.writes = drafts.filter { !$0.write.sources.isEmpty }.map { draft in
            var write = draft.write
            write.summaryChanged = write.summary != draft.storedSummary
            write.bandKeys = write.summaryChanged ? draft.bandKeys ?? [] : []
            if write.summaryChanged, let id = write.existing {
                summaries.remember(
                    .init(summary: write.summary, length: draft.length, statements: draft.statements, names: draft.names),
                    for: id)
            }
            return write
        }
        return plan
    }

    package typealias Features = ConsolidationEngine.Features

    /// The plan of those of a batch's memories that are still pending (all when `stillPending`
    /// is nil): what `StoreConsolidation.consolidate` asks for.
    package static func plan(
        _ memories: [ShortTermMemory], features: [Features], stillPending: Set<ShortTermMemoryID>? = nil,
        engine: ConsolidationEngine, index: any LongTermIndex, summaries: SummaryCache = SummaryCache()
    ) throws -> ConsolidationPlan {
        let kept = memories.indices.filter { stillPending?.contains(memories[$0].id) ?? true }
        var planner = ConsolidationPlanner(engine: engine, index: index, summaries: summaries)
        return try planner.plan(kept.map { memories[$0] }, features: kept.map { features[$0] })
    }

    // MARK: - What a memory is compared with

    /// The drafts a memory is compared with, in the order of their references.
    private mutating func reachable(_ memory: ShortTermMemory, _ feature: Features) throws -> [Int] {
        var shared: [Reference: Int] = [:]
        for key in feature.bandKeys {
            for reference in try newest(under: key, project: memory.project) { shared[reference, default: 0] += 1 }
        }
        var reached = Set<Int>()
        let shortlist = shared.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key > $1.key }
        for (reference, _) in shortlist.prefix(ConsolidationEngine.shortlistLength) {
            if let draft = try draft(reference) { reached.insert(draft) }
        }
        // Long-term memories of its own conversation, close in time, may take it whatever their
        // bands; a draft as it now is (a merge earlier in the batch may have moved its time).
        for (id, merging) in try open(in: memory.session) {
            if let draft = draftOf[.stored(id)] {
                // Reached through its band keys first: now its merging is known.
                if drafts[draft].merging == nil { drafts[draft].merging = merging }
                if engine.canMerge(memory, into: drafts[draft].merging) { reached.insert(draft) }
            } else if engine.canMerge(memory, into: merging), let draft = try draft(.stored(id), merging: merging) {
                reached.insert(draft)
            }
        }
        for draft in createdBySession[memory.session] ?? [] where engine.canMerge(memory, into: drafts[draft].merging) {
            reached.insert(draft)
        }
        // A session's memories may name different projects (`memctl add --session S --project P`).
        return reached.filter { drafts[$0].project == memory.project }.sorted {
            drafts[$0].reference < drafts[$1].reference
        }
    }

    /// The `perBandKey` newest long-term memories of `project` under a band key, as they are
    /// after the batch's changes so far: the newest stored ones the batch has not joined, and the
    /// drafts whose own keys include it.
    private mutating func newest(under key: Int64, project: String?) throws -> [Reference] {
        let limit = ConsolidationEngine.perBandKey
        let scoped = ProjectKey(key: key, project: project)
        var stored = storedUnder[scoped] ?? (ids: [], asked: 0)
        var kept = stored.ids.filter { !joinedStored.contains($0) }
        // Too few left, and the index may hold older ones it was not asked for.
        if storedUnder[scoped] == nil || (kept.count < limit && stored.ids.count == stored.asked) {
            stored = (try index.newest(under: key, project: project, limit: limit, excluding: joinedStored), limit)
            storedUnder[scoped] = stored
            kept = stored.ids
        }
        var references = kept.prefix(limit).map(Reference.stored)
        references += (joinedByBandKey[key] ?? []).filter { drafts[$0].project == project }.map { drafts[$0].reference }
        return Array(references.sorted(by: >).prefix(limit))
    }

    /// The stored memories open to merges from the batch's memories of `session`.
    private mutating func open(in session: String) throws -> [(id: LongTermMemoryID, merging: Merging)] {
        if let open = openIn[session] { return open }
        guard let span = spans[session] else { return [] }
        let open = try index.open(session: session, from: span.from, to: span.to)
            .sorted { $0.key < $1.key }.map { (id: $0.key, merging: $0.value) }
        openIn[session] = open
        return open
    }

    /// The draft of a reference, made from the stored memory when first reached; nil for a
    /// stored one no longer remembered. `merging`: the index's, when it was reached as open to
    /// merges. A stored memory reached through its band keys alone gets none until then: one
    /// that takes a merge from a memory of the batch is open to that memory's session (`openIn`).
    private mutating func draft(_ reference: Reference, merging: Merging? = nil) throws -> Int? {
        if let draft = draftOf[reference] { return draft }
        guard case .stored(let id) = reference, let stored = try index.memory(id) else { return nil }
        let analysis = summaries.analysis(of: id, summary: stored.summary)
        let write = ConsolidationPlan.LongTermWrite(
            existing: id, summary: stored.summary, strength: stored.strength, importance: stored.importance,
            createdAt: stored.createdAt, lastReinforcedAt: stored.lastReinforcedAt, sources: [], bandKeys: [])
        return add(
            Draft(
                write: write, reference: reference, storedSummary: stored.summary, project: stored.project,
                merging: merging, length: analysis.length, statements: analysis.statements, names: analysis.names))
    }

    private mutating func add(_ draft: Draft) -> Int {
        drafts.append(draft)
        draftOf[draft.reference] = drafts.count - 1
        return drafts.count - 1
    }

    // MARK: - Writing into the drafts

    private mutating func create(_ memory: ShortTermMemory, _ feature: Features) {
        let write = ConsolidationPlan.LongTermWrite(
            summary: "", strength: 1, importance: feature.importance, createdAt: memory.createdAt,
            lastReinforcedAt: memory.createdAt,
            sources: [.init(stmID: memory.id, role: .created, joinedAt: memory.createdAt)], bandKeys: [],
            project: memory.project)
        let draft = add(
            Draft(
                write: write, reference: .new(created), storedSummary: nil, project: memory.project,
                merging: Merging(session: memory.session, lastMergedAt: memory.createdAt), length: 0,
                statements: [], names: WordSet([String]()), sentences: []))
        created += 1
        createdBySession[memory.session, default: []].append(draft)
        summarize(draft, adding: ConsolidationEngine.summarySentences(feature))
    }

    private mutating func join(_ draft: Int, _ memory: ShortTermMemory, _ feature: Features, role: ProvenanceRole) {
        var write = drafts[draft].write
        write.sources.append(.init(stmID: memory.id, role: role, joinedAt: memory.createdAt))
        write.importance = max(write.importance, feature.importance)
        switch role {
        case .merged:
            write.strength += 0.5
            // Merges need the same session, so a draft that takes one has a `merging`.
            let merging = drafts[draft].merging!
            drafts[draft].merging = Merging(
                session: merging.session, lastMergedAt: max(merging.lastMergedAt, memory.createdAt))
        case .reinforced, .created:
            write.strength =
                Decay.decayed(
                    write.strength, from: write.lastReinforcedAt, to: memory.createdAt,
                    halfLife: engine.policy.strengthHalfLife) + 1
        }
        write.lastReinforcedAt = max(write.lastReinforcedAt, memory.createdAt)
        write.createdAt = min(write.createdAt, memory.createdAt)
        drafts[draft].write = write
        summarize(draft, adding: ConsolidationEngine.summarySentences(feature))
    }

    /// Makes a draft's summary again with a memory's sentences, as a stored memory's would be
    /// made, and what it is compared and found by with it.
    private mutating func summarize(_ draft: Int, adding sentences: [TextFeatures.Sentence]) {
        let before = drafts[draft].sentences ?? TextFeatures(drafts[draft].write.summary).sentences
        let summary = ExtractiveSummary.summarize(before + sentences)
        let keysBefore = drafts[draft].bandKeys
        guard summary != drafts[draft].write.summary || keysBefore == nil else { return }
        let text = TextFeatures(summary)
        let keys = ConsolidationEngine.summaryBandKeys(text)
        let analysis = SummaryCache.Analysis(summary, text)
        drafts[draft].write.summary = summary
        drafts[draft].length = analysis.length
        drafts[draft].sentences = text.sentences
        drafts[draft].statements = analysis.statements
        drafts[draft].names = analysis.names
        drafts[draft].bandKeys = keys
        if case .stored(let id) = drafts[draft].reference { joinedStored.insert(id) }
        for key in keysBefore ?? [] { joinedByBandKey[key]?.remove(draft) }
        for key in keys { joinedByBandKey[key, default: []].insert(draft) }
    }
}
