import Foundation
import TestFixtures
import Testing

/// `memctl import --from chatgpt|claude`, as a user runs it on a data export: real files, the
/// built binary, the database read back through memctl.
@Suite("memctl import --from chatgpt|claude")
struct ImportExportCommandTests {
    @Test("a ChatGPT export: the branch last seen, user and assistant text only, everything else counted")
    func chatGPT() throws {
        let fixture = try MemctlFixture()
        let file = try fixture.dir.write("conversations.json", ChatExportFixtures.chatGPTExport())
        let result = try fixture.run(["import", "--from", "chatgpt", file, "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let report = try result.jsonObject()
        #expect(report["conversations"] as? Int == 2)
        #expect(report["imported"] as? Int == 7)
        #expect(report["already_present"] as? Int == 0)
        let skipped = try #require(report["skipped"] as? [String: Int])
        #expect(
            skipped == [
                "hidden": 1, "other_branch": 3, "image": 1, "tool_call": 1, "tool": 1, "empty": 1, "thinking": 2,
            ])

        let memories = try fixture.shortTermMemories().reversed()
        let trip = memories.filter { $0["session"] as? String == "c-trip" }
        #expect(
            trip.map { $0["content"] as? String } == [
                "I'm planning a trip to Lisbon in June. My sister Leah lives there.",
                "Lisbon in June is lovely 🌞 — visit Belém and Alfama.",
                "Here is the hotel I booked, Casa Nova in Alfama.",
                "Casa Nova is five minutes from the tram 28 stop. Café A Brasileira is nearby.",
                "Anything else for the trip?",
            ])
        #expect(trip.map { $0["source"] as? String } == ["user", "assistant", "user", "assistant", "assistant"])
        #expect(trip.first?["created_at"] as? String == "2024-05-02T09:00:00.000Z")
        let tea = memories.filter { $0["session"] as? String == "c-tea" }
        #expect(tea.map { $0["content"] as? String } == ["Which tea has the least caffeine? 茶", "Rooibos has none."])
    }

    @Test("importing the same export again adds nothing; a later export adds only what is new")
    func idempotent() throws {
        let fixture = try MemctlFixture()
        let first = try fixture.dir.write("first.json", ChatExportFixtures.chatGPTExport())
        let later = try fixture.dir.write("later.json", ChatExportFixtures.chatGPTExport(later: true))
        #expect(try fixture.run(["import", "--from", "chatgpt", first]).status == 0)

        let again = try fixture.run(["import", "--from", "chatgpt", first, "--json"])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(try again.jsonObject()["imported"] as? Int == 0)
        #expect(try again.jsonObject()["already_present"] as? Int == 7)

        let preview = try fixture.run(["import", "--from", "chatgpt", "--dry-run", later, "--json"])
        #expect(preview.status == 0, "\(preview.stderr)")
        #expect(try preview.jsonObject()["imported"] as? Int == 3, "only the new messages")
        #expect(try preview.jsonObject()["already_present"] as? Int == 7)
        #expect(try fixture.shortTermMemories().count == 7, "a dry run writes nothing")

        let next = try fixture.run(["import", "--from", "chatgpt", later])
        #expect(next.status == 0, "\(next.stderr)")
        #expect(next.stdout.hasPrefix("imported 3 messages of 3 conversations from ChatGPT, 7 already present\n"))
        let contents = try fixture.shortTermMemories().compactMap { $0["content"] as? String }
        #expect(contents.count == 10)
        #expect(Set(contents).count == 10, "no message twice")
        #expect(contents.contains("My bike chain keeps slipping."))
    }

