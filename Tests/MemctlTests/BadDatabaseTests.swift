import Foundation
import TestFixtures
import Testing

/// Files memctl must refuse: each command exits non-zero with one clear line on stderr, and
/// the file is left exactly as it was.
@Suite("memctl on files that are not usable memory databases")
struct BadDatabaseTests {
    /// Commands that open an existing database, as argument lists.
    static let commands: [[String]] = [
        ["add", "hello"], ["stats"], ["stm"], ["check"], ["ltm"], ["search", "hello"], ["show", "stm:1"],
        ["entities"], ["passes"], ["export"],
    ]

    /// Runs every command against `db` and checks the refusal; `message` must be in each.
    private func expectRefusals(
        _ fixture: MemctlFixture, mentioning message: [String], sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let before = try FileSnapshot(fixture.db)
        #expect(before.sideFiles.isEmpty, sourceLocation: sourceLocation)
        for command in Self.commands {
            let result = try fixture.run(command)
            let name = command[0]
            #expect(result.status == 1, "\(name) exited \(result.status)", sourceLocation: sourceLocation)
            #expect(result.stdout == "", "\(name) printed \(result.stdout)", sourceLocation: sourceLocation)
            #expect(result.hasOneCleanErrorLine, "\(name): \(result.stderr)", sourceLocation: sourceLocation)
            #expect(result.stderr.hasPrefix("memctl \(name): "), "\(result.stderr)", sourceLocation: sourceLocation)
            for part in message {
                #expect(result.stderr.contains(part), "\(name): \(result.stderr)", sourceLocation: sourceLocation)
            }
            #expect(try FileSnapshot(fixture.db) == before, "\(name) changed the file", sourceLocation: sourceLocation)
        }
        // Importing into it is refused the same way.
        let file = try fixture.dir.write("one.jsonl", #"{"content": "x"}"# + "\n")
        let imported = try fixture.run(["import", file])
        #expect(imported.status == 1, sourceLocation: sourceLocation)
        #expect(imported.hasOneCleanErrorLine, "\(imported.stderr)", sourceLocation: sourceLocation)
        #expect(try FileSnapshot(fixture.db) == before, "import changed the file", sourceLocation: sourceLocation)
    }

    @Test("a text file is not touched: 'not a SQLite database'")
    func textFile() throws {
        let fixture = try MemctlFixture(database: "notes.txt")
        try fixture.dir.write("notes.txt", "These are my notes.\nThey are not a database.\n")
        try expectRefusals(fixture, mentioning: ["notes.txt", "not a SQLite database"])
    }

    @Test("4 KiB of random bytes are not touched: 'not a SQLite database'")
    func randomBytes() throws {
        let fixture = try MemctlFixture(database: "random.db")
        var generator = SystemRandomNumberGenerator()
        var bytes = (0..<4096).map { _ in UInt8.random(in: 0...255, using: &generator) }
        bytes[0] = 0  // never "SQLite format 3"
        try fixture.dir.write("random.db", Data(bytes))
        try expectRefusals(fixture, mentioning: ["random.db", "not a SQLite database"])
    }

    @Test(
        "a database from a newer memoryd (user_version 99) is not touched",
        .enabled(if: SQLiteShell.isAvailable, "needs the sqlite3 shell at /usr/bin/sqlite3"))
    func newerSchema() throws {
        let fixture = try MemctlFixture(database: "future.db")
        // A memoryd file (its application id) from a future schema version.
        try SQLiteShell.run(
            fixture.db, "CREATE TABLE future_things(x); PRAGMA application_id = 1296387396; PRAGMA user_version = 99;")
        try expectRefusals(fixture, mentioning: ["schema version 99", "newer"])
    }

    @Test(
        "another application's SQLite database (user_version 0, its own tables) is refused and not touched",
        .enabled(if: SQLiteShell.isAvailable, "needs the sqlite3 shell at /usr/bin/sqlite3"),
        arguments: [["stats"], ["stm"], ["check"], ["add", "hello"]])
    func foreignDatabase(_ command: [String]) throws {
        let fixture = try MemctlFixture(database: "customers.db")
        try SQLiteShell.run(
            fixture.db,
            "CREATE TABLE customers(id INTEGER PRIMARY KEY, name TEXT); INSERT INTO customers(name) VALUES ('acme');")
        let before = try FileSnapshot(fixture.db)
        let result = try fixture.run(command)
        #expect(result.status == 1, "\(command[0]) exited \(result.status) with \(result.stdout)")
        #expect(result.hasOneCleanErrorLine, "\(result.stderr)")
        #expect(try FileSnapshot(fixture.db) == before, "\(command[0]) changed another application's database")
        let tables = try SQLiteShell.run(fixture.db, ".tables").output
        #expect(!tables.contains("short_term_memories"), "memctl \(command[0]) added its schema: \(tables)")
    }

    /// `check` promises to change nothing; on an empty file it must not create the schema.
    @Test("check does not write to an empty (0-byte) file")
    func checkOnEmptyFile() throws {
        let fixture = try MemctlFixture()
        try fixture.dir.write("memory.db", Data())
        let result = try fixture.run(["check"])
        #expect(result.status == 0 || result.hasOneCleanErrorLine, "\(result.stderr)")
        #expect(try FileSnapshot(fixture.db) == FileSnapshot(contents: Data(), sideFiles: []), "check wrote to the file")
    }

    @Test(
        "inspect commands on a missing database say there is none and do not create it",
        arguments: [
            ["stats"], ["stm"], ["ltm"], ["search", "hello"], ["show", "stm:1"], ["check"], ["entities"], ["passes"],
            ["export"],
        ])
    func missingDatabase(_ command: [String]) throws {
        let dir = try TemporaryDirectory()
        for db in [dir.path("missing.db"), dir.path("no-such-dir/missing.db")] {
            let result = try Memctl.run(["--db", db] + command, in: dir)
            #expect(result.status == 1)
            #expect(result.stdout == "")
            #expect(result.hasOneCleanErrorLine, "\(result.stderr)")
            #expect(result.stderr.contains("no memory database"), "\(result.stderr)")
            #expect(!FileManager.default.fileExists(atPath: db))
            #expect(!FileManager.default.fileExists(atPath: db + "-wal"))
        }
        #expect(!FileManager.default.fileExists(atPath: dir.path("no-such-dir")))
        // Nor is the default database created.
        let viaDefault = try Memctl.run(command, in: dir)
        #expect(viaDefault.status == 1)
        #expect(viaDefault.stderr.contains("no memory database"))
        #expect(!FileManager.default.fileExists(atPath: dir.path("xdg-data")))
    }

    @Test("a directory given as the database is refused with one line")
    func directory() throws {
        let dir = try TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: dir.path("a-directory"), withIntermediateDirectories: false)
        for command in [["add", "x"], ["stats"]] {
            let result = try Memctl.run(["--db", dir.path("a-directory")] + command, in: dir)
            #expect(result.status == 1)
            #expect(result.hasOneCleanErrorLine, "\(result.stderr)")
        }
    }
}
