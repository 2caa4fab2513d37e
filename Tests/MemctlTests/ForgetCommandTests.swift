import Foundation
import TestFixtures
import Testing

/// `memctl forget`: soft forgetting and purging on request, checked through memctl and down to
/// the rows with the sqlite3 shell.
@Suite("memctl forget")
struct ForgetCommandTests {
    /// Three turns that become one long-term memory (created, merged, reinforced), and a turn of
    /// another conversation with entities of its own.
    private static func consolidatedStore() throws -> MemctlFixture {
        let fixture = try MemctlFixture()
        try fixture.add(
            "Leah Weber lives in Berlin and plays the theremin in a band.",
            ["--session", "s1", "--source", "alice", "--at", "2026-10-01T10:00:00Z"])
        try fixture.add(
            "Leah Weber plays the theremin in Berlin with her quokka band.",
            ["--session", "s1", "--source", "bob", "--at", "2026-10-01T10:01:00Z"])
        try fixture.add(
            "Leah Weber lives in Berlin, she plays the theremin.",
            ["--session", "s2", "--source", "carol", "--at", "2026-10-05T10:01:00Z"])
        try fixture.add(
            "Priya Ramanathan works at Globex Corporation in Lisbon.",
            ["--session", "s3", "--source", "dave", "--at", "2026-10-06T10:00:00Z"])
        let cycle = try fixture.run(["consolidate", "--local", "--min-age", "0"])
        try #require(cycle.status == 0, "\(cycle.stderr)")
        return fixture
    }

    private func scalar(_ fixture: MemctlFixture, _ sql: String) throws -> String {
        try SQLiteShell.run(fixture.db, sql).output.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    private func searchHits(_ fixture: MemctlFixture, _ query: String) throws -> [[String: Any]] {
        let result = try fixture.run(["search", "--json", query])
        try #require(result.status == 0, "\(result.stderr)")
        return try result.jsonArray()
    }

    private func recalled(_ fixture: MemctlFixture, _ query: String) throws -> [String] {
        let result = try fixture.run(["recall", "--json", query])
        try #require(result.status == 0, "\(result.stderr)")
        let memories = try #require(try result.jsonObject()["memories"] as? [[String: Any]])
        return memories.map { "\($0["kind"]!):\($0["id"]!)" }
    }

    private func expectCheckPasses(_ fixture: MemctlFixture, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let check = try fixture.run(["check"])
        #expect(check.status == 0, "check failed: \(check.stdout)", sourceLocation: sourceLocation)
    }

    @Test("the cycle made one long-term memory of the three turns, as the tests below assume")
    func fixtureShape() throws {
        let fixture = try Self.consolidatedStore()
        #expect(try scalar(fixture, "SELECT group_concat(stm_id || role, ' ') FROM long_term_sources WHERE ltm_id = 1")
            == "1created 2merged 3reinforced")
        #expect(try scalar(fixture, "SELECT count(*) FROM relations WHERE predicate = 'works_at'") == "1")
    }

    @Test("a forgotten turn is no longer searched or recalled, stays listable, and leaves its summary")
    func softForgetOfASource() throws {
        let fixture = try Self.consolidatedStore()
        #expect(try searchHits(fixture, "quokka").count == 2)
        let forget = try fixture.run(["forget", "stm:2"])
        #expect(forget.status == 0, "\(forget.stderr)")
        #expect(forget.stdout.contains("forgot stm:2") && forget.stdout.contains("ltm:1"))

        #expect(try searchHits(fixture, "quokka").isEmpty)
        #expect(try !recalled(fixture, "quokka band").contains("stm:2"))
        let summary = try scalar(fixture, "SELECT summary FROM long_term_memories WHERE id = 1")
        #expect(!summary.contains("quokka") && summary.contains("theremin"))
        // Kept: the text, and the provenance row `why` explains it with.
        #expect(try scalar(fixture, "SELECT status || ' ' || content FROM short_term_memories WHERE id = 2")
            == "forgotten Leah Weber plays the theremin in Berlin with her quokka band.")
        let forgotten = try fixture.shortTermMemories(["--status", "forgotten"])
        #expect(forgotten.map { $0["id"] as? Int } == [2])
        #expect(try scalar(fixture, "SELECT count(*) FROM long_term_sources WHERE stm_id = 2") == "1")
        try expectCheckPasses(fixture)

