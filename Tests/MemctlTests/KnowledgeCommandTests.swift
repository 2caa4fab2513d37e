import Foundation
import TestFixtures
import Testing

@testable import MemoryEngines
@testable import MemoryModel
@testable import MemoryPasses
@testable import MemoryStorage

#if canImport(Glibc)
    import Glibc
#endif

@Suite("memctl entity, graph, recall and consolidate --only")
struct KnowledgeCommandTests {
    /// A database with a few facts, after a full cycle.
    private func database(in dir: TemporaryDirectory) throws -> String {
        let db = dir.path("memory.db")
        let start = Timestamp.now.millisecondsSince1970 - 30 * 86_400_000
        let texts = [
            "I live in Berlin with my wife Sofia", "my sister Leah lives in Munich", "I work at Siemens",
            "We moved to Hamburg last week!", "leah called about the move",
        ]
        var lines = ""
        for (index, text) in texts.enumerated() {
            let time = Timestamp(millisecondsSince1970: start + Int64(index) * 5 * 86_400_000)
            lines += try jsonLine(["content": text, "session": "s\(index)", "created_at": time.iso8601]) + "\n"
        }
        #expect(try Memctl.run(["--db", db, "import", "-"], stdin: Data(lines.utf8), in: dir).status == 0)
        let cycle = try Memctl.run(["--db", db, "consolidate", "--json"], in: dir)
        try #require(cycle.status == 0, "\(cycle.stderr)")
        let passes = try #require(try cycle.jsonObject()["passes"] as? [[String: Any]])
        #expect(passes.map { $0["kind"] as? String } == ["consolidation", "extraction", "graph"])
        #expect(passes.allSatisfy { $0["outcome"] as? String == "completed" })
        #expect((passes[1]["mentions"] as? Int ?? 0) > 0)
        #expect((passes[2]["relations"] as? Int ?? 0) > 0)
        return db
    }

