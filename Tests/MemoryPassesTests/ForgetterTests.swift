import Foundation
import Synchronization
import Testing

@testable import MemoryEngines
@testable import MemoryModel
@testable import MemoryPasses
@testable import MemoryStorage
@testable import SQLiteKit
import TestFixtures

/// Forgetting on request beside consolidation: what a batch planned before the change must not
/// undo, and what the engine makes of the sources left.
@Suite("Forgetting on request")
struct ForgetterTests {
    let now = Timestamp(iso8601: "2026-06-01T12:00:00Z")!

    private func plan(creatingFrom memory: ShortTermMemoryID, existing: LongTermMemoryID? = nil) -> ConsolidationPlan {
        var plan = ConsolidationPlan(parked: [])
        plan.writes.append(
            .init(
                existing: existing, summary: "Leah plays the theremin.", strength: 1, importance: 0.5, createdAt: now,
                lastReinforcedAt: now, sources: [.init(stmID: memory, role: existing == nil ? .created : .reinforced, joinedAt: now)],
                bandKeys: []))
        return plan
    }

    @Test("a turn forgotten on request no longer finds the reply after it; forgetting by age leaves the reply found")
    func forgottenTurnIsNoContext() async throws {
        let fixture = try StoreFixture()
        let store = try fixture.open()
        func turn(_ text: String, by speaker: String, minute: Int64) -> NewMemory {
            NewMemory(
                content: text, session: "s", source: speaker, importance: 0.5,
                createdAt: Timestamp(millisecondsSince1970: now.millisecondsSince1970 + minute * 60_000))
        }
        let question = try await store.add(turn("What is your passport number?", by: "Ana", minute: 0))
        _ = try await store.add(turn("Noted, I will keep it safe.", by: "Ben", minute: 1))
        let oldQuestion = try await store.add(turn("Which kayak did you rent?", by: "Ana", minute: 2))
        _ = try await store.add(turn("The red one, from the harbour.", by: "Ben", minute: 3))
        func recalled(_ query: String) async throws -> [String] {
            try await Recaller(store: store).recall(query, limit: 5, now: now).memories.map(\.text)
        }
        #expect(try await recalled("passport").contains("Noted, I will keep it safe."))
        _ = try await Forgetter(store: store).forget(.shortTerm(question), purge: false, now: now)
        #expect(try await recalled("passport").isEmpty)
        // The consolidation pass forgets kept-back memories by age; their words still find the reply.
        try fixture.rawConnection().execute(
            "UPDATE short_term_memories SET status = 'forgotten', status_changed_at = created_at WHERE id = \(oldQuestion.rawValue)")
        #expect(try await recalled("kayak") == ["The red one, from the harbour."])
    }

