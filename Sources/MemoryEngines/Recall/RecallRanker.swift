import FoundationEssentials
import Glibc
import MemoryModel

/// Ranks what recall found: short-term memories (turns) matched in the recall index, each
/// standing for itself while pending or for the long-term memory it went into. Pure: rows in,
/// ranked memories out. docs/RECALL.md has the reasoning and the measurements behind it.
package struct RecallRanker: Sendable {
    /// One matched turn, as the store reads it; its importance, when the writer gave none, is
    /// the heuristic's estimate.
    package typealias Turn = RecallTurn

    /// A long-term memory some matched turn went into.
    package struct LongTerm: Sendable {
        package let summary: String
        package let createdAt: Timestamp
        package let lastReinforcedAt: Timestamp
        package let importance: Double
        /// Strength decayed to now.
        package let strength: Double

        package init(
            summary: String, createdAt: Timestamp, lastReinforcedAt: Timestamp, importance: Double, strength: Double
        ) {
            self.summary = summary
            self.createdAt = createdAt
            self.lastReinforcedAt = lastReinforcedAt
            self.importance = importance
            self.strength = strength
        }
    }

    package let weights: RecallWeights

    /// The speakers a query names: those of the matched turns whose name (or first name) is a
    /// word of the query ("What did Caroline paint?", and "Caroline's": query words come without
    /// their possessive).
    package static func namedSpeakers(in queryWords: Set<String>, among speakers: Set<String>) -> Set<String> {
        speakers.filter { speaker in
            let words = nameWords(speaker)
            guard let first = words.first else { return false }
            return queryWords.contains(first) || queryWords.contains(words.joined(separator: " "))
        }
    }

    /// A speaker's name lower-cased and split at anything but letters and digits. An ASCII name
    /// is split on its bytes, which gives the same words as `Character`s do (ASCII letters and
    /// digits are the only ASCII letters and numbers) at a fraction of the cost: a recall at 1M
    /// asks this of every speaker of its 200 candidates.
    static func nameWords(_ speaker: String) -> [String] {
        guard speaker.utf8.allSatisfy({ $0 < 0x80 }) else {
            return speaker.lowercased().split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map(String.init)
        }
        var words: [String] = []
        var word: [UInt8] = []
        for byte in speaker.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"): word.append(byte)
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): word.append(byte | 0x20)
            default:
                if !word.isEmpty { words.append(String(decoding: word, as: UTF8.self)) }
                word.removeAll(keepingCapacity: true)
            }
        }
        if !word.isEmpty { words.append(String(decoding: word, as: UTF8.self)) }
        return words
    }

    /// The speaker a question asks about by pronoun: "I", "me", "my" alone ask about the user,
    /// "you", "your" alone about the assistant (their sources in a chat); a question with both, or
    /// neither, asks about nobody in particular. `tokens` are its lower-cased words.
    package static func pronounSpeaker(in tokens: [String]) -> String? {
        let words = Set(tokens)
        let first = !words.isDisjoint(with: firstPerson)
        let second = !words.isDisjoint(with: ["you", "your", "yours", "yourself", "you're", "you've", "you'd", "you'll"])
        switch (first, second) {
        case (true, false): return NewMemory.defaultSource
        case (false, true): return NewMemory.assistantSource
        default: return nil
        }
    }

    /// "I", "me", "my" and the rest, lower-cased: a question with one is about its speaker.
    package static let firstPerson: Set<String> = ["i", "me", "my", "mine", "myself", "i'm", "i've", "i'd", "i'll"]

    /// Ranks the turns. `asked` is the speaker the question asks about by pronoun
    /// (`pronounSpeaker`); a name in the question is more specific and wins over it.
    ///
    /// The turns may come from several databases (this device's and its peers', each turn
    /// marked with its `device`), scored on one scale (docs/PEERS.md): ids, sessions and long-term
    /// memories are told apart by device as well.
    ///
    /// `following` holds, for some matched turns, the turns after them in their session
    /// (`threadTurn(of:in:)` tells which of those carries a turn's thread on). The first
    /// `meaningPool` memories are then weighed again by what they mean (`weighedByMeaning`) and
    /// reordered among themselves; the rest follow as they were. Last, `otherSessions` memories
    /// of sessions not yet among the first `spreadTop` are brought into them (`bringingIn`;
    /// `RecallGathering.otherSessions` says how many a question wants).
    package func rank(
        _ turns: [Turn], following: [DeviceRecordKey: [RecallFollowingTurn]] = [:],
        longTerm: [DeviceRecordKey: LongTerm], queryWords: Set<String>, now: Timestamp, limit: Int,
        asked: String? = nil, otherSessions: Int = 0
    ) -> [Recall.Memory] {
        let speakers = Set(turns.map(\.speaker))
        var named = Self.namedSpeakers(in: queryWords, among: speakers)
        if named.isEmpty, let asked, speakers.contains(asked) { named = [asked] }
        let best = bestCandidates(turns, following: following, longTerm: longTerm, named: named)
        let pool = weights.meaning > 0 ? weights.meaningPool : 0
        let reach = otherSessions > 0 ? weights.spreadReach : 0
        var ranked = scored(best, now: now, limit: max(limit, pool, reach))
        ranked.sort(by: Self.precedes)
        if pool > 0 {
            // The same first `pool` for every limit, so that the first N are those of the whole ranking.
            ranked = weighedByMeaning(Array(ranked.prefix(pool)), queryWords: queryWords) + ranked.dropFirst(pool)
        }
        ranked = Self.bringingIn(otherSessions, into: ranked, top: weights.spreadTop, reach: reach)
        return Array(ranked.prefix(limit))
    }

    /// `ranked` with up to `count` memories of sessions not yet among its first `top` brought into
    /// them: each time, the best-ranked memory of such a session among the first `reach` takes the
    /// place of the last of the first `top` whose session is there more than once, which follows
    /// them. A question whose answer is spread over several conversations ("How many weddings did
    /// I go to?", "Which came first, the concert or the play?") finds one conversation's many
    /// matching turns ahead of the other conversations' best, which hold the rest of the answer
    /// (docs/RECALL.md, "One more session"). The scores stay what relevance made them, so the
    /// first `top` need not be in score order.
    static func bringingIn(_ count: Int, into ranked: [Recall.Memory], top: Int, reach: Int) -> [Recall.Memory] {
        guard count > 0, ranked.count > top else { return ranked }
        func session(_ memory: Recall.Memory) -> SessionKey {
            SessionKey(
                device: memory.device,
                session: memory.matched?.session ?? memory.session ?? "\u{1}\(memory.kind) \(memory.id)")
        }
        var first = Array(ranked.prefix(top))
        var rest = Array(ranked.dropFirst(top))
        for _ in 0..<count {
            var counts: [SessionKey: Int] = [:]
            for memory in first { counts[session(memory), default: 0] += 1 }
            guard let out = first.lastIndex(where: { counts[session($0), default: 0] > 1 }),
                let brought = rest.prefix(max(0, reach - top)).firstIndex(where: { counts[session($0)] == nil })
            else { break }
            let displaced = first.remove(at: out)
            first.append(rest.remove(at: brought))
            rest.insert(displaced, at: 0)
        }
        return first + rest
    }

    /// The memories again, each score times 1 + `meaning` × how much nearer the query its text's
    /// meaning is than the others' (a z-score of the cosines), best first: meaning scales what is
    /// relevant, so a memory that shares little with the query cannot ride on it alone. A text the
    /// word vectors know nothing of is as near as the mean.
    private func weighedByMeaning(_ ranked: [Recall.Memory], queryWords: Set<String>) -> [Recall.Memory] {
        let query = WordSet(hashes: queryWords.compactMap { TextFeatures.contentWordHash(Substring($0)) })
        guard ranked.count > 1, let asked = WordVectors.meaning(of: query) else { return ranked }
        let similarities = ranked.map { memory in
            WordVectors.meaning(of: TextFeatures(memory.text).words).map(asked.similarity)
        }
        let known = similarities.compactMap { $0 }
        guard known.count > 1 else { return ranked }
        let mean = known.reduce(0, +) / Double(known.count)
        let deviation = (known.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / Double(known.count)).squareRoot()
        guard deviation > 0 else { return ranked }
        var weighed = ranked
        for index in weighed.indices {
            let z = similarities[index].map { ($0 - mean) / deviation } ?? 0
            weighed[index].score = (weighed[index].score * (1 + weights.meaning * z) * 1000).rounded() / 1000
        }
        weighed.sort(by: Self.precedes)
        return weighed
    }

    /// Best score first; among equals, long-term before short-term, lower ids first, and this
    /// device's before a peer's (peers by name).
    private static func precedes(_ a: Recall.Memory, _ b: Recall.Memory) -> Bool {
        if (a.score, b.kind, b.id) != (b.score, a.kind, a.id) { return (a.score, b.kind, b.id) > (b.score, a.kind, a.id) }
        switch (a.device, b.device) {
        case (nil, nil), (.some, nil): return false
        case (nil, .some): return true
        case (.some(let first), .some(let second)): return first < second
        }
    }

    /// Each memory's best turn. Turn relevance: BM25 plus a share of its session's best, doubled
    /// for the one person the query names (or asks about by pronoun), at least `threadShare` of
    /// the turn whose thread it carries on, and divided by a gentle length prior so that long
    /// texts do not win on length alone.
    private func bestCandidates(
        _ turns: [Turn], following: [DeviceRecordKey: [RecallFollowingTurn]], longTerm: [DeviceRecordKey: LongTerm],
        named: Set<String>
    ) -> [MemoryKey: Candidate] {
        var sessionBest: [SessionKey: Double] = [:]
        for turn in turns {
            let session = SessionKey(device: turn.device, session: turn.session)
            sessionBest[session] = max(sessionBest[session] ?? 0, -turn.bm25)
        }
        var relevance: [DeviceRecordKey: Double] = [:]
        var carriesOn: [DeviceRecordKey: String] = [:]
        var all = turns
        for turn in turns {
            let session = SessionKey(device: turn.device, session: turn.session)
            var value = max(0, -turn.bm25) + weights.sessionShare * max(0, sessionBest[session] ?? 0)
            if named.count == 1, named.contains(turn.speaker) { value *= weights.namedSpeakerBoost }
            relevance[turn.key] = value
        }
        // A turn that carries a matched turn's thread on is at least a share as relevant.
        for turn in turns {
            guard let next = following[turn.key], let carried = Self.threadTurn(of: turn, in: next) else { continue }
            let inherited = weights.threadShare * (relevance[turn.key] ?? 0)
            carriesOn[carried.key] = turn.text
            if let own = relevance[carried.key] {
                relevance[carried.key] = max(own, inherited)
            } else {
                relevance[carried.key] = inherited
                all.append(carried)
            }
        }
        var best: [MemoryKey: Candidate] = [:]
        for turn in all {
            var relevance = relevance[turn.key] ?? 0
            var candidate = Self.candidate(for: turn, longTerm: longTerm)
            candidate.memory.matched?.carriesOn = carriesOn[turn.key]
            let words = max(weights.lengthPriorFloor, Double(Self.wordCount(candidate.memory.text)))
            relevance /= pow(words / weights.lengthPriorScale, weights.lengthPriorExponent)
            let key = MemoryKey(longTerm: candidate.memory.kind == "ltm", memory: candidate.memory.key)
            if relevance > best[key]?.relevance ?? -1 {
                best[key] = Candidate(
                    relevance: relevance, memory: candidate.memory, importance: candidate.importance,
                    last: candidate.last, strength: candidate.strength)
            }
        }
        return best
    }

    /// The turn that carries `turn`'s thread on, of the turns after it (`next`, in order): its
    /// speaker's next turn, when someone else's reply is between ("I had a picnic with friends
    /// from church" — "What games did you play?" — "Charades and a scavenger hunt!"). A reply
    /// to `turn` itself is matched through the recall index's context already.
    static func threadTurn(of turn: Turn, in next: [RecallFollowingTurn]) -> Turn? {
        guard next.count >= 2, next[0].turn.speaker != turn.speaker, next[1].turn.speaker == turn.speaker,
            !next[1].forgotten
        else { return nil }
        return next[1].turn
    }

    /// The memory that `turn` recalls: its long-term memory when it has one, else the turn itself.
    /// `importance` is nil for a turn whose importance is estimated from its text, which is done
    /// only for memories that may make the first `limit` (`scored`).
    @inline(__always)
    private static func candidate(
        for turn: Turn, longTerm: [DeviceRecordKey: LongTerm]
    ) -> (memory: Recall.Memory, importance: Double?, last: Timestamp, strength: Double) {
        var memory: Recall.Memory
        let importance: Double?
        let last: Timestamp
        let strength: Double
        if let id = turn.longTermID, let stored = longTerm[DeviceRecordKey(device: turn.device, id: id)] {
            var entry = Recall.Memory(kind: "ltm", id: id, text: stored.summary, score: 0, createdAt: stored.createdAt)
            entry.firstAddedAt = stored.createdAt
            entry.lastAddedAt = stored.lastReinforcedAt
            memory = entry
            (importance, last, strength) = (stored.importance, stored.lastReinforcedAt, 1 - pow(2, -stored.strength))
        } else {
            var entry = Recall.Memory(kind: "stm", id: turn.id, text: turn.text, score: 0, createdAt: turn.createdAt)
            entry.session = turn.session
            entry.source = turn.speaker
            memory = entry
            // A short-term memory is one observation: the strength of a new long-term memory.
            (importance, last, strength) = (turn.importance, turn.createdAt, 0.5)
        }
        memory.device = turn.device
        memory.matched = Recall.Turn(id: turn.id, text: turn.text, speaker: turn.speaker, createdAt: turn.createdAt)
        memory.matched?.session = turn.session
        return (memory, importance, last, strength)
    }

    /// The memories that may be among the first `limit`, with their scores, unsorted.
    ///
    /// An estimated importance is in 0...1, so a memory's score is between its scores with 0
    /// and with 1 (the sums and the rounding are monotonic). Once `limit` memories are sure to
    /// score at least some value, a memory that cannot reach it is not among the first `limit`
    /// and needs no estimate: the estimate (the text's tokens) was most of the ranking's cost.
    private func scored(_ best: [MemoryKey: Candidate], now: Timestamp, limit: Int) -> [Recall.Memory] {
        let top = best.values.map(\.relevance).max() ?? 0
        var bounds: [(low: Double, high: Double)] = []
        bounds.reserveCapacity(best.count)
        for candidate in best.values {
            if let importance = candidate.importance {
                let exact = score(candidate, importance: importance, top: top, now: now)
                bounds.append((exact, exact))
            } else {
                let none = score(candidate, importance: 0, top: top, now: now)
                let full = score(candidate, importance: 1, top: top, now: now)
                bounds.append((min(none, full), max(none, full)))
            }
        }
        let threshold = limit > 0 && bounds.count > limit ? bounds.map(\.low).sorted(by: >)[limit - 1] : -Double.infinity
        var ranked: [Recall.Memory] = []
        for (candidate, bound) in zip(best.values, bounds) where bound.high >= threshold {
            var memory = candidate.memory
            memory.score =
                candidate.importance == nil
                ? score(candidate, importance: ImportanceHeuristic.estimate(memory.text), top: top, now: now)
                : bound.low
            ranked.append(memory)
        }
        return ranked
    }

    /// Relevance (as a share of the best, `top`) dominates; recency, importance and strength
    /// only order what is about equally relevant.
    @inline(__always)
    private func score(_ candidate: Candidate, importance: Double, top: Double, now: Timestamp) -> Double {
        let relevance = top > 0 ? candidate.relevance / top : 0
        let hours = Double(max(0, now.millisecondsSince1970 - candidate.last.millisecondsSince1970)) / 3_600_000
        let recency = pow(weights.recencyDecayPerHour, hours)
        let score =
            weights.relevance * relevance + weights.recency * recency + weights.importance * importance
            + weights.strength * candidate.strength
        return (score * 1000).rounded() / 1000
    }

    /// A recalled memory, as `rank` tells them apart.
    private struct MemoryKey: Hashable {
        let longTerm: Bool
        let memory: DeviceRecordKey
    }

    /// A session of one device's database: two databases may both have a session "default".
    private struct SessionKey: Hashable {
        let device: String?
        let session: String
    }

    /// A memory's best turn so far, as `rank` weighs it.
    private struct Candidate {
        let relevance: Double
        let memory: Recall.Memory
        /// Nil while it is to be estimated from the memory's text.
        let importance: Double?
        let last: Timestamp
        let strength: Double
    }

    /// Runs of non-white-space, counted over scalars (as `split(whereSeparator: \.isWhitespace)`
    /// counts them over characters, without grapheme breaking).
    package static func wordCount(_ text: String) -> Int {
        var count = 0
        var inWord = false
        for scalar in text.unicodeScalars {
            let space = TextTokens.isWhitespace(scalar)
            if !space && !inWord { count += 1 }
            inWord = !space
        }
        return count
    }

    package init(weights: RecallWeights) {
        self.weights = weights
    }
}
