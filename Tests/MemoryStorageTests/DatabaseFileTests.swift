import Foundation
import Testing

@testable import MemoryModel
@testable import MemoryStorage
@testable import SQLiteKit
import TestFixtures

@Suite("Database files")
struct SQLiteLayerTests {
    @Test("the current schema version is the last migration's")
    func currentVersionIsTheLastMigrations() {
        #expect(Schema.currentVersion == Schema.migrations.last?.version)
        #expect(Schema.migrations.map(\.version) == Array(1...Schema.currentVersion))
    }

    @Test("opening a new file runs the migrations: WAL, foreign keys on, schema version recorded")
    func migratesEmptyFile() async throws {
        let fixture = try StoreFixture()
        _ = try fixture.open()
        let connection = try fixture.rawConnection()
        #expect(try connection.schemaVersion() == Schema.currentVersion)
        #expect(try connection.scalarText("PRAGMA journal_mode") == "wal")
        #expect(try connection.scalarInt("PRAGMA foreign_keys") == 1)
        #expect(try connection.scalarInt("SELECT count(*) FROM schema_migrations") == Int64(Schema.migrations.count))
        let tables = try connection.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
            .rows { $0.text(0) }
        for table in [
            "short_term_memories", "long_term_memories", "long_term_sources", "entities", "entity_aliases",
            "entity_mentions", "relations", "relation_evidence", "passes", "memory_recall",
            "long_term_memories_fts", "schema_migrations",
        ] {
            #expect(tables.contains(table), "missing table \(table)")
        }
    }

    @Test("a zero-byte file gets the schema from a command that writes, and is left alone by one that reads")
    func zeroByteFile() async throws {
        let fixture = try StoreFixture()
        _ = FileManager.default.createFile(atPath: fixture.path, contents: Data())
        #expect(throws: StoreError.notInitialized(path: fixture.path)) { try fixture.open(create: false) }
        #expect(try fixture.contents().isEmpty)
        #expect(try fixture.siblings() == ["memory.db"])
        let store = try fixture.open(create: true)
        #expect(try await store.inspecting { try $0.statistics() }.schemaVersion == Schema.currentVersion)
        #expect(try fixture.rawConnection().applicationID() == Schema.applicationID)
    }

    @Test("another program's SQLite database is refused and left untouched", arguments: [false, true])
    func foreignDatabase(create: Bool) throws {
        let fixture = try StoreFixture()
        do {
            let other = try Connection(path: fixture.path, mode: .readWriteCreate, busyTimeoutMilliseconds: 100)
            try other.execute("CREATE TABLE invoices(id INTEGER PRIMARY KEY, total REAL)")
        }
        let before = try fixture.contents()
        #expect(throws: StoreError.foreignDatabase(path: fixture.path)) { try fixture.open(create: create) }
        #expect(try fixture.contents() == before)
        #expect(try fixture.siblings() == ["memory.db"])
    }

