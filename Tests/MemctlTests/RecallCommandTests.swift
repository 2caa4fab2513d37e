import Foundation
import TestFixtures
import Testing

@testable import MemoryModel

@Suite("memctl recall within a word budget")
struct RecallCommandTests {
    private func words(_ text: String) -> Int { text.split(whereSeparator: \.isWhitespace).count }

    /// The demo's database, after its full cycle.
    private func demo(in dir: TemporaryDirectory) throws -> String {
        let db = dir.path("demo.db")
        let result = try Memctl.run(["--db", db, "demo", "--json"], in: dir)
        try #require(result.status == 0, "\(result.stderr)")
        return db
    }

    @Test("on the demo: its question in 30 words holds the answer; --max-words prints exactly the MCP recall tool's text, --json what it shows")
    func demoQuestionAndMCP() throws {
        let dir = try TemporaryDirectory()
        let db = try demo(in: dir)
        let answer = try Memctl.run(["--db", db, "recall", "Where does my sister Leah live?", "--max-words", "30"], in: dir)
        #expect(answer.status == 0 && answer.stderr == "")
        #expect(answer.stdout.contains("Munich"), "\(answer.stdout)")
        #expect(words(answer.stdout) <= 30)
        // No ids in the text: the words go to what was said.
        #expect(!answer.stdout.contains("stm:") && !answer.stdout.contains("ltm:"))

        let session = try MCPSession(database: db, in: dir)
        _ = try session.request("initialize", MCPSession.initialize)
        for (query, budget) in [("Where does my sister Leah live?", 30), ("Acme Robotics job", 60), ("dentist", 200)] {
            let tool = try session.call("recall", ["query": query, "max_words": budget])
            let cli = try Memctl.run(["--db", db, "recall", query, "--max-words", String(budget)], in: dir)
            #expect(cli.stdout == tool.toolText + "\n", "\(query)")
            let json = try Memctl.run(["--db", db, "recall", query, "--max-words", String(budget), "--json"], in: dir).jsonObject()
            #expect(json["text"] as? String == tool.toolText)
            #expect((json["words"] as? Int ?? .max) <= budget)
            let memories = try #require(json["memories"] as? [[String: Any]])
            #expect(!memories.isEmpty)
            for memory in memories {
                for key in ["ref", "text", "cut", "said_on", "said_by", "turn", "score", "created_at", "sources"] {
                    #expect(memory.keys.contains(key), "\(key)")
                }
                #expect(tool.toolText.contains(memory["text"] as? String ?? "\u{0}"))
            }
        }
    }

    @Test("a budget outside 20-5000 or not a number is a usage error, and the database is untouched")
    func badBudgets() throws {
        let fixture = try MemctlFixture()
        try fixture.add("Leah lives in Munich")
        for value in ["0", "19", "5001", "ten", "-5", ""] {
            let result = try fixture.run(["recall", "Leah", "--max-words", value])
            #expect(result.status == 64, "\(value)")
            #expect(result.stderr.contains("--max-words must be a whole number from 20 to 5000"), "\(result.stderr)")
        }
        #expect(try fixture.run(["recall", "Leah", "--max-words"]).status == 64)
        #expect(try fixture.pendingCount() == 1)
    }

