import Foundation
import TestFixtures
import Testing

@Suite("memctl show")
struct ShowCommandTests {
    @Test("show stm:ID --json has the memory and its mentions")
    func json() throws {
        let fixture = try MemctlFixture()
        try fixture.add("first")
        try fixture.add("Met Ada at the station", ["--session", "s", "--source", "me", "--importance", "0.4"])
        let result = try fixture.run(["show", "stm:2", "--json"])
        #expect(result.status == 0)
        #expect(result.stderr == "")
        let detail = try result.jsonObject()
        #expect(
            Set(detail.keys).isSubset(of: [
                "memory", "long_term_memory", "mentions", "times", "session_title", "session_project",
            ]))
        let memory = try #require(detail["memory"] as? [String: Any])
        #expect(memory["id"] as? Int == 2)
        #expect(memory["content"] as? String == "Met Ada at the station")
        #expect(memory["session"] as? String == "s")
        #expect(memory["source"] as? String == "me")
        #expect(memory["importance"] as? Double == 0.4)
        #expect(memory["status"] as? String == "pending")
        #expect((detail["mentions"] as? [Any])?.isEmpty == true)
    }

    @Test("show stm:ID --json always has memory, long_term_memory (null when pending), mentions, times, session_title and session_project")
    func jsonKeysAlwaysPresent() throws {
        let fixture = try MemctlFixture()
        try fixture.add("pending memory")
        let result = try fixture.run(["show", "stm:1", "--json"])
        let detail = try result.jsonObject()
        #expect(
            Set(detail.keys) == ["memory", "long_term_memory", "mentions", "times", "session_title", "session_project"],
            "show --json printed \(result.stdout)")
        #expect(detail["long_term_memory"] is NSNull)
        #expect(detail["session_title"] is NSNull)
        #expect(detail["session_project"] is NSNull)
    }

    @Test(
        "a consolidated memory shows the long-term memory it went into",
        .enabled(if: SQLiteShell.isAvailable, "needs the sqlite3 shell at /usr/bin/sqlite3"))
    func consolidated() throws {
        let fixture = try MemctlFixture()
        try fixture.add("I moved to Berlin")
        try SQLiteShell.run(
            fixture.db,
            """
            INSERT INTO long_term_memories(summary) VALUES ('Lives in Berlin');
            UPDATE short_term_memories SET status = 'consolidated', ltm_id = 1 WHERE id = 1;
            INSERT INTO long_term_sources(ltm_id, stm_id, role) VALUES (1, 1, 'created');
            """)
        let json = try fixture.run(["show", "stm:1", "--json"]).jsonObject()
        let longTerm = try #require(json["long_term_memory"] as? [String: Any])
        #expect(longTerm["summary"] as? String == "Lives in Berlin")
        #expect((json["memory"] as? [String: Any])?["ltm_id"] as? Int == 1)

        let text = try fixture.run(["show", "stm:1"])
        #expect(text.stdoutLines.contains { $0.hasPrefix("long-term:") && $0.hasSuffix("ltm:1 Lives in Berlin") })

        let ltm = try fixture.run(["show", "ltm:1"])
        #expect(ltm.status == 0)
        #expect(ltm.stdout.contains("summary:\nLives in Berlin\n"))
        #expect(ltm.stdout.contains("sources (1):"))
        #expect(ltm.stdoutLines.contains { $0.hasPrefix("stm:1") && $0.hasSuffix("created") })
        let ltmJSON = try fixture.run(["show", "ltm:1", "--json"]).jsonObject()
        let sources = try #require(ltmJSON["sources"] as? [[String: Any]])
        #expect(sources.map { $0["stm_id"] as? Int } == [1])
    }

    @Test("the text output prints every field and the whole content, even on a narrow terminal")
    func textPrintsWholeContent() throws {
        let fixture = try MemctlFixture()
        let content = "A long memory that does not fit on one line of forty columns.\nIt has a second line, too."
        try fixture.add(content, ["--session", "work", "--at", "2026-11-02T09:30:00Z"])
        let result = try fixture.run(["show", "stm:1"], environment: ["COLUMNS": "40"])
        #expect(result.status == 0)
        #expect(
            result.stdout == """
                stm:        1
                status:     pending
                long-term:  -
                session:    work
                source:     user
                importance: - (estimated when consolidated)
                created:    2026-11-02T09:30:00.000Z
                content:
                \(content)
                mentions (0):

                """)
    }

    @Test("a record that does not exist: exit 1 and 'no record'", arguments: ["stm:999", "ltm:999", "entity:999"])
    func notFound(_ reference: String) throws {
        let fixture = try MemctlFixture()
        try fixture.add("x")
        let result = try fixture.run(["show", reference])
        #expect(result.status == 1)
        #expect(result.stdout == "")
        #expect(result.stderrLines == ["memctl show: no record \(reference)"])
    }

    @Test(
        "something that is not a record reference is a usage error (64)",
        arguments: ["foo", "stm:abc", "stm:", "stm:0", "stm:-1", "memory:1", "stm:1:2", "12"])
    func badReference(_ reference: String) throws {
        let fixture = try MemctlFixture()
        try fixture.add("x")
        let result = try fixture.run(["show", reference])
        #expect(result.status == 64)
        #expect(result.stdout == "")
        #expect(result.stderrLines.count == 2, "\(result.stderr)")
        #expect(result.stderrLines.first?.contains("is not a record reference") == true)
        #expect(result.stderrLines.last == "Try 'memctl show --help'.")
    }

    @Test("show without a reference, or with two, is a usage error (64)", arguments: [[], ["stm:1", "stm:2"]])
    func wrongArgumentCount(_ arguments: [String]) throws {
        let fixture = try MemctlFixture()
        try fixture.add("x")
        let result = try fixture.run(["show"] + arguments)
        #expect(result.status == 64)
        #expect(result.stderrLines.last == "Try 'memctl show --help'.")
    }
}