    @Test("a purged message is not brought back by importing the export again")
    func purgedStaysPurged() throws {
        let fixture = try MemctlFixture()
        let file = try fixture.dir.write("conversations.json", ChatExportFixtures.chatGPTExport())
        #expect(try fixture.run(["import", "--from", "chatgpt", file]).status == 0)
        let leah = try #require(
            try fixture.shortTermMemories().first { ($0["content"] as? String)?.contains("Leah") == true }?["id"]
                as? Int)
        let purge = try fixture.run(["forget", "stm:\(leah)", "--purge"])
        #expect(purge.status == 0, "\(purge.stderr)")
        let again = try fixture.run(["import", "--from", "chatgpt", file, "--json"])
        #expect(try again.jsonObject()["imported"] as? Int == 0)
        #expect(try again.jsonObject()["already_present"] as? Int == 7)
        #expect(try fixture.shortTermMemories().allSatisfy { ($0["content"] as? String)?.contains("Leah") != true })
    }

    @Test("a Claude export: text blocks only, older messages by their text, in time order")
    func claude() throws {
        let fixture = try MemctlFixture()
        let file = try fixture.dir.write("conversations.json", ChatExportFixtures.claudeExport())
        let result = try fixture.run(["import", "--from", "claude", file, "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let report = try result.jsonObject()
        #expect(report["imported"] as? Int == 3)
        #expect(report["skipped"] as? [String: Int] == ["thinking": 1, "tool": 2, "image": 1, "empty": 1])
        let memories = try fixture.shortTermMemories().reversed()
        #expect(
            memories.map { $0["content"] as? String } == [
                "My neighbour Ana gave me basil seedlings.", "I planted tomatoes in the garden ✓",
                "Tomatoes love full sun.",
            ])
        #expect(memories.map { $0["source"] as? String } == ["user", "user", "assistant"])
        #expect(memories.allSatisfy { $0["session"] as? String == "claude-garden" })
        #expect(memories.map { $0["created_at"] as? String }[1] == "2024-05-02T10:00:00.123Z")

        let later = try fixture.dir.write("later.json", ChatExportFixtures.claudeExport(later: true))
        let next = try fixture.run(["import", "--from", "claude", later, "--json"])
        #expect(try next.jsonObject()["imported"] as? Int == 1)
        #expect(try next.jsonObject()["already_present"] as? Int == 3)
    }

    @Test("the export's zip as downloaded is read from its conversations.json")
    func zip() throws {
        let fixture = try MemctlFixture()
        let archive = ChatExportFixtures.storedZip([
            ("user.json", Data(#"{"id": "user-1"}"#.utf8)), ("conversations.json", ChatExportFixtures.chatGPTExport()),
        ])
        let file = try fixture.dir.write("export.zip", archive)
        let result = try fixture.run(["import", "--from", "chatgpt", file, "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try result.jsonObject()["imported"] as? Int == 7)
    }

    /// A ChatGPT export zipped by Python's zipfile with DEFLATE, as the services' downloads are
    /// compressed: one conversation, "Zipped", of two messages.
    static let deflatedExport = [
        "UEsDBBQAAAAIALxMel0iAYmQEQAAAA8AAAAJAAAAdXNlci5qc29uq1bKTFGyUiotTi3SNVSqBQBQSwMEFAAAAAgAvEx6Xf9t",
        "IoN/AQAA8AUAABIAAABjb252ZXJzYXRpb25zLmpzb27FUk1vwjAMvfMrrJ4HKhra53FXtsOOA1S5rQeR2qRLXDZA/e9LP9WW",
        "sonD2KFR4+fnPNtvMQI42A/AEaHzAE4w3ovEuSpDgZJb0gZZKOkN4Cw4ojz6JpKEwoamCZk8FnEOTm+ns5uZO3PdiVsnpFqT",
        "ZE+qsKD7NTPGJBFybWOlKBvSrUujUleEkkTG4DovJNMoagEJ5q8cx4ONiEILWWTRRG0cnea2qv6ymmbBAR04rOPQrlpmxuN9",
        "OzkvmPJG6V523rAqZ5oa0h2GxSTGx31WjzOGyIXKrAVlnTd/20ydpiSXk+tpqwCPd0mhkemL+xrt1Nn0RlsAzzswwjBpmBNu",
        "IBJbMiAkzIXxlXyET4KYiAEZnvB9mbou3cOLCFSEE/g/stPpY3VytpoCkYhybA5GUXfbw/vJhtzadfcps/o/mdUfMqt/jln9",
        "88yKJh8wyiM3/I1jp5dxbN8MIAwoCa/KdqvAfKR2ZRNYpuHddWhPct3LmwVPmaVxxag+s9HqG1BLAQIUAxQAAAAIALxMel0i",
        "AYmQEQAAAA8AAAAJAAAAAAAAAAAAAACAAQAAAAB1c2VyLmpzb25QSwECFAMUAAAACAC8THpd/20ig38BAADwBQAAEgAAAAAA",
        "AAAAAAAAgAE4AAAAY29udmVyc2F0aW9ucy5qc29uUEsFBgAAAAACAAIAdwAAAOcBAAAAAA==",
    ].joined()

    @Test("a deflated zip, as the services compress their downloads, is inflated as it is read")
    func deflatedZip() throws {
        let fixture = try MemctlFixture()
        let file = try fixture.dir.write("export.zip", try #require(Data(base64Encoded: Self.deflatedExport)))
        let result = try fixture.run(["import", "--from", "chatgpt", file, "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try result.jsonObject()["imported"] as? Int == 2)
        let contents = try fixture.shortTermMemories().compactMap { $0["content"] as? String }
        #expect(contents.contains("Café Nicola is on Rossio square. 😀"))
        #expect(contents.contains { $0.hasPrefix("My sister Leah lives in Lisbon") })
    }

    @Test("a damaged zip, or one without conversations.json, is refused and nothing is imported")
    func damagedZip() throws {
        let fixture = try MemctlFixture()
        var archive = ChatExportFixtures.storedZip([("conversations.json", ChatExportFixtures.chatGPTExport())])
        let at = try #require(archive.range(of: Data("Rooibos".utf8))).lowerBound
        archive[at] = UInt8(ascii: "X")
        let damaged = try fixture.run(["import", "--from", "chatgpt", try fixture.dir.write("damaged.zip", archive)])
        #expect(damaged.status == 1)
        #expect(damaged.stderr.contains("CRC-32"), "\(damaged.stderr)")
        #expect(damaged.stderr.hasSuffix("nothing was imported\n"), "\(damaged.stderr)")
        #expect(!fixture.databaseExists)

        let other = ChatExportFixtures.storedZip([("user.json", Data("{}".utf8))])
        let missing = try fixture.run(["import", "--from", "claude", try fixture.dir.write("other.zip", other)])
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("no conversations.json"), "\(missing.stderr)")
        #expect(!fixture.databaseExists)
    }

    @Test("--dry-run says what would be imported and writes nothing")
    func dryRun() throws {
        let fixture = try MemctlFixture()
        let file = try fixture.dir.write("conversations.json", ChatExportFixtures.chatGPTExport())
        let result = try fixture.run(["import", "--from", "chatgpt", "--dry-run", file])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stdout == """
                would import 7 messages of 2 conversations from ChatGPT
                  said from 2024-05-02T09:00:00.000Z to 2024-05-02T11:00:10.000Z
                  left out: 1 tool, 1 hidden, 1 tool call, 2 thinking, 1 image, 1 empty, 3 other branch

                """)
        #expect(!fixture.databaseExists)
    }

    @Test("the title is kept and shown with the session")
    func title() throws {
        let fixture = try MemctlFixture()
        let file = try fixture.dir.write("conversations.json", ChatExportFixtures.chatGPTExport())
        #expect(try fixture.run(["import", "--from", "chatgpt", file]).status == 0)
        let show = try fixture.run(["show", "stm:1"])
        #expect(show.status == 0, "\(show.stderr)")
        #expect(show.stdout.contains("c-trip (Trip to Lisbon)"), "\(show.stdout)")
        let json = try fixture.run(["show", "stm:1", "--json"]).jsonObject()
        #expect(json["session_title"] as? String == "Trip to Lisbon")
        let list = try fixture.run(["stm"])
        #expect(list.stdout.contains("Trip to Lisbon"))
        let recall = try fixture.run(["recall", "Lisbon"])
        #expect(recall.stdout.contains("Trip to Lisbon"), "\(recall.stdout)")
    }

    @Test("after the import a cycle consolidates it and recall answers with the message's date")
    func recallAfterCycle() throws {
        let fixture = try MemctlFixture()
        let file = try fixture.dir.write("conversations.json", ChatExportFixtures.chatGPTExport())
        #expect(try fixture.run(["import", "--from", "chatgpt", file]).status == 0)
        let cycle = try fixture.run(["consolidate", "--local", "--min-age", "0"])
        #expect(cycle.status == 0, "\(cycle.stderr)")
        let recall = try fixture.run(["recall", "Where does my sister Leah live?", "--max-words", "40"])
        #expect(recall.status == 0, "\(recall.stderr)")
        #expect(recall.stdout.contains("Lisbon"), "\(recall.stdout)")
        #expect(recall.stdout.contains("2 May 2024"), "\(recall.stdout)")
    }

    // MARK: - Bad input: a clear error with its position, nothing imported

    @Test("a truncated export is refused with its position, and nothing is imported")
    func truncated() throws {
        let fixture = try MemctlFixture()
        let whole = ChatExportFixtures.chatGPTExport()
        let file = try fixture.dir.write("conversations.json", whole.prefix(whole.count * 2 / 3))
        let result = try fixture.run(["import", "--from", "chatgpt", file])
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("memctl import: \(file)"), "\(result.stderr)")
        #expect(result.stderr.contains("line "), "names the position: \(result.stderr)")
        #expect(result.stderr.hasSuffix("nothing was imported\n"), "\(result.stderr)")
        #expect(!fixture.databaseExists)
    }

    @Test("a truncated export into an existing database leaves it as it was")
    func truncatedKeepsDatabase() throws {
        let fixture = try MemctlFixture()
        try fixture.add("Something I said before")
        let whole = ChatExportFixtures.claudeExport()
        let file = try fixture.dir.write("conversations.json", whole.prefix(whole.count - 40))
        #expect(try fixture.run(["import", "--from", "claude", file]).status == 1)
        #expect(try fixture.shortTermMemories().compactMap { $0["content"] as? String } == ["Something I said before"])
        #expect(try fixture.run(["check"]).status == 0)
    }

    @Test("invalid UTF-8 is refused with its position")
    func invalidUTF8() throws {
        let fixture = try MemctlFixture()
        var bytes = ChatExportFixtures.chatGPTExport()
        let at = try #require(bytes.range(of: Data("Rooibos".utf8))).lowerBound
        bytes[at] = 0xFF
        let file = try fixture.dir.write("conversations.json", bytes)
        let result = try fixture.run(["import", "--from", "chatgpt", file])
        #expect(result.status == 1)
        #expect(result.stderr.contains("UTF-8"), "\(result.stderr)")
        #expect(result.stderr.contains("line "), "\(result.stderr)")
        #expect(!fixture.databaseExists)
    }

    @Test("the wrong --from names the conversation and the format it looks like")
    func wrongFormat() throws {
        let fixture = try MemctlFixture()
        let file = try fixture.dir.write("conversations.json", ChatExportFixtures.chatGPTExport())
        let result = try fixture.run(["import", "--from", "claude", file])
        #expect(result.status == 1)
        #expect(result.stderr.contains("conversation 1 (byte "), "\(result.stderr)")
        #expect(result.stderr.contains("--from chatgpt"), "\(result.stderr)")
        #expect(!fixture.databaseExists)

        let bad = try fixture.run(["import", "--from", "bard", file])
        #expect(bad.status == 64)
        #expect(bad.stderr.hasPrefix("memctl import: --from must be chatgpt, claude, claude-code, codex, gemini, got 'bard'"))

        // A coding agent's format: the file is named, with why it is not one of its sessions.
        let agent = try fixture.run(["import", "--from", "gemini", file])
        #expect(agent.status == 1)
        #expect(agent.stderr.contains("\(file): is not a Gemini CLI session"), "\(agent.stderr)")
        #expect(!fixture.databaseExists)
    }

    @Test("a file that is not an export: JSONL, an object, an empty file, a directory")
    func notAnExport() throws {
        let fixture = try MemctlFixture()
        let jsonl = try fixture.dir.write("memories.jsonl", #"{"content": "a"}"# + "\n")
        let result = try fixture.run(["import", "--from", "chatgpt", jsonl])
        #expect(result.status == 1)
        #expect(result.stderr.contains("not a JSON array") || result.stderr.contains("line 2"), "\(result.stderr)")
        let empty = try fixture.dir.write("empty.json", "")
        #expect(try fixture.run(["import", "--from", "chatgpt", empty]).status == 1)
        #expect(try fixture.run(["import", "--from", "claude", fixture.dir.path(".")]).status == 1)
        #expect(try fixture.run(["import", "--from", "claude", fixture.dir.path("missing.json")]).status == 1)
        #expect(!fixture.databaseExists)
    }

    @Test("--skip-invalid imports the good conversations and reports the bad one")
    func skipInvalid() throws {
        let fixture = try MemctlFixture()
        var conversations = try #require(
            try JSONSerialization.jsonObject(with: ChatExportFixtures.chatGPTExport()) as? [[String: Any]])
        conversations.insert(["id": "c-broken", "title": "no mapping"], at: 1)
        let file = try fixture.dir.write(
            "conversations.json", try JSONSerialization.data(withJSONObject: conversations))
        let refused = try fixture.run(["import", "--from", "chatgpt", file])
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("conversation 2 (byte "), "\(refused.stderr)")
        #expect(!fixture.databaseExists)

        let result = try fixture.run(["import", "--from", "chatgpt", "--skip-invalid", file, "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let report = try result.jsonObject()
        #expect(report["imported"] as? Int == 7)
        #expect(report["invalid_conversations"] as? Int == 1)
        let errors = try #require(report["errors"] as? [[String: Any]])
        #expect(errors.first?["conversation"] as? Int == 2)
    }

    @Test("--dry-run without --from, and --from with standard input, are usage errors")
    func usage() throws {
        let fixture = try MemctlFixture()
        #expect(try fixture.run(["import", "--dry-run", "x.jsonl"]).status == 64)
        #expect(try fixture.run(["import", "--from", "claude", "-"]).status == 64)
    }
}
