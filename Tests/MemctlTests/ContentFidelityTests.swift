import Foundation
import TestFixtures
import Testing

/// Content is stored and shown exactly as given: compared as Unicode scalars (Swift's `==` on
/// strings would treat "é" and "e\u{301}" as equal, which is not what "faithfully" means here).
@Suite("content is stored and shown faithfully")
struct ContentFidelityTests {
    private func scalars(_ value: Any?) -> [UInt32]? {
        (value as? String).map { $0.unicodeScalars.map(\.value) }
    }

    private func scalars(_ text: String) -> [UInt32] { text.unicodeScalars.map(\.value) }

    @Test("SQL metacharacters and quotes are stored as text and do not touch the schema")
    func sqlMetacharacters() throws {
        let fixture = try MemctlFixture()
        let texts = [
            "'; DROP TABLE short_term_memories; --",
            "\"quoted\"",
            "Robert'); DELETE FROM short_term_memories WHERE ('1'='1",
            "back\\slash % _ ? ?1 :name @x $y",
        ]
        var ids: [Int] = []
        for text in texts { ids.append(try fixture.add(text)) }
        #expect(ids == [1, 2, 3, 4])
        let stored = try fixture.shortTermMemories()
        #expect(stored.count == texts.count)
        for (id, text) in zip(ids, texts) {
            let shown = try fixture.run(["show", "stm:\(id)", "--json"])
            #expect(shown.status == 0)
            let memory = try #require(try shown.jsonObject()["memory"] as? [String: Any])
            #expect(scalars(memory["content"]) == scalars(text))
        }
        #expect(try fixture.pendingCount() == texts.count)
        let check = try fixture.run(["check"])
        #expect(check.status == 0, "\(check.stdout)")
        // The table still exists and still takes writes.
        #expect(try fixture.add("after the injection attempt") == 5)
    }

    @Test("emoji, combining characters and other scripts round-trip without normalisation")
    func unicode() throws {
        let fixture = try MemctlFixture()
        let texts = [
            "emoji 😀 👍🏽 👨‍👩‍👧 🇩🇪",
            "combining e\u{301} vs precomposed \u{E9}, a\u{308}\u{301}",
            "日本語のテキスト、한국어, עברית, العربية",
            "zero width\u{200B}joiner\u{200D}and BOM \u{FEFF}",
        ]
        for text in texts { try fixture.add(text) }
        let stored = try fixture.shortTermMemories().reversed().map { scalars($0["content"]) }
        #expect(stored == texts.map { scalars($0) })

        // The human table and `show` print the same scalars.
        let show = try fixture.run(["show", "stm:2"])
        #expect(show.status == 0)
        #expect(show.stdout.unicodeScalars.map(\.value).firstRange(of: scalars(texts[1])) != nil)
    }

    @Test("NUL characters imported from JSON (\\u0000) come back in the JSON output")
    func nulCharacters() throws {
        let fixture = try MemctlFixture()
        let content = "before\u{0}after\u{0}"
        let file = try fixture.dir.write("nul.jsonl", #"{"content": "before\u0000after\u0000"}"# + "\n")
        let result = try fixture.run(["import", file])
        #expect(result.status == 0, "\(result.stderr)")

        let listed = try fixture.run(["stm", "--json"])
        #expect(listed.stdout.contains(#"before\u0000after\u0000"#))
        let memory = try #require(try listed.jsonArray().first)
        #expect(scalars(memory["content"]) == scalars(content))

        let shown = try fixture.run(["show", "stm:1", "--json"])
        let shownMemory = try #require(try shown.jsonObject()["memory"] as? [String: Any])
        #expect(scalars(shownMemory["content"]) == scalars(content))

        // The text of `show` is the content itself, NUL included; the table makes it visible.
        let text = try fixture.run(["show", "stm:1"])
        #expect(text.stdout.contains("before\u{0}after\u{0}"))
        let table = try fixture.run(["stm"])
        #expect(table.stdout.contains("before␀after␀"))
    }

    @Test("a 1 MB entry imported from JSONL round-trips exactly through stm --json and show --json")
    func oneMegabyte() throws {
        let fixture = try MemctlFixture()
        // 1,080,000 characters of mixed ASCII, escapes, emoji, accents and line breaks.
        let unit = "abc😀\"\\\n\t\u{E9}"
        let content = String(repeating: unit, count: 120_000)
        #expect(content.count >= 1_000_000)
        let file = try fixture.dir.write("big.jsonl", try jsonLine(["content": content]) + "\n")
        let imported = try fixture.run(["import", file])
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stdout == "imported 1 memory\n")

        let listed = try fixture.run(["stm", "--json"])
        let memory = try #require(try listed.jsonArray().first)
        let listedContent = try #require(memory["content"] as? String)
        #expect(listedContent.utf8.count == content.utf8.count)
        #expect(Array(listedContent.utf8) == Array(content.utf8))

        let shown = try fixture.run(["show", "stm:1", "--json"])
        let shownMemory = try #require(try shown.jsonObject()["memory"] as? [String: Any])
        let shownContent = try #require(shownMemory["content"] as? String)
        #expect(Array(shownContent.utf8) == Array(content.utf8))

        let text = try fixture.run(["show", "stm:1"])
        #expect(text.stdout.contains("\ncontent:\n" + content + "\n"))
    }
}
