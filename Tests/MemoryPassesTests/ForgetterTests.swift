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

    /// Consolidates `batch` as the pass does, after `meanwhile` ran between the batch's read
    /// and its transaction; returns the batch's counts.
    private func consolidate(
        _ batch: [ShortTermMemoryID], _ store: MemoryStore, meanwhile: () async throws -> Void = {}
    ) async throws -> PassCounts {
        var memories: [ShortTermMemory] = []
        for id in batch { memories.append(try await store.inspecting({ try $0.shortTermMemory(id) }).memory) }
        let engine = ConsolidationEngine(policy: ConsolidationPolicy())
        let features = memories.map { engine.features(of: $0) }
        try await meanwhile()
        let pass = try await store.recordingPasses { try $0.beginPass(.consolidation, at: now) }
        return try await store.consolidating {
            try $0.consolidate(
                batch,
                plan: { stillPending, index in
                    try ConsolidationPlanner.plan(
                        memories, features: features, stillPending: stillPending, engine: engine, index: index)
                }, at: now, progress: { _ in PassProgress() }, of: pass)
        }
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

    @Test("another writer that commits while a batch is planned is let in; the batch is planned again and written once")
    func writerDuringPlan() async throws {
        let fixture = try StoreFixture()
        let store = try fixture.open()
        let first = try await store.add(NewMemory(content: "Leah plays the theremin.", importance: 0.5, createdAt: now))
        let memories = [try await store.inspecting { try $0.shortTermMemory(first) }.memory]
        let engine = ConsolidationEngine(policy: ConsolidationPolicy())
        let features = memories.map { engine.features(of: $0) }
        let pass = try await store.recordingPasses { try $0.beginPass(.consolidation, at: now) }
        let path = fixture.path
        let plans = Mutex(0)
        let counts = try await store.consolidating {
            try $0.consolidate(
                [first],
                plan: { stillPending, index in
                    // The first time, an assistant adds a memory while the plan is made.
                    if plans.withLock({ $0 += 1; return $0 }) == 1 {
                        let other = try Connection(path: path, mode: .readWrite, busyTimeoutMilliseconds: 1000)
                        try other.execute(
                            "INSERT INTO short_term_memories(content, created_at) VALUES ('Added beside the plan.', '\(now.iso8601)')")
                    }
                    return try ConsolidationPlanner.plan(
                        memories, features: features, stillPending: stillPending, engine: engine, index: index)
                }, at: now, progress: { _ in PassProgress() }, of: pass)
        }
        #expect(plans.withLock { $0 } == 2)
        #expect(counts.created == 1)
        #expect(try await store.inspecting { try $0.statistics() }.ltm == 1)
        #expect(try await store.inspecting { try $0.statistics() }.stm.pending == 1)
        #expect(try fixture.rawConnection().scalarInt("SELECT count(*) FROM long_term_sources") == 1)
    }

    @Test("a memory forgotten after its batch was read is left out of the batch, and stays forgotten")
    func batchMeetsForgottenMemory() async throws {
        let fixture = try StoreFixture()
        let store = try fixture.open()
        let kept = try await store.add(NewMemory(content: "Leah plays the cello in an orchestra.", importance: 0.5, createdAt: now))
        let id = try await store.add(NewMemory(content: "Leah plays the theremin.", importance: 0.5, createdAt: now))
        let counts = try await consolidate([kept, id], store) {
            _ = try await Forgetter(store: store).forget(.shortTerm(id), purge: false, now: now)
        }
        #expect(counts.created == 1)
        #expect(try await store.inspecting { try $0.shortTermMemory(id) }.memory.status == .forgotten)
        #expect(try await store.inspecting { try $0.shortTermMemory(kept) }.memory.status == .consolidated)
    }

    /// Found by the writers test (WritersBesidePassesTests, 4 × 2,500 adds beside a forgetter):
    /// the batch inserted the provenance row of the purged memory first, and its foreign key
    /// failed the pass with "SQLite error 19: FOREIGN KEY constraint failed".
    @Test("a memory purged after its batch was read is left out of the batch, with no error")
    func batchMeetsPurgedMemory() async throws {
        let fixture = try StoreFixture()
        let store = try fixture.open()
        let kept = try await store.add(NewMemory(content: "Leah plays the cello.", importance: 0.5, createdAt: now))
        let id = try await store.add(NewMemory(content: "Leah plays the cello in an orchestra.", importance: 0.5, createdAt: now))
        let counts = try await consolidate([kept, id], store) {
            _ = try await Forgetter(store: store).forget(.shortTerm(id), purge: true, now: now)
        }
        #expect(counts.created == 1 && (counts.merged ?? 0) == 0)
        let summary = try #require(try await store.inspecting { try $0.shortTermMemory(kept) }.memory.ltmID)
        #expect(try await store.inspecting { try $0.longTermMemory(summary) }.sources.map(\.stmID) == [kept])
        await #expect(throws: StoreError.self) { try await store.inspecting { try $0.shortTermMemory(id) } }
    }

    @Test("a restatement of a long-term memory forgotten before its batch was planned does not reinforce it")
    func batchMeetsForgottenLongTermMemory() async throws {
        let fixture = try StoreFixture()
        let store = try fixture.open()
        let first = try await store.add(NewMemory(content: "Leah plays the theremin.", importance: 0.5, createdAt: now))
        _ = try await consolidate([first], store)
        let ltm = try #require(try await store.inspecting { try $0.shortTermMemory(first) }.memory.ltmID)
        let second = try await store.add(NewMemory(content: "Leah plays the theremin.", session: "other", importance: 0.5, createdAt: now))
        let counts = try await consolidate([second], store) {
            _ = try await Forgetter(store: store).forget(.longTerm(ltm), purge: false, now: now)
        }
        #expect(counts.created == 1 && (counts.reinforced ?? 0) == 0)
        #expect(try await store.inspecting { try $0.longTermMemory(ltm) }.sources.map(\.stmID) == [first])
        #expect(try await store.inspecting { try $0.shortTermMemory(second) }.memory.ltmID != ltm)
    }

    @Test("a batch planned after a forget made a summary again joins the new summary, so the forgotten sentence stays out")
    func batchMeetsRemadeSummary() async throws {
        let fixture = try StoreFixture()
        let store = try fixture.open()
        let first = try await store.add(NewMemory(content: "Leah plays the theremin.", importance: 0.5, createdAt: now))
        let secret = try await store.add(NewMemory(content: "Leah plays the theremin. Her PIN is 4711.", importance: 0.5, createdAt: now))
        _ = try await consolidate([first, secret], store)
        let ltm = try #require(try await store.inspecting { try $0.shortTermMemory(first) }.memory.ltmID)
        #expect(try await store.inspecting { try $0.longTermMemory(ltm) }.memory.summary.contains("4711"))
        // A batch with a restatement is read while the PIN is purged.
        let third = try await store.add(NewMemory(content: "Leah plays the theremin.", session: "other", importance: 0.5, createdAt: now))
        let counts = try await consolidate([third], store) {
            _ = try await Forgetter(store: store).forget(.shortTerm(secret), purge: true, now: now)
        }
        #expect(counts.reinforced == 1)
        let after = try await store.inspecting { try $0.longTermMemory(ltm) }
        #expect(after.sources.map(\.stmID) == [first, third])
        #expect(!after.memory.summary.contains("4711"))
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
        #expect(try await store.inspecting { try $0.shortTermMemory(ids[3]) }.memory.status == .forgotten)
        await #expect(throws: StoreError.self) { try await store.inspecting { try $0.shortTermMemory(ids[7]) } }
        #expect(try await store.inspecting { try $0.statistics() }.stm.pending == 0)
    }

    @Test(
        "a forget or a purge by another writer after the pass read the batch: the memory is left out of it, the pass completes",
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
        // committed. The pass read the second batch before it committed the first, and analyses
        // it meanwhile, so the second batch's transaction meets the change. The statements are the ones `forget` runs for a pending
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
            await #expect(throws: StoreError.self) { try await store.inspecting { try $0.shortTermMemory(target) } }
        } else {
            #expect(try await store.inspecting { try $0.shortTermMemory(target) }.memory.status == .forgotten)
        }
        #expect(try await store.inspecting { try $0.statistics() }.stm.pending == 0)
        #expect(try await store.inspecting { try $0.statistics() }.stm.consolidated == 11)
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
