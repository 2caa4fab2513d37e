import Foundation
import Testing

@testable import MemoryEngines
@testable import MemoryModel
@testable import MemoryPasses
@testable import MemoryStorage
@testable import SQLiteKit
import TestFixtures

@Suite("Recall ranking: who said it, what it answered, when")
struct RecallRankingTests {
    let may = Timestamp(iso8601: "2023-05-08T13:56:00Z")!

    func turn(_ text: String, by speaker: String, session: String = "s1", second: Int64) -> NewMemory {
        NewMemory(
            content: text, session: session, source: speaker, importance: 0.5,
            createdAt: Timestamp(millisecondsSince1970: may.millisecondsSince1970 + second * 1000))
    }

    @Test("a question that names one person ranks that person's own words first")
    func namedSpeaker() async throws {
        let fixture = try StoreFixture()
        let store = try fixture.open()
        _ = try await store.add([
            turn("I painted a lake at sunrise for the art show", by: "Melanie", second: 0),
            turn("I painted a lake at sunrise for the art show", by: "Caroline", second: 30),
        ])
        for (query, first) in [
            ("What did Caroline paint for the art show?", "Caroline"), ("What did Melanie paint?", "Melanie"),
            ("What was Caroline's painting for the art show?", "Caroline"), ("Melanie’s art show painting?", "Melanie"),
        ] {
            let recall = try await Recaller(store: store).recall(query, limit: 2)
            #expect(recall.memories.first?.source == first, "\(query): \(recall.memories)")
        }
    }

    @Test("\"I\" in a question asks about the user's own words, \"you\" about the assistant's; a name wins over both")
    func pronouns() async throws {
        for (query, first) in [
            ("Which hiking trail is my favourite?", "user"), ("What did I say about my favourite hiking trail?", "user"),
            ("Which hiking trail did you call your favourite?", "assistant"),
            ("Which hiking trail does Leah like, did I tell you?", "Leah"),
        ] {
            // The same words from each; the one asked about comes last, so that no tie-break favours it.
            let fixture = try StoreFixture()
            let store = try fixture.open()
            let speakers = ["assistant", "user", "Leah"].filter { $0 != first } + [first]
            _ = try await store.add(speakers.enumerated().map { index, speaker in
                turn("My favourite hiking trail is the one above Lake Bled.", by: speaker, session: speaker, second: Int64(index))
            })
            let recall = try await Recaller(store: store).recall(query, limit: 3)
            #expect(recall.memories.first?.source == first, "\(query): \(recall.memories)")
        }
        // Both pronouns, or none, ask about nobody in particular.
        #expect(RecallRanker.pronounSpeaker(in: ["did", "i", "tell", "you"]) == nil)
        #expect(RecallRanker.pronounSpeaker(in: ["which", "trail"]) == nil)
        #expect(RecallRanker.pronounSpeaker(in: ["what", "did", "i", "say"]) == "user")
        #expect(RecallRanker.pronounSpeaker(in: ["what", "did", "you", "say"]) == "assistant")
    }

    @Test("a turn of the conversation that matched best ranks above the same words elsewhere")
    func sessionShare() async throws {
        let fixture = try StoreFixture()
        let store = try fixture.open()
        _ = try await store.add([
            turn("It has a hot tub, and the water is warm.", by: "Leah", session: "neighbours", second: 0),
            turn("We booked the cabin at Lake Tahoe for the family reunion.", by: "Leah", session: "reunion", second: 30),
            turn("It has a hot tub, and the water is warm.", by: "Leah", session: "reunion", second: 60),
        ])
        let recall = try await Recaller(store: store).recall("Does the reunion cabin at Lake Tahoe have a hot tub?", limit: 3)
        #expect(recall.memories.map(\.session) == ["reunion", "reunion", "neighbours"], "\(recall.memories)")
        var alone = RecallWeights()
        alone.sessionShare = 0
        let unshared = try await Recaller(store: store, weights: alone).recall("Does the reunion cabin have a hot tub?", limit: 3)
        #expect(unshared.memories.last?.session == "reunion", "\(unshared.memories)")
    }

    @Test("a reply is found through the other person's question before it; a note is not found through the note before it")
    func previousTurn() async throws {
        let fixture = try StoreFixture()
        let store = try fixture.open()
        _ = try await store.add([
            turn("What instrument did you pick up this spring?", by: "Caroline", second: 0),
            turn("The violin! Lessons every Tuesday.", by: "Melanie", second: 30),
            turn("buy a new instrument case", by: "user", session: "notes", second: 60),
            turn("call the landlord", by: "user", session: "notes", second: 90),
        ])
        let recall = try await Recaller(store: store).recall("Which instrument did Melanie pick up?", limit: 5)
        #expect(recall.memories.map(\.text).prefix(2).contains("The violin! Lessons every Tuesday."), "\(recall.memories)")
        #expect(!recall.memories.map(\.text).contains("call the landlord"))
    }

