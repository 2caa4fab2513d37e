import Foundation
import Testing

@testable import MemoryEngines
@testable import MemoryModel
@testable import MemoryPasses
@testable import MemoryStorage
@testable import SQLiteKit
import TestFixtures

@Suite("Resolution, relations and recall")
struct KnowledgeGraphTests {
    let now = Timestamp(iso8601: "2026-06-01T12:00:00Z")!

    /// A store holding `texts`, one a day ending a day before `now`, after extraction and graph.
    private func graph(_ texts: [String], source: String = "user") async throws -> (StoreFixture, MemoryStore) {
        let fixture = try StoreFixture()
        let store = try fixture.open()
        let start = now.millisecondsSince1970 - Int64(texts.count + 1) * 86_400_000
        _ = try await store.add(
            texts.enumerated().map { index, text in
                NewMemory(
                    content: text, session: "s\(index)", source: source,
                    createdAt: Timestamp(millisecondsSince1970: start + Int64(index) * 86_400_000))
            })
        #expect(try await ExtractionPass(store: store, now: now).run().outcome == .completed)
        #expect(try await GraphPass(store: store, now: now).run().outcome == .completed)
        return (fixture, store)
    }

    /// Edges as "subject predicate object" (with " (closed)" when closed), typed relations only.
    private func edges(_ fixture: StoreFixture, open: Bool? = nil) throws -> [String] {
        let connection = try fixture.rawConnection()
        let filter = open.map { $0 ? " AND r.valid_to IS NULL" : " AND r.valid_to IS NOT NULL" } ?? ""
        return try connection.prepare(
            """
            SELECT s.name, r.predicate, o.name, r.valid_to IS NOT NULL FROM relations r
            JOIN entities s ON s.id = r.subject_id JOIN entities o ON o.id = r.object_id
            WHERE r.predicate <> 'co_occurs'\(filter) ORDER BY r.id
            """
        ).rows { "\($0.text(0)) \($0.text(1)) \($0.text(2))" + ($0.int(3) == 1 ? " (closed)" : "") }
    }

    private func entityNames(_ fixture: StoreFixture, kind: String) throws -> [String] {
        try fixture.rawConnection().prepare("SELECT name FROM entities WHERE kind = ? ORDER BY id").bind([kind])
            .rows { $0.text(0) }
    }

    // MARK: - Resolution

    @Test("one entity across case, possessive and memories; every spelling kept as an alias")
    func resolution() async throws {
        let (fixture, store) = try await graph(["Leah called", "leah's birthday is soon", "I saw LEAH today", "Leah’s cat"])
        #expect(try entityNames(fixture, kind: "person") == ["Leah"])
        let leah = try #require(try await store.browsing { try $0.entities(named: "leah") }.first)
        let detail = try await store.inspecting { try $0.entity(leah.id) }
        #expect(detail.aliases.sorted() == ["LEAH", "Leah", "leah"])
        #expect(detail.entity.mentionCount == 4)
    }

    @Test("a first name joins the one full name it belongs to, in either order")
    func firstNames() async throws {
        let (fixture, _) = try await graph(["Alice Smith joined the team", "Alice brought cake"])
        #expect(try entityNames(fixture, kind: "person") == ["Alice Smith"])
        let (later, store) = try await graph(["Alice brought cake", "Alice Smith joined the team", "alice again"])
        #expect(try entityNames(later, kind: "person") == ["Alice Smith"])
        let alice = try #require(try await store.browsing { try $0.entities(named: "Alice") }.first)
        #expect(try await store.inspecting { try $0.entity(alice.id) }.aliases.sorted() == ["Alice", "Alice Smith", "alice"])
    }

    @Test("a first name shared by two full names is not merged into either")
    func ambiguousFirstName() async throws {
        let (fixture, _) = try await graph(["Alice Smith called", "Alice Jones called", "Alice called"])
        #expect(try entityNames(fixture, kind: "person") == ["Alice Smith", "Alice Jones", "Alice"])
    }

    // MARK: - Relation patterns