    @Test("entity NAME shows aliases, mentions in context and relations with validity, whatever the case")
    func entity() throws {
        let dir = try TemporaryDirectory()
        let db = try database(in: dir)
        let text = try Memctl.run(["--db", db, "entity", "LEAH"], in: dir)
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout.contains("aliases:") && text.stdout.contains("Leah, leah"))
        #expect(text.stdout.contains("my sister Leah lives in Munich"))
        #expect(text.stdout.contains("user sibling_of Leah") && text.stdout.contains("Leah lives_in Munich"))
        let json = try Memctl.run(["--db", db, "entity", "leah", "--json"], in: dir).jsonObject()
        let relations = try #require(json["relations"] as? [[String: Any]])
        #expect(relations.contains { $0["predicate"] as? String == "lives_in" && $0["valid_to"] is NSNull })
        let mentions = try #require(json["mentions"] as? [[String: Any]])
        #expect(mentions.allSatisfy { ($0["snippet"] as? String)?.lowercased().contains("leah") == true })
        let id = try #require((json["entity"] as? [String: Any])?["id"] as? Int)
        let shown = try Memctl.run(["--db", db, "show", "entity:\(id)", "--json"], in: dir).jsonObject()
        #expect((shown["entity"] as? [String: Any])?["name"] as? String == "Leah")
    }

    @Test("what someone does: activities are entities, and recall gives them as one line to a question that asks")
    func activities() throws {
        let dir = try TemporaryDirectory()
        let db = dir.path("memory.db")
        for text in [
            "My sister Leah took up pottery.", "Leah went camping with us last weekend.",
            "Leah joined a book club in Munich.", "Did you go hiking?",
        ] {
            #expect(try Memctl.run(["--db", db, "add", text], in: dir).status == 0)
        }
        let cycle = try Memctl.run(["--db", db, "consolidate", "--min-age", "0"], in: dir)
        try #require(cycle.status == 0, "\(cycle.stderr)")
        let kinds = try Memctl.run(["--db", db, "entities", "--kind", "activity", "--json"], in: dir)
        #expect(kinds.status == 0, "\(kinds.stderr)")
        for activity in ["pottery", "camping", "book club", "hiking"] { #expect(kinds.stdout.contains(activity), "\(activity)") }
        let asked = try Memctl.run(["--db", db, "recall", "What are Leah's hobbies?", "--max-words", "40"], in: dir)
        #expect(asked.status == 0, "\(asked.stderr)")
        let first = try #require(asked.stdout.split(separator: "\n").first.map(String.init))
        #expect(first.hasPrefix("Leah does ") && first.contains("pottery") && first.contains("camping"), "\(asked.stdout)")
        #expect(first.contains("book club") && !first.contains("hiking"), "nobody said they go hiking: \(first)")
        let other = try Memctl.run(["--db", db, "recall", "Where is Leah's book club?", "--max-words", "40"], in: dir)
        #expect(other.status == 0 && !other.stdout.contains("Leah does"), "\(other.stdout)")
    }

    @Test("the user's lives_in Berlin edge is closed by the move and shown so")
    func closedEdge() throws {
        let dir = try TemporaryDirectory()
        let db = try database(in: dir)
        let json = try Memctl.run(["--db", db, "entity", "user", "--json"], in: dir).jsonObject()
        let livesIn = try #require(json["relations"] as? [[String: Any]]).filter { $0["predicate"] as? String == "lives_in" }
        let berlin = try #require(livesIn.first { $0["object_name"] as? String == "Berlin" })
        let hamburg = try #require(livesIn.first { $0["object_name"] as? String == "Hamburg" })
        #expect(berlin["valid_to"] as? String == hamburg["valid_from"] as? String)
        #expect(hamburg["valid_to"] is NSNull)
    }

    @Test("graph in text, JSON (ids as source and target) and DOT; --entity and --depth pick a neighbourhood")
    func graph() throws {
        let dir = try TemporaryDirectory()
        let db = try database(in: dir)
        let json = try Memctl.run(["--db", db, "graph", "--format", "json"], in: dir).jsonObject()
        let nodes = try #require(json["nodes"] as? [[String: Any]])
        let edges = try #require(json["edges"] as? [[String: Any]])
        let ids = Set(nodes.compactMap { $0["id"] as? Int })
        #expect(!edges.isEmpty)
        for edge in edges {
            #expect(ids.contains(edge["source"] as? Int ?? -1) && ids.contains(edge["target"] as? Int ?? -1))
            for key in ["predicate", "weight", "valid_from", "valid_to"] { #expect(edge.keys.contains(key)) }
        }
        let dot = try Memctl.run(["--db", db, "graph", "--format", "dot"], in: dir)
        #expect(dot.stdout.hasPrefix("digraph memoryd {") && dot.stdout.contains("label=\"lives_in"))
        #expect(dot.stdout.contains("style=dotted"))  // the closed Berlin edge
        let near = try Memctl.run(["--db", db, "graph", "--entity", "Munich", "--json"], in: dir).jsonObject()
        let names = Set((near["nodes"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String })
        #expect(names == ["Munich", "Leah"])
        let deeper = try Memctl.run(["--db", db, "graph", "--entity", "Munich", "--depth", "2", "--json"], in: dir).jsonObject()
        #expect(((deeper["nodes"] as? [[String: Any]])?.count ?? 0) > names.count)
        let text = try Memctl.run(["--db", db, "graph", "--entity", "Munich"], in: dir)
        #expect(text.stdout.contains("Leah lives_in Munich"))
    }

    @Test("recall returns memories with scores, the entities named and their current facts")
    func recall() throws {
        let dir = try TemporaryDirectory()
        let db = try database(in: dir)
        let json = try Memctl.run(["--db", db, "recall", "where does my sister Leah live", "--json"], in: dir).jsonObject()
        let memories = try #require(json["memories"] as? [[String: Any]])
        #expect(!memories.isEmpty)
        for key in ["kind", "id", "text", "score"] { #expect(memories[0].keys.contains(key)) }
        let entities = try #require(json["entities"] as? [[String: Any]])
        #expect(Set(entities.compactMap { $0["name"] as? String }) == ["Leah", "user"])
        let facts = try #require(json["facts"] as? [[String: Any]]).map {
            "\($0["subject"] as? String ?? "") \($0["predicate"] as? String ?? "") \($0["object"] as? String ?? "")"
        }
        #expect(facts.prefix(2) == ["user sibling_of Leah", "Leah lives_in Munich"])
        #expect(facts.contains("user lives_in Hamburg") && !facts.contains("user lives_in Berlin"))
        let limited = try Memctl.run(["--db", db, "recall", "Leah", "--limit", "1", "--json"], in: dir).jsonObject()
        #expect((limited["memories"] as? [Any])?.count == 1)
    }

    @Test("recall says when each memory was said, in which session, by whom, and what a long-term memory was made of")
    func recallProvenance() throws {
        let fixture = try MemctlFixture()
        let at = ["2023-05-08T13:56:00Z", "2023-05-08T13:56:30Z", "2023-06-01T09:00:00Z"]
        try fixture.add("I went to the LGBTQ support group yesterday and it was powerful", ["--at", at[0], "--session", "c-s1", "--source", "Caroline"])
        try fixture.add("I went to the LGBTQ support group yesterday, it was so powerful", ["--at", at[1], "--session", "c-s1", "--source", "Caroline"])
        try fixture.add("Painting a lake at sunrise this weekend", ["--at", at[2], "--session", "c-s2", "--source", "Melanie"])
        #expect(try fixture.run(["consolidate", "--local", "--min-age", "0", "--only", "consolidation"]).status == 0)
        #expect(try fixture.run(["add", "--at", "2023-06-02T10:00:00Z", "--session", "c-s3", "--source", "Melanie", "--", "Is the support group on Friday?"]).status == 0)

        let json = try fixture.run(["recall", "When did Caroline go to the support group?", "--json"]).jsonObject()
        let memories = try #require(json["memories"] as? [[String: Any]])
        let longTerm = try #require(memories.first { $0["kind"] as? String == "ltm" }, "\(memories)")
        #expect(longTerm["created_at"] as? String == "2023-05-08T13:56:00.000Z")
        #expect(longTerm["first_added_at"] as? String == "2023-05-08T13:56:00.000Z")
        #expect(longTerm["last_added_at"] as? String == "2023-05-08T13:56:30.000Z")
        #expect(longTerm["session"] as? String == "c-s1" && longTerm["source"] as? String == "Caroline")
        #expect(longTerm["sources"] as? [Int] == [1, 2] && longTerm["source_count"] as? Int == 2)
        let shortTerm = try #require(memories.first { $0["kind"] as? String == "stm" }, "\(memories)")
        #expect(shortTerm["created_at"] as? String == "2023-06-02T10:00:00.000Z")
        #expect(shortTerm["session"] as? String == "c-s3" && shortTerm["source"] as? String == "Melanie")
        for key in ["first_added_at", "last_added_at", "sources", "source_count"] {
            #expect(shortTerm.keys.contains(key) && shortTerm[key] is NSNull, "\(key)")
        }

        let text = try fixture.run(["recall", "When did Caroline go to the support group?"], environment: ["COLUMNS": "200"])
        #expect(text.stdout.contains("WHEN (UTC)") && text.stdout.contains("SESSION") && text.stdout.contains("WHO"))
        #expect(text.stdout.contains("ltm:1 from stm:1,2"), "\(text.stdout)")
        #expect(text.stdout.contains("2023-05-08 13:56") && text.stdout.contains("Caroline") && text.stdout.contains("c-s1"))
        #expect(text.stdout.contains("2023-06-02 10:00") && text.stdout.contains("Melanie"))
    }

    @Test("consolidate --only runs one pass")
    func only() throws {
        let dir = try TemporaryDirectory()
        let db = dir.path("memory.db")
        #expect(try Memctl.run(["--db", db, "add", "Leah moved to Munich"], in: dir).status == 0)
        let extraction = try Memctl.run(["--db", db, "consolidate", "--only", "extraction", "--json"], in: dir)
        let passes = try #require(try extraction.jsonObject()["passes"] as? [[String: Any]])
        #expect(passes.map { $0["kind"] as? String } == ["extraction"])
        #expect(passes[0]["processed"] as? Int == 1 && passes[0]["mentions"] as? Int == 2)
        let graph = try Memctl.run(["--db", db, "consolidate", "--only", "graph"], in: dir)
        #expect(graph.stdout.hasPrefix("graph completed") && graph.stdout.contains("1 relations"))
        #expect(try Memctl.run(["--db", db, "stats", "--json"], in: dir).jsonObject()["ltm"] as? Int == 0)
    }

    @Test(
        "bad input is a clear error",
        arguments: [
            (["consolidate", "--only", "everything"], 64, "consolidation, extraction or graph"),
            (["graph", "--format", "svg"], 64, "text, dot or json"),
            (["graph", "--depth", "0", "--entity", "Leah"], 64, "at least 1"),
            (["graph", "--depth", "2"], 64, "--depth needs --entity"),
            (["graph", "--entity", "Nobody"], 1, "no entity is called 'Nobody'"),
            (["entity", "Nobody"], 1, "no entity is called 'Nobody'"),
            (["entity"], 64, "NAME"),
            (["recall", "  "], 64, "QUERY is empty"),
            (["recall", "Leah", "--limit", "0"], 64, "--limit"),
        ] as [([String], Int32, String)])
    func badInput(_ arguments: [String], _ status: Int32, _ message: String) throws {
        let dir = try TemporaryDirectory()
        let db = dir.path("memory.db")
        #expect(try Memctl.run(["--db", db, "add", "Leah moved to Munich"], in: dir).status == 0)
        let before = try FileSnapshot(db)
        let result = try Memctl.run(["--db", db] + arguments, in: dir)
        #expect(result.status == status, "\(arguments): \(result.stderr)")
        #expect(result.stderr.contains(message), "\(arguments): \(result.stderr)")
        #expect(try FileSnapshot(db) == before)
    }
}
