import Foundation
import TestFixtures
import Testing

@Suite("memctl search")
struct SearchCommandTests {
    /// Memories where "Berlin" is rare enough for BM25 to rank by how often it appears.
    private func berlinFixture() throws -> MemctlFixture {
        let fixture = try MemctlFixture()
        let texts = [
            "I moved to Berlin last spring, after a long winter of packing boxes and saying goodbye",  // 1
            "Berlin Berlin Berlin: the trip to Berlin",  // 2
            "The cat sat on the mat",  // 3
            "We are moving the piano tomorrow",  // 4
            "The zyzzyva is a tropical weevil",  // 5
            "Lunch with Sam on Tuesday",  // 6
            "Buy oat milk and coffee beans",  // 7
            "The dentist appointment is at nine",  // 8
            "Remember to water the plants",  // 9
            "Call the bank about the card",  // 10
        ]
        for text in texts { try fixture.add(text) }
        return fixture
    }

    private func hits(_ fixture: MemctlFixture, _ query: [String]) throws -> [[String: Any]] {
        let result = try fixture.run(["search", "--json"] + query)
        try #require(result.status == 0, "search failed: \(result.stderr)")
        return try result.jsonArray()
    }

    @Test("hits are BM25-ranked, best first, with the matched word in [brackets]")
    func ranked() throws {
        let fixture = try berlinFixture()
        let found = try hits(fixture, ["berlin"])
        #expect(found.map { $0["id"] as? Int } == [2, 1])
        for hit in found {
            #expect(Set(hit.keys) == ["kind", "id", "snippet", "score", "device"])
            #expect(hit["device"] is NSNull, "this device's own hit")
            #expect(hit["kind"] as? String == "stm")
            #expect((hit["snippet"] as? String)?.contains("[Berlin]") == true, "\(hit)")
        }
        let scores = found.compactMap { $0["score"] as? Double }
        #expect(scores.count == 2)
        #expect(scores == scores.sorted(by: >))
        #expect(scores.allSatisfy { $0 > 0 })
        #expect(scores[0] > scores[1])
        #expect(found.first?["snippet"] as? String == "[Berlin] [Berlin] [Berlin]: the trip to [Berlin]")
    }

    @Test("words are stemmed: 'moving' finds 'moved' and 'moving'")
    func stemming() throws {
        let fixture = try berlinFixture()
        let found = try hits(fixture, ["moving"])
        #expect(Set(found.compactMap { $0["id"] as? Int }) == [1, 4])
        let snippets = found.compactMap { $0["snippet"] as? String }
        #expect(snippets.contains { $0.contains("[moved]") })
        #expect(snippets.contains { $0.contains("[moving]") })
    }

    @Test("a rare word finds exactly its memory")
    func rareWord() throws {
        let fixture = try berlinFixture()
        let found = try hits(fixture, ["zyzzyva"])
        #expect(found.count == 1)
        #expect(found.first?["id"] as? Int == 5)
        #expect(found.first?["snippet"] as? String == "The [zyzzyva] is a tropical weevil")
    }

    @Test("several words must all match; phrases, OR and prefix* work")
    func querySyntax() throws {
        let fixture = try berlinFixture()
        #expect(try hits(fixture, ["berlin", "spring"]).map { $0["id"] as? Int } == [1])
        #expect(try hits(fixture, ["\"the trip\""]).map { $0["id"] as? Int } == [2])
        #expect(Set(try hits(fixture, ["zyzzyva", "OR", "dentist"]).compactMap { $0["id"] as? Int }) == [5, 8])
        #expect(try hits(fixture, ["zyzz*"]).map { $0["id"] as? Int } == [5])
    }

    @Test("--limit caps the number of hits")
    func limit() throws {
        let fixture = try berlinFixture()
        #expect(try hits(fixture, ["berlin", "--limit", "1"]).map { $0["id"] as? Int } == [2])
    }

    @Test("no matches: [] with --json, 'no matches' in text, exit 0")
    func noMatches() throws {
        let fixture = try berlinFixture()
        #expect(try hits(fixture, ["xylophone"]).isEmpty)
        let text = try fixture.run(["search", "xylophone"])
        #expect(text.status == 0)
        #expect(text.stdout == "no matches\n")
    }

    @Test("the text output is a table of record, score and snippet")
    func textTable() throws {
        let fixture = try berlinFixture()
        let result = try fixture.run(["search", "zyzzyva"])
        #expect(result.status == 0)
        let lines = result.stdoutLines
        try #require(lines.count == 2)
        #expect(lines[0].hasPrefix("RECORD"))
        #expect(lines[0].hasSuffix("SNIPPET"))
        #expect(lines[1].hasPrefix("stm:5 "))
        #expect(lines[1].hasSuffix("The [zyzzyva] is a tropical weevil"))
    }

    @Test(
        "a query FTS5 cannot parse: non-zero exit and exactly one clear line on stderr",
        arguments: ["\"unterminated", "AND", "foo:bar", "(berlin", "NEAR(", "*"])
    func malformed(_ query: String) throws {
        let fixture = try berlinFixture()
        let result = try fixture.run(["search", query])
        #expect(result.status == 1)
        #expect(result.stdout == "")
        #expect(result.hasOneCleanErrorLine, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("memctl search: invalid search query"), "\(result.stderr)")
    }

    @Test("an empty or blank query is a usage error (64)", arguments: [[], [""], ["   "]])
    func emptyQuery(_ query: [String]) throws {
        let fixture = try berlinFixture()
        let result = try fixture.run(["search"] + query)
        #expect(result.status == 64)
        #expect(result.stderrLines == ["memctl search: missing QUERY", "Try 'memctl search --help'."])
    }

    @Test(
        "long-term summaries are searched too",
        .enabled(if: SQLiteShell.isAvailable, "needs the sqlite3 shell at /usr/bin/sqlite3"))
    func longTerm() throws {
        let fixture = try berlinFixture()
        try SQLiteShell.run(
            fixture.db,
            """
            INSERT INTO long_term_memories(summary) VALUES ('The user keeps a zyzzyva as a pet');
            UPDATE short_term_memories SET status = 'consolidated', ltm_id = 1 WHERE id = 5;
            INSERT INTO long_term_sources(ltm_id, stm_id, role) VALUES (1, 5, 'created');
            """)
        let found = try hits(fixture, ["zyzzyva"])
        #expect(Set(found.map { "\($0["kind"] as? String ?? "?"):\($0["id"] as? Int ?? 0)" }) == ["stm:5", "ltm:1"])
    }
}