    @Test("a batch planned before one of its memories was forgotten is rolled back whole, not written")
    func batchMeetsForgottenMemory() async throws {
        let fixture = try StoreFixture()
        let store = try fixture.open()
        let id = try await store.add(NewMemory(content: "Leah plays the theremin.", createdAt: now))
        let pass = try await store.beginPass(.consolidation, at: now)
        _ = try await Forgetter(store: store).forget(.shortTerm(id), purge: false, now: now)
        await #expect(throws: ConsolidationConflict.self) {
            try await store.commit(plan(creatingFrom: id), at: now, progress: PassProgress(), of: pass)
        }
        #expect(try await store.statistics().ltm == 0)
        #expect(try await store.shortTermMemory(id).memory.status == .forgotten)
    }

    /// Found by the writers test (WritersBesidePassesTests, 4 × 2,500 adds beside a forgetter):
    /// the batch inserted the provenance row of the purged memory first, and its foreign key
    /// failed the pass with "SQLite error 19: FOREIGN KEY constraint failed".
    @Test("a batch planned before one of its memories was purged is rolled back whole as a conflict, not an error")
    func batchMeetsPurgedMemory() async throws {
        let fixture = try StoreFixture()
        let store = try fixture.open()
        let kept = try await store.add(NewMemory(content: "Leah plays the cello.", createdAt: now))
        let id = try await store.add(NewMemory(content: "Leah plays the theremin.", createdAt: now))
        let pass = try await store.beginPass(.consolidation, at: now)
        _ = try await Forgetter(store: store).forget(.shortTerm(id), purge: true, now: now)
        var batch = plan(creatingFrom: kept)
        batch.writes[0].sources.append(.init(stmID: id, role: .merged, joinedAt: now))
        await #expect(throws: ConsolidationConflict.self) {
            try await store.commit(batch, at: now, progress: PassProgress(), of: pass)
        }
        #expect(try await store.statistics().ltm == 0)
        #expect(try await store.shortTermMemory(kept).memory.status == .pending)
    }

    @Test("a batch that would reinforce a long-term memory forgotten meanwhile is rolled back")
    func batchMeetsForgottenLongTermMemory() async throws {
        let fixture = try StoreFixture()
        let store = try fixture.open()
        let first = try await store.add(NewMemory(content: "Leah plays the theremin.", createdAt: now))
        let pass = try await store.beginPass(.consolidation, at: now)
        try await store.commit(plan(creatingFrom: first), at: now, progress: PassProgress(), of: pass)
        let ltm = try #require(try await store.shortTermMemory(first).memory.ltmID)
        let second = try await store.add(NewMemory(content: "Leah still plays the theremin.", createdAt: now))
        _ = try await Forgetter(store: store).forget(.longTerm(ltm), purge: false, now: now)
        await #expect(throws: ConsolidationConflict.self) {
            try await store.commit(plan(creatingFrom: second, existing: ltm), at: now, progress: PassProgress(), of: pass)
        }
        #expect(try await store.longTermMemory(ltm).sources.map(\.stmID) == [first])
        #expect(try await store.shortTermMemory(second).memory.status == .pending)
    }

    @Test("a batch planned on a summary that a forget has made again is rolled back, so the forgotten sentence stays out")
    func batchMeetsRemadeSummary() async throws {
        let fixture = try StoreFixture()
        let store = try fixture.open()
        let first = try await store.add(NewMemory(content: "Leah plays the theremin.", createdAt: now))
        let secret = try await store.add(NewMemory(content: "Her PIN is 4711.", createdAt: now))
        let pass = try await store.beginPass(.consolidation, at: now)
        var created = plan(creatingFrom: first)
        created.writes[0].summary = "Leah plays the theremin. Her PIN is 4711."
        created.writes[0].sources.append(.init(stmID: secret, role: .merged, joinedAt: now))
        try await store.commit(created, at: now, progress: PassProgress(), of: pass)
        let ltm = try #require(try await store.shortTermMemory(first).memory.ltmID)
        // A batch reads the summary with the PIN and plans to reinforce it …
        let third = try await store.add(NewMemory(content: "Leah still plays the theremin.", createdAt: now))
        var reinforce = plan(creatingFrom: third, existing: ltm)
        reinforce.writes[0].readSummary = "Leah plays the theremin. Her PIN is 4711."
        reinforce.writes[0].summary = "Leah plays the theremin. Her PIN is 4711. Leah still plays the theremin."
        // … while the PIN is purged.
        _ = try await Forgetter(store: store).forget(.shortTerm(secret), purge: true, now: now)
        await #expect(throws: ConsolidationConflict.self) {
            try await store.commit(reinforce, at: now, progress: PassProgress(), of: pass)
        }
        #expect(try await !store.longTermMemory(ltm).memory.summary.contains("4711"))
    }

    @Test("a pass completes beside memories forgotten and purged on request, and leaves them so")
    func passBesideForgetting() async throws {
        let fixture = try StoreFixture()
        let store = try fixture.open()
        var ids: [ShortTermMemoryID] = []
        for index in 0..<40 {
            let time = Timestamp(millisecondsSince1970: now.millisecondsSince1970 - Int64(40 - index) * 3_600_000)
            ids.append(try await store.add(NewMemory(content: "Fact number \(index): Leah plays song \(index) on the theremin.", session: "s\(index / 5)", createdAt: time)))
        }
        _ = try await Forgetter(store: store).forget(.shortTerm(ids[3]), purge: false, now: now)
        _ = try await Forgetter(store: store).forget(.shortTerm(ids[7]), purge: true, now: now)
        var policy = ConsolidationPolicy()
        policy.batchSize = 4
        policy.minimumAge = .zero
        let record = try await ConsolidationPass(store: store, policy: policy, now: now).run()
        #expect(record.outcome == .completed)
        #expect(try await store.shortTermMemory(ids[3]).memory.status == .forgotten)
        await #expect(throws: StoreError.self) { try await store.shortTermMemory(ids[7]) }
        #expect(try await store.statistics().stm.pending == 0)
    }

    @Test(
        "a forget or a purge by another writer after the pass read the batch: it is read again, the pass completes",
        arguments: [false, true])
    func forgetBetweenReadAndCommit(purge: Bool) async throws {
        let fixture = try StoreFixture()
        let store = try fixture.open()
        var ids: [ShortTermMemoryID] = []
        for index in 0..<12 {
            let time = Timestamp(millisecondsSince1970: now.millisecondsSince1970 - Int64(12 - index) * 3_600_000)
            let content = "Fact number \(index): Leah plays song \(index) on the theremin in Berlin."
            ids.append(try await store.add(NewMemory(content: content, session: "s\(index / 3)", createdAt: time)))
        }
        var policy = ConsolidationPolicy()
        policy.batchSize = 4
        policy.minimumAge = .zero
        // Another process forgets or purges a memory of the second batch once the first is
        // committed. The pass reads the second batch while it commits the first; the pause lets
        // that read end first, so the second batch is planned with the memory still pending and
        // its commit meets the change. The statements are the ones `forget` runs for a pending
        // memory (a purge deletes it; the schema's triggers and cascades do the rest).
        let (path, target, at) = (fixture.path, ids[5], now.iso8601)
        let change =
            purge
            ? "DELETE FROM short_term_memories WHERE id = ?2"
            : "UPDATE short_term_memories SET status = 'forgotten', ltm_id = NULL, status_changed_at = ?1 WHERE id = ?2"
        let writerError = Mutex<String?>(nil)
        let record = try await ConsolidationPass(store: store, policy: policy, now: now).run { progress in
            guard progress.batches == 1 else { return }
            usleep(100_000)
            do {
                let other = try Connection(path: path, mode: .readWrite, busyTimeoutMilliseconds: 5000)
                try other.prepare(change).bind([at, target.rawValue]).run()
            } catch {
                writerError.withLock { $0 = "\(error)" }
            }
        }
        #expect(writerError.withLock { $0 } == nil)
        #expect(record.outcome == .completed, "\(record.error ?? "")")
        if purge {
            await #expect(throws: StoreError.self) { try await store.shortTermMemory(target) }
        } else {
            #expect(try await store.shortTermMemory(target).memory.status == .forgotten)
        }
        #expect(try await store.statistics().stm.pending == 0)
        #expect(try await store.statistics().stm.consolidated == 11)
    }

    @Test("a summary made again holds sentences of the sources left only")
    func rebuiltSummary() {
        let engine = ConsolidationEngine(policy: ConsolidationPolicy())
        let sources = [
            ShortTermMemory(
                id: ShortTermMemoryID(1), content: "Thanks! Leah plays the theremin in Berlin.", session: "s",
                source: "alice", createdAt: now, status: .consolidated),
            ShortTermMemory(
                id: ShortTermMemoryID(3), content: "She joined a band called the Quiet Owls.", session: "s",
                source: "bob", createdAt: now, status: .consolidated),
        ]
        let rebuilt = engine.rebuiltSummary(from: sources)
        #expect(rebuilt?.summary.contains("Leah plays the theremin in Berlin.") == true)
        #expect(rebuilt?.summary.contains("Quiet Owls") == true)
        #expect(rebuilt?.bandKeys.isEmpty == false)
        #expect(engine.rebuiltSummary(from: []) == nil)
    }
}
