import Foundation
import Testing

@testable import MemoryEngines
@testable import MemoryImport
import MemoryModel
@testable import MemoryPasses
@testable import MemoryStorage
@testable import SQLiteKit
import TestFixtures

@Suite("Extraction and graph passes")
struct ExtractionGraphPassTests {
    let now = Timestamp(iso8601: "2026-06-01T12:00:00Z")!
    static let batchSize = 32

    /// A consolidated store of the consolidation tests' sample conversations.
    private func consolidatedStore() async throws -> (StoreFixture, MemoryStore) {
        let fixture = try StoreFixture()
        let store = try fixture.open()
        let file = fixture.directory.appendingPathComponent("in.jsonl").path
        let lines = ConsolidationPassTests.sampleLines(count: 300, endingBefore: now.subtracting(.seconds(3600)))
        try Data(lines.utf8).write(to: URL(fileURLWithPath: file))
        _ = try await LineReader.importing(LineReader(path: file, maximumLineBytes: 1 << 20), into: store, skipInvalid: false)
        var policy = ConsolidationPolicy()
        policy.minimumAge = .zero
        #expect(try await ConsolidationPass(store: store, policy: policy, now: now).run().outcome == .completed)
        return (fixture, store)
    }

    /// Runs one pass of `kind` in its own task, cancelled once `cancelAfter` batches are committed.
    private func run(_ kind: PassKind, _ store: MemoryStore, cancelAfter: Int? = nil) async throws -> PassRecord {
        let onProgress: @Sendable (PassProgress) -> Void = { progress in
            if let cancelAfter, progress.batches == cancelAfter { withUnsafeCurrentTask { $0?.cancel() } }
        }
        let (now, batchSize) = (now, Self.batchSize)
        return try await Task {
            switch kind {
            case .extraction: try await ExtractionPass(store: store, batchSize: batchSize, now: now).run(onProgress: onProgress)
            case .graph: try await GraphPass(store: store, batchSize: batchSize, now: now).run(onProgress: onProgress)
            case .consolidation: throw CancellationError()
            }
        }.value
    }

    /// Everything extraction and the graph write, without the passes' own bookkeeping.
    static func knowledge(of fixture: StoreFixture) throws -> [String] {
        let connection = try fixture.rawConnection()
        return try connection.textRows(
            [
                "SELECT id, name, kind, canonical_key FROM entities ORDER BY id",
                "SELECT entity_id, alias, alias_key FROM entity_aliases ORDER BY entity_id, alias",
                "SELECT entity_id, stm_id, ltm_id, start_offset, end_offset, text FROM entity_mentions ORDER BY stm_id, ltm_id, start_offset, entity_id",
                "SELECT id, subject_id, predicate, object_id, round(weight, 9), first_seen, last_seen, valid_from, valid_to FROM relations ORDER BY id",
                "SELECT relation_id, stm_id, ltm_id, observed_at FROM relation_evidence ORDER BY relation_id, stm_id, ltm_id",
                "SELECT name, count FROM record_counts WHERE name <> 'passes' ORDER BY name",
            ], columns: 9)
    }

    @Test("extraction or graph cancelled after any batch keeps whole batches, and a rerun ends exactly as an uninterrupted pass")
    func cancelAndResume() async throws {
        let (reference, referenceStore) = try await consolidatedStore()
        let extraction = try await run(.extraction, referenceStore)
        let graph = try await run(.graph, referenceStore)
        #expect(extraction.outcome == .completed && graph.outcome == .completed)
        #expect(extraction.batches >= 6 && graph.batches >= 4)
        #expect((graph.counts.relations ?? 0) > 0 && (graph.counts.coOccurrences ?? 0) > 0)
        let expected = try Self.knowledge(of: reference)

        let cuts = Set([1, 2, 3, extraction.batches / 2, extraction.batches - 1])
        for cut in cuts.sorted() {
            let (fixture, store) = try await consolidatedStore()
            let cancelled = try await run(.extraction, store, cancelAfter: cut)
            #expect(cancelled.outcome == .cancelled)
            #expect(cancelled.batches == cut)
            #expect(cancelled.processed == cut * Self.batchSize)
            #expect(try await store.inspecting { try $0.checkIntegrity() }.ok)
            #expect(try await run(.extraction, store).outcome == .completed)
            let graphCut = min(cut, graph.batches - 1)
            #expect(try await run(.graph, store, cancelAfter: graphCut).outcome == .cancelled)
            #expect(try await store.inspecting { try $0.checkIntegrity() }.ok)
            #expect(try await run(.graph, store).outcome == .completed)
            #expect(try Self.knowledge(of: fixture) == expected, "cut after batch \(cut)")
        }
    }

