import Foundation
import MemoryModel
import SQLiteKit
import TestFixtures
import Testing

@testable import MemoryStorage

/// The writes of an import of transcripts and exports, in a real database: messages under their
/// origin's ids, revised while pending, withdrawn, never brought back once purged; sessions'
/// projects; how far a followed file was read.
@Suite("ImportWriter")
struct ImportWriterTests {
    private let startedAt = Timestamp(iso8601: "2026-09-01T12:00:00Z")!

    private struct Counts: Equatable, Sendable {
        var inserted = 0
        var alreadyPresent = 0
        var revised = 0
    }

    private func message(
        _ id: String, _ content: String, origin: String = "claude-code", session: String = "s1",
        source: String = "user",
        at time: String? = "2026-09-01T10:00:00Z"
    ) -> ImportedMessage {
        ImportedMessage(
            origin: origin, id: id, session: session, source: source, content: content,
            createdAt: time.flatMap { Timestamp(iso8601: $0) })
    }

    /// Inserts `messages` in one import and says what the writer counted.
    private func insert(_ messages: [ImportedMessage], revising: Bool = false, into store: MemoryStore) async throws
        -> Counts
    {
        let startedAt = startedAt
        return try await store.importing { writer in
            for message in messages { try writer.insert(message, createdAt: startedAt, revising: revising) }
            try writer.flush()
            return Counts(
                inserted: writer.messagesInserted, alreadyPresent: writer.messagesAlreadyPresent,
                revised: writer.messagesRevised)
        }
    }

    /// origin|id|content|status of every short-term memory, in the order they were stored.
    private func rows(_ fixture: StoreFixture) throws -> [String] {
        try fixture.rawConnection().textRows(
            ["SELECT export_origin, export_id, content, status FROM short_term_memories ORDER BY id"], columns: 4)
    }

    /// Makes the message consolidated into a long-term memory of its own, as a pass would.
    private func consolidate(_ id: String, origin: String = "claude-code", _ fixture: StoreFixture) throws {
        let connection = try fixture.rawConnection()
        try connection.execute("INSERT INTO long_term_memories(summary) VALUES ('a summary')")
        try connection.prepare(
            """
            UPDATE short_term_memories SET status = 'consolidated',
                ltm_id = (SELECT max(id) FROM long_term_memories)
            WHERE export_origin = ? AND export_id = ?
            """
        ).bind([origin, id]).run()
    }

