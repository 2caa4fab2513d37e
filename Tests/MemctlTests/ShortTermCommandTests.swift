import Foundation
import TestFixtures
import Testing

// The width memctl itself lays out with, so the check cannot drift from the code it checks.
@testable import memctl

@Suite("memctl stm")
struct ShortTermCommandTests {
    private func ids(_ memories: [[String: Any]]) -> [Int] { memories.compactMap { $0["id"] as? Int } }

    @Test("lists newest first by created_at (not by id); equal times list the later id first")
    func newestFirst() throws {
        let fixture = try MemctlFixture()
        try fixture.add("second oldest", ["--at", "2026-01-02T00:00:00Z"])  // 1
        try fixture.add("oldest", ["--at", "2026-01-01T00:00:00Z"])  // 2
        try fixture.add("newest", ["--at", "2026-01-03T00:00:00Z"])  // 3
        try fixture.add("same time as 1", ["--at", "2026-01-02T00:00:00Z"])  // 4
        #expect(ids(try fixture.shortTermMemories()) == [3, 4, 1, 2])
    }

    @Test("every memory in --json has id, content, session, source, created_at and status")
    func jsonFields() throws {
        let fixture = try MemctlFixture()
        try fixture.add("x", ["--importance", "0.5"])
        let memory = try #require(try fixture.shortTermMemories().first)
        for key in ["id", "content", "session", "source", "importance", "created_at", "status"] {
            #expect(memory[key] != nil, "missing \(key) in \(memory)")
        }
        #expect(
            Set(memory.keys).isSubset(
                of: ["id", "content", "session", "source", "importance", "created_at", "status", "ltm_id", "project"]))
    }

    @Test("--json lists importance, ltm_id and project even when they are unset (as null)")
    func jsonNullKeys() throws {
        let fixture = try MemctlFixture()
        try fixture.add("no importance given")
        let result = try fixture.run(["stm", "--json"])
        let memory = try #require(try result.jsonArray().first)
        #expect(
            Set(memory.keys) == ["id", "content", "session", "source", "importance", "created_at", "status", "ltm_id", "project"],
            "stm --json printed \(result.stdout)")
        #expect(memory["importance"] is NSNull)
        #expect(memory["ltm_id"] is NSNull)
        #expect(memory["project"] is NSNull)
    }

    @Test("--session keeps only that session's memories")
    func sessionFilter() throws {
        let fixture = try MemctlFixture()
        try fixture.add("a1", ["--session", "alpha"])
        try fixture.add("b1", ["--session", "beta"])
        try fixture.add("a2", ["--session", "alpha"])
        #expect(ids(try fixture.shortTermMemories(["--session", "alpha"])) == [3, 1])
        #expect(ids(try fixture.shortTermMemories(["--session", "beta"])) == [2])
        #expect(ids(try fixture.shortTermMemories(["--session", "gamma"])) == [])
    }

    @Test("--limit N lists the newest N")
    func limit() throws {
        let fixture = try MemctlFixture()
        for index in 1...5 { try fixture.add("note \(index)", ["--at", "2026-01-0\(index)T00:00:00Z"]) }
        let result = try fixture.run(["stm", "--json", "--limit", "2"])
        #expect(result.status == 0)
        #expect(ids(try result.jsonArray()) == [5, 4])
        #expect(ids(try fixture.shortTermMemories(["--limit", "1"])) == [5])
    }

    @Test(
        "--status pending|consolidated|forgotten|all filters by status",
        .enabled(if: SQLiteShell.isAvailable, "needs the sqlite3 shell at /usr/bin/sqlite3"))
    func statusFilter() throws {
        let fixture = try MemctlFixture()
        for text in ["p1", "c1", "f1", "p2"] { try fixture.add(text) }
        try SQLiteShell.run(
            fixture.db,
            """
            INSERT INTO long_term_memories(summary) VALUES ('summary');
            UPDATE short_term_memories SET status = 'consolidated', ltm_id = 1 WHERE id = 2;
            INSERT INTO long_term_sources(ltm_id, stm_id, role) VALUES (1, 2, 'created');
            UPDATE short_term_memories SET status = 'forgotten' WHERE id = 3;
            """)
        #expect(ids(try fixture.shortTermMemories(["--status", "pending"])) == [4, 1])
        let consolidated = try fixture.shortTermMemories(["--status", "consolidated"])
        #expect(ids(consolidated) == [2])
        #expect(consolidated.first?["ltm_id"] as? Int == 1)
        #expect(consolidated.first?["status"] as? String == "consolidated")
        #expect(ids(try fixture.shortTermMemories(["--status", "forgotten"])) == [3])
        #expect(ids(try fixture.shortTermMemories(["--status", "all"])) == [4, 3, 2, 1])
        #expect(ids(try fixture.shortTermMemories()) == [4, 3, 2, 1])
        let table = try fixture.run(["stm"])
        #expect(table.stdout.contains("consolidated → ltm:1"))
    }

    @Test("a bad --status or --limit is a usage error (64)", arguments: [
        ["--status", "done"], ["--status", ""], ["--limit", "0"], ["--limit", "-1"], ["--limit", "x"], ["--limit"],
    ])
    func badOptions(_ options: [String]) throws {
        let fixture = try MemctlFixture()
        try fixture.add("x")
        let result = try fixture.run(["stm"] + options)
        #expect(result.status == 64)
        #expect(result.stdout == "")
        #expect(result.stderrLines.count == 2, "\(result.stderr)")
        #expect(result.stderrLines.last == "Try 'memctl stm --help'.")
    }
}

