import Testing

@testable import MemoryModel
@testable import MemoryStorage
@testable import SQLiteKit
import TestFixtures

/// What consolidation's planner reads of the long-term memories (`SQLiteLongTermIndex`), on a
/// real database file.
@Suite("Long-term index")
struct LongTermIndexTests {
    let base = Timestamp(iso8601: "2026-03-02T09:00:00Z")!

    private func at(minutes: Int64) -> Timestamp {
        Timestamp(millisecondsSince1970: base.millisecondsSince1970 + minutes * 60_000)
    }

    /// Long-term memory 1..6, all under band key 7; memory 1 created and merged in session `s`
    /// and reinforced from `other`; memory 2 only reinforced; memory 6 forgotten.
    private func database() async throws -> (StoreFixture, SQLiteLongTermIndex) {
        let fixture = try StoreFixture()
        let store = try fixture.open()
        let created = try await store.add(NewMemory(content: "Leah lives in Lisbon.", session: "s", createdAt: base))
        let merged = try await store.add(NewMemory(content: "Leah moved there in June.", session: "s", createdAt: at(minutes: 10)))
        let restated = try await store.add(NewMemory(content: "Leah lives in Lisbon.", session: "other", createdAt: at(minutes: 1_440)))
        let alone = try await store.add(NewMemory(content: "Tobias lives in Munich.", session: "t", createdAt: base))
        let raw = try fixture.rawConnection()
        for id in 1...6 {
            try raw.prepare("INSERT INTO long_term_memories(summary, created_at, updated_at, last_reinforced_at) VALUES (?, ?, ?, ?)")
                .bind(["Summary \(id).", base.iso8601, base.iso8601, base.iso8601]).run()
            try raw.prepare("INSERT INTO long_term_signatures(band_key, ltm_id) VALUES (7, ?)").bind([id]).run()
        }
        for (stm, ltm, role) in [(created, 1, "created"), (merged, 1, "merged"), (restated, 1, "reinforced"), (alone, 2, "reinforced")] {
            try raw.prepare("UPDATE short_term_memories SET status = 'consolidated', ltm_id = ? WHERE id = ?")
                .bind([ltm, stm.rawValue]).run()
            try raw.prepare("INSERT INTO long_term_sources(ltm_id, stm_id, role, joined_at) VALUES (?, ?, ?, ?)")
                .bind([ltm, stm.rawValue, role, base.iso8601]).run()
        }
        try raw.execute("UPDATE long_term_memories SET forgotten_at = '2026-03-03T00:00:00.000Z' WHERE id = 6")
        try raw.execute("DELETE FROM long_term_signatures WHERE ltm_id = 6")
        return (fixture, try SQLiteLongTermIndex(connection: raw))
    }

    @Test("the newest memories under a band key, newest first, as many as asked, passing over those excluded")
    func newestUnderKey() async throws {
        let (_, index) = try await database()
        let ids = { (raw: [Int64]) in raw.map(LongTermMemoryID.init) }
        #expect(try index.newest(under: 7, project: nil, limit: 4, excluding: []) == ids([5, 4, 3, 2]))
        #expect(try index.newest(under: 7, project: nil, limit: 4, excluding: Set(ids([5, 3]))) == ids([4, 2, 1]))
        #expect(try index.newest(under: 7, project: nil, limit: 10, excluding: []) == ids([5, 4, 3, 2, 1]))
        #expect(try index.newest(under: 8, project: nil, limit: 4, excluding: []).isEmpty)
    }

    @Test("the newest under a band key are those of one project, or of none")
    func newestOfProject() async throws {
        let (fixture, withoutProjects) = try await database()
        let ids = { (raw: [Int64]) in raw.map(LongTermMemoryID.init) }
        #expect(try withoutProjects.newest(under: 7, project: "/src/shop", limit: 4, excluding: []).isEmpty)
        let raw = try fixture.rawConnection()
        try raw.execute("UPDATE long_term_memories SET project = '/src/shop' WHERE id IN (2, 4)")
        let index = try SQLiteLongTermIndex(connection: raw)
        #expect(try index.newest(under: 7, project: "/src/shop", limit: 4, excluding: []) == ids([4, 2]))
        #expect(try index.newest(under: 7, project: nil, limit: 4, excluding: []) == ids([5, 3, 1]))
        #expect(try index.newest(under: 7, project: "/src", limit: 4, excluding: []).isEmpty)
        #expect(try index.memory(LongTermMemoryID(4))?.project == "/src/shop")
    }

    @Test("a memory is open to its session's memories near the time of those it was created or merged from, not of restatements")
    func openToItsSession() async throws {
        let (_, index) = try await database()
        let merging = Merging(session: "s", lastMergedAt: at(minutes: 10))
        #expect(try index.open(session: "s", from: at(minutes: -30), to: at(minutes: 5)) == [LongTermMemoryID(1): merging])
        #expect(try index.open(session: "s", from: at(minutes: 11), to: at(minutes: 60)).isEmpty)
        #expect(try index.open(session: "other", from: at(minutes: 1_400), to: at(minutes: 1_500)).isEmpty)
        #expect(try index.open(session: "t", from: at(minutes: -30), to: at(minutes: 30)).isEmpty)
    }

    @Test("a remembered memory is read as stored; a forgotten one not at all")
    func memoryAsStored() async throws {
        let (_, index) = try await database()
        let first = try #require(try index.memory(LongTermMemoryID(1)))
        #expect(first.summary == "Summary 1." && first.createdAt == base && first.strength == 1)
        #expect(try index.memory(LongTermMemoryID(6)) == nil)
        #expect(try index.memory(LongTermMemoryID(99)) == nil)
    }
}
