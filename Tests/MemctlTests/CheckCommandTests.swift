import Foundation
import TestFixtures
import Testing

@Suite("memctl check")
struct CheckCommandTests {
    /// Checks that must be there (others may be added).
    static let checkNames = [
        "schema version", "journal mode", "integrity", "foreign keys", "recall index",
        "full-text long_term_memories_fts", "full-text memory_recall", "provenance",
    ]

    @Test("a healthy database passes every check: exit 0, a table of 'ok' rows")
    func healthyText() throws {
        let fixture = try MemctlFixture()
        try fixture.add("one")
        try fixture.add("two")
        let result = try fixture.run(["check"])
        #expect(result.status == 0)
        #expect(result.stderr == "")
        let lines = result.stdoutLines
        try #require(lines.count >= 1 + Self.checkNames.count, "\(result.stdout)")
        #expect(lines[0].hasPrefix("RESULT"))
        for line in lines.dropFirst() { #expect(line.hasPrefix("ok "), "\(line)") }
        for name in Self.checkNames {
            #expect(lines.contains { $0.hasPrefix("ok ") && $0.contains(" \(name) ") }, "no ok line for \(name)")
        }
    }

    @Test("--json prints {\"ok\": true, \"checks\": [{name, ok, detail}...]}")
    func healthyJSON() throws {
        let fixture = try MemctlFixture()
        try fixture.add("one")
        let result = try fixture.run(["check", "--json"])
        #expect(result.status == 0)
        let report = try result.jsonObject()
        #expect(Set(report.keys) == ["ok", "checks"])
        #expect(report["ok"] as? Bool == true)
        let checks = try #require(report["checks"] as? [[String: Any]])
        let names = checks.compactMap { $0["name"] as? String }
        #expect(Set(Self.checkNames).isSubset(of: names), "\(names)")
        for check in checks {
            #expect(Set(check.keys) == ["name", "ok", "detail"])
            #expect(check["ok"] as? Bool == true, "\(check)")
        }
    }

    @Test("check changes nothing in the file")
    func changesNothing() throws {
        let fixture = try MemctlFixture()
        try fixture.add("one")
        let before = try FileSnapshot(fixture.db)
        #expect(try fixture.run(["check"]).status == 0)
        #expect(try FileSnapshot(fixture.db) == before)
    }

    @Test(
        "a full-text index out of step with its table fails the full-text check with exit 1",
        .enabled(if: SQLiteShell.isAvailable, "needs the sqlite3 shell at /usr/bin/sqlite3"))
    func desyncedFullTextIndex() throws {
        let fixture = try MemctlFixture()
        try fixture.add("a real memory")
        try SQLiteShell.run(fixture.db, "INSERT INTO long_term_memories_fts(rowid, summary) VALUES (999, 'ghost');")

        let text = try fixture.run(["check"])
        #expect(text.status == 1)
        let failed = text.stdoutLines.filter { $0.hasPrefix("FAILED") }
        #expect(failed.count == 1, "\(text.stdout)")
        #expect(failed.first?.contains("full-text long_term_memories_fts") == true)
        #expect(text.stdoutLines.dropFirst().filter { !$0.hasPrefix("ok ") } == failed)

        let json = try fixture.run(["check", "--json"])
        #expect(json.status == 1)
        let report = try json.jsonObject()
        #expect(report["ok"] as? Bool == false)
        let checks = try #require(report["checks"] as? [[String: Any]])
        let failing = checks.filter { $0["ok"] as? Bool == false }
        #expect(failing.compactMap { $0["name"] as? String } == ["full-text long_term_memories_fts"])
        #expect((failing.first?["detail"] as? String)?.contains("does not match") == true)
    }

    @Test(
        "a consolidated memory without its provenance row fails the provenance check",
        .enabled(if: SQLiteShell.isAvailable, "needs the sqlite3 shell at /usr/bin/sqlite3"))
    func brokenProvenance() throws {
        let fixture = try MemctlFixture()
        try fixture.add("a real memory")
        try SQLiteShell.run(
            fixture.db,
            """
            INSERT INTO long_term_memories(summary) VALUES ('summary without sources');
            UPDATE short_term_memories SET status = 'consolidated', ltm_id = 1 WHERE id = 1;
            """)
        let result = try fixture.run(["check", "--json"])
        #expect(result.status == 1)
        let checks = try #require(try result.jsonObject()["checks"] as? [[String: Any]])
        let failing = checks.filter { $0["ok"] as? Bool == false }.compactMap { $0["name"] as? String }
        #expect(failing == ["provenance"])
    }

    @Test(
        "a memory missing from the recall index, or a row for no memory, fails the recall index check",
        .enabled(if: SQLiteShell.isAvailable, "needs the sqlite3 shell at /usr/bin/sqlite3"))
    func missingFromRecallIndex() throws {
        let fixture = try MemctlFixture()
        try fixture.add("a real memory")
        try fixture.add("another one")
        try SQLiteShell.run(fixture.db, "DELETE FROM memory_recall WHERE rowid = 2;")
        let result = try fixture.run(["check", "--json"])
        #expect(result.status == 1)
        let checks = try #require(try result.jsonObject()["checks"] as? [[String: Any]])
        let failing = checks.filter { $0["ok"] as? Bool == false }
        #expect(failing.compactMap { $0["name"] as? String } == ["recall index"])
        #expect((failing.first?["detail"] as? String) == "1 short-term memories missing from memory_recall")

        try SQLiteShell.run(fixture.db, "INSERT INTO memory_recall(rowid, text) VALUES (2, 'another one'), (77, 'ghost');")
        let ghost = try #require(try fixture.run(["check", "--json"]).jsonObject()["checks"] as? [[String: Any]])
        #expect(ghost.filter { $0["ok"] as? Bool == false }.compactMap { $0["detail"] as? String } == [
            "1 rows of memory_recall for no short-term memory"
        ])
    }
}
