import Foundation
import TestFixtures
import Testing

@Suite("memctl add")
struct AddCommandTests {
    @Test("add prints the new id, and --json prints {\"id\": N}")
    func printsID() throws {
        let dir = try TemporaryDirectory()
        let db = dir.path("memory.db")
        let first = try Memctl.run(["--db", db, "add", "I moved to Berlin"], in: dir)
        #expect(first.status == 0)
        #expect(first.stdout == "1\n")
        let second = try Memctl.run(["add", "--json", "--db", db, "second"], in: dir)
        #expect(second.status == 0)
        #expect(try second.jsonObject()["id"] as? Int == 2)
    }
}

@Suite("memctl add: what is stored")
struct AddStorageTests {
    @Test("--session, --source, --importance and --at are stored; --at is converted to UTC")
    func storesOptions() throws {
        let fixture = try MemctlFixture()
        let result = try fixture.run([
            "add", "--session", "trip-planning", "--source", "assistant", "--importance", "0.75",
            "--at", "2026-11-02T09:30:00+01:00", "Book the train to Hamburg",
        ])
        #expect(result.status == 0)
        #expect(result.stdout == "1\n")
        #expect(result.stderr == "")
        let memories = try fixture.shortTermMemories()
        try #require(memories.count == 1)
        let memory = memories[0]
        #expect(memory["id"] as? Int == 1)
        #expect(memory["content"] as? String == "Book the train to Hamburg")
        #expect(memory["session"] as? String == "trip-planning")
        #expect(memory["source"] as? String == "assistant")
        #expect(memory["importance"] as? Double == 0.75)
        #expect(memory["created_at"] as? String == "2026-11-02T08:30:00.000Z")
        #expect(memory["status"] as? String == "pending")
        #expect(memory["ltm_id"] == nil || memory["ltm_id"] is NSNull)
    }

    @Test("without options: session 'default', source 'user', no importance, created now in UTC")
    func defaults() throws {
        let fixture = try MemctlFixture()
        let before = Date()
        try fixture.add("plain note")
        let after = Date()
        let memory = try #require(try fixture.shortTermMemories().first)
        #expect(memory["session"] as? String == "default")
        #expect(memory["source"] as? String == "user")
        #expect(memory["importance"] == nil || memory["importance"] is NSNull)
        #expect(memory["status"] as? String == "pending")
        let createdAt = try #require(memory["created_at"] as? String)
        #expect(isStoredTimestamp(createdAt), "created_at \(createdAt) is not YYYY-MM-DDTHH:MM:SS.mmmZ")
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        let date = try #require(formatter.date(from: createdAt))
        #expect(date >= before.addingTimeInterval(-1) && date <= after.addingTimeInterval(1))
    }

    @Test("--at accepts other ISO-8601 forms: a date alone, a zone without colon, fractional seconds")
    func atForms() throws {
        let fixture = try MemctlFixture()
        try fixture.add("a", ["--at", "2026-11-02"])
        try fixture.add("b", ["--at", "2026-11-02T09:30:00.123-0530"])
        try fixture.add("c", ["--at", "2026-11-02 09:30"])
        let byContent = Dictionary(
            uniqueKeysWithValues: try fixture.shortTermMemories().map {
                ($0["content"] as? String ?? "", $0["created_at"] as? String ?? "")
            })
        #expect(byContent["a"] == "2026-11-02T00:00:00.000Z")
        #expect(byContent["b"] == "2026-11-02T15:00:00.123Z")
        #expect(byContent["c"] == "2026-11-02T09:30:00.000Z")
    }

    @Test("add - reads the text from standard input, dropping one trailing newline")
    func readsStandardInput() throws {
        let fixture = try MemctlFixture()
        let result = try fixture.run(["add", "-"], stdin: Data("first line\nsecond line\n".utf8))
        #expect(result.status == 0)
        #expect(result.stdout == "1\n")
        let memory = try #require(try fixture.shortTermMemories().first)
        #expect(memory["content"] as? String == "first line\nsecond line")
    }

    @Test("text that starts with '-' is accepted after '--'")
    func dashText() throws {
        let fixture = try MemctlFixture()
        let result = try fixture.run(["add", "--", "--not-an-option"])
        #expect(result.status == 0)
        let memory = try #require(try fixture.shortTermMemories().first)
        #expect(memory["content"] as? String == "--not-an-option")
    }

    @Test("ids keep counting up across runs")
    func idsCountUp() throws {
        let fixture = try MemctlFixture()
        for expected in 1...3 {
            let result = try fixture.run(["add", "note \(expected)"])
            #expect(result.stdout == "\(expected)\n")
        }
        #expect(try fixture.pendingCount() == 3)
    }
}