        let again = try fixture.run(["forget", "stm:2"])
        #expect(again.status == 0 && again.stdout.contains("already forgotten"))
    }

    @Test("a fact learnt only from a forgotten memory is no longer recalled")
    func forgottenFacts() throws {
        let fixture = try Self.consolidatedStore()
        func facts() throws -> [String] {
            let result = try fixture.run(["recall", "--json", "Where does Priya Ramanathan work?"])
            try #require(result.status == 0, "\(result.stderr)")
            let facts = try #require(try result.jsonObject()["facts"] as? [[String: Any]])
            return facts.map { "\($0["subject"]!) \($0["predicate"]!) \($0["object"]!)" }
        }
        #expect(try facts().contains("Priya Ramanathan works_at Globex Corporation"))
        #expect(try fixture.run(["forget", "stm:4"]).status == 0)
        #expect(try facts().isEmpty)
    }

    @Test("an entity named only in forgotten memories is no longer named by recall; one named elsewhere still is")
    func forgottenEntities() throws {
        let fixture = try Self.consolidatedStore()
        func named(_ query: String) throws -> [String] {
            let result = try fixture.run(["recall", "--json", query])
            try #require(result.status == 0, "\(result.stderr)")
            let entities = try #require(try result.jsonObject()["entities"] as? [[String: Any]])
            return entities.compactMap { $0["name"] as? String }
        }
        #expect(try named("Where does Priya Ramanathan work?").contains("Priya Ramanathan"))
        #expect(try fixture.run(["forget", "stm:4"]).status == 0)
        let afterForget = try fixture.run(["recall", "Where does Priya Ramanathan work?"])
        #expect(
            !afterForget.stdout.contains("Priya") && !afterForget.stdout.contains("Globex"), "\(afterForget.stdout)")
        // Kept and listable: memctl entity still shows it, with the forgotten memory's mention.
        let listed = try fixture.run(["entity", "Priya Ramanathan"])
        #expect(listed.status == 0 && listed.stdout.contains("stm:4"), "\(listed.stdout)")

        #expect(try fixture.run(["forget", "stm:2"]).status == 0)
        #expect(try named("What does Leah Weber play?").contains("Leah Weber"))
    }

    @Test("forgetting a long-term memory forgets its sources, and a restatement no longer reinforces it")
    func softForgetOfALongTermMemory() throws {
        let fixture = try Self.consolidatedStore()
        let forget = try fixture.run(["forget", "ltm:1", "--json"])
        #expect(forget.status == 0, "\(forget.stderr)")
        let report = try forget.jsonObject()
        #expect(report["short_term"] as? [Int] == [1, 2, 3] && report["long_term_forgotten"] as? [Int] == [1])

        #expect(try scalar(fixture, "SELECT count(*) FROM short_term_memories WHERE status = 'forgotten'") == "3")
        #expect(try scalar(fixture, "SELECT forgotten_at IS NOT NULL FROM long_term_memories WHERE id = 1") == "1")
        #expect(try scalar(fixture, "SELECT count(*) FROM long_term_signatures WHERE ltm_id = 1") == "0")
        #expect(try searchHits(fixture, "theremin").isEmpty)
        #expect(try recalled(fixture, "theremin").isEmpty)
        let listed = try fixture.run(["ltm"])
        #expect(listed.stdout.contains("(forgotten) Leah Weber"))

        try fixture.add(
            "Leah Weber lives in Berlin and plays the theremin in a band.",
            ["--session", "s4", "--source", "erin", "--at", "2026-10-07T10:00:00Z"])
        let cycle = try fixture.run(["consolidate", "--local", "--min-age", "0", "--only", "consolidation"])
        #expect(cycle.status == 0, "\(cycle.stderr)")
        #expect(try scalar(fixture, "SELECT ltm_id FROM short_term_memories WHERE id = 5") != "1")
        #expect(try scalar(fixture, "SELECT count(*) FROM long_term_sources WHERE ltm_id = 1") == "3")
        try expectCheckPasses(fixture)
    }

    @Test("purging a source removes its text and everything derived from it, down to the rows")
    func purgeOfASource() throws {
        let fixture = try Self.consolidatedStore()
        let before = try scalar(fixture, "SELECT count(*) FROM entity_mentions WHERE stm_id = 2")
        #expect(before != "0")
        let purge = try fixture.run(["forget", "stm:2", "--purge", "--json"])
        #expect(purge.status == 0, "\(purge.stderr)")
        let report = try purge.jsonObject()
        #expect(report["short_term"] as? [Int] == [2] && report["long_term_rebuilt"] as? [Int] == [1])
        #expect(report["mentions_removed"] as? Int == Int(before))

        #expect(try scalar(fixture, "SELECT count(*) FROM short_term_memories WHERE id = 2") == "0")
        #expect(try scalar(fixture, "SELECT count(*) FROM long_term_sources WHERE stm_id = 2") == "0")
        #expect(try scalar(fixture, "SELECT count(*) FROM entity_mentions WHERE stm_id = 2") == "0")
        #expect(try scalar(fixture, "SELECT count(*) FROM relation_evidence WHERE stm_id = 2") == "0")
        // No full-text row holds a word of it: not its own, not the context of the turn after it.
        #expect(try scalar(fixture, "SELECT count(*) FROM memory_recall WHERE memory_recall MATCH 'quokka'") == "0")
        #expect(
            try scalar(fixture, "SELECT count(*) FROM long_term_memories_fts WHERE long_term_memories_fts MATCH 'quokka'")
                == "0")
        let summary = try scalar(fixture, "SELECT summary FROM long_term_memories WHERE id = 1")
        #expect(!summary.contains("quokka") && summary.contains("theremin"))
        #expect(try scalar(fixture, "SELECT count(*) FROM long_term_signatures WHERE ltm_id = 1") != "0")
        // The new summary is extracted again by the next extraction pass.
        #expect(try scalar(fixture, "SELECT count(*) FROM long_term_memories WHERE id = 1 AND extracted_at IS NULL") == "1")
        #expect(try scalar(fixture, "SELECT count(*) FROM relations r WHERE NOT EXISTS (SELECT 1 FROM relation_evidence e WHERE e.relation_id = r.id)") == "0")
        #expect(try searchHits(fixture, "quokka").isEmpty)
        #expect(try recalled(fixture, "quokka").isEmpty)
        try expectCheckPasses(fixture)

        let cycle = try fixture.run(["consolidate", "--local", "--min-age", "0"])
        #expect(cycle.status == 0, "\(cycle.stderr)")
        #expect(try scalar(fixture, "SELECT count(*) FROM entity_mentions WHERE ltm_id = 1") != "0")
        try expectCheckPasses(fixture)
    }

    @Test("purging the only source deletes the long-term memory, its edges and the entities nothing else names")
    func purgeOfAWholeMemory() throws {
        let fixture = try Self.consolidatedStore()
        let ltm = try scalar(fixture, "SELECT ltm_id FROM short_term_memories WHERE id = 4")
        let purge = try fixture.run(["forget", "ltm:\(ltm)", "--purge", "--json"])
        #expect(purge.status == 0, "\(purge.stderr)")
        let report = try purge.jsonObject()
        #expect(report["long_term_removed"] as? [Int] == [Int(ltm)!])
        #expect((report["relations_removed"] as? Int ?? 0) >= 1 && (report["entities_removed"] as? Int ?? 0) >= 2)

        #expect(try scalar(fixture, "SELECT count(*) FROM long_term_memories WHERE id = \(ltm)") == "0")
        #expect(try scalar(fixture, "SELECT count(*) FROM short_term_memories WHERE id = 4") == "0")
        #expect(try scalar(fixture, "SELECT count(*) FROM relations WHERE predicate = 'works_at'") == "0")
        #expect(try scalar(fixture, "SELECT count(*) FROM entities WHERE name LIKE '%Priya%' OR name LIKE '%Globex%'") == "0")
        #expect(try scalar(fixture, "SELECT count(*) FROM entity_aliases WHERE alias LIKE '%Priya%'") == "0")
        #expect(try scalar(fixture, "SELECT count(*) FROM entities WHERE name = 'Leah Weber'") == "1")
        for word in ["Priya", "Ramanathan", "Globex", "Lisbon"] {
            #expect(try searchHits(fixture, word).isEmpty, "search finds \(word)")
            #expect(try recalled(fixture, word).isEmpty, "recall finds \(word)")
        }
        try expectCheckPasses(fixture)
    }

    @Test("an unknown, purged or malformed reference is refused with a clear message, and nothing changes")
    func badReferences() throws {
        let fixture = try Self.consolidatedStore()
        #expect(try fixture.run(["forget", "stm:2", "--purge"]).status == 0)
        #expect(try fixture.run(["forget", "stm:4", "--purge"]).status == 0)
        let snapshot = try FileSnapshot(fixture.db)

        let purged = try fixture.run(["forget", "stm:2", "--purge"])
        #expect(purged.status == 1 && purged.hasOneCleanErrorLine)
        #expect(purged.stderr.contains("stm:2 was purged"))
        // The newest memory purged: its id is past the newest one left.
        let newest = try fixture.run(["forget", "stm:4"])
        #expect(newest.status == 1 && newest.hasOneCleanErrorLine)
        #expect(newest.stderr.contains("there is no stm:4: it was never added, or it has been purged"))
        let unknown = try fixture.run(["forget", "stm:99"])
        #expect(unknown.status == 1 && unknown.hasOneCleanErrorLine && unknown.stderr.contains("stm:99"))
        let unknownLongTerm = try fixture.run(["forget", "ltm:99", "--purge"])
        #expect(unknownLongTerm.status == 1 && unknownLongTerm.stderr.contains("ltm:99"))
        for bad in ["entity:1", "stm:0", "stm:x", "12"] {
            let result = try fixture.run(["forget", bad])
            #expect(result.status == 64, "\(bad): \(result.stderr)")
            #expect(result.stderr.contains("stm:ID or ltm:ID"), "\(bad): \(result.stderr)")
        }
        #expect(try FileSnapshot(fixture.db) == snapshot)
    }

    @Test("a memory forgotten on request is purged after retention with its edges, and its summary made again")
    func purgeAfterRetention() throws {
        let fixture = try Self.consolidatedStore()
        #expect(try fixture.run(["forget", "stm:4"]).status == 0)
        #expect(try fixture.run(["forget", "stm:2"]).status == 0)
        let cycle = try fixture.run(["consolidate", "--local", "--min-age", "0", "--retention", "0", "--only", "consolidation"])
        #expect(cycle.status == 0, "\(cycle.stderr)")
        #expect(try scalar(fixture, "SELECT count(*) FROM short_term_memories WHERE id IN (2, 4)") == "0")
        #expect(try scalar(fixture, "SELECT count(*) FROM relations r WHERE NOT EXISTS (SELECT 1 FROM relation_evidence e WHERE e.relation_id = r.id)") == "0")
        #expect(try scalar(fixture, "SELECT count(*) FROM relations WHERE predicate = 'works_at'") == "0")
        #expect(!(try scalar(fixture, "SELECT summary FROM long_term_memories WHERE id = 1")).contains("quokka"))
        try expectCheckPasses(fixture)
    }
}
