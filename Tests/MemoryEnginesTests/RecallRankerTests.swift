import Testing

@testable import MemoryEngines
@testable import MemoryModel

@Suite("Recall ranker: the first memories without estimating them all")
struct RecallRankerTests {
    let now = Timestamp(iso8601: "2024-06-01T12:00:00Z")!

    /// Turns of close relevance and different importance (given, estimated, and long-term), so
    /// that importance decides the order among many of them.
    func turns() -> [RecallTurn] {
        let texts = [
            "ok", "I moved to Berlin in 2019", "Don't forget the deadline on Friday", "lol", "my sister Leah lives in Lisbon",
            "we watched a movie", "Remember that I am allergic to nuts", "the weather was grey", "thanks!",
            "I work at Acme with Tom and Ana", "we should meet at 5", "nice", "never again", "my cat is called Miso",
        ]
        return (0..<120).map { index in
            let text = texts[index % texts.count] + (index % 3 == 0 ? " today" : "")
            return RecallTurn(
                id: Int64(index + 1), bm25: -(4.0 + Double(index % 17) * 0.05 + Double(index % 5) * 0.01), text: text,
                session: "s\(index % 9)", speaker: index % 2 == 0 ? "user" : "Ana",
                createdAt: Timestamp(millisecondsSince1970: now.millisecondsSince1970 - Int64(index) * 600_000),
                importance: index % 4 == 0 ? Double(index % 10) / 10 : nil, longTermID: index % 7 == 0 ? Int64(index / 7) : nil)
        }
    }

    @Test("the first N are the first N of the whole ranking, for every N")
    func prefixOfTheWholeRanking() {
        let turns = turns()
        let longTerm = Dictionary(
            uniqueKeysWithValues: Set(turns.compactMap(\.longTermID)).map {
                (DeviceRecordKey(device: nil, id: $0), RecallRanker.LongTerm(
                    summary: "summary \($0) of what was said", createdAt: now, lastReinforcedAt: now,
                    importance: Double($0 % 10) / 10, strength: 1))
            })
        let ranker = RecallRanker(weights: RecallWeights())
        let all = ranker.rank(turns, longTerm: longTerm, queryWords: ["movie"], now: now, limit: turns.count)
        #expect(all.count > 50)
        for limit in [0, 1, 2, 5, 10, 25, 50, all.count - 1, all.count] {
            let first = ranker.rank(turns, longTerm: longTerm, queryWords: ["movie"], now: now, limit: limit)
            #expect(first == Array(all.prefix(limit)), "limit \(limit)")
        }
    }

    @Test("an ASCII speaker's name splits into the words Characters give")
    func asciiNameWords() {
        for name in [
            "Caroline", "Mary-Ann O'Neil", "fa8f8789-b334-4a9e", "Dr. J. Smith 3rd", "A\r\nB", "  user  ", "", "---",
            "ALL CAPS_and_under", "x\u{7F}y\u{1}z",
        ] {
            let expected = name.lowercased().split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map(String.init)
            #expect(RecallRanker.nameWords(name) == expected, "\(name.debugDescription)")
        }
        #expect(RecallRanker.nameWords("Zoë Ångström") == ["zoë", "ångström"])
    }
}

@Suite("Recall ranker: threads and meaning")
struct RecallRankerThreadTests {
    let now = Timestamp(iso8601: "2024-06-01T12:00:00Z")!

    func turn(_ id: Int64, _ text: String, by speaker: String, bm25: Double = 0, session: String = "s") -> RecallTurn {
        RecallTurn(
            id: id, bm25: bm25, text: text, session: session, speaker: speaker,
            createdAt: Timestamp(millisecondsSince1970: now.millisecondsSince1970 - 3_600_000 + id * 30_000),
            importance: 0.5, longTermID: nil)
    }

    @Test("a turn carries on its speaker's turn before the other's reply, and no other")
    func threadTurn() {
        let matched = turn(1, "I had a picnic with friends from church", by: "Maria")
        let question = RecallFollowingTurn(turn: turn(2, "What games did you play?", by: "John"), forgotten: false)
        let answer = RecallFollowingTurn(turn: turn(3, "Charades and a scavenger hunt!", by: "Maria"), forgotten: false)
        #expect(RecallRanker.threadTurn(of: matched, in: [question, answer])?.id == 3)
        // Two of the same speaker in a row, a forgotten answer, or no answer yet: no thread.
        let again = RecallFollowingTurn(turn: turn(2, "It was sunny.", by: "Maria"), forgotten: false)
        #expect(RecallRanker.threadTurn(of: matched, in: [again, answer]) == nil)
        let forgotten = RecallFollowingTurn(turn: answer.turn, forgotten: true)
        #expect(RecallRanker.threadTurn(of: matched, in: [question, forgotten]) == nil)
        #expect(RecallRanker.threadTurn(of: matched, in: [question]) == nil)
        let other = RecallFollowingTurn(turn: turn(3, "Sounds fun.", by: "Ana"), forgotten: false)
        #expect(RecallRanker.threadTurn(of: matched, in: [question, other]) == nil)
    }