    @Test("a message is stored under its origin and id, with its session, source and time, else the import's time")
    func stored() async throws {
        let fixture = try StoreFixture()
        let store = try fixture.open()
        let counts = try await insert(
            [
                message("m1", "first", source: "user"),
                message("m2", "second", session: "s2", source: "assistant", at: nil),
            ],
            into: store)
        #expect(counts == Counts(inserted: 2))
        let query = "SELECT export_origin, export_id, session, source, created_at, status FROM short_term_memories"
        let stored = try fixture.rawConnection().textRows([query + " ORDER BY id"], columns: 6)
        #expect(
            stored == [
                "claude-code|m1|s1|user|\(Timestamp(iso8601: "2026-09-01T10:00:00Z")!.iso8601)|pending",
                "claude-code|m2|s2|assistant|\(startedAt.iso8601)|pending",
            ])
    }

    @Test("a message whose id is stored, by this import or an earlier one, is counted as already present")
    func alreadyPresent() async throws {
        let fixture = try StoreFixture()
        let store = try fixture.open()
        #expect(
            try await insert([message("m1", "one"), message("m2", "two"), message("m1", "one")], into: store)
                == Counts(inserted: 2, alreadyPresent: 1))
        #expect(
            try await insert([message("m1", "one"), message("m3", "three")], into: store)
                == Counts(inserted: 1, alreadyPresent: 1))
        // Another origin's id is another message.
        #expect(try await insert([message("m1", "one", origin: "gemini")], into: store) == Counts(inserted: 1))
        #expect(try rows(fixture).count == 4)
    }

    @Test("more rows than one statement holds are all written and counted")
    func manyRows() async throws {
        let fixture = try StoreFixture()
        let store = try fixture.open()
        let messages = (0..<(2 * ImportWriter.perStatement + 7)).map { message("m\($0)", "message \($0)") }
        #expect(try await insert(messages, into: store) == Counts(inserted: messages.count))
        #expect(try await insert(messages, into: store) == Counts(alreadyPresent: messages.count))
    }

    @Test("revising gives a pending message its new text, and counts it; a consolidated one keeps its own")
    func revising() async throws {
        let fixture = try StoreFixture()
        let store = try fixture.open()
        _ = try await insert(
            [message("m1", "part one"), message("m2", "first version"), message("m3", "same")], into: store)
        try consolidate("m2", fixture)
        let counts = try await insert(
            [
                message("m1", "part one\n\npart two"), message("m2", "second version"), message("m3", "same"),
                message("m4", "new"),
            ], revising: true, into: store)
        #expect(counts == Counts(inserted: 1, alreadyPresent: 3, revised: 1))
        #expect(
            try rows(fixture) == [
                "claude-code|m1|part one\n\npart two|pending", "claude-code|m2|first version|consolidated",
                "claude-code|m3|same|pending", "claude-code|m4|new|pending",
            ])
    }

    @Test("without revising, a stored message keeps its text")
    func notRevising() async throws {
        let fixture = try StoreFixture()
        let store = try fixture.open()
        _ = try await insert([message("m1", "part one")], into: store)
        #expect(try await insert([message("m1", "part one, longer")], into: store) == Counts(alreadyPresent: 1))
        #expect(try rows(fixture) == ["claude-code|m1|part one|pending"])
    }

    @Test("withdraw forgets the pending messages of that origin, says how many, and leaves consolidated ones")
    func withdraw() async throws {
        let fixture = try StoreFixture()
        let store = try fixture.open()
        _ = try await insert(
            [
                message("g1", "one", origin: "gemini"), message("g2", "two", origin: "gemini"),
                message("g3", "three", origin: "gemini"), message("g1", "claude's one"),
            ], into: store)
        try consolidate("g2", origin: "gemini", fixture)
        let withdrawn = try await store.importing { writer in
            try writer.withdraw(["g1", "g2", "missing"], origin: "gemini")
        }
        #expect(withdrawn == 1)
        #expect(
            try rows(fixture) == [
                "gemini|g1|one|forgotten", "gemini|g2|two|consolidated", "gemini|g3|three|pending",
                "claude-code|g1|claude's one|pending",
            ])
        #expect(
            try fixture.rawConnection().scalarInt(
                "SELECT count(*) FROM short_term_memories WHERE export_id = 'g1' AND status_changed_at IS NOT NULL")
                == 1)
        // Rows still buffered in the same import are written first, so that they can be withdrawn.
        let startedAt = startedAt
        let buffered = try await store.importing { writer in
            try writer.insert(message("g4", "four", origin: "gemini"), createdAt: startedAt)
            return try writer.withdraw(["g4"], origin: "gemini")
        }
        #expect(buffered == 1)
        #expect(try await store.importing { writer in try writer.withdraw([], origin: "gemini") } == 0)
    }

    @Test("a purged message is not brought back by an import, nor revised: it counts as already present")
    func purged() async throws {
        let fixture = try StoreFixture()
        let store = try fixture.open()
        _ = try await insert([message("m1", "a secret said once"), message("m2", "kept")], into: store)
        let id = try #require(
            try fixture.rawConnection().scalarInt("SELECT id FROM short_term_memories WHERE export_id = 'm1'"))
        let rules = ForgettingRules(rebuildSummary: { _ in nil }, edgeWeight: { _ in 0 })
        _ = try await store.forgetting {
            try $0.forget(.shortTerm(ShortTermMemoryID(id)), purge: true, at: .now, rules: rules)
        }
        #expect(try rows(fixture) == ["claude-code|m2|kept|pending"])

        let counts = try await insert(
            [message("m1", "a secret said once, and more"), message("m2", "kept")], revising: true, into: store)
        #expect(counts == Counts(inserted: 0, alreadyPresent: 2, revised: 0))
        #expect(try rows(fixture) == ["claude-code|m2|kept|pending"])
        let lookedUp = try await store.lookingUpImports { lookup in
            try [
                lookup.isStored(origin: "claude-code", id: "m1"), lookup.isStored(origin: "claude-code", id: "m2"),
                lookup.isStored(origin: "claude-code", id: "m3"),
            ]
        }
        #expect(lookedUp == [true, true, false])
    }

    @Test("savePosition keeps where a file was read to and adds up the messages stored from it")
    func savePosition() async throws {
        let fixture = try StoreFixture()
        let store = try fixture.open()
        let path = "/home/u/.claude/projects/app/s1.jsonl"
        func save(_ readTo: Int64, inode: Int64 = 2, stored: Int, error: String? = nil) async throws {
            let position = FollowedFile(
                path: path, tool: "claude-code", device: 1, inode: inode, readTo: readTo, error: error)
            try await store.importing { writer in try writer.savePosition(position, storedNow: stored) }
        }
        try await save(100, stored: 3)
        var file = try #require(try await store.inspecting { try $0.followedFiles() }.first)
        #expect(file.readTo == 100 && file.messages == 3 && file.inode == 2 && file.error == nil)
        let firstStored = try #require(file.lastStoredAt)

        try await save(250, inode: 3, stored: 2)
        file = try #require(try await store.inspecting { try $0.followedFiles() }.first)
        #expect(file.readTo == 250 && file.messages == 5 && file.inode == 3)

        // Nothing stored: the time of the last message stored stays; an error is kept, then cleared.
        try await save(250, inode: 3, stored: 0, error: "line 7: is not JSON")
        file = try #require(try await store.inspecting { try $0.followedFiles() }.first)
        #expect(file.messages == 5 && file.error == "line 7: is not JSON")
        #expect(file.lastStoredAt.map { $0 >= firstStored } == true)
        let lastStored = file.lastStoredAt
        try await save(300, inode: 3, stored: 0)
        file = try #require(try await store.inspecting { try $0.followedFiles() }.first)
        #expect(file.readTo == 300 && file.error == nil && file.lastStoredAt == lastStored)
        #expect(try await store.inspecting { try $0.followedFiles() }.count == 1)
    }

    @Test("setProject keeps a session's directory, the latest one given")
    func setProject() async throws {
        let fixture = try StoreFixture()
        let store = try fixture.open()
        try await store.importing { writer in
            try writer.setProject("/srv/app", session: "s1", origin: "codex")
            try writer.setProject("/srv/other", session: "s2", origin: "gemini")
        }
        try await store.importing { writer in try writer.setProject("/srv/app/sub", session: "s1", origin: "codex") }
        #expect(
            try fixture.rawConnection().textRows(
                ["SELECT session, project, origin FROM session_projects ORDER BY session"], columns: 3)
                == ["s1|/srv/app/sub|codex", "s2|/srv/other|gemini"])
    }

    @Test("when an import throws, nothing it wrote is kept")
    func rollback() async throws {
        struct Stop: Error {}
        let fixture = try StoreFixture()
        let store = try fixture.open()
        let startedAt = startedAt
        let message = message("m1", "never kept")
        await #expect(throws: Stop.self) {
            try await store.importing { writer in
                try writer.insert(message, createdAt: startedAt)
                try writer.flush()
                try writer.setProject("/srv/app", session: "s1", origin: "claude-code")
                throw Stop()
            }
        }
        #expect(try rows(fixture).isEmpty)
        #expect(try fixture.rawConnection().scalarInt("SELECT count(*) FROM session_projects") == 0)
    }
}