    @Test("a reply's first sentence, which answers the other person's question before it, is what a budget quotes")
    func replyToTheTurnBefore() throws {
        let fixture = try MemctlFixture()
        try fixture.add(
            "That painting is lovely! How long have you been making art?",
            ["--session", "s1", "--source", "Caroline", "--at", "2023-09-13T10:00:00Z"])
        try fixture.add(
            "Seven years now, and I finally found my muses. It is so calming. Check out the art I made!",
            ["--session", "s1", "--source", "Melanie", "--at", "2023-09-13T10:00:30Z"])
        try fixture.add("We went to the beach with the kids", ["--session", "s2", "--source", "Melanie", "--at", "2023-07-20T10:00:00Z"])
        let result = try fixture.run(["recall", "How long has Melanie been making art?", "--max-words", "20"])
        #expect(result.status == 0 && result.stderr == "")
        // Without the turn before, the reply's own words chose "…It is so calming. Check out the art I made!".
        // Caroline's question says nothing the asker does not know: its words go to the answer.
        #expect(
            result.stdout
                == "[13 September 2023] Melanie: Seven years now, and I finally found my muses. …Check out the art I made!\n",
            "\(result.stdout)")
        #expect(words(result.stdout) <= 20)
    }

    @Test("the turn that carries a matched turn's thread on is recalled next to it, quoted without its thanks")
    func threadCarriedOn() throws {
        let fixture = try MemctlFixture()
        try fixture.add(
            "Yeah, last weekend I had a picnic with some friends from church.",
            ["--session", "s1", "--source", "Maria", "--at", "2023-06-10T10:00:00Z"])
        try fixture.add("Sounds lovely! What did you all get up to?", ["--session", "s1", "--source", "John", "--at", "2023-06-10T10:00:30Z"])
        try fixture.add(
            "Thanks, John! Some fun ones like charades and a scavenger hunt.",
            ["--session", "s1", "--source", "Maria", "--at", "2023-06-10T10:01:00Z"])
        for (day, text) in ["I went to the store today.", "My car needs new tires.", "I made soup for dinner."].enumerated() {
            try fixture.add(text, ["--session", "s\(day + 2)", "--source", "Maria", "--at", "2023-06-1\(day + 1)T09:00:00Z"])
        }
        let query = "What did Maria do at the picnic with her church friends?"
        let json = try fixture.run(["recall", query, "--limit", "2", "--json"]).jsonObject()
        let memories = try #require(json["memories"] as? [[String: Any]])
        #expect(memories.compactMap { $0["text"] as? String } == [
            "Yeah, last weekend I had a picnic with some friends from church.",
            "Thanks, John! Some fun ones like charades and a scavenger hunt.",
        ])
        let quoted = try fixture.run(["recall", query, "--max-words", "40"])
        #expect(quoted.status == 0 && quoted.stderr == "")
        // Before, the thread came third, after John's question, and was quoted with its thanks.
        #expect(quoted.stdout.split(separator: "\n").dropFirst().first == "Maria: …Some fun ones like charades and a scavenger hunt.",
            "\(quoted.stdout)")
        #expect(!quoted.stdout.contains("Thanks, John!"))
        #expect(words(quoted.stdout) <= 40)
    }

    @Test("a relative time is resolved against when it was said: shown, indexed and listed by show")
    func relativeTimes() throws {
        let fixture = try MemctlFixture()
        try fixture.add("Yesterday I went bowling with my brother", ["--at", "2022-03-17T18:00:00Z", "--source", "James"])
        try fixture.add("I've been playing Civilization VI for a month now", ["--at", "2022-04-10T10:00:00Z", "--source", "James"])
        try fixture.add("We had pizza for dinner", ["--at", "2022-03-15T19:00:00Z", "--source", "James"])
        // Before any pass, recall already shows what the time means.
        let early = try fixture.run(["recall", "bowling", "--max-words", "40"])
        #expect(early.stdout.contains("[17 March 2022] James: Yesterday (16 March 2022) I went bowling"), "\(early.stdout)")
        #expect(try fixture.run(["consolidate", "--local", "--min-age", "0"]).status == 0)

        let show = try fixture.run(["show", "stm:1"])
        #expect(show.stdout.contains("times:\n  Yesterday = 16 March 2022"), "\(show.stdout)")
        let detail = try fixture.run(["show", "stm:2", "--json"]).jsonObject()
        let times = try #require(detail["times"] as? [[String: Any]])
        #expect(times.first?["phrase"] as? String == "for a month now")
        #expect(times.first?["first_day"] as? String == "2022-03-01" && times.first?["granularity"] as? String == "month")
        #expect(times.first?["is_start"] as? Bool == true)

        // The resolved day is indexed: a question naming it finds the memory said the day after.
        let asked = try fixture.run(["recall", "What did James do on 16 March 2022?", "--limit", "1", "--json"]).jsonObject()
        let top = try #require((asked["memories"] as? [[String: Any]])?.first)
        #expect((top["text"] as? String)?.contains("bowling") == true)
        let when = try fixture.run(["recall", "When did James start playing Civilization VI?", "--max-words", "30"])
        #expect(when.stdout.contains("(since March 2022)"), "\(when.stdout)")
        #expect(try fixture.run(["check"]).status == 0)
    }

    @Test("a query of pages of pasted text is answered: its first 2,000 characters, their first 64 words matched")
    func longQuery() throws {
        let fixture = try MemctlFixture()
        try fixture.add("The invoice service retries failed webhooks three times.")
        // 400 distinct words (SQLite's functions take at most 127 arguments), the one that matches first.
        let query = "webhooks " + (1...400).map { "word\($0)" }.joined(separator: " ")
        for arguments in [["recall", query], ["recall", query, "--max-words", "40"]] {
            let result = try fixture.run(arguments)
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout.contains("retries failed webhooks"), "\(arguments.first!): \(result.stdout)")
        }
    }
}
