import Foundation
import TestFixtures
import Testing

@testable import MemoryModel
@testable import MemoryPasses
@testable import MemoryStorage
@testable import SQLiteKit

@Suite("Recall on a large store: bounded scoring, forgotten turns read past")
struct RecallAtScaleTests {
    let start = Timestamp(iso8601: "2024-01-01T08:00:00Z")!

    func turn(_ text: String, _ second: Int64, session: String = "s1") -> NewMemory {
        NewMemory(
            content: text, session: session, source: "Ana", importance: 0.5,
            createdAt: Timestamp(millisecondsSince1970: start.millisecondsSince1970 + second * 1000))
    }

    /// More turns with "weather" and "today" than recall scores, one turn with a rare word first.
    func crowdedStore() async throws -> (StoreFixture, MemoryStore) {
        let fixture = try StoreFixture()
        let store = try fixture.open()
        let crowd = StoreRecall.recallScoredRows + 100
        _ = try await store.add([
            turn("my tortoise Sheldon hides when the weather turns", 0, session: "pets")
        ])
        _ = try await store.add(
            (1...crowd).map { turn("the weather today was grey again, day \($0)", Int64($0)) })
        return (fixture, store)
    }

    @Test("a turn with a rare query word is found among more matching turns than recall scores")
    func rareWordFirst() async throws {
        let (fixture, store) = try await crowdedStore()
        let connection = try fixture.rawConnection()
        let expression = try StoreRecall.recallExpression(["tortoise", "weather", "today"], connection)
        #expect(expression.match == "\"tortoise\"")
        #expect(expression.counts == [1])
        #expect(expression.fits, "every match is scored: oldest first, the cheaper walk")
        let recall = try await Recaller(store: store).recall("tortoise weather today", limit: 3)
        #expect(recall.memories.first?.text == "my tortoise Sheldon hides when the weather turns")
    }

    @Test(
        "with only common words, they are ANDed rarest first, and past the bound only the newest matches are scored"
    )
    func commonWordsOnly() async throws {
        let (fixture, store) = try await crowdedStore()
        let connection = try fixture.rawConnection()
        let expression = try StoreRecall.recallExpression(["weather", "grey"], connection)
        #expect(expression.match == "\"weather\" AND \"grey\"")
        #expect(!expression.fits, "past the bound: the newest matches are scored")
        // Both words are in more turns than the bound: their counts are estimated, not read.
        let crowd = Int64(StoreRecall.recallScoredRows + 100)
        #expect(expression.counts.allSatisfy { abs($0 - crowd) <= crowd / 20 }, "\(expression.counts) for \(crowd)")
        let recall = try await Recaller(store: store).recall("grey weather", limit: 5)
        #expect(recall.memories.count == 5)
        // The newest turns are the ones scored: none of the first hundred is among them.
        let days = recall.memories.compactMap { Int($0.text.split(separator: " ").last ?? "") }
        #expect(days.count == 5 && days.allSatisfy { $0 > 100 }, "\(recall.memories.map(\.text))")
    }

    @Test("past the bound, exactly the newest matches of the window are scored")
    func newestWindow() async throws {
        let (_, store) = try await crowdedStore()
        let crowd = StoreRecall.recallScoredRows + 100
        let turns = try await store.recalling {
            try $0.recallTurns(matching: ["weather", "grey"], weights: RecallWeights())
        }
        // Every turn scores the same, so the best come oldest first: from the window's oldest turn.
        let days = turns.compactMap { Int($0.text.split(separator: " ").last ?? "") }
        #expect(turns.count == RecallWeights().candidates)
        #expect(days.min() == crowd - StoreRecall.recallNewestRows + 1, "\(days.prefix(5))")
        #expect(days.allSatisfy { $0 > crowd - StoreRecall.recallNewestRows })
    }

    @Test("a small store ranks by every query word, as plain BM25 does")
    func smallStoreUnbounded() async throws {
        let fixture = try StoreFixture()
        let store = try fixture.open()
        _ = try await store.add([turn("the weather today was grey", 0), turn("my tortoise hides", 1)])
        let expression = try StoreRecall.recallExpression(
            ["tortoise", "weather"], try fixture.rawConnection())
        #expect(expression.match == "\"tortoise\" OR \"weather\"")
        #expect(expression.counts == [1, 1])
    }

    @Test("a word's count is estimated from where its first matches end, within the rowids of the index")
    func estimatedCounts() {
        // Every tenth turn of a million matches: its 4,001st match is at rowid 40,010.
        #expect(StoreRecall.estimatedCount(firstMatches: 4_001, endingAt: 40_010, in: 1...1_000_000) == 100_000)
        // Matches only at the start: never fewer than were counted, never more than there are turns.
        #expect(StoreRecall.estimatedCount(firstMatches: 4_001, endingAt: 1_000_000, in: 1...1_000_000) == 4_001)
        #expect(StoreRecall.estimatedCount(firstMatches: 4_001, endingAt: 4_001, in: 1...4_001) == 4_001)
    }

    @Test("when the best matches are forgotten, recall reads further for remembered ones")
    func forgottenAtTheTop() async throws {
        let fixture = try StoreFixture()
        let store = try fixture.open()
        // Short turns rank first for "kayak"; all of them are forgotten.
        _ = try await store.add((0..<300).map { turn("kayak", Int64($0)) })
        _ = try await store.add(
            (0..<20).map {
                turn("we took the kayak out on the lake near the old mill, trip \($0)", Int64(1000 + $0))
            })
        let connection = try fixture.rawConnection()
        try connection.execute(
            "UPDATE short_term_memories SET status = 'forgotten', status_changed_at = created_at WHERE content = 'kayak'"
        )
        let recall = try await Recaller(store: store).recall("kayak", limit: 10)
        #expect(recall.memories.count == 10)
        #expect(
            recall.memories.allSatisfy { $0.text.hasPrefix("we took the kayak") },
            "\(recall.memories.map(\.text))")
    }
}