    @Test("the turn that carries a matched turn's thread on is recalled as a share as relevant, and knows what it carries on")
    func carriedRelevance() throws {
        let matched = turn(1, "I had a picnic with friends from church", by: "Maria", bm25: -6)
        let noise = (10..<20).map { turn(Int64($0), "Maria went to the store", by: "Maria", bm25: -1) }
        let following: [DeviceRecordKey: [RecallFollowingTurn]] = [
            DeviceRecordKey(device: nil, id: 1): [
                RecallFollowingTurn(turn: turn(2, "What games did you play?", by: "John"), forgotten: false),
                RecallFollowingTurn(turn: turn(3, "Charades and a scavenger hunt!", by: "Maria"), forgotten: false),
            ]
        ]
        var weights = RecallWeights()
        weights.meaning = 0
        let ranked = RecallRanker(weights: weights).rank(
            [matched] + noise, following: following, longTerm: [:], queryWords: ["picnic", "maria"], now: now, limit: 3)
        #expect(ranked.map(\.id).prefix(2) == [1, 3], "\(ranked.map(\.text))")
        #expect(ranked[1].matched?.carriesOn == "I had a picnic with friends from church")
        weights.threadShare = 0
        let unthreaded = RecallRanker(weights: weights).rank(
            [matched] + noise, following: following, longTerm: [:], queryWords: ["picnic", "maria"], now: now, limit: 3)
        #expect(!unthreaded.map(\.id).contains(3))
    }

    @Test("of memories the query's words match alike, the one nearest its meaning comes first")
    func meaning() {
        let turns = [
            turn(1, "My store opens on Friday downtown.", by: "Gina", bm25: -2),
            turn(2, "My new shoes arrived yesterday.", by: "Gina", bm25: -2),
            turn(3, "Dance is pretty much my go-to for stress relief.", by: "Gina", bm25: -2),
        ]
        let ranked = RecallRanker(weights: RecallWeights()).rank(
            turns, longTerm: [:], queryWords: ["gina", "relax"], now: now, limit: 3)
        #expect(ranked.first?.id == 3, "\(ranked.map(\.text))")
        var weights = RecallWeights()
        weights.meaning = 0
        let unweighed = RecallRanker(weights: weights).rank(
            turns, longTerm: [:], queryWords: ["gina", "relax"], now: now, limit: 3)
        #expect(unweighed.first?.id != 3, "\(unweighed.map(\.text))")
    }

    @Test("a question that asks for several things brings the best memory of another session into the first five")
    func oneMoreSession() {
        // One conversation's six turns match best; two others each hold one weaker match.
        let turns =
            (1...6).map {
                turn(Int64($0), "We went to the wedding of friend \($0).", by: "user", bm25: -5, session: "a")
            }
            + [
                turn(7, "Another wedding, my cousin's.", by: "user", bm25: -3, session: "b"),
                turn(8, "A third wedding, in June.", by: "user", bm25: -2.5, session: "c"),
            ]
        let ranker = RecallRanker(weights: RecallWeights())
        let plain = ranker.rank(turns, longTerm: [:], queryWords: ["wedding"], now: now, limit: 8)
        #expect(Set(plain.prefix(5).map(\.id)).isSubset(of: Set(1...6)), "\(plain.map(\.id))")
        let one = ranker.rank(turns, longTerm: [:], queryWords: ["wedding"], now: now, limit: 8, otherSessions: 1)
        #expect(one.map(\.id).prefix(5).contains(7), "\(one.map(\.id))")
        #expect(one.map(\.id)[5] == plain.map(\.id)[4], "the memory it took the place of follows")
        let two = ranker.rank(turns, longTerm: [:], queryWords: ["wedding"], now: now, limit: 8, otherSessions: 2)
        #expect(Set(two.prefix(5).map(\.id)).isSuperset(of: [7, 8]), "\(two.map(\.id))")
        #expect(Set(two.map(\.id)) == Set(plain.map(\.id)))
        // The first N are still the first N of the whole ranking.
        for limit in 0...8 {
            let first = ranker.rank(
                turns, longTerm: [:], queryWords: ["wedding"], now: now, limit: limit, otherSessions: 2)
            #expect(first == Array(two.prefix(limit)), "limit \(limit)")
        }
        // Five memories of five sessions are left as they are.
        let spread = (1...7).map {
            turn(Int64($0), "The wedding number \($0).", by: "user", bm25: -Double(10 - $0), session: "s\($0)")
        }
        let ranked = ranker.rank(spread, longTerm: [:], queryWords: ["wedding"], now: now, limit: 7)
        let brought = ranker.rank(spread, longTerm: [:], queryWords: ["wedding"], now: now, limit: 7, otherSessions: 2)
        #expect(brought == ranked)
    }
}
