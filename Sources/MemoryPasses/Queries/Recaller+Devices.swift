import MemoryEngines
import MemoryModel
import MemoryStorage

/// Recall's reads, over this device's store alone or with its peers' (docs/PEERS.md): the same
/// steps either way, each store reading its own part at once and the ranking seeing them all.
extension Recaller {
    /// The memories `tokens` recall, ranked: turns matched in every store's recall index, the
    /// threads they carry on, the long-term memories they went into, each memory's provenance and
    /// (when `quoting`) the turn before its matched turn.
    func memories(
        _ tokens: [String], across devices: Devices, limit: Int, now: Timestamp, quoting: Bool, scope: ProjectScope?
    ) async throws -> [Recall.Memory] {
        let words = Self.queryWords(tokens)
        guard !words.isEmpty else { return [] }
        let rows = try await turns(matching: words, across: devices, scope: scope)
        // Where the best-matched turns' threads go on (rows come best BM25 first).
        let sources = Array(rows.prefix(weights.threadSources))
        let afterEach = try await devices.each { index, store in
            let own = sources.filter { $0.device == devices.names[index] }
            return try await store.recalling { try $0.turnsAfter(own, count: 2, scope: scope) }
        }
        var following: [DeviceRecordKey: [RecallFollowingTurn]] = [:]
        for (device, after) in zip(devices.names, afterEach) {
            for (id, turns) in after {
                following[DeviceRecordKey(device: device, id: id)] = turns.map { next in
                    var tagged = next
                    tagged.turn.device = device
                    return tagged
                }
            }
        }
        let longTermIDs = (rows + following.values.flatMap { $0.map(\.turn) }).compactMap { turn in
            turn.longTermID.map { DeviceRecordKey(device: turn.device, id: $0) }
        }
        let stored = try await devices.each { index, store in
            let own = longTermIDs.filter { $0.device == devices.names[index] }.map { LongTermMemoryID($0.id) }
            return try await store.recalling { try $0.longTermMemories(Set(own)) }
        }
        var longTerm: [DeviceRecordKey: RecallRanker.LongTerm] = [:]
        for (device, memories) in zip(devices.names, stored) {
            for (id, memory) in memories {
                longTerm[DeviceRecordKey(device: device, id: id.rawValue)] = RecallRanker.LongTerm(
                    summary: memory.summary, createdAt: memory.createdAt, lastReinforcedAt: memory.lastReinforcedAt,
                    importance: memory.importance,
                    strength: Decay.decayed(
                        memory.strength, from: memory.lastReinforcedAt, to: now, halfLife: settings.strengthHalfLife))
            }
        }
        let ranked = RecallRanker(weights: weights).rank(
            rows, following: following, longTerm: longTerm, queryWords: Set(words), now: now, limit: limit,
            asked: RecallRanker.pronounSpeaker(in: tokens),
            otherSessions: RecallGathering.otherSessions(tokens: tokens))
        return try await devices.completing(ranked, device: \.device) { store, memories in
            let detailed = try await store.recalling { try $0.withProvenance(memories) }
            return quoting ? try await store.recalling { try $0.withTurnsBefore(detailed) } : detailed
        }
    }

    /// The turns of every store's recall index that match `words`, best BM25 first, at most
    /// `RecallWeights.candidates`. With peers, each store first says what its index knows of the
    /// words (`StoreRecall.recallPlan`); their sum is the corpus every turn is then scored against,
    /// so that BM25 is on one scale, as if one index held every turn (docs/PEERS.md, "Ranked
    /// together").
    private func turns(matching words: [String], across devices: Devices, scope: ProjectScope?) async throws
        -> [RecallTurn]
    {
        guard devices.stores.count > 1 else {
            return try await store.recalling { [weights = self.weights] in
                try $0.recallTurns(matching: words, weights: weights, scope: scope)
            }
        }
        let plans = try await devices.each { _, store in
            try await store.recalling { try $0.recallPlan(matching: words) }
        }
        let corpus = plans.dropFirst().reduce(plans[0].corpus) { $0 + $1.corpus }
        let weights = weights
        let found = try await devices.each { index, store in
            try await store.recalling {
                try $0.recallTurns(plans[index], corpus: corpus, weights: weights, scope: scope)
            }.map { turn in
                var tagged = turn
                tagged.device = devices.names[index]
                return tagged
            }
        }
        // Best first, as each store orders its own (lower BM25, then lower id); between stores,
        // this device's first.
        let merged = found.enumerated().flatMap { index, turns in turns.map { (index, $0) } }
            .sorted { ($0.1.bm25, $0.0, $0.1.id) < ($1.1.bm25, $1.0, $1.1.id) }
        return Array(merged.prefix(weights.candidates).map(\.1))
    }

    /// The entities the query names in every store's graph (the speakers too when it says "I"),
    /// and their current facts: this device's first, then each peer's that no store before it
    /// has by name and kind (an entity) or by what it says (a fact), facts up to
    /// `listedFacts` in all.
    static func graph(aliasKeys: [String], firstPerson: Bool, across devices: Devices) async throws
        -> (entities: [Recall.NamedEntity], facts: [Recall.Fact])
    {
        let graphs = try await devices.each { _, store in
            let entities = try await store.recalling {
                try $0.namedEntities(aliasKeys: aliasKeys, speakers: firstPerson)
            }
            // Facts about what the query names come before the speaker's own facts.
            let named = entities.filter { $0.kind != EntityKind.speaker.rawValue }.map(\.id)
            let facts = try await store.recalling { try $0.facts(about: entities.map(\.id), first: named) }
            return (entities, facts)
        }
        var entities = graphs[0].0
        for (device, graph) in zip(devices.names, graphs).dropFirst() {
            for var entity in graph.0
            where !entities.contains(where: { $0.kind == entity.kind && $0.name.lowercased() == entity.name.lowercased() }) {
                entity.device = device
                entities.append(entity)
            }
        }
        return (entities, devices.merged(facts: graphs.map(\.1), limit: listedFacts))
    }

    /// Facts a recall lists at most, as one store gives them (`StoreRecall.facts`).
    static let listedFacts = 20
}
