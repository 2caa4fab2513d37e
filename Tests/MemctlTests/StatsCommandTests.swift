import Foundation
import MemoryEngines
import MemoryModel
import MemoryPasses
import MemoryStorage
import TestFixtures
import Testing

@Suite("memctl stats")
struct StatsCommandTests {
    @Test("--json has exactly the documented shape")
    func jsonShape() throws {
        let fixture = try MemctlFixture()
        try fixture.add("one")
        try fixture.add("two")
        let result = try fixture.run(["stats", "--json"])
        #expect(result.status == 0)
        #expect(result.stderr == "")
        let stats = try result.jsonObject()
        #expect(
            Set(stats.keys) == ["stm", "ltm", "entities", "relations", "passes", "db_bytes", "schema_version"])
        let stm = try #require(stats["stm"] as? [String: Any])
        #expect(Set(stm.keys) == ["pending", "consolidated", "forgotten"])
        #expect(stm["pending"] as? Int == 2)
        #expect(stm["consolidated"] as? Int == 0)
        #expect(stm["forgotten"] as? Int == 0)
        #expect(stats["ltm"] as? Int == 0)
        #expect(stats["entities"] as? Int == 0)
        #expect(stats["relations"] as? Int == 0)
        #expect(stats["passes"] as? Int == 0)
        #expect((stats["db_bytes"] as? Int ?? 0) > 0)
        #expect(stats["schema_version"] as? Int == MemoryStore.schemaVersion)
    }

    @Test(
        "counts short-term memories by status",
        .enabled(if: SQLiteShell.isAvailable, "needs the sqlite3 shell at /usr/bin/sqlite3"))
    func countsByStatus() throws {
        let fixture = try MemctlFixture()
        for text in ["a", "b", "c", "d", "e"] { try fixture.add(text) }
        try SQLiteShell.run(
            fixture.db,
            """
            INSERT INTO long_term_memories(summary) VALUES ('a summary');
            UPDATE short_term_memories SET status = 'consolidated', ltm_id = 1 WHERE id = 1;
            INSERT INTO long_term_sources(ltm_id, stm_id, role) VALUES (1, 1, 'created');
            UPDATE short_term_memories SET status = 'forgotten' WHERE id IN (2, 3);
            """)
        let stats = try fixture.stats()
        let stm = try #require(stats["stm"] as? [String: Any])
        #expect(stm["pending"] as? Int == 2)
        #expect(stm["consolidated"] as? Int == 1)
        #expect(stm["forgotten"] as? Int == 2)
        #expect(stats["ltm"] as? Int == 1)
    }

    @Test("the text output names the database and lists every count")
    func textOutput() throws {
        let fixture = try MemctlFixture()
        try fixture.add("one")
        let result = try fixture.run(["stats"])
        #expect(result.status == 0)
        let lines = result.stdoutLines
        #expect(lines.first == "database:                \(fixture.db)")
        for label in [
            "short-term pending:", "short-term consolidated:", "short-term forgotten:", "long-term:", "entities:",
            "relations:", "passes:", "size:", "schema version:",
        ] {
            #expect(lines.contains { $0.hasPrefix(label) }, "no line starts with \(label)")
        }
        #expect(lines.contains { $0.hasPrefix("short-term pending:") && $0.hasSuffix(" 1") })
        // The values line up in one column.
        let valueColumns = Set(
            lines.compactMap { line -> Int? in
                guard let colon = line.firstIndex(of: ":") else { return nil }
                let spaces = line[line.index(after: colon)...].prefix { $0 == " " }.count
                return line.distance(from: line.startIndex, to: colon) + 1 + spaces
            })
        #expect(valueColumns.count == 1, "\(result.stdout)")
    }
}
