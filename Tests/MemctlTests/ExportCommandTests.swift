import Foundation
import SQLiteKit
import TestFixtures
import Testing

/// `memctl export`: every short-term memory out as the JSONL `memctl import` reads, and in again
/// elsewhere to the same memories and, after a consolidation, the same long-term memories.
@Suite("memctl export")
struct ExportCommandTests {
    /// A store of every kind of memory, consolidated: chat over three sessions (JSONL, with times),
    /// notes of a project, with importance, in Unicode, with line breaks, quotes and a backslash, a
    /// Claude Code session (messages with the tool's ids), and one memory forgotten.
    private func variedStore() throws -> MemctlFixture {
        let fixture = try MemctlFixture()
        let chat = try fixture.dir.write("chat.jsonl", variedChat(90))
        try #require(try fixture.run(["import", chat]).status == 0)
        let session = ClaudeCodeSession(id: "5d1c7a2e-0b9f-4e36-8a41-2f6c9d0e7b13", cwd: "/home/dana/src/shop")
        let transcript =
            try [
                session.user("Keep the orders in Postgres, not in Redis.", at: transcriptTime(secondsAgo: 7200)),
                session.reply("msg_01X", "Agreed: orders stay in Postgres.", at: transcriptTime(secondsAgo: 7190)),
                session.reply("msg_01X", "I'll move the cache to Redis only.", at: transcriptTime(secondsAgo: 7189)),
                session.user("Releases are cut every second Tuesday.", at: transcriptTime(secondsAgo: 7000)),
            ].joined(separator: "\n") + "\n"
        let file = try fixture.dir.write(session.fileName, transcript)
        let imported = try fixture.run(["import", "--from", "claude-code", file])
        try #require(imported.status == 0, "\(imported.stderr)")
        try fixture.add(
            "The deploy key lives in the vault.", ["--project", "/home/dana/src/shop", "--importance", "0.9"])
        try fixture.add("Zoë’s café — «très bien» 🎉, 東京で会いましょう", ["--session", "travel", "--source", "zoe"])
        try fixture.add("Line one\nline \"two\"\twith a tab\\ and a backslash", ["--importance", "0"])
        let forgotten = try fixture.add("My old PIN was 4711", ["--source", "assistant"])
        try #require(try fixture.run(["forget", "stm:\(forgotten)"]).status == 0)
        let cycle = try fixture.run(["consolidate", "--local", "--min-age", "0"])
        try #require(cycle.status == 0, "\(cycle.stderr)")
        return fixture
    }

    private func connection(_ db: String) throws -> Connection {
        try Connection(path: db, mode: .readWrite, busyTimeoutMilliseconds: 1000)
    }

    /// Every short-term memory as an export keeps it, in id order: content, session, source,
    /// project, time, importance, and when it was forgotten.
    private func memories(_ db: String) throws -> [String] {
        try connection(db).textRows(
            [
                """
                SELECT content, session, source, project, created_at, importance,
                       CASE status WHEN 'forgotten' THEN status_changed_at END
                FROM short_term_memories ORDER BY id
                """
            ], columns: 7)
    }

    /// The export ids of the memories of `origin`, in id order.
    private func exportIDs(_ db: String, origin: String) throws -> [String] {
        try connection(db).textRows(
            ["SELECT export_id FROM short_term_memories WHERE export_origin = '\(origin)' ORDER BY id"], columns: 1)
    }

    /// Each remembered long-term memory with its project and its sources' contents: what a
    /// consolidation made of the memories, ids aside.
    private func longTermMemories(_ db: String) throws -> [String] {
        try connection(db).textRows(
            [
                """
                SELECT l.summary, l.project, (SELECT group_concat(content, ' ¦ ') FROM (
                    SELECT s.content FROM short_term_memories s WHERE s.ltm_id = l.id ORDER BY s.content))
                FROM long_term_memories l WHERE l.forgotten_at IS NULL ORDER BY 1, 3
                """
            ], columns: 3)
    }

    private func contents(_ fixture: MemctlFixture) throws -> Set<String> {
        Set(try fixture.shortTermMemories().compactMap { $0["content"] as? String })
    }

