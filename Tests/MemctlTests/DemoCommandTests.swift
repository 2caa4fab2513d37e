import Foundation
import TestFixtures
import Testing

@testable import memctl
@testable import MemoryEngines
@testable import MemoryModel
@testable import MemoryPasses
@testable import MemoryStorage
@testable import SQLiteKit

@Suite("memctl demo")
struct DemoCommandTests {
    /// Typed relations after the demo's cycle, "(closed)" for those a later fact replaced.
    private func relations(_ db: String) throws -> [String] {
        let connection = try Connection(path: db, mode: .readWrite, busyTimeoutMilliseconds: 1000)
        return try connection.prepare(
            """
            SELECT s.name || ' ' || r.predicate || ' ' || o.name || CASE WHEN r.valid_to IS NULL THEN '' ELSE ' (closed)' END
            FROM relations r JOIN entities s ON s.id = r.subject_id JOIN entities o ON o.id = r.object_id
            WHERE r.predicate <> 'co_occurs' ORDER BY 1
            """
        ).rows { $0.text(0) }
    }

    private func entities(_ db: String, kind: String) throws -> Set<String> {
        let connection = try Connection(path: db, mode: .readWrite, busyTimeoutMilliseconds: 1000)
        return Set(try connection.prepare("SELECT name FROM entities WHERE kind = ?").bind([kind]).rows { $0.text(0) })
    }

    @Test("a full cycle on the built-in sample gives exactly the expected entities and edges")
    func fullCycle() throws {
        let dir = try TemporaryDirectory()
        let db = dir.path("demo.db")
        let result = try Memctl.run(["--db", db, "demo", "--json"], in: dir)
        #expect(result.status == 0, "\(result.stderr)")
        let report = try result.jsonObject()
        #expect(report["short_term_before"] as? Int == DemoSample.lines.count)
        #expect(report["long_term"] as? Int == 173)
        let after = try #require(report["short_term_after"] as? [String: Int])
        #expect(after == ["consolidated": 181, "forgotten": 117, "pending": 12])
        let passes = try #require(report["passes"] as? [[String: Any]])
        #expect(passes.map { $0["kind"] as? String } == ["consolidation", "extraction", "graph"])
        #expect(passes.first?["merged"] as? Int == 4 && passes.first?["reinforced"] as? Int == 4)
        // Requests to the assistant are no memories of the user: none became long-term.
        let requests = try Connection(path: db, mode: .readWrite, busyTimeoutMilliseconds: 1000)
        #expect(
            try requests.prepare("SELECT count(*) FROM short_term_memories WHERE content LIKE '%weather%' AND status = 'consolidated'")
                .rows { $0.int(0) } == [0])

        let top = try #require(report["top_entities"] as? [[String: Any]]).map {
            "\($0["name"] as? String ?? "")/\($0["kind"] as? String ?? "")"
        }
        #expect(
            top == [
                "Sofia/person", "Noah/person", "Hamburg/place", "Northwind Labs/organization", "Berlin/place",
                "Leah/person", "Acme Robotics/organization", "Jonas/person",
            ])
        #expect(try entities(db, kind: "organization").isSuperset(of: ["Acme Robotics", "Northwind Labs", "SAP", "Siemens"]))
        #expect(
            try entities(db, kind: "place").isSuperset(of: [
                "Berlin", "Hamburg", "Munich", "Cologne", "Lisbon", "Germany", "Bavaria", "Alps", "Leipzig",
            ]))
        #expect(
            try entities(db, kind: "person").isSuperset(of: [
                "Sofia", "Noah", "Leah", "Jonas", "Priya", "Daniel", "Maria", "Tom", "Alvarez",
            ]))
        #expect(try entities(db, kind: "speaker") == ["user"])
        #expect(try !entities(db, kind: "person").contains("Berlin"))

        #expect(
            try relations(db) == [
                "Hamburg located_in Germany", "Jonas lives_in Cologne", "Jonas works_at SAP", "Leah lives_in Munich",
                "Leah spouse_of Tom", "Maria parent_of user", "Munich located_in Bavaria", "Noah likes Lego",
                "Sofia born_on 12 August", "Sofia likes Lisbon", "Tom works_at Siemens", "user born_on March 14",
                "user born_on March 14, 1990", "user does hiking", "user friend_of Jonas", "user knows Priya", "user likes Radiohead",
                "user lives_in Berlin (closed)", "user lives_in Hamburg", "user parent_of Noah", "user sibling_of Daniel",
                "user sibling_of Leah", "user spouse_of Sofia", "user works_at Acme Robotics (closed)",
                "user works_at Northwind Labs",
            ])
        let closed = try #require(report["closed_lives_in"] as? [[String: Any]])
        #expect(closed.map { $0["object"] as? String } == ["Berlin"])
        let recall = try #require(report["recall"] as? [String: Any])
        let facts = try #require(recall["facts"] as? [[String: Any]]).prefix(2).map {
            "\($0["subject"] as? String ?? "") \($0["predicate"] as? String ?? "") \($0["object"] as? String ?? "")"
        }
        #expect(facts == ["user sibling_of Leah", "Leah lives_in Munich"])
        // What an assistant reads in 30 words answers the demo's question.
        let reads = try #require(report["assistant_reads"] as? String)
        #expect(reads.contains("Munich") && reads.split(whereSeparator: \.isWhitespace).count <= 30, "\(reads)")
        #expect(try Memctl.run(["--db", db, "check"], in: dir).status == 0)
    }

    @Test("without --db the demo uses a new temporary directory and says where; the text names each part")
    func temporaryDatabase() throws {
        let dir = try TemporaryDirectory()
        let result = try Memctl.run(["demo"], environment: ["MEMORYD_DB": dir.path("mine.db")], in: dir)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir.path("mine.db")))
        let path = try #require(result.stdout.split(separator: " ").first { $0.hasSuffix("/memory.db") }.map(String.init))
        #expect(path.contains("memctl-demo-") && FileManager.default.fileExists(atPath: path))
        for part in ["before:", "after:", "merged", "forgotten", "top entities:", "strongest relations:", "closed by the move", "memctl recall", "what an assistant reads in 30 words"] {
            #expect(result.stdout.contains(part), "missing \(part)")
        }
        try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent)
    }

    @Test("the demo refuses a database that already holds memories and leaves it untouched")
    func refusesExistingData() throws {
        let dir = try TemporaryDirectory()
        let db = dir.path("memory.db")
        #expect(try Memctl.run(["--db", db, "add", "my own memory"], in: dir).status == 0)
        let before = try FileSnapshot(db)
        let result = try Memctl.run(["--db", db, "demo"], in: dir)
        #expect(result.status == 1)
        #expect(result.stderr.contains("already holds memories"), "\(result.stderr)")
        #expect(try FileSnapshot(db) == before)
        #expect(try Memctl.run(["demo", "extra"], in: dir).status == 64)
    }
}