@Suite("memctl stm: the table")
struct ShortTermTableTests {
    @Test("a header row, then one row per memory, in aligned columns")
    func alignedColumns() throws {
        let fixture = try MemctlFixture()
        try fixture.add("short", ["--session", "s", "--source", "me", "--importance", "0.5"])
        try fixture.add("a somewhat longer text", ["--session", "a-longer-session", "--source", "assistant"])
        let result = try fixture.run(["stm"])
        #expect(result.status == 0)
        let lines = result.stdoutLines
        try #require(lines.count == 3, "\(result.stdout)")
        let header = lines[0]
        #expect(header.hasPrefix("ID"))
        let headings = ["CREATED (UTC)", "SESSION", "SOURCE", "STATUS", "IMP", "CONTENT"]
        var offsets: [String: Int] = [:]
        for heading in headings {
            let range = try #require(header.range(of: heading), "no \(heading) in \(header)")
            offsets[heading] = header.distance(from: header.startIndex, to: range.lowerBound)
        }
        #expect(headings.compactMap { offsets[$0] } == headings.compactMap { offsets[$0] }.sorted())
        func cell(_ line: String, at heading: String) -> Substring { line.dropFirst(offsets[heading] ?? 0) }
        // Newest first: row 1 is memory 2.
        #expect(cell(lines[1], at: "SESSION").hasPrefix("a-longer-session "))
        #expect(cell(lines[2], at: "SESSION").hasPrefix("s "))
        #expect(cell(lines[1], at: "SOURCE").hasPrefix("assistant "))
        #expect(cell(lines[2], at: "SOURCE").hasPrefix("me "))
        #expect(cell(lines[1], at: "STATUS").hasPrefix("pending"))
        #expect(cell(lines[1], at: "CONTENT") == "a somewhat longer text")
        #expect(cell(lines[2], at: "CONTENT") == "short")
        // Numbers are right-aligned: IMP ends where the heading ends.
        let impEnd = (offsets["IMP"] ?? 0) + 3
        #expect(lines[2].prefix(impEnd).hasSuffix("0.50"))
        #expect(lines[1].prefix(impEnd).hasSuffix("-"))
        #expect(lines[1].hasPrefix(" 2  "))
    }

    @Test("an empty list prints only the header")
    func emptyList() throws {
        let fixture = try MemctlFixture()
        try fixture.add("x", ["--session", "other"])
        let result = try fixture.run(["stm", "--session", "none"])
        #expect(result.status == 0)
        #expect(result.stdoutLines.count == 1)
        #expect(result.stdout.hasPrefix("ID"))
    }

    @Test("line breaks in content appear as ↵ and keep each memory on one line")
    func newlines() throws {
        let fixture = try MemctlFixture()
        try fixture.add("line one\nline two\r\nline three")
        let result = try fixture.run(["stm"])
        let lines = result.stdoutLines
        try #require(lines.count == 2, "\(result.stdout)")
        #expect(lines[1].hasSuffix("line one↵line two␍↵line three"))
    }

    @Test("with COLUMNS=120, long content is cut to fit and ends with …")
    func cutsToWideTerminal() throws {
        let fixture = try MemctlFixture()
        let long = String(repeating: "All work and no play 日本語 😀 ", count: 20)
        try fixture.add(long)
        try fixture.add("short")
        let result = try fixture.run(["stm"], environment: ["COLUMNS": "120"])
        #expect(result.status == 0)
        let lines = result.stdoutLines
        try #require(lines.count == 3)
        for line in lines { #expect(TextLayout.width(of: line) <= 120, "\(TextLayout.width(of: line)) columns: \(line)") }
        #expect(lines[2].hasSuffix("…"))
        #expect(lines[2].contains("All work and no play"))
        #expect(lines[1].hasSuffix("short"))
        // Without a width (not a terminal, no COLUMNS) nothing is cut.
        let uncut = try fixture.run(["stm"])
        #expect(uncut.stdoutLines.last?.hasSuffix(long) == true)
    }

    @Test("with COLUMNS=40, no line is wider than 40 columns and long content ends with …")
    func fitsNarrowTerminal() throws {
        let fixture = try MemctlFixture()
        try fixture.add(String(repeating: "a long memory about many things, ", count: 5))
        try fixture.add("emoji 😀👍🏽 and 日本語 in a long enough line to be cut")
        let result = try fixture.run(["stm"], environment: ["COLUMNS": "40"])
        #expect(result.status == 0)
        let lines = result.stdoutLines
        try #require(lines.count == 3)
        for line in lines { #expect(TextLayout.width(of: line) <= 40, "\(TextLayout.width(of: line)) columns: \(line)") }
        #expect(lines[1].hasSuffix("…"))
        #expect(lines[2].hasSuffix("…"))
    }
}