    @Test(
        "imported into an empty database, an export gives the same memories, and a consolidation the same long-term memories"
    )
    func roundTrip() throws {
        let source = try variedStore()
        let count = try memories(source.db).count
        let file = source.dir.path("memories.jsonl")
        let exported = try source.run(["export", file])
        #expect(exported.status == 0, "\(exported.stderr)")
        #expect(exported.stdout == "exported \(count) memories (1 forgotten) to \(file)\n")
        #expect(exported.stderr == "")

        let target = try MemctlFixture()
        let imported = try target.run(["import", file])
        #expect(imported.stdout == "imported \(count) memories\n", "\(imported.stderr)")
        #expect(try memories(target.db) == memories(source.db))
        // What was consolidated comes in pending, to be consolidated again; the forgotten one stays forgotten.
        #expect(try target.pendingCount() == count - 1)
        #expect(try exportIDs(target.db, origin: "claude-code") == exportIDs(source.db, origin: "claude-code"))
        #expect(try exportIDs(source.db, origin: "claude-code").count == 3)

        let cycle = try target.run(["consolidate", "--local", "--min-age", "0"])
        #expect(cycle.status == 0, "\(cycle.stderr)")
        let longTerm = try longTermMemories(source.db)
        #expect(longTerm.count > 10)
        #expect(try longTermMemories(target.db) == longTerm)

        // Every memory now has an export id, so the new database's export is the same file.
        let again = try target.run(["export"])
        #expect(again.stdout == (try String(contentsOfFile: file, encoding: .utf8)))
        // And importing it again adds nothing.
        let twice = try target.run(["import", file, "--json"]).jsonObject()
        #expect(twice["imported"] as? Int == 0)
        #expect(twice["already_present"] as? Int == count)
        #expect(try memories(target.db).count == count)
    }

