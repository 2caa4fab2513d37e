import Foundation
import Testing

@testable import MemoryImport
import MemoryModel
@testable import MemoryStorage
@testable import SQLiteKit
import TestFixtures

@Suite("MemoryStore")
struct MemoryStoreTests {
    @Test("added memories are listed newest first, filtered by status and session")
    func addAndList() async throws {
        let fixture = try StoreFixture()
        let store = try fixture.open()
        let old = try await store.add(
            NewMemory(content: "old", session: "a", createdAt: Timestamp(iso8601: "2026-01-01T00:00:00Z")))
        let new = try await store.add(
            NewMemory(content: "new", session: "b", importance: 0.9, createdAt: Timestamp(iso8601: "2026-06-01")))
        let middle = try await store.add(
            NewMemory(content: "middle", session: "a", createdAt: Timestamp(iso8601: "2026-03-01")))
        #expect(try await store.inspecting { try $0.shortTermMemories(limit: 10) }.map(\.id) == [new, middle, old])
        #expect(try await store.inspecting {
            try $0.shortTermMemories(session: "a", limit: 10)
        }.map(\.id) == [middle, old])
        #expect(try await store.inspecting {
            try $0.shortTermMemories(status: .pending, limit: 2)
        }.map(\.id) == [new, middle])
        #expect(try await store.inspecting { try $0.shortTermMemories(status: .consolidated, limit: 10) }.isEmpty)
        let stored = try #require(try await store.inspecting { try $0.shortTermMemories(limit: 1) }.first)
        #expect(stored.importance == 0.9 && stored.source == "user" && stored.status == .pending && stored.ltmID == nil)
    }

    @Test("an invalid memory is refused with its reason and nothing is stored")
    func refusesInvalid() async throws {
        let store = try StoreFixture().open()
        await #expect(throws: StoreError.invalidMemory(InvalidMemory("content is empty"))) {
            try await store.add(NewMemory(content: " "))
        }
        await #expect(throws: StoreError.self) { try await store.add(NewMemory(content: "x", importance: 2)) }
        #expect(try await store.inspecting { try $0.statistics() }.stm.pending == 0)
    }

    @Test("content with quotes, SQL, emoji and NUL is stored and read back exactly")
    func faithfulContent() async throws {
        let store = try StoreFixture().open()
        let contents = [
            "Robert'); DROP TABLE short_term_memories;--", "\"double\" and 'single'", "emoji 👩‍👩‍👧 e\u{301}",
            "nul\u{0}inside\u{0}", String(repeating: "long ", count: 220_000),
        ]
        for content in contents {
            let id = try await store.add(NewMemory(content: content))
            #expect(try await store.inspecting { try $0.shortTermMemory(id) }.memory.content == content)
        }
    }

    @Test("the full-text index follows inserts, updates and deletes")
    func fullTextFollowsChanges() async throws {
        let fixture = try StoreFixture()
        let store = try fixture.open()
        let id = try await store.add(NewMemory(content: "We adopted a beagle named Pixel"))
        #expect(try await store.inspecting { try $0.search("beagle", limit: 5) }.map(\.id) == [id.rawValue])
        let connection = try fixture.rawConnection()
        try connection.execute("UPDATE short_term_memories SET content = 'We adopted a corgi' WHERE id = \(id)")
        #expect(try await store.inspecting { try $0.search("beagle", limit: 5) }.isEmpty)
        #expect(try await store.inspecting { try $0.search("corgi", limit: 5) }.count == 1)
        try connection.execute("DELETE FROM short_term_memories WHERE id = \(id)")
        #expect(try await store.inspecting { try $0.search("corgi", limit: 5) }.isEmpty)
        #expect(try await store.inspecting { try $0.checkIntegrity() }.ok)
    }

    @Test("search ranks with BM25, stems words, and explains a malformed query")
    func search() async throws {
        let store = try StoreFixture().open()
        _ = try await store.add(NewMemory(content: "the weather was nice"))
        let strong = try await store.add(NewMemory(content: "Berlin Berlin Berlin, moving to Berlin"))
        let weak = try await store.add(NewMemory(content: "a long note that mentions Berlin once among many other words"))
        let hits = try await store.inspecting { try $0.search("berlin", limit: 10) }
        #expect(hits.map(\.id) == [strong.rawValue, weak.rawValue])
        #expect(hits[0].score > hits[1].score)
        #expect(hits[0].snippet.contains("[Berlin]"))
        #expect(try await store.inspecting { try $0.search("moved", limit: 10) }.map(\.id) == [strong.rawValue])
        do {
            _ = try await store.inspecting { try $0.search("\"unterminated", limit: 10) }
            Issue.record("a malformed query was accepted")
        } catch let error as StoreError {
            guard case .invalidSearchQuery(_, let reason) = error else { throw error }
            #expect(reason == "unterminated string")
        }
    }

    @Test("import is all or nothing, and --skip-invalid keeps the good lines")
    func importAllOrNothing() async throws {
        let fixture = try StoreFixture()
        let store = try fixture.open()
        let file = fixture.directory.appendingPathComponent("in.jsonl").path
        try Data(
            """
            {"content": "one"}

            {"content": "two", "importance": 7}
            {"role": "assistant", "content": "three"}
            """.utf8
        ).write(to: URL(fileURLWithPath: file))
        await #expect(throws: ImportRefused(lineError: .init(line: 3, error: "importance must be between 0 and 1, got 7.0")))
        {
            try await LineReader.importing(LineReader(path: file, maximumLineBytes: 1 << 20), into: store, skipInvalid: false)
        }
        #expect(try await store.inspecting { try $0.statistics() }.stm.pending == 0)
        let report = try await LineReader.importing(LineReader(path: file, maximumLineBytes: 1 << 20), into: store, skipInvalid: true)
        #expect(report.imported == 2 && report.skipped == 1 && report.errors.map(\.line) == [3])
        #expect(try await store.inspecting { try $0.shortTermMemories(limit: 10) }.map(\.source).sorted() == ["assistant", "user"])
    }

    @Test("a bad line early in a long file refuses the import at once, and the store takes the next import")
    func earlyBadLineInLongFile() async throws {
        let fixture = try StoreFixture()
        let store = try fixture.open()
        let file = fixture.directory.appendingPathComponent("in.jsonl").path
        let lines = [#"{"content": "first"}"#, "not json"] + (1...20_000).map { #"{"content": "line \#($0)"}"# }
        try Data(lines.joined(separator: "\n").utf8).write(to: URL(fileURLWithPath: file))
        await #expect(throws: ImportRefused.self) {
            try await LineReader.importing(LineReader(path: file, maximumLineBytes: 1 << 20), into: store, skipInvalid: false)
        }
        let report = try await LineReader.importing(LineReader(path: file, maximumLineBytes: 1 << 20), into: store, skipInvalid: true)
        #expect(report.imported == 20_001 && report.errors.map(\.line) == [2])
        #expect(try await store.inspecting { try $0.statistics() }.stm.pending == 20_001)
    }

    @Test("the next batch of unreviewed memories is read after a position, oldest first, whatever the commit of the one before")
    func unreviewedAfterPosition() async throws {
        let fixture = try StoreFixture()
        let store = try fixture.open()
        let file = fixture.directory.appendingPathComponent("in.jsonl").path
        // Two memories share a second: the id orders them.
        let times = ["2026-01-01T10:00:00Z", "2026-01-01T10:00:01Z", "2026-01-01T10:00:01Z", "2026-01-01T10:00:02Z"]
        try Data(
            times.enumerated().map { #"{"content": "m\#($0.offset)", "created_at": "\#($0.element)"}"# }
                .joined(separator: "\n").utf8
        ).write(to: URL(fileURLWithPath: file))
        _ = try await LineReader.importing(LineReader(path: file, maximumLineBytes: 1 << 20), into: store, skipInvalid: false)
        let first = try await store.consolidating { try $0.unreviewedMemories(createdAtOrBefore: nil, limit: 2) }
        #expect(first.map(\.content) == ["m0", "m1"])
        let last = first[1]
        let next = try await store.consolidating {
            try $0.unreviewedMemories(after: (last.createdAt, last.id), createdAtOrBefore: nil, limit: 10)
        }
        #expect(next.map(\.content) == ["m2", "m3"])
        let bounded = try await store.consolidating {
            try $0.unreviewedMemories(
                after: (last.createdAt, last.id), createdAtOrBefore: Timestamp(iso8601: "2026-01-01T10:00:01Z")!, limit: 10)
        }
        #expect(bounded.map(\.content) == ["m2"])
    }

    @Test(
        "a large import keeps every line in file order, and a bad line past many full statements still refuses it all",
        arguments: [1, 64, 65, 200, 2000])
    func largeImport(lines: Int) async throws {
        let fixture = try StoreFixture()
        let store = try fixture.open()
        let file = fixture.directory.appendingPathComponent("in.jsonl").path
        let good = (1...lines).map { #"{"content": "line \#($0)", "session": "s\#($0 % 3)"}"# }
        try Data((good + [#"{"content": ""}"#]).joined(separator: "\n").utf8).write(to: URL(fileURLWithPath: file))
        await #expect(throws: ImportRefused.self) {
            try await LineReader.importing(LineReader(path: file, maximumLineBytes: 1 << 20), into: store, skipInvalid: false)
        }
        #expect(try await store.inspecting { try $0.statistics() }.stm.pending == 0)
        let report = try await LineReader.importing(LineReader(path: file, maximumLineBytes: 1 << 20), into: store, skipInvalid: true)
        #expect(report.imported == lines && report.errors.map(\.line) == [lines + 1])
        let stored = try await store.inspecting { try $0.shortTermMemories(limit: lines + 10) }.sorted { $0.id < $1.id }
        #expect(stored.map(\.content) == (1...lines).map { "line \($0)" })
        #expect(stored.map(\.session) == (1...lines).map { "s\($0 % 3)" })
        #expect(try await store.inspecting { try $0.checkIntegrity() }.ok)
    }

    @Test("check finds a full-text index that no longer matches its table")
    func checkFindsDesyncedIndex() async throws {
        let fixture = try StoreFixture()
        let store = try fixture.open()
        _ = try await store.add(NewMemory(content: "real"))
        #expect(try await store.inspecting { try $0.checkIntegrity() }.ok)
        try fixture.rawConnection().execute(
            "INSERT INTO long_term_memories_fts(rowid, summary) VALUES (999, 'ghost')")
        let report = try await store.inspecting { try $0.checkIntegrity() }
        #expect(!report.ok)
        #expect(report.checks.filter { !$0.ok }.map(\.name) == ["full-text long_term_memories_fts"])
    }

    @Test("records written by later passes are shown with their links")
    func detailsOfLinkedRecords() async throws {
        let fixture = try StoreFixture()
        let store = try fixture.open()
        let first = try await store.add(NewMemory(content: "Leah lives in Berlin", session: "s1"))
        let second = try await store.add(NewMemory(content: "my sister Leah moved to Berlin", session: "s2"))
        // What the consolidation, extraction and graph passes will write, written by hand here.
        try fixture.rawConnection().execute(
            """
            INSERT INTO long_term_memories(id, summary, strength, importance) VALUES (1, 'Leah lives in Berlin', 2, 0.7);
            INSERT INTO long_term_sources(ltm_id, stm_id, role) VALUES (1, \(first), 'created'), (1, \(second), 'reinforced');
            UPDATE short_term_memories SET status = 'consolidated', ltm_id = 1;
            INSERT INTO entities(id, name, kind, canonical_key) VALUES (1, 'Leah', 'person', 'leah'), (2, 'Berlin', 'place', 'berlin');
            INSERT INTO entity_aliases(entity_id, alias, alias_key) VALUES (1, 'Leah', 'leah'), (1, 'my sister', 'my sister');
            INSERT INTO entity_mentions(entity_id, stm_id, start_offset, end_offset, text) VALUES (1, \(first), 0, 4, 'Leah');
            INSERT INTO entity_mentions(entity_id, ltm_id, start_offset, end_offset, text) VALUES (2, 1, 14, 20, 'Berlin');
            INSERT INTO relations(id, subject_id, predicate, object_id, first_seen, last_seen, valid_from)
                VALUES (1, 1, 'lives_in', 2, '2026-11-01T00:00:00.000Z', '2026-11-02T00:00:00.000Z', '2026-11-01T00:00:00.000Z');
            INSERT INTO relation_evidence(relation_id, stm_id, observed_at) VALUES (1, \(first), '2026-11-01T00:00:00.000Z');
            INSERT INTO relation_evidence(relation_id, ltm_id, observed_at) VALUES (1, 1, '2026-11-02T00:00:00.000Z');
            """)
        let ltm = try await store.inspecting { try $0.longTermMemory(LongTermMemoryID(1)) }
        #expect(ltm.memory.sourceCount == 2)
        #expect(ltm.sources.map(\.stmID) == [first, second])
        #expect(ltm.sources.map(\.role) == [.created, .reinforced])
        #expect(ltm.mentions.map(\.text) == ["Berlin"])
        let stm = try await store.inspecting { try $0.shortTermMemory(first) }
        #expect(stm.longTermMemory?.id == LongTermMemoryID(1))
        #expect(stm.mentions.map(\.entityName) == ["Leah"])
        let leah = try await store.inspecting { try $0.entity(EntityID(1)) }
        #expect(leah.aliases == ["Leah", "my sister"])
        #expect(leah.relations.map(\.predicate) == ["lives_in"])
        // Newest evidence first.
        #expect(leah.relations.first?.evidence == [.longTerm(LongTermMemoryID(1)), .shortTerm(first)])
        #expect(try await store.inspecting { try $0.entities(kind: "place", limit: 10) }.map(\.name) == ["Berlin"])
        let stats = try await store.inspecting { try $0.statistics() }
        #expect(stats.stm.consolidated == 2 && stats.ltm == 1 && stats.entities == 2 && stats.relations == 1)
        #expect(try await store.inspecting { try $0.checkIntegrity() }.ok)
        await #expect(throws: StoreError.notFound(.entity(EntityID(99)))) { try await store.inspecting {
            try $0.entity(EntityID(99))
        } }
    }

    @Test("stats stay exact through inserts, status changes and deletes made by any SQLite client")
    func recordCounts() async throws {
        let fixture = try StoreFixture()
        let store = try fixture.open()
        for index in 0..<5 { _ = try await store.add(NewMemory(content: "memory \(index)")) }
        let connection = try fixture.rawConnection()
        try connection.execute(
            """
            INSERT INTO long_term_memories(id, summary) VALUES (1, 'one');
            INSERT INTO long_term_sources(ltm_id, stm_id, role) VALUES (1, 1, 'created'), (1, 2, 'merged');
            UPDATE short_term_memories SET status = 'consolidated', ltm_id = 1 WHERE id IN (1, 2);
            UPDATE short_term_memories SET status = 'forgotten' WHERE id = 3;
            UPDATE short_term_memories SET session = 'renamed' WHERE id = 4;
            DELETE FROM short_term_memories WHERE id = 5;
            INSERT INTO passes(kind) VALUES ('graph');
            """)
        let stats = try await store.inspecting { try $0.statistics() }
        #expect(stats.stm == .init(pending: 1, consolidated: 2, forgotten: 1))
        #expect(stats.ltm == 1 && stats.passes == 1 && stats.entities == 0)
        #expect(try await store.inspecting { try $0.checkIntegrity() }.ok)
        try connection.execute("UPDATE record_counts SET count = 9 WHERE name = 'ltm'")
        let report = try await store.inspecting { try $0.checkIntegrity() }
        #expect(report.checks.filter { !$0.ok }.map(\.detail) == ["ltm is 9, actual 1"])
    }

    @Test("a consolidated memory cannot be deleted out from under its long-term memory")
    func provenanceIsProtected() async throws {
        let fixture = try StoreFixture()
        let store = try fixture.open()
        let id = try await store.add(NewMemory(content: "kept for provenance"))
        let connection = try fixture.rawConnection()
        try connection.execute(
            """
            INSERT INTO long_term_memories(id, summary) VALUES (1, 'kept');
            INSERT INTO long_term_sources(ltm_id, stm_id, role) VALUES (1, \(id), 'created');
            UPDATE short_term_memories SET status = 'consolidated', ltm_id = 1;
            """)
        #expect(throws: SQLiteError.self) { try connection.execute("DELETE FROM short_term_memories WHERE id = \(id)") }
    }

    @Test("a write that waits longer than the busy timeout fails as locked, and readers carry on")
    func lockedDatabase() async throws {
        let fixture = try StoreFixture()
        let store = try fixture.open(busyTimeout: 100)
        _ = try await store.add(NewMemory(content: "before"))
        let other = try fixture.rawConnection()
        try other.execute("BEGIN IMMEDIATE; INSERT INTO short_term_memories(content) VALUES ('uncommitted')")
        await #expect(throws: StoreError.locked(path: fixture.path, waitedMilliseconds: 100)) {
            try await store.add(NewMemory(content: "blocked"))
        }
        #expect(try await store.inspecting { try $0.statistics() }.stm.pending == 1)
        try other.execute("ROLLBACK")
        _ = try await store.add(NewMemory(content: "after"))
        #expect(try await store.inspecting { try $0.statistics() }.stm.pending == 2)
    }
}

@Suite("Recall's scored turns, best first")
struct BestFirstTests {
    @Test("the heap gives the turns in (rank, id) order, ties and all")
    func sortedOrder() {
        var generator = SystemRandomNumberGenerator()
        for count in [0, 1, 2, 3, 10, 257, 4_000] {
            let rows = (0..<count).map { index in
                (id: Int64(index * 7 % (count + 1)), rank: -Double(Int.random(in: 0..<50, using: &generator)) / 4)
            }
            var heap = StoreRecall.BestFirst(rows)
            var taken: [(id: Int64, rank: Double)] = []
            while let next = heap.next() { taken.append(next) }
            let sorted = rows.sorted { ($0.rank, $0.id) < ($1.rank, $1.id) }
            #expect(taken.map(\.id) == sorted.map(\.id))
            #expect(taken.map(\.rank) == sorted.map(\.rank))
        }
    }
}
