import Foundation
import TestFixtures
import Testing

@Suite("memctl import")
struct ImportCommandTests {
    @Test("every field of a JSONL line is stored")
    func allFields() throws {
        let fixture = try MemctlFixture()
        let file = try fixture.dir.write(
            "memories.jsonl",
            """
            {"content": "Moved to Berlin", "session": "s-1", "source": "calendar", "importance": 0.9, "created_at": "2026-11-02T09:30:00+01:00", "extra": "ignored"}
            {"content": "Likes tea", "importance": 0, "created_at": "2026-11-03T00:00:00Z"}

            """)
        let result = try fixture.run(["import", file])
        #expect(result.status == 0)
        #expect(result.stdout == "imported 2 memories\n")
        #expect(result.stderr == "")
        let memories = try fixture.shortTermMemories()
        try #require(memories.count == 2)
        let berlin = memories[1]
        #expect(berlin["id"] as? Int == 1)
        #expect(berlin["content"] as? String == "Moved to Berlin")
        #expect(berlin["session"] as? String == "s-1")
        #expect(berlin["source"] as? String == "calendar")
        #expect(berlin["importance"] as? Double == 0.9)
        #expect(berlin["created_at"] as? String == "2026-11-02T08:30:00.000Z")
        #expect(berlin["status"] as? String == "pending")
        let tea = memories[0]
        #expect(tea["session"] as? String == "default")
        #expect(tea["source"] as? String == "user")
        #expect(tea["importance"] as? Double == 0)
        #expect(tea["created_at"] as? String == "2026-11-03T00:00:00.000Z")
    }

    @Test("chat-style lines: the role becomes the source, and an explicit source wins")
    func chatStyle() throws {
        let fixture = try MemctlFixture()
        let file = try fixture.dir.write(
            "chat.jsonl",
            """
            {"role": "user", "content": "What is the capital of France?", "created_at": "2026-01-01T10:00:00Z"}
            {"role": "assistant", "content": "Paris.", "created_at": "2026-01-01T10:00:01Z"}
            {"role": "assistant", "source": "tool:search", "content": "3 results", "created_at": "2026-01-01T10:00:02Z"}
            """)
        let result = try fixture.run(["import", file])
        #expect(result.status == 0)
        #expect(result.stdout == "imported 3 memories\n")
        let sources = try fixture.shortTermMemories().reversed().map { $0["source"] as? String }
        #expect(sources == ["user", "assistant", "tool:search"])
    }