    @Test("a recall to be quoted carries the end of the turn before each matched turn; one that is not, nothing")
    func turnBefore() async throws {
        let fixture = try StoreFixture()
        let store = try fixture.open()
        _ = try await store.add([
            turn("That looks awesome! How long have you been creating art?", by: "Caroline", second: 0),
            turn("Seven years now. Check out my pottery in the pic!", by: "Melanie", second: 30),
            turn("I painted more pottery for the art show", by: "Melanie", second: 60),
        ])
        let query = "How long has Melanie been creating art?"
        let quoted = try await Recaller(store: store).recall(query, limit: 5, quoting: true)
        let before = Dictionary(uniqueKeysWithValues: quoted.memories.compactMap(\.matched).map { ($0.text, $0.before) })
        #expect(before["Seven years now. Check out my pottery in the pic!"] == "That looks awesome! How long have you been creating art?")
        // The same writer twice in a row: the turn before is not what this one answers.
        #expect(before["I painted more pottery for the art show"] == .some(nil))
        #expect(before["That looks awesome! How long have you been creating art?"] == .some(nil))
        let listed = try await Recaller(store: store).recall(query, limit: 5)
        #expect(listed.memories.count == quoted.memories.count)
        #expect(listed.memories.allSatisfy { $0.matched?.before == nil })
    }

    @Test("the turn that carries a matched turn's thread on is recalled with it, unless it was forgotten")
    func thread() async throws {
        let fixture = try StoreFixture()
        let store = try fixture.open()
        let ids = try await store.add(
            [
                turn("Yeah, last weekend I had a picnic with some friends from church.", by: "Maria", second: 0),
                turn("Sounds lovely! What did you all get up to?", by: "John", second: 30),
                turn("Some fun ones like charades and a scavenger hunt. We all had a good laugh!", by: "Maria", second: 60),
            ]
                + ["I went to the store today.", "My car needs new tires.", "The weather was grey all week.",
                   "I made soup for dinner.", "Work has been busy lately."].enumerated().map { index, text in
                    turn(text, by: "Maria", session: "s\(index + 2)", second: 100 + Int64(index) * 30)
                })
        let query = "What did Maria do at the picnic with her church friends?"
        let answer = "Some fun ones like charades and a scavenger hunt. We all had a good laugh!"
        var unthreaded = RecallWeights()
        unthreaded.threadShare = 0
        let without = try await Recaller(store: store, weights: unthreaded).recall(query, limit: 2)
        #expect(!without.memories.map(\.text).contains(answer), "\(without.memories.map(\.text))")
        let recall = try await Recaller(store: store).recall(query, limit: 2, quoting: true)
        #expect(recall.memories.map(\.text) == [
            "Yeah, last weekend I had a picnic with some friends from church.", answer,
        ])
        #expect(recall.memories.last?.matched?.carriesOn == "Yeah, last weekend I had a picnic with some friends from church.")
        #expect(recall.memories.last?.matched?.before == "Sounds lovely! What did you all get up to?")
        // Forgotten, the answer is no thread's: the store still tells who spoke between.
        _ = try await Forgetter(store: store).forget(.shortTerm(ids[2]), purge: false, now: .now)
        let forgotten = try await Recaller(store: store).recall(query, limit: 8)
        #expect(!forgotten.memories.map(\.text).contains(answer), "\(forgotten.memories.map(\.text))")
    }

    @Test("the words of a memory's date find it: month, year and weekday")
    func dates() async throws {
        let fixture = try StoreFixture()
        let store = try fixture.open()
        _ = try await store.add([
            turn("we went camping at the lake", by: "Melanie", second: 0),
            NewMemory(
                content: "we went camping in the forest", session: "s2", source: "Melanie", importance: 0.5,
                createdAt: Timestamp(iso8601: "2023-08-20T10:00:00Z")!),
        ])
        let may = try await Recaller(store: store).recall("camping in May 2023", limit: 2)
        #expect(may.memories.first?.text == "we went camping at the lake", "\(may.memories)")
        let august = try await Recaller(store: store).recall("camping on a Sunday in August", limit: 2)
        #expect(august.memories.first?.text == "we went camping in the forest", "\(august.memories)")
    }

    @Test("relevance decides; recency and importance only order what is equally relevant")
    func relevanceFirst() async throws {
        let fixture = try StoreFixture()
        let store = try fixture.open()
        let now = Timestamp.now
        _ = try await store.add([
            NewMemory(content: "Leah adopted a cat named Miso", importance: 0.2, createdAt: now.subtracting(.seconds(400 * 86_400))),
            NewMemory(content: "Leah said hello", importance: 1.0, createdAt: now),
        ])
        let recall = try await Recaller(store: store).recall("What is the name of Leah's cat?", limit: 2, now: now)
        #expect(recall.memories.first?.text == "Leah adopted a cat named Miso")
    }
}