    @Test("a changed long-term summary is extracted again, and its old mentions go")
    func changedSummary() async throws {
        let (fixture, store) = try await consolidatedStore()
        _ = try await run(.extraction, store)
        let connection = try fixture.rawConnection()
        let ltm = try #require(try connection.scalarInt("SELECT min(id) FROM long_term_memories"))
        try connection.prepare("UPDATE long_term_memories SET summary = 'Dinner with Marcus in Lisbon' WHERE id = ?")
            .bind([ltm]).run()
        #expect(try await store.extracting { try $0.unextractedCount() } == 1)
        _ = try await run(.extraction, store)
        let mentions = try connection.prepare("SELECT text FROM entity_mentions WHERE ltm_id = ? ORDER BY start_offset")
            .bind([ltm]).rows { $0.text(0) }
        #expect(mentions == ["Marcus", "Lisbon"])
    }

    @Test("a second pass of the same kind is refused while one runs")
    func oneAtATime() async throws {
        let (fixture, store) = try await consolidatedStore()
        do {
            let lock = try PassLock(database: fixture.path, kind: .graph)
            await #expect(throws: PassAlreadyRunning.self) { _ = try await GraphPass(store: store, now: now).run() }
            withExtendedLifetime(lock) {}
        }
        // Other kinds are not held up, and once the lock is gone the graph pass runs.
        #expect(try await ExtractionPass(store: store, now: now).run().outcome == .completed)
        #expect(try await GraphPass(store: store, now: now).run().outcome == .completed)
    }

    @Test("relative times are resolved by the extraction pass, also for memories extracted before version 7, and indexed")
    func relativeTimes() async throws {
        let fixture = try StoreFixture()
        try fixture.olderDatabase(
            at: 6,
            [
                """
                INSERT INTO short_term_memories(content, source, created_at, extracted_at) VALUES
                    ('Yesterday I went bowling with Tom', 'James', '2022-03-17T18:00:00.000Z', '2022-03-18T00:00:00.000Z')
                """
            ])
        let store = try fixture.open(create: false)
        _ = try await store.add(
            NewMemory(
                content: "Last Friday we saw a play, and two months ago a concert", session: "s", source: "James",
                createdAt: Timestamp(iso8601: "2022-03-17T19:00:00Z")!))
        let raw = try fixture.rawConnection()
        #expect(try raw.scalarInt("SELECT count(*) FROM short_term_memories WHERE times_resolved_at IS NULL") == 2)
        let record = try await run(.extraction, store)
        #expect(record.outcome == .completed && record.processed == 2)
        let times = try raw.prepare("SELECT stm_id, phrase, first_day, granularity FROM short_term_times ORDER BY stm_id, start_offset")
            .rows { "\($0.int64(0)) \($0.text(1)) \($0.text(2)) \($0.text(3))" }
        #expect(times == ["1 Yesterday 2022-03-16 day", "2 Last Friday 2022-03-11 day", "2 two months ago 2022-01-01 month"])
        let dates = try raw.prepare("SELECT dates FROM memory_recall ORDER BY rowid").rows { $0.text(0) }
        #expect(dates == ["17 march 2022 thursday 16 march 2022 wednesday", "17 march 2022 thursday 11 march 2022 friday january 2022"])
        #expect(try await store.inspecting { try $0.shortTermMemory(ShortTermMemoryID(1)) }.times.map(\.shown) == ["16 March 2022"])
        // Done once: a second pass finds nothing to do.
        #expect(try await run(.extraction, store).processed == 0)
        #expect(try raw.scalarInt("SELECT count(*) FROM short_term_times") == 3)
    }
}