    @Test("blank lines, whitespace-only lines, CRLF endings and a missing final newline are fine")
    func blankLinesAndCRLF() throws {
        let fixture = try MemctlFixture()
        let text =
            "\r\n" + #"{"content": "one"}"# + "\r\n\r\n   \r\n\t\n" + #"{"content": "two"}"# + "\n\n"
            + #"{"content": "three"}"#
        let file = try fixture.dir.write("crlf.jsonl", text)
        let result = try fixture.run(["import", file])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "imported 3 memories\n")
        let contents = try fixture.shortTermMemories().map { $0["content"] as? String }
        // No stray carriage returns in the content.
        #expect(Set(contents.compactMap { $0 }) == ["one", "two", "three"])
    }

    @Test("lines without created_at get the time of the import, in UTC")
    func defaultTime() throws {
        let fixture = try MemctlFixture()
        let file = try fixture.dir.write("now.jsonl", #"{"content": "a"}"# + "\n" + #"{"content": "b"}"# + "\n")
        #expect(try fixture.run(["import", file]).status == 0)
        let times = try fixture.shortTermMemories().compactMap { $0["created_at"] as? String }
        #expect(times.count == 2)
        #expect(times.allSatisfy(isStoredTimestamp))
        #expect(Set(times).count == 1, "one import, one time: \(times)")
    }

    @Test("import - reads JSONL from standard input")
    func standardInput() throws {
        let fixture = try MemctlFixture()
        let input = #"{"content": "from a pipe"}"# + "\n" + #"{"role": "assistant", "content": "me too"}"# + "\n"
        let result = try fixture.run(["import", "-"], stdin: Data(input.utf8))
        #expect(result.status == 0)
        #expect(result.stdout == "imported 2 memories\n")
        let contents = try fixture.shortTermMemories().map { $0["content"] as? String }
        #expect(contents.sorted { ($0 ?? "") < ($1 ?? "") } == ["from a pipe", "me too"])
    }

    @Test("importing into an existing database adds to what is there")
    func addsToExisting() throws {
        let fixture = try MemctlFixture()
        try fixture.add("already here")
        try fixture.add("me too")
        let file = try fixture.dir.write("more.jsonl", #"{"content": "new 1"}"# + "\n" + #"{"content": "new 2"}"# + "\n")
        #expect(try fixture.run(["import", file]).status == 0)
        #expect(try fixture.run(["import", file]).status == 0)
        #expect(try fixture.pendingCount() == 6)
        let ids = try fixture.shortTermMemories().compactMap { $0["id"] as? Int }.sorted()
        #expect(ids == [1, 2, 3, 4, 5, 6])
    }

    @Test("--json prints {\"imported\": N, \"already_present\": 0, \"skipped\": 0, \"errors\": []}")
    func jsonReport() throws {
        let fixture = try MemctlFixture()
        let file = try fixture.dir.write("ok.jsonl", #"{"content": "a"}"# + "\n" + #"{"content": "b"}"# + "\n")
        let result = try fixture.run(["import", file, "--json"])
        #expect(result.status == 0)
        let report = try result.jsonObject()
        #expect(Set(report.keys) == ["imported", "already_present", "skipped", "errors"])
        #expect(report["imported"] as? Int == 2)
        #expect(report["already_present"] as? Int == 0)
        #expect(report["skipped"] as? Int == 0)
        #expect((report["errors"] as? [Any])?.isEmpty == true)
    }

    @Test("export ids and forgotten_at: a memory already stored is counted as already present, a forgotten one comes in forgotten")
    func exportKeys() throws {
        let fixture = try MemctlFixture()
        let lines = [
            #"{"content": "Lunch on Friday", "export_origin": "memoryd", "export_id": "d:1:0", "created_at": "2026-11-20T12:00:00Z"}"#,
            #"{"content": "An old PIN", "export_origin": "memoryd", "export_id": "d:2:0", "forgotten_at": "2026-11-21T08:00:00Z"}"#,
            #"{"content": "From ChatGPT", "export_origin": "chatgpt", "export_id": "m-1", "project": null}"#,
        ]
        let file = try fixture.dir.write("export.jsonl", lines.joined(separator: "\n") + "\n")
        #expect(try fixture.run(["import", file]).stdout == "imported 3 memories\n")
        let again = try fixture.run(["import", file])
        #expect(again.stdout == "imported 0 memories, 3 already present\n", "\(again.stderr)")
        let forgotten = try fixture.shortTermMemories(["--status", "forgotten"])
        #expect(forgotten.map { $0["content"] as? String } == ["An old PIN"])
        let row = try SQLiteShell.run(
            fixture.db, "SELECT status_changed_at, ltm_id IS NULL FROM short_term_memories WHERE export_id = 'd:2:0';")
        #expect(row.output == "2026-11-21T08:00:00.000Z|1\n")
        #expect(try fixture.pendingCount() == 2)
    }

    @Test("a missing import file fails with a clear message and creates no database")
    func missingFile() throws {
        let dir = try TemporaryDirectory()
        let db = dir.path("new/memory.db")
        let result = try Memctl.run(["--db", db, "import", dir.path("nope.jsonl")], in: dir)
        #expect(result.status == 1)
        #expect(result.hasOneCleanErrorLine, "\(result.stderr)")
        #expect(result.stderr.contains("nope.jsonl"))
        #expect(result.stderr.contains("No such file"))
        #expect(!FileManager.default.fileExists(atPath: db))
        #expect(!FileManager.default.fileExists(atPath: dir.path("new")))
    }

    @Test("importing a directory fails with a clear message and creates no database")
    func directoryAsFile() throws {
        let fixture = try MemctlFixture()
        let result = try fixture.run(["import", fixture.dir.url.path])
        #expect(result.status == 1)
        #expect(result.hasOneCleanErrorLine, "\(result.stderr)")
        #expect(result.stderr.contains("directory"))
        #expect(!fixture.databaseExists)
    }
}

/// One line that an import must refuse, and the reason memctl should give.
struct BadImportLine: Sendable, CustomTestStringConvertible {
    let name: String
    let bytes: [UInt8]
    let reason: String

    init(_ name: String, _ line: String, reason: String) {
        self.init(name, Array(line.utf8), reason: reason)
    }

    init(_ name: String, _ bytes: [UInt8], reason: String) {
        self.name = name
        self.bytes = bytes
        self.reason = reason
    }

    var testDescription: String { name }

    static let all: [BadImportLine] = [
        .init("invalid JSON", #"{"content": "unterminated"#, reason: "invalid JSON"),
        .init("not an object", #"["content", "x"]"#, reason: "expected a JSON object"),
        .init("missing content", #"{"session": "s"}"#, reason: #"missing "content""#),
        .init("null content", #"{"content": null}"#, reason: #"missing "content""#),
        .init("content is a number", #"{"content": 42}"#, reason: #""content" must be a string"#),
        .init("empty content", #"{"content": ""}"#, reason: "content is empty"),
        .init("whitespace-only content", #"{"content": " \t\n "}"#, reason: "content is empty"),
        .init("importance 1.5", #"{"content": "x", "importance": 1.5}"#, reason: "importance must be between 0 and 1"),
        .init("importance -0.1", #"{"content": "x", "importance": -0.1}"#, reason: "importance must be between 0 and 1"),
        .init("importance as a string", #"{"content": "x", "importance": "0.5"}"#, reason: #""importance" must be a number"#),
        .init("created_at 'yesterday'", #"{"content": "x", "created_at": "yesterday"}"#, reason: #""created_at" is not an ISO-8601 time"#),
        .init("impossible date 2026-02-30", #"{"content": "x", "created_at": "2026-02-30T10:00:00Z"}"#, reason: #""created_at" is not an ISO-8601 time"#),
        .init("empty session", #"{"content": "x", "session": ""}"#, reason: "session is empty"),
        .init(
            "unknown export_origin", #"{"content": "x", "export_origin": "bard", "export_id": "1"}"#,
            reason: #"export_origin must be one of chatgpt, claude, claude-code, codex, gemini, memoryd, got "bard""#),
        .init("export_origin without export_id", #"{"content": "x", "export_origin": "memoryd"}"#, reason: "export_origin and export_id go together"),
        .init("export_id without export_origin", #"{"content": "x", "export_id": "m1"}"#, reason: "export_origin and export_id go together"),
        .init("empty export_id", #"{"content": "x", "export_origin": "chatgpt", "export_id": ""}"#, reason: "export_id is empty"),
        .init("export_id as a number", #"{"content": "x", "export_origin": "chatgpt", "export_id": 7}"#, reason: #""export_id" must be a string"#),
        .init("forgotten_at 'yesterday'", #"{"content": "x", "forgotten_at": "yesterday"}"#, reason: #""forgotten_at" is not an ISO-8601 time"#),
        .init(
            "invalid UTF-8", Array(#"{"content": "bad "#.utf8) + [0xFF, 0xFE] + Array(#" bytes"}"#.utf8),
            reason: "invalid UTF-8 at byte 18"),
        .init(
            "content over 4 MiB", #"{"content": ""# + String(repeating: "x", count: 4 * 1024 * 1024 + 1) + #""}"#,
            reason: "the limit is 4194304 bytes"),
    ]
}

@Suite("memctl import: all or nothing")
struct ImportAllOrNothingTests {
    /// A file with good lines around the bad one: line 1 good, line 2 blank, line 3 bad, line 4 good.
    private func file(with bad: BadImportLine, in fixture: MemctlFixture) throws -> String {
        var data = Data(#"{"content": "good one"}"#.utf8 + [0x0A, 0x0A])
        data.append(contentsOf: bad.bytes)
        data.append(contentsOf: Array("\n".utf8) + Array(#"{"content": "good two"}"#.utf8) + [0x0A])
        return try fixture.dir.write("bad.jsonl", data)
    }

    @Test("one bad line refuses the whole file, naming the line and the reason", arguments: BadImportLine.all)
    func refusesWholeFile(_ bad: BadImportLine) throws {
        let fixture = try MemctlFixture()
        let result = try fixture.run(["import", try file(with: bad, in: fixture)])
        #expect(result.status == 1)
        #expect(result.hasOneCleanErrorLine, "\(result.stderr)")
        #expect(result.stderr.contains("line 3"), "\(result.stderr)")
        #expect(result.stderr.contains(bad.reason), "\(result.stderr)")
        #expect(result.stderr.contains("nothing was imported"), "\(result.stderr)")
        #expect(result.stdout == "")
        // Nothing was imported, so the database this import would have created does not exist.
        #expect(!fixture.databaseExists)
    }

    @Test("a refused import leaves an existing database as it was")
    func keepsExistingDatabase() throws {
        let fixture = try MemctlFixture()
        try fixture.add("before the import")
        let bad = BadImportLine.all[0]
        let result = try fixture.run(["import", try file(with: bad, in: fixture)])
        #expect(result.status == 1)
        #expect(try fixture.shortTermMemories().map { $0["content"] as? String } == ["before the import"])
    }

    @Test("a refused import with --json still reports the bad line")
    func refusedJSON() throws {
        let fixture = try MemctlFixture()
        let result = try fixture.run(["import", "--json", try file(with: BadImportLine.all[2], in: fixture)])
        #expect(result.status == 1)
        let report = try result.jsonObject()
        #expect(report["imported"] as? Int == 0)
        let errors = try #require(report["errors"] as? [[String: Any]])
        #expect(errors.count == 1)
        #expect(errors.first?["line"] as? Int == 3)
        #expect(!fixture.databaseExists)
    }
}

@Suite("memctl import --skip-invalid")
struct ImportSkipInvalidTests {
    /// Lines: 1 good, 2 invalid JSON, 3 blank, 4 good (CRLF), 5 importance 2, 6 good,
    /// 7 invalid UTF-8, 8 good without a final newline.
    private func mixedFile(in fixture: MemctlFixture) throws -> String {
        var data = Data()
        data.append(contentsOf: Array(#"{"content": "good 1"}"#.utf8) + [0x0A])
        data.append(contentsOf: Array("{not json".utf8) + [0x0A])
        data.append(contentsOf: [0x0A])
        data.append(contentsOf: Array(#"{"content": "good 2", "source": "assistant"}"#.utf8) + [0x0D, 0x0A])
        data.append(contentsOf: Array(#"{"content": "x", "importance": 2}"#.utf8) + [0x0A])
        data.append(contentsOf: Array(#"{"content": "good 3"}"#.utf8) + [0x0A])
        data.append(contentsOf: Array(#"{"content": ""#.utf8) + [0xC3, 0x28] + Array(#""}"#.utf8) + [0x0A])
        data.append(contentsOf: Array(#"{"content": "good 4"}"#.utf8))
        return try fixture.dir.write("mixed.jsonl", data)
    }

    @Test("good lines are imported and each bad one is reported on stderr")
    func textReport() throws {
        let fixture = try MemctlFixture()
        let file = try mixedFile(in: fixture)
        let result = try fixture.run(["import", "--skip-invalid", file])
        #expect(result.status == 0)
        #expect(result.stdout == "imported 4 memories, skipped 3 invalid line(s)\n")
        let lines = result.stderrLines
        try #require(lines.count == 3, "\(result.stderr)")
        #expect(lines[0].contains("line 2: invalid JSON"))
        #expect(lines[1].contains("line 5: importance must be between 0 and 1"))
        #expect(lines[2].contains("line 7: invalid UTF-8"))
        #expect(lines.allSatisfy { $0.contains("mixed.jsonl") })
        let contents = try fixture.shortTermMemories().compactMap { $0["content"] as? String }
        #expect(Set(contents) == ["good 1", "good 2", "good 3", "good 4"])
        #expect(try fixture.pendingCount() == 4)
    }

    @Test("--json lists imported, skipped and each error with its line number")
    func jsonReport() throws {
        let fixture = try MemctlFixture()
        let file = try mixedFile(in: fixture)
        let result = try fixture.run(["import", "--skip-invalid", "--json", file])
        #expect(result.status == 0)
        #expect(result.stderr == "")
        let report = try result.jsonObject()
        #expect(report["imported"] as? Int == 4)
        #expect(report["skipped"] as? Int == 3)
        let errors = try #require(report["errors"] as? [[String: Any]])
        #expect(errors.map { $0["line"] as? Int } == [2, 5, 7])
        #expect(errors.allSatisfy { Set($0.keys) == ["line", "error"] })
        #expect((errors.first?["error"] as? String) == "invalid JSON: expected a key in quotes in an object, found 'n' (column 2)")
        #expect((errors.last?["error"] as? String)?.hasPrefix("invalid UTF-8") == true)
    }

    @Test("a file with only bad lines imports nothing and still exits 0")
    func onlyBadLines() throws {
        let fixture = try MemctlFixture()
        let file = try fixture.dir.write("bad.jsonl", "nope\n{}\n")
        let result = try fixture.run(["import", "--skip-invalid", file])
        #expect(result.status == 0)
        #expect(result.stdout == "imported 0 memories, skipped 2 invalid line(s)\n")
        #expect(result.stderrLines.count == 2)
        #expect(try fixture.pendingCount() == 0)
    }

    @Test("--skip-invalid works on standard input, naming it 'stdin'")
    func standardInput() throws {
        let fixture = try MemctlFixture()
        let input = #"{"content": "ok"}"# + "\nbroken\n"
        let result = try fixture.run(["import", "-", "--skip-invalid"], stdin: Data(input.utf8))
        #expect(result.status == 0)
        #expect(result.stdout == "imported 1 memory, skipped 1 invalid line(s)\n")
        #expect(result.stderrLines == ["stdin: line 2: invalid JSON: expected a value, found 'b' (column 1)"])
    }
}
