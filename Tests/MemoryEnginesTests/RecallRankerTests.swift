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
                ($0, RecallRanker.LongTerm(
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