    @Test("each relation pattern, first person and third person")
    func relationPatterns() async throws {
        let (fixture, _) = try await graph([
            "I live in Berlin.",  // lives_in, speaker
            "Jonas works at Siemens.",  // works_at
            "my sister Leah is great",  // sibling_of via "my sister X"
            "Tom is Leah's husband.",  // spouse_of via "X is Y's husband"
            "my son Noah started school",  // parent_of, speaker is the parent
            "my mom Maria called",  // parent_of, Maria is the parent
            "my friend Jonas says hi",  // friend_of
            "I met Priya for lunch",  // knows
            "Munich is in Germany.",  // located_in
            "I was born on March 14, 1990.",  // born_on
            "Sofia loves Lisbon.",  // likes
            "Leah moved to Munich.",  // lives_in, third person, "moved to"
            "Leah's brother Daniel is tall",  // sibling_of via "X's brother Y"
        ])
        #expect(
            try edges(fixture) == [
                "user lives_in Berlin", "Jonas works_at Siemens", "user sibling_of Leah", "Leah spouse_of Tom",
                "user parent_of Noah", "Maria parent_of user", "user friend_of Jonas", "user knows Priya",
                "Munich located_in Germany", "user born_on March 14, 1990", "Sofia likes Lisbon", "Leah lives_in Munich",
                "Leah sibling_of Daniel",
            ])
    }

    @Test("what someone does: the speaker's, a named person's, each of a list; nobody's for another subject, a wish or a negation")
    func activities() async throws {
        let (fixture, _) = try await graph([
            "We went camping last weekend.",  // the speaker
            "Leah took up pottery.",  // a named person
            "I love painting, hiking and swimming.",  // each of a list
            "Did you go surfing?",  // someone else
            "My kids love drawing.",  // someone else
            "I'd love to go sailing someday.",  // a wish
            "I don't enjoy running.",  // a negation
            "I want to start knitting.",  // a plan
        ])
        #expect(
            try edges(fixture) == [
                "user does camping", "Leah does pottery", "user does painting", "user does hiking", "user does swimming",
            ])
        #expect(try entityNames(fixture, kind: "activity").contains("sailing"))
    }

    @Test("negated and hypothetical statements state no relation")
    func negations() async throws {
        let (fixture, _) = try await graph(["I don't live in Berlin", "I never worked at Google", "I want to move to Paris"])
        #expect(try edges(fixture) == [])
    }

    @Test("work stated with a job title, and a quit that ends the job")
    func workPhrasings() async throws {
        let (fixture, _) = try await graph(["I'm a firmware engineer at Acme Robotics", "I quit Acme Robotics"])
        #expect(try edges(fixture) == ["user works_at Acme Robotics (closed)"])
    }

    // MARK: - Single-valued predicates

    @Test("a new home closes the old lives_in edge at the time of the move; the old edge is kept")
    func singleValued() async throws {
        let (fixture, store) = try await graph(["I live in Berlin", "I love Berlin", "We moved to Hamburg", "I live in Hamburg now"])
        #expect(try edges(fixture) == ["user lives_in Berlin (closed)", "user likes Berlin", "user lives_in Hamburg"])
        let user = try #require(try await store.browsing { try $0.entities(named: "user") }.first)
        let livesIn = try await store.inspecting { try $0.entity(user.id) }.relations.filter { $0.predicate == "lives_in" }
        let berlin = try #require(livesIn.first { $0.objectName == "Berlin" })
        let hamburg = try #require(livesIn.first { $0.objectName == "Hamburg" })
        #expect(berlin.validTo == hamburg.validFrom)
        #expect(hamburg.validTo == nil)
        #expect(hamburg.evidence.count == 2)
    }

    @Test("validity follows when it happened, where the memory says so; an unresolved time does not move it")
    func eventTimes() async throws {
        // Said on 27, 28, 29 and 30 May 2026, at noon.
        let (fixture, store) = try await graph([
            "I live in Berlin", "I started at Siemens two weeks ago", "Recently I joined Acme Robotics.",
            "Yesterday we moved to Hamburg, and the flat is lovely.",
        ])
        #expect(
            try edges(fixture) == [
                "user lives_in Berlin (closed)", "user works_at Siemens (closed)", "user works_at Acme Robotics",
                "user lives_in Hamburg",
            ])
        let user = try #require(try await store.browsing { try $0.entities(named: "user") }.first)
        let relations = try await store.inspecting { try $0.entity(user.id) }.relations
        func edge(_ object: String) throws -> Relation { try #require(relations.first { $0.objectName == object }) }
        // "Two weeks ago", said on 28 May, is 14 May.
        #expect(try edge("Siemens").validFrom == Timestamp(iso8601: "2026-05-14T00:00:00Z"))
        // "Recently" is not resolved: as of when it was said.
        #expect(try edge("Acme Robotics").validFrom == Timestamp(iso8601: "2026-05-29T12:00:00Z"))
        #expect(try edge("Siemens").validTo == Timestamp(iso8601: "2026-05-29T12:00:00Z"))
        // "Yesterday", said on 30 May: Berlin held until the move, Hamburg since.
        #expect(try edge("Hamburg").validFrom == Timestamp(iso8601: "2026-05-29T00:00:00Z"))
        #expect(try edge("Berlin").validTo == Timestamp(iso8601: "2026-05-29T00:00:00Z"))
    }

    @Test("a time to come is a plan, not a fact's start; a past one is where its sentence is")
    func eventTimesOfAMemory() {
        let said = Timestamp(iso8601: "2026-05-09T15:00:00Z")!
        let text = "Next month I move to Paris. Über den Umzug: last month I quit Acme."
        let input = GraphInput(
            memory: ShortTermMemoryID(1), text: text, source: "user", createdAt: said, mentions: [],
            times: TimeResolver.resolve(text, at: said))
        let times = GraphBuilder.eventTimes(in: input)
        #expect(times.map(\.time) == [Timestamp(iso8601: "2026-04-01T00:00:00Z")!])
        // In code points, as mentions and tokens are: "Ü" is one.
        #expect(times.map(\.offset) == [Array(text.unicodeScalars).count - "last month I quit Acme.".count])
    }

    @Test("invalidation never touches other subjects or other predicates")
    func guardrails() async throws {
        let (fixture, _) = try await graph([
            "I live in Berlin", "Leah lives in Berlin", "I work at Siemens", "Jonas works at Siemens",
            "I moved to Hamburg", "Leah likes Berlin",
        ])
        #expect(
            try edges(fixture, open: true) == [
                "Leah lives_in Berlin", "user works_at Siemens", "Jonas works_at Siemens", "user lives_in Hamburg",
                "Leah likes Berlin",
            ])
        #expect(try edges(fixture, open: false) == ["user lives_in Berlin (closed)"])
    }

    @Test("an older statement read after a newer one becomes a past edge, not the current one")
    func outOfOrder() async throws {
        let fixture = try StoreFixture()
        let store = try fixture.open()
        _ = try await store.add([NewMemory(content: "I moved to Hamburg", createdAt: now.subtracting(.seconds(86_400)))])
        _ = try await ExtractionPass(store: store, now: now).run()
        _ = try await GraphPass(store: store, now: now).run()
        // Imported later, but said earlier.
        _ = try await store.add([NewMemory(content: "I live in Berlin", createdAt: now.subtracting(.seconds(30 * 86_400)))])
        _ = try await ExtractionPass(store: store, now: now).run()
        _ = try await GraphPass(store: store, now: now).run()
        #expect(try edges(fixture, open: true) == ["user lives_in Hamburg"])
        #expect(try edges(fixture, open: false) == ["user lives_in Berlin (closed)"])
    }

    // MARK: - Co-occurrence and weights

    @Test("co-occurrence edges count memories, keep each as evidence, and weigh recent ones more")
    func coOccurrence() async throws {
        let (fixture, store) = try await graph(["Leah and Tom in Berlin", "Leah met Tom again", "just Leah"])
        let connection = try fixture.rawConnection()
        let rows = try connection.prepare(
            """
            SELECT s.name, o.name, r.weight, (SELECT count(*) FROM relation_evidence e WHERE e.relation_id = r.id)
            FROM relations r JOIN entities s ON s.id = r.subject_id JOIN entities o ON o.id = r.object_id
            WHERE r.predicate = 'co_occurs' ORDER BY r.id
            """
        ).rows { ($0.text(0), $0.text(1), $0.double(2), $0.int(3)) }
        #expect(rows.map { "\($0.0)-\($0.1)" } == ["Leah-Tom", "Leah-Berlin", "Tom-Berlin"])
        #expect(rows[0].3 == 2 && rows[1].3 == 1)
        // Two observations a day apart with a 30-day half-life: 2^(-1/30) + 1.
        #expect(abs(rows[0].2 - (pow(2, -1.0 / 30) + 1)) < 1e-9)
        let graph = try await GraphQuery(store: store).graph(around: nil, depth: 1, limit: 10, now: now)
        #expect(graph.edges.first.map { $0.weight < rows[0].2 } == true)
    }

    // MARK: - Recall

    @Test("recall: the more relevant memory first, the recent one first when equally relevant")
    func recallRanking() async throws {
        let fixture = try StoreFixture()
        let store = try fixture.open()
        let day: Int64 = 86_400_000
        func at(_ daysAgo: Int64) -> Timestamp { Timestamp(millisecondsSince1970: now.millisecondsSince1970 - daysAgo * day) }
        _ = try await store.add([
            NewMemory(content: "Leah lives in Munich with her cat", importance: 0.5, createdAt: at(3)),
            NewMemory(content: "the cat needs food", importance: 0.5, createdAt: at(60)),
            NewMemory(content: "Leah adopted a second cat", importance: 0.5, createdAt: at(30)),
            NewMemory(content: "Leah adopted a second cat", importance: 0.5, createdAt: at(1)),
            NewMemory(content: "nothing relevant here", importance: 0.9, createdAt: at(0)),
        ] + (0..<20).map { NewMemory(content: "filler note number \($0) about the weather", importance: 0.1, createdAt: at(90)) })
        let recall = try await Recaller(store: store).recall("Where does Leah live with her cat?", limit: 10, now: now)
        #expect(recall.memories.map(\.id) == [1, 4, 3, 2])
        #expect(recall.memories.map(\.kind) == ["stm", "stm", "stm", "stm"])
        #expect(zip(recall.memories, recall.memories.dropFirst()).allSatisfy { $0.score >= $1.score })
    }

    @Test("recall names the entities in the query and their current facts, not the closed ones")
    func recallFacts() async throws {
        let (_, store) = try await graph(["I live in Berlin", "my sister Leah lives in Munich", "I moved to Hamburg"])
        let recall = try await Recaller(store: store).recall("where does my sister Leah live", limit: 5, now: now)
        #expect(recall.entities.map(\.name) == ["Leah", "user"])
        #expect(recall.facts.map { "\($0.subject) \($0.predicate) \($0.object)" } == [
            "user sibling_of Leah", "Leah lives_in Munich", "user lives_in Hamburg",
        ])
        let none = try await Recaller(store: store).recall("zzz", limit: 5, now: now)
        #expect(none.memories.isEmpty && none.entities.isEmpty && none.facts.isEmpty)
    }
}