    @Test("exports of two databases imported into one keep every memory of both, the same words at the same time too")
    func twoDatabases() throws {
        let first = try MemctlFixture()
        let second = try MemctlFixture()
        // Memory 1 of each: the same words, said at the same time.
        for fixture in [first, second] {
            try fixture.add("Lunch with Priya on Friday", ["--at", "2026-11-20T12:00:00Z"])
        }
        try first.add("The boiler is serviced in March")
        try second.add("My bike needs new brakes")
        let files = try [first, second].map { fixture in
            let file = fixture.dir.path("export.jsonl")
            try #require(try fixture.run(["export", file]).status == 0)
            return file
        }
        let target = try MemctlFixture()
        for file in files { #expect(try target.run(["import", file]).stdout == "imported 2 memories\n") }
        for file in files {
            #expect(try target.run(["import", file]).stdout == "imported 0 memories, 2 already present\n")
        }
        let lunches = try target.shortTermMemories().filter { $0["content"] as? String == "Lunch with Priya on Friday" }
        #expect(lunches.count == 2)
        #expect(try contents(target).count == 3)
    }

    @Test("a copy of the database file, and the id of a purged newest memory given to the next one, hide no memory")
    func reusedIDs() throws {
        let original = try MemctlFixture()
        try original.add("Said before the copy")
        let copy = try MemctlFixture()
        try FileManager.default.copyItem(atPath: original.db, toPath: copy.db)
        // Each now gives its next memory id 2, under the same identity.
        try original.add("Only in the original")
        try copy.add("Only in the copy")
        // The newest memory purged: SQLite gives its id to the next.
        let purged = try original.add("Said, exported, then purged")
        let before = original.dir.path("before.jsonl")
        try #require(try original.run(["export", before]).status == 0)
        try #require(try original.run(["forget", "--purge", "stm:\(purged)"]).status == 0)
        #expect(try original.add("Said after the purge") == purged)
        let after = original.dir.path("after.jsonl")
        let ofCopy = copy.dir.path("copy.jsonl")
        try #require(try original.run(["export", after]).status == 0)
        try #require(try copy.run(["export", ofCopy]).status == 0)

        let target = try MemctlFixture()
        for file in [before, after, ofCopy] { try #require(try target.run(["import", file]).status == 0) }
        #expect(
            try contents(target) == [
                "Said before the copy", "Only in the original", "Only in the copy", "Said, exported, then purged",
                "Said after the purge",
            ])
        #expect(try target.shortTermMemories().count == 5)
    }

    @Test(
        "without FILE, or with -, the export goes to standard output alone; --project DIR keeps what that project sees")
    func standardOutputAndProject() throws {
        let fixture = try MemctlFixture()
        try fixture.add("Everywhere")
        try fixture.add("In the shop", ["--project", "/home/dana/src/shop"])
        try fixture.add("In the thesis", ["--project", "/home/dana/src/thesis"])
        let whole = try fixture.run(["export"])
        #expect(whole.status == 0)
        #expect(whole.stderr == "")
        #expect(try fixture.run(["export", "-", "--json"]).stdout == whole.stdout)
        let lines = whole.stdout.split(separator: "\n").map { line in
            (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any] ?? [:]
        }
        #expect(lines.map { $0["content"] as? String } == ["Everywhere", "In the shop", "In the thesis"])
        let keys: Set = [
            "content", "session", "source", "project", "importance", "created_at", "export_origin", "export_id",
            "forgotten_at",
        ]
        #expect(lines.allSatisfy { Set($0.keys) == keys })
        #expect(lines.allSatisfy { $0["export_origin"] as? String == "memoryd" })

        let shop = try fixture.run(["export", "--project", "/home/dana/src/shop"])
        #expect(shop.status == 0)
        #expect(shop.stdout.split(separator: "\n").count == 2)
        #expect(shop.stdout.contains("In the shop") && !shop.stdout.contains("In the thesis"))
        #expect(try fixture.run(["export", "--all-projects"]).stdout == whole.stdout)
    }

    @Test("exports taken while a consolidation pass writes are whole: every memory once, each importable")
    func besideAPass() throws {
        let fixture = try MemctlFixture()
        let chat = try fixture.dir.write("chat.jsonl", variedChat(3000))
        try #require(try fixture.run(["import", chat]).status == 0)
        let pass = Process()
        pass.executableURL = Memctl.executable
        pass.arguments = ["--db", fixture.db, "consolidate", "--local", "--min-age", "0", "--batch-size", "50"]
        pass.standardOutput = FileHandle.nullDevice
        pass.standardError = FileHandle.nullDevice
        try pass.run()
        var exports = 0
        repeat {
            let file = fixture.dir.path("during-\(exports).jsonl")
            let result = try fixture.run(["export", file])
            #expect(result.status == 0, "\(result.stderr)")
            let ids = try String(contentsOfFile: file, encoding: .utf8).split(separator: "\n").map { line in
                let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
                return object?["export_id"] as? String ?? ""
            }
            #expect(ids.count == 3000 && Set(ids).count == 3000)
            exports += 1
        } while pass.isRunning && exports < 20
        pass.waitUntilExit()
        #expect(pass.terminationStatus == 0)
        let target = try MemctlFixture()
        #expect(try target.run(["import", fixture.dir.path("during-0.jsonl")]).stdout == "imported 3000 memories\n")
    }

    @Test("a memory of 4 MiB of control characters goes out and comes back whole")
    func longestMemory() throws {
        let fixture = try MemctlFixture()
        let text = String(repeating: "\u{1}", count: 4 * 1024 * 1024)
        #expect(try fixture.run(["add", "-"], stdin: Data(text.utf8)).status == 0)
        let exported = try fixture.run(["export"])
        #expect(exported.status == 0)
        let target = try MemctlFixture()
        let imported = try target.run(["import", "-"], stdin: Data(exported.stdout.utf8))
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(try memories(target.db) == memories(fixture.db))
    }

    @Test("--json with FILE prints the counts and the file")
    func jsonSummary() throws {
        let fixture = try MemctlFixture()
        try fixture.add("kept")
        let file = fixture.dir.path("out.jsonl")
        let summary = try fixture.run(["export", "--json", file]).jsonObject()
        #expect(summary["exported"] as? Int == 1)
        #expect(summary["forgotten"] as? Int == 0)
        #expect(summary["file"] as? String == file)
        let mode = try FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as? Int
        #expect(mode == 0o600)
    }
}

/// What `memctl export` must refuse, and what it must leave as it was.
@Suite("memctl export: bad input")
struct ExportBadInputTests {
    /// The files in `fixture.dir` that a command may have left, without the test harness's own.
    private func files(_ fixture: MemctlFixture) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: fixture.dir.url.path)
            .filter { !$0.hasPrefix(".out-") && !$0.hasPrefix(".err-") && !$0.hasPrefix(".in-") }.sorted()
    }

    @Test("a missing database: one line, exit 1, no database and no file made")
    func missingDatabase() throws {
        let fixture = try MemctlFixture()
        let result = try fixture.run(["export", fixture.dir.path("out.jsonl")])
        #expect(result.status == 1)
        #expect(result.hasOneCleanErrorLine, "\(result.stderr)")
        #expect(result.stderr.contains("no memory database"))
        #expect(try files(fixture) == [])
    }

    @Test("a file that is not a database, or of a newer schema: one line, exit 1, the file as it was, nothing made")
    func unusableDatabase() throws {
        let notes = try MemctlFixture()
        try notes.dir.write("memory.db", "These are my notes.\n")
        let newer = try MemctlFixture()
        try newer.add("from the future")
        try Connection(path: newer.db, mode: .readWrite, busyTimeoutMilliseconds: 1000).execute("PRAGMA user_version = 99")
        for (fixture, reason) in [(notes, "not a SQLite database"), (newer, "schema version 99")] {
            let before = try FileSnapshot(fixture.db)
            let result = try fixture.run(["export", fixture.dir.path("out.jsonl")])
            #expect(result.status == 1)
            #expect(result.hasOneCleanErrorLine, "\(result.stderr)")
            #expect(result.stderr.contains(reason), "\(result.stderr)")
            #expect(try FileSnapshot(fixture.db) == before)
            #expect(try files(fixture) == ["memory.db"])
        }
    }

    @Test(
        "an output directory that does not exist: one line naming the file, exit 1, nothing made, the database as it was"
    )
    func missingDirectory() throws {
        let fixture = try MemctlFixture()
        try fixture.add("kept")
        let before = try FileSnapshot(fixture.db)
        let file = fixture.dir.path("no-such-dir/out.jsonl")
        let result = try fixture.run(["export", file])
        #expect(result.status == 1)
        #expect(result.hasOneCleanErrorLine, "\(result.stderr)")
        #expect(result.stderr.contains(file) && result.stderr.contains("No such file or directory"), "\(result.stderr)")
        #expect(try FileSnapshot(fixture.db) == before)
        #expect(try files(fixture) == ["memory.db"])
    }

    @Test("FILE naming the database, its -wal or a directory is a usage error, and the database is left as it was")
    func destinationRefused() throws {
        let fixture = try MemctlFixture()
        try fixture.add("kept")
        let before = try FileSnapshot(fixture.db)
        try FileManager.default.createDirectory(atPath: fixture.dir.path("folder"), withIntermediateDirectories: false)
        for (file, reason) in [
            (fixture.db, "the database's own file"), (fixture.dir.path("folder"), "is a directory"),
        ] {
            let result = try fixture.run(["export", file])
            #expect(result.status == 64)
            #expect(result.stderr.contains(reason), "\(result.stderr)")
            #expect(try FileSnapshot(fixture.db) == before)
        }
        #expect(try files(fixture) == ["folder", "memory.db"])
        let usage = try fixture.run(["export", "a.jsonl", "b.jsonl"])
        #expect(usage.status == 64)
        #expect(try fixture.run(["export", "--project", "/x", "--all-projects"]).status == 64)
    }

    @Test(
        "an export that runs out of space fails in one line, leaves the file already there as it was and nothing else",
        .enabled(if: SmallFilesystem.canMount, "mounting a tmpfs is not allowed here (needs root or CAP_SYS_ADMIN)"))
    func diskFull() throws {
        let fixture = try MemctlFixture()
        let lines = (0..<3000).map { #"{"content": "memory \#($0) "# + String(repeating: "x", count: 1000) + "\"}" }
        let file = try fixture.dir.write("big.jsonl", lines.joined(separator: "\n") + "\n")
        try #require(try fixture.run(["import", file]).status == 0)
        let fs = try SmallFilesystem(mebibytes: 1)
        let output = fs.file("out.jsonl")
        try Data("the export before\n".utf8).write(to: URL(fileURLWithPath: output))
        let result = try fixture.run(["export", output])
        #expect(result.status == 1)
        #expect(result.hasOneCleanErrorLine, "\(result.stderr)")
        #expect(result.stderr.contains("No space left"), "\(result.stderr)")
        #expect(try String(contentsOfFile: output, encoding: .utf8) == "the export before\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: fs.path) == ["out.jsonl"])
    }
}
