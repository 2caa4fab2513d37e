import Foundation
import TestFixtures
import Testing

/// `ltm`, `entities` and `passes`: memctl itself never writes these, so on a database made by
/// `add` they are empty.
@Suite("memctl ltm, entities and passes")
struct ListCommandTests {
    static let commands = ["ltm", "entities", "passes"]

    @Test("on a fresh database they list nothing: [] with --json, exit 0", arguments: commands)
    func emptyJSON(_ command: String) throws {
        let fixture = try MemctlFixture()
        try fixture.add("only a short-term memory")
        let result = try fixture.run([command, "--json"])
        #expect(result.status == 0)
        #expect(result.stderr == "")
        #expect(result.stdout == "[]\n")
    }

    @Test("on a fresh database the table is only its header row", arguments: [
        ("ltm", "ID  CREATED (UTC)  STRENGTH  IMP  SOURCES  SUMMARY"),
        ("entities", "ID  KIND  MENTIONS  NAME"),
        ("passes", "ID  KIND  STARTED (UTC)  SECONDS  OUTCOME  PROCESSED  BATCHES  DETAILS"),
    ])
    func emptyTable(_ command: String, _ header: String) throws {
        let fixture = try MemctlFixture()
        try fixture.add("x")
        let result = try fixture.run([command])
        #expect(result.status == 0)
        #expect(result.stdoutLines == [header])
    }

    @Test("--limit 0 and --limit x are usage errors (64)", arguments: commands, [["--limit", "0"], ["--limit", "x"]])
    func badLimit(_ command: String, _ options: [String]) throws {
        let fixture = try MemctlFixture()
        try fixture.add("x")
        let result = try fixture.run([command] + options)
        #expect(result.status == 64)
        #expect(result.stdout == "")
        #expect(result.stderrLines.first?.contains("--limit must be a whole number of at least 1") == true)
        #expect(result.stderrLines.last == "Try 'memctl \(command) --help'.")
    }

    @Test("--limit 1 is accepted", arguments: commands)
    func goodLimit(_ command: String) throws {
        let fixture = try MemctlFixture()
        try fixture.add("x")
        let result = try fixture.run([command, "--limit", "1", "--json"])
        #expect(result.status == 0)
        #expect(result.stdout == "[]\n")
    }

    @Test(
        "ltm lists long-term memories with their source count",
        .enabled(if: SQLiteShell.isAvailable, "needs the sqlite3 shell at /usr/bin/sqlite3"))
    func longTermListing() throws {
        let fixture = try MemctlFixture()
        try fixture.add("I moved to Berlin")
        try SQLiteShell.run(
            fixture.db,
            """
            INSERT INTO long_term_memories(summary, strength, importance, created_at, updated_at, last_reinforced_at)
                VALUES ('Lives in Berlin', 1.5, 0.8, '2026-11-02T08:30:00.000Z', '2026-11-02T08:30:00.000Z',
                        '2026-11-02T08:30:00.000Z');
            UPDATE short_term_memories SET status = 'consolidated', ltm_id = 1 WHERE id = 1;
            INSERT INTO long_term_sources(ltm_id, stm_id, role) VALUES (1, 1, 'created');
            """)
        let result = try fixture.run(["ltm", "--json"])
        #expect(result.status == 0)
        let memory = try #require(try result.jsonArray().first)
        #expect(memory["id"] as? Int == 1)
        #expect(memory["summary"] as? String == "Lives in Berlin")
        #expect(memory["strength"] as? Double == 1.5)
        #expect(memory["importance"] as? Double == 0.8)
        #expect(memory["source_count"] as? Int == 1)
        #expect(memory["created_at"] as? String == "2026-11-02T08:30:00.000Z")
        let table = try fixture.run(["ltm"])
        #expect(table.stdoutLines.count == 2)
        #expect(table.stdoutLines.last?.hasSuffix("Lives in Berlin") == true)
        #expect(table.stdoutLines.last?.contains("2026-11-02 08:30") == true)
    }
}