    @Test("relative paths and SQLite's special names are taken as files")
    func specialNames() throws {
        #expect(throws: StoreError.cannotOpen(path: "", reason: "the database path is empty")) {
            try MemoryStore(.init(path: "", createIfMissing: true))
        }
        let fixture = try StoreFixture()
        let previous = FileManager.default.currentDirectoryPath
        #expect(FileManager.default.changeCurrentDirectoryPath(fixture.directory.path))
        defer { _ = FileManager.default.changeCurrentDirectoryPath(previous) }
        _ = try MemoryStore(.init(path: ":memory:", createIfMissing: true))
        #expect(try fixture.siblings().contains(":memory:"))
    }

    /// A database as an older build left it: the first `version` migrations, then `statements`.
    private static func database(at version: Int, _ fixture: StoreFixture, _ statements: String...) throws {
        let old = try fixture.olderDatabase(at: version, statements)
        #expect(try old.schemaVersion() == version)
    }

    @Test("a version 1 database with memories is migrated to the current version with its data intact")
    func migratesVersion1() async throws {
        let fixture = try StoreFixture()
        try Self.database(at: 1, fixture, "INSERT INTO short_term_memories(content, session) VALUES ('from version 1', 'old')")
        let store = try fixture.open(create: false)
        #expect(try await store.inspecting { try $0.statistics() }.schemaVersion == Schema.currentVersion)
        #expect(try await store.inspecting { try $0.shortTermMemories(limit: 5) }.map(\.content) == ["from version 1"])
        #expect(try await store.inspecting { try $0.checkIntegrity() }.ok)
        let versions = try fixture.rawConnection().prepare("SELECT version FROM schema_migrations ORDER BY version")
            .rows { $0.int(0) }
        #expect(versions == Schema.migrations.map(\.version))
    }

    @Test("a version 4 database is migrated to version 5 with every long-term memory remembered")
    func migratesVersion4() async throws {
        let fixture = try StoreFixture()
        try Self.database(at: 4, fixture, "INSERT INTO long_term_memories(summary) VALUES ('Leah lives in Berlin.')")
        let store = try fixture.open(create: false)
        #expect(try await store.inspecting { try $0.statistics() }.schemaVersion == Schema.currentVersion)
        let memories = try await store.inspecting { try $0.longTermMemories(limit: 10) }
        #expect(memories.map(\.summary) == ["Leah lives in Berlin."] && memories.allSatisfy { $0.forgottenAt == nil })
    }

    @Test("a version 5 database is migrated with no band keys waiting to be written")
    func migratesVersion5() async throws {
        let fixture = try StoreFixture()
        try Self.database(
            at: 5, fixture, "INSERT INTO long_term_memories(summary) VALUES ('Leah lives in Berlin.')",
            "INSERT INTO long_term_signatures(band_key, ltm_id) VALUES (42, 1)")
        let store = try fixture.open(create: false)
        #expect(try await store.inspecting { try $0.statistics() }.schemaVersion == Schema.currentVersion)
        let raw = try fixture.rawConnection()
        #expect(try raw.scalarInt("SELECT count(*) FROM long_term_signatures_stale") == 0)
        #expect(try raw.scalarInt("SELECT ltm_id FROM long_term_signatures WHERE band_key = 42") == 1)
        // The list goes with its long-term memory.
        try raw.execute("INSERT INTO long_term_signatures_stale(ltm_id) VALUES (1)")
        try raw.execute("DELETE FROM long_term_memories WHERE id = 1")
        #expect(try raw.scalarInt("SELECT count(*) FROM long_term_signatures_stale") == 0)
    }

    @Test("a version 3 database is migrated with every memory in the recall index, the other speaker's previous turn as context")
    func migratesVersion3() async throws {
        let fixture = try StoreFixture()
        try Self.database(
            at: 3, fixture,
            """
            INSERT INTO short_term_memories(content, session, source, created_at) VALUES
                ('What instrument did you pick up?', 'c', 'Caroline', '2023-05-08T13:56:00.000Z'),
                ('The violin, lessons on Tuesdays.', 'c', 'Melanie', '2023-05-08T13:56:30.000Z')
            """)
        let store = try fixture.open(create: false)
        #expect(try await store.inspecting { try $0.statistics() }.schemaVersion == Schema.currentVersion)
        // memctl search reads the recall index now; the version 1 index over content is gone.
        #expect(try fixture.rawConnection().scalarInt("SELECT count(*) FROM sqlite_master WHERE name LIKE 'short_term_memories_fts%'") == 0)
        #expect(try await store.inspecting { try $0.search("violin", limit: 5) }.map(\.id) == [2])
        let raw = try fixture.rawConnection()
        let rows = try raw.prepare("SELECT rowid, speaker, context, dates FROM memory_recall ORDER BY rowid")
            .rows { [$0.text(1), $0.text(2), $0.text(3)] }
        #expect(rows == [
            ["Caroline", "", "8 may 2023 monday"], ["Melanie", "What instrument did you pick up?", "8 may 2023 monday"],
        ])
        let turns = try await store.recalling {
            try $0.recallTurns(matching: ["instrument", "melanie", "play"], weights: RecallWeights())
        }
        #expect(turns.first?.text == "The violin, lessons on Tuesdays.")
        #expect(try await store.inspecting { try $0.checkIntegrity() }.ok)
    }

    @Test("a version 7 database is migrated to index only the end of a long turn before a memory, and so is a new memory")
    func migratesVersion7() async throws {
        let fixture = try StoreFixture()
        // A 300-word answer, then the user's short reply to the question it ends with.
        let answer = String(repeating: "Some general advice about packing light for long trips. ", count: 30)
            + "Which city are you flying to first?"
        try Self.database(
            at: 7, fixture,
            """
            INSERT INTO short_term_memories(content, session, source, created_at) VALUES
                ('\(answer)', 's', 'assistant', '2023-05-08T13:56:00.000Z'),
                ('Lisbon, then Porto.', 's', 'user', '2023-05-08T13:56:30.000Z')
            """)
        let store = try fixture.open(create: false)
        #expect(try await store.inspecting { try $0.statistics() }.schemaVersion == Schema.currentVersion)
        _ = try await store.add(
            NewMemory(content: answer, session: "t", source: "assistant", createdAt: Timestamp(iso8601: "2023-06-01T10:00:00Z")))
        _ = try await store.add(
            NewMemory(content: "Madrid.", session: "t", source: "user", createdAt: Timestamp(iso8601: "2023-06-01T10:00:30Z")))
        let raw = try fixture.rawConnection()
        let contexts = try raw.prepare("SELECT context FROM memory_recall WHERE speaker = 'user' ORDER BY rowid")
            .rows { $0.text(0) }
        let ending = "packing light for long trips. Which city are you flying to first?"
        #expect(contexts.count == 2)
        for context in contexts {
            #expect(context.hasSuffix(ending) && context.count <= Schema.contextCharacters, "\(context)")
            // It starts at a word: "Some", "general", … not the middle of one.
            #expect(answer.contains(" " + context))
        }
        // The short replies rank above the long answer whose words they are recalled by.
        let turns = try await store.recalling {
            try $0.recallTurns(matching: ["city", "flying"], weights: RecallWeights())
        }
        #expect(Set(turns.prefix(2).map(\.text)) == ["Lisbon, then Porto.", "Madrid."])
        #expect(try await store.inspecting { try $0.checkIntegrity() }.ok)
    }

    @Test("reopening does not run a migration twice")
    func reopening() async throws {
        let fixture = try StoreFixture()
        _ = try fixture.open()
        _ = try fixture.open()
        #expect(try fixture.rawConnection().scalarInt("SELECT count(*) FROM schema_migrations") == Int64(Schema.migrations.count))
    }

    @Test("a file that is not SQLite is refused before anything is written to it")
    func notADatabase() throws {
        let fixture = try StoreFixture()
        let junk = Data("this is a text file, not a database\n".utf8) + Data((0..<4096).map { UInt8($0 % 251) })
        try junk.write(to: URL(fileURLWithPath: fixture.path))
        #expect(throws: StoreError.notADatabase(path: fixture.path)) { try fixture.open(create: false) }
        #expect(throws: StoreError.notADatabase(path: fixture.path)) { try fixture.open(create: true) }
        #expect(try fixture.contents() == junk)
        #expect(try fixture.siblings() == ["memory.db"])
    }

    @Test("a file from a newer schema is refused and left untouched")
    func newerSchema() throws {
        let fixture = try StoreFixture()
        _ = try fixture.open()
        try fixture.rawConnection().execute("PRAGMA user_version = 99")
        let before = try fixture.contents()
        #expect(throws: StoreError.newerSchema(path: fixture.path, found: 99, supported: Schema.currentVersion)) {
            try fixture.open()
        }
        #expect(try fixture.contents() == before)
    }

    @Test("a missing file is an error unless asked to create it")
    func missingFile() throws {
        let fixture = try StoreFixture()
        #expect(throws: StoreError.databaseMissing(path: fixture.path)) { try fixture.open(create: false) }
        #expect(!FileManager.default.fileExists(atPath: fixture.path))
    }

    @Test("the store's messages say what happened and leave advice to the program: memoryd has no memctl flags")
    func messagesWithoutAdvice() {
        let errors: [StoreError] = [
            .databaseMissing(path: "/x/m.db"), .notInitialized(path: "/x/m.db"),
            .locked(path: "/x/m.db", waitedMilliseconds: 200),
        ]
        #expect(errors.map(\.description) == [
            "no memory database at /x/m.db", "/x/m.db is an empty file, not a memory database yet",
            "/x/m.db is locked by another process (waited 200 ms)",
        ])
    }

    @Test("failures are typed errors with the result code, SQLite's message and the SQL")
    func typedErrors() throws {
        let fixture = try StoreFixture()
        _ = try fixture.open()
        let connection = try fixture.rawConnection()
        let sql = "INSERT INTO short_term_memories(content, status) VALUES ('x', 'bogus')"
        do {
            try connection.prepare(sql).run()
            Issue.record("a CHECK violation was accepted")
        } catch let error as SQLiteError {
            #expect(error.resultCode == .constraint)
            #expect(error.extendedResultCode == .constraintCheck)
            #expect(error.message.contains("CHECK constraint failed"))
            #expect(error.sql == sql)
            #expect(error.description.hasPrefix("SQLite error 19: CHECK constraint failed"))
        }
        #expect(throws: SQLiteError.self) { try connection.prepare("SELECT * FROM no_such_table") }
    }

    @Test("a transaction rolls back when its body throws, and commits when it returns")
    func transactions() throws {
        struct Boom: Error {}
        let fixture = try StoreFixture()
        _ = try fixture.open()
        let connection = try fixture.rawConnection()
        #expect(throws: Boom.self) {
            try connection.inTransaction {
                try connection.execute("INSERT INTO short_term_memories(content) VALUES ('lost')")
                throw Boom()
            }
        }
        #expect(!connection.isInTransaction)
        #expect(try connection.scalarInt("SELECT count(*) FROM short_term_memories") == 0)
        try connection.inTransaction { try connection.execute("INSERT INTO short_term_memories(content) VALUES ('kept')") }
        #expect(try connection.scalarInt("SELECT count(*) FROM short_term_memories") == 1)
    }

    @Test("prepared statements are cached by SQL text")
    func statementCache() throws {
        let fixture = try StoreFixture()
        _ = try fixture.open()
        let connection = try fixture.rawConnection()
        let first = try connection.prepare("SELECT count(*) FROM short_term_memories")
        let second = try connection.prepare("SELECT count(*) FROM short_term_memories")
        #expect(first === second)
        #expect(try connection.prepare("SELECT 1") !== first)
    }

    @Test("the schema refuses what would break an invariant")
    func schemaConstraints() throws {
        let fixture = try StoreFixture()
        _ = try fixture.open()
        let connection = try fixture.rawConnection()
        for sql in [
            "INSERT INTO short_term_memories(content) VALUES ('')",
            "INSERT INTO short_term_memories(content, importance) VALUES ('x', 1.5)",
            "INSERT INTO short_term_memories(content, created_at) VALUES ('x', '2026-11-02 09:30')",
            "INSERT INTO short_term_memories(content, status) VALUES ('x', 'consolidated')",
            "INSERT INTO short_term_memories(content, ltm_id) VALUES ('x', 12345)",
            "INSERT INTO passes(kind) VALUES ('dreaming')",
            "INSERT INTO passes(kind, counts) VALUES ('graph', 'not json')",
        ] {
            #expect(throws: SQLiteError.self, "accepted: \(sql)") { try connection.execute(sql) }
        }
    }

    /// Litestream creates `_litestream_seq` and `_litestream_lock` in the database as it starts.
    /// A store that had read the schema before then prepared its first insert afterwards: SQLite's
    /// own second try failed too ("no such table: short_term_memories", SQLITE_SCHEMA), because the
    /// FTS5 table its trigger writes connects while the schema is read again.
    @Test("a store that read the schema before another program added a table still adds, as Litestream starting does")
    func addsAfterAnotherProgramsTable() async throws {
        let fixture = try StoreFixture()
        let first = try fixture.open()
        _ = try await first.add(NewMemory(content: "before", session: "s", source: "me"))
        await first.close()
        let store = try fixture.open(create: false)
        let litestream = try fixture.rawConnection()
        try litestream.execute("CREATE TABLE IF NOT EXISTS _litestream_seq (id INTEGER PRIMARY KEY, seq INTEGER)")
        _ = try await store.add(NewMemory(content: "after the first table", session: "s", source: "me"))
        try litestream.execute("CREATE TABLE IF NOT EXISTS _litestream_lock (id INTEGER)")
        _ = try await store.add(NewMemory(content: "after the second", session: "s", source: "me"))
        #expect(try await store.inspecting { try $0.shortTermMemories(limit: 5) }.map(\.content).sorted()
            == ["after the first table", "after the second", "before"])
        // The trigger's row went into the recall index too.
        #expect(try litestream.scalarInt("SELECT count(*) FROM memory_recall WHERE memory_recall MATCH 'second'") == 1)
    }

    @Test("a closed store refuses further calls with a plain error and leaves the file whole")
    func closedStore() async throws {
        let fixture = try StoreFixture()
        let store = try fixture.open()
        _ = try await store.add(NewMemory(content: "kept", session: "s", source: "me"))
        await store.close()
        let error = await #expect(throws: StoreError.self) { try await store.inspecting { try $0.statistics() } }
        #expect(error.map { "\($0)" }?.contains("the database is closed") == true)
        #expect(try await fixture.open(create: false).inspecting {
            try $0.shortTermMemories(limit: 5)
        }.map(\.content) == ["kept"])
    }

    @Test("a version 9 database keeps its exports and takes coding agents' messages once migrated; other origins are still refused")
    func migratesVersion9() async throws {
        let fixture = try StoreFixture()
        try Self.database(
            at: 9, fixture,
            "INSERT INTO short_term_memories(content, session, export_origin, export_id) VALUES ('from ChatGPT', 'c1', 'chatgpt', 'm1')")
        do {
            // What version 9 refused.
            let old = try fixture.rawConnection()
            #expect(throws: SQLiteError.self) {
                try old.execute("INSERT INTO short_term_memories(content, export_origin, export_id) VALUES ('x', 'codex', 'a')")
            }
        }
        let store = try fixture.open(create: false)
        #expect(try await store.inspecting { try $0.statistics() }.schemaVersion == Schema.currentVersion)
        _ = try await store.importing { writer in
            try writer.insert(
                ImportedMessage(
                    origin: "claude-code", id: "msg_1", session: "s1", source: "assistant", content: "from Claude Code",
                    createdAt: nil), createdAt: .now)
            try writer.setProject("/home/me/src/shop", session: "s1", origin: "claude-code")
        }
        #expect(Set(try await store.inspecting { try $0.shortTermMemories(limit: 5) }.map(\.content)) == ["from ChatGPT", "from Claude Code"])
        #expect(try await store.inspecting { try $0.checkIntegrity() }.ok)
        let raw = try fixture.rawConnection()
        #expect(try raw.scalarInt("SELECT count(*) FROM session_projects WHERE project = '/home/me/src/shop'") == 1)
        #expect(try raw.prepare("PRAGMA integrity_check").firstRow { $0.text(0) } == "ok")
        #expect(throws: SQLiteError.self) {
            try raw.execute("INSERT INTO short_term_memories(content, export_origin, export_id) VALUES ('x', 'bard', 'b')")
        }
    }

    @Test("a version 10 database is migrated with each memory in its session's project, and each long-term memory in its sources'")
    func migratesVersion10() async throws {
        let fixture = try StoreFixture()
        try Self.database(
            at: 10, fixture,
            "INSERT INTO session_projects(session, project, origin) VALUES ('cc1', '/home/dana/src/shop', 'claude-code')",
            """
            INSERT INTO short_term_memories(id, content, session, export_origin, export_id)
            VALUES (1, 'Orders stay in Postgres.', 'cc1', 'claude-code', 'u1'), (2, 'A note by hand.', 'default', NULL, NULL),
                   (3, 'Postgres keeps the orders.', 'cc1', 'claude-code', 'u2')
            """,
            "INSERT INTO long_term_memories(id, summary) VALUES (1, 'Orders stay in Postgres.'), (2, 'A note by hand.')",
            """
            UPDATE short_term_memories SET status = 'consolidated', ltm_id = CASE id WHEN 2 THEN 2 ELSE 1 END
            """,
            "INSERT INTO long_term_sources(ltm_id, stm_id, role) VALUES (1, 1, 'created'), (1, 3, 'merged'), (2, 2, 'created')")
        let store = try fixture.open(create: false)
        #expect(try await store.inspecting { try $0.statistics() }.schemaVersion == Schema.currentVersion)
        let projects = try await store.inspecting {
            try $0.shortTermMemories(limit: 5)
        }.sorted { $0.id < $1.id }.map(\.project)
        #expect(projects == ["/home/dana/src/shop", nil, "/home/dana/src/shop"])
        // Long-term memory 1 takes its sources' project; 2, made from a note of no project, has none.
        let longTerm = try await store.inspecting {
            try $0.longTermMemories(limit: 5)
        }.sorted { $0.id < $1.id }.map(\.project)
        #expect(longTerm == ["/home/dana/src/shop", nil])
        #expect(try await store.inspecting { try $0.checkIntegrity() }.ok)
        let raw = try fixture.rawConnection()
        #expect(throws: SQLiteError.self) {
            try raw.execute("INSERT INTO short_term_memories(content, project) VALUES ('x', 'relative/dir')")
        }
        #expect(try raw.prepare("PRAGMA integrity_check").firstRow { $0.text(0) } == "ok")
    }

    @Test("a version 11 database gets an identity of its own, kept from then on, and takes memories of memoryd's exports")
    func migratesVersion11() async throws {
        let fixture = try StoreFixture()
        try Self.database(
            at: 11, fixture,
            "INSERT INTO short_term_memories(content, session, export_origin, export_id) VALUES ('from ChatGPT', 'c1', 'chatgpt', 'm1')",
            "INSERT INTO short_term_memories(content) VALUES ('a note by hand')")
        do {
            // What version 11 refused.
            let old = try fixture.rawConnection()
            #expect(throws: SQLiteError.self) {
                try old.execute("INSERT INTO short_term_memories(content, export_origin, export_id) VALUES ('x', 'memoryd', 'a')")
            }
        }
        let store = try fixture.open(create: false)
        #expect(try await store.inspecting { try $0.statistics() }.schemaVersion == Schema.currentVersion)
        let identity = try await store.exporting { try $0.databaseIdentity() }
        #expect(identity.wholeMatch(of: /[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}/) != nil, "\(identity)")
        try fixture.rawConnection().execute(
            "INSERT INTO short_term_memories(content, export_origin, export_id) VALUES ('from another', 'memoryd', 'd:7:0')")
        #expect(try await store.inspecting { try $0.shortTermMemories(limit: 5) }.count == 3)
        #expect(try await store.inspecting { try $0.checkIntegrity() }.ok)
        await store.close()
        // The same identity at every opening; another database has another.
        #expect(try await fixture.open(create: false).exporting { try $0.databaseIdentity() } == identity)
        let other = try StoreFixture()
        #expect(try await other.open().exporting { try $0.databaseIdentity() } != identity)
        let raw = try fixture.rawConnection()
        #expect(try raw.prepare("PRAGMA integrity_check").firstRow { $0.text(0) } == "ok")
        #expect(throws: SQLiteError.self) {
            try raw.execute("INSERT INTO short_term_memories(content, export_origin, export_id) VALUES ('x', 'bard', 'b')")
        }
        #expect(throws: SQLiteError.self) { try raw.execute("INSERT INTO database_identity(id, uuid) VALUES (2, 'x')") }
    }
}