@Suite("memctl add: where the database is")
struct DatabaseLocationTests {
    @Test("the database file and its missing parent directories are created on first write")
    func createsFileAndDirectories() throws {
        let dir = try TemporaryDirectory()
        let db = dir.path("deeply/nested/place/memory.db")
        #expect(!FileManager.default.fileExists(atPath: dir.path("deeply")))
        let result = try Memctl.run(["--db", db, "add", "hello"], in: dir)
        #expect(result.status == 0)
        #expect(result.stdout == "1\n")
        #expect(FileManager.default.fileExists(atPath: db))
        let stats = try Memctl.run(["--db", db, "stats", "--json"], in: dir)
        #expect(stats.status == 0)
    }

    @Test("the default database is $XDG_DATA_HOME/memoryd/memory.db")
    func defaultPath() throws {
        let dir = try TemporaryDirectory()
        let expected = dir.path("xdg-data/memoryd/memory.db")
        let result = try Memctl.run(["add", "remember the default"], in: dir)
        #expect(result.status == 0)
        #expect(FileManager.default.fileExists(atPath: expected))
        let stm = try Memctl.run(["--db", expected, "stm", "--json"], in: dir)
        #expect(try stm.jsonArray().map { $0["content"] as? String } == ["remember the default"])
        // And the inspect commands find it there too.
        let stats = try Memctl.run(["stats"], in: dir)
        #expect(stats.status == 0)
        #expect(stats.stdout.contains(expected))
    }

    @Test("MEMORYD_DB overrides the default, and --db overrides both")
    func overrides() throws {
        let dir = try TemporaryDirectory()
        let fromEnvironment = dir.path("env/memory.db")
        let fromOption = dir.path("option/memory.db")
        let defaultPath = dir.path("xdg-data/memoryd/memory.db")

        let viaEnvironment = try Memctl.run(["add", "via env"], environment: ["MEMORYD_DB": fromEnvironment], in: dir)
        #expect(viaEnvironment.status == 0)
        #expect(FileManager.default.fileExists(atPath: fromEnvironment))
        #expect(!FileManager.default.fileExists(atPath: defaultPath))

        let viaOption = try Memctl.run(
            ["--db", fromOption, "add", "via option"], environment: ["MEMORYD_DB": fromEnvironment], in: dir)
        #expect(viaOption.status == 0)
        #expect(viaOption.stdout == "1\n")
        #expect(FileManager.default.fileExists(atPath: fromOption))
        #expect(!FileManager.default.fileExists(atPath: defaultPath))

        let environmentContents = try Memctl.run(["stm", "--json"], environment: ["MEMORYD_DB": fromEnvironment], in: dir)
        #expect(try environmentContents.jsonArray().map { $0["content"] as? String } == ["via env"])
        let optionContents = try Memctl.run(["--db", fromOption, "stm", "--json"], in: dir)
        #expect(try optionContents.jsonArray().map { $0["content"] as? String } == ["via option"])
    }

    @Test("an empty MEMORYD_DB is ignored")
    func emptyEnvironmentVariable() throws {
        let dir = try TemporaryDirectory()
        let result = try Memctl.run(["add", "x"], environment: ["MEMORYD_DB": ""], in: dir)
        #expect(result.status == 0)
        #expect(FileManager.default.fileExists(atPath: dir.path("xdg-data/memoryd/memory.db")))
    }

    @Test("a relative XDG_DATA_HOME is ignored (XDG spec): the default is ~/.local/share/memoryd/memory.db")
    func relativeDataHome() throws {
        let dir = try TemporaryDirectory()
        let result = try Memctl.run(
            ["add", "x"], environment: ["XDG_DATA_HOME": "relative/data", "HOME": dir.path("home")], in: dir)
        #expect(result.status == 0)
        #expect(FileManager.default.fileExists(atPath: dir.path("home/.local/share/memoryd/memory.db")))
        // memctl runs in the test process's working directory; nothing may appear there.
        let workingDirectory = FileManager.default.currentDirectoryPath
        #expect(!FileManager.default.fileExists(atPath: workingDirectory + "/relative/data"))
    }

    @Test("--db is accepted after the command and as --db=PATH")
    func optionPositions() throws {
        let dir = try TemporaryDirectory()
        let db = dir.path("memory.db")
        #expect(try Memctl.run(["add", "one", "--db", db], in: dir).status == 0)
        #expect(try Memctl.run(["add", "--db=\(db)", "two"], in: dir).status == 0)
        let stm = try Memctl.run(["stm", "--json", "--db", db], in: dir)
        #expect(try stm.jsonArray().count == 2)
    }
}
