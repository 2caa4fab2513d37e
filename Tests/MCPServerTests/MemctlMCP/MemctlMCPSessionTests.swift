import Foundation
import TestFixtures
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `memctl mcp` driven over pipes by a test acting as the MCP client.
@Suite("memctl mcp")
struct MemctlMCPSessionTests {
    static let toolNames = ["remember", "recall", "search", "entity", "why", "forget", "consolidate", "status"]

    @Test("a whole session: initialize, tools, remember, consolidate with progress, recall, forget, recall, bad input, EOF")
    func wholeSession() throws {
        let fixture = try MemctlFixture()
        let session = try MCPSession(database: fixture.db, in: fixture.dir)

        let initialized = try session.request("initialize", MCPSession.initialize)
        let result = try #require(initialized["result"] as? [String: Any])
        #expect(result["protocolVersion"] as? String == "2025-06-18")
        #expect((result["capabilities"] as? [String: Any])?["tools"] != nil)
        #expect((result["serverInfo"] as? [String: Any])?["name"] as? String == "memoryd")
        #expect((result["instructions"] as? String)?.contains("recall") == true)
        session.send(#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#)

        let listed = try #require(try session.request("tools/list")["result"] as? [String: Any])
        let tools = try #require(listed["tools"] as? [[String: Any]])
        #expect(tools.compactMap { $0["name"] as? String } == Self.toolNames)
        for tool in tools {
            let name = tool["name"] as? String ?? "?"
            let input = try #require(tool["inputSchema"] as? [String: Any], "\(name) has no inputSchema")
            #expect(input["type"] as? String == "object" && input["additionalProperties"] as? Bool == false, "\(name)")
            #expect(tool["outputSchema"] is [String: Any], "\(name) has no outputSchema")
            #expect(tool["title"] is String && tool["description"] is String, "\(name)")
            let annotations = try #require(tool["annotations"] as? [String: Any], "\(name) has no annotations")
            #expect(annotations["openWorldHint"] as? Bool == false, "\(name)")
            let readOnly = ["recall", "search", "entity", "why", "status"].contains(name)
            #expect(annotations["readOnlyHint"] as? Bool == readOnly, "\(name)")
            if !readOnly { #expect(annotations["destructiveHint"] as? Bool == (name == "forget"), "\(name)") }
        }
        let forget = try #require(tools.first { $0["name"] as? String == "forget" })
        #expect(((forget["inputSchema"] as? [String: Any])?["required"] as? [String]) == ["ref"])

        let said = [
            ("My sister Leah moved to Berlin in March.", "2024-03-02T10:00:00Z"),
            ("I started a new job at Acme Robotics as a mechanical engineer.", "2024-03-05T09:15:00Z"),
            ("We booked flights to Lisbon for the robotics conference in May.", "2024-03-09T18:40:00Z"),
        ]
        for (content, at) in said {
            let remembered = try session.call("remember", ["content": content, "at": at, "session": "chat-1"])
            #expect(!remembered.isToolError, "\(remembered.toolText)")
            #expect((remembered.structured["ref"] as? String)?.hasPrefix("stm:") == true)
        }

        let consolidateID = session.start(
            "tools/call", ["name": "consolidate", "arguments": ["wait": true], "_meta": ["progressToken": "cycle-1"]])
        let consolidated = try session.response(to: consolidateID)
        let progressed = try #require(
            session.messages.firstIndex { $0["method"] as? String == "notifications/progress" })
        let answered = try #require(session.messages.firstIndex { MCPSession.isResponse($0, to: consolidateID) })
        #expect(progressed < answered, "a progress notification comes before the response")
        let progress = session.messages.filter { $0["method"] as? String == "notifications/progress" }
            .compactMap { ($0["params"] as? [String: Any])?["progress"] as? Double }
        #expect(
            progress == progress.sorted() && Set(progress).count == progress.count, "progress only goes up: \(progress)"
        )
        let cycle = try #require(consolidated["result"] as? [String: Any])
        #expect(!cycle.isToolError, "\(cycle.toolText)")
        let passes = try #require(cycle.structured["passes"] as? [[String: Any]])
        #expect(passes.compactMap { $0["kind"] as? String } == ["consolidation", "extraction", "graph"])
        #expect(passes.first?["created"] as? Int ?? 0 >= 1)

        let recalled = try session.call("recall", ["query": "Where does Leah live?"])
        #expect(!recalled.isToolError)
        #expect(
            recalled.toolText.contains("Berlin") && recalled.toolText.contains("[2 March 2024]"), "\(recalled.toolText)")
        let memories = try #require(recalled.structured["memories"] as? [[String: Any]])
        let berlin = try #require(memories.first { ($0["text"] as? String)?.contains("Berlin") == true })
        #expect((berlin["ref"] as? String)?.hasPrefix("ltm:") == true)
        #expect((berlin["created_at"] as? String)?.hasPrefix("2024-03-02T10:00") == true)
        #expect(recalled.structured["truncated"] as? Bool == false)
        let brief = try session.call("recall", ["query": "Leah Acme Lisbon flights job", "max_words": 20])
        #expect(brief.toolText.split(whereSeparator: \.isWhitespace).count <= 20, "\(brief.toolText)")
        #expect(brief.structured["truncated"] as? Bool == true, "\(brief.toolText)")
        let shown = brief.structured["memories"] as? [[String: Any]] ?? []
        #expect(shown.allSatisfy { brief.toolText.contains($0["text"] as? String ?? "\u{0}") }, "JSON holds what the text shows")

        // Forget: soft, then purged; recall and search no longer find it, and a purged
        // reference is a tool error.
        let berlinRef = try #require(berlin["ref"] as? String)
        let forgot = try session.call("forget", ["ref": berlinRef])
        #expect(!forgot.isToolError, "\(forgot.toolText)")
        #expect(forgot.structured["long_term_forgotten"] as? [Int] == [Int(berlinRef.dropFirst(4))!], "\(forgot.structured)")
        let afterForget = try session.call("recall", ["query": "Where does Leah live?"])
        #expect(!afterForget.toolText.contains("Berlin"), "\(afterForget.toolText)")
        // Leah is named only in the forgotten memory: the assistant no longer finds her.
        let leah = try session.call("entity", ["name": "Leah"])
        #expect(leah.isToolError && !leah.toolText.contains("Berlin"), "\(leah.toolText)")
        let purged = try session.call("forget", ["ref": berlinRef, "purge": true])
        #expect(!purged.isToolError && purged.structured["purged"] as? Bool == true, "\(purged.toolText)")
        let searched = try session.call("search", ["query": "Berlin OR Leah"])
        #expect((searched.structured["hits"] as? [Any])?.isEmpty == true, "\(searched.toolText)")
        let again = try session.call("forget", ["ref": berlinRef, "purge": true])
        #expect(again.isToolError && again.toolText.contains("purged"), "\(again.toolText)")
        let malformed = try session.call("forget", ["ref": "entity:1"])
        #expect(malformed.isToolError && malformed.toolText.contains("stm:ID or ltm:ID"))

        // Bad input: each answered as the spec says, and the server keeps serving.
        var before = session.messages.count
        session.send("this is not json")
        #expect(try session.waitFor(after: before) { $0["error"] != nil }.errorCode == -32700)
        before = session.messages.count
        session.send(bytes: Array(#"{"jsonrpc":"2.0","id":"x","method":"ping""#.utf8) + [0xFF, 0xFE] + Array("}".utf8))
        let notUTF8 = try session.waitFor(after: before) { $0["error"] != nil }
        #expect(notUTF8.errorCode == -32700 && notUTF8["id"] is NSNull)
        before = session.messages.count
        session.send(#"[{"jsonrpc":"2.0","id":1,"method":"ping"}]"#)
        #expect(try session.waitFor(after: before) { $0["error"] != nil }.errorCode == -32600)
        #expect(try session.request("no/such/method").errorCode == -32601)
        let misspelt = try session.request("tools/call", ["name": "recall", "arguments": ["qeury": "Leah"]])
        #expect(misspelt.errorCode == -32602)
        #expect(((misspelt["error"] as? [String: Any])?["message"] as? String)?.contains("qeury") == true)
        let wrongType = try session.request("tools/call", ["name": "recall", "arguments": ["query": 12]])
        #expect(wrongType.errorCode == -32602)
        #expect(
            try session.request("tools/call", ["name": "no_such_tool", "arguments": [:] as [String: Any]]).errorCode
                == -32602)
        let empty = try session.call("recall", ["query": "   "])
        #expect(empty.isToolError && empty.toolText.contains("empty"))

        #expect(try session.request("ping")["result"] as? [String: Any] != nil)
        session.closeInput()
        #expect(session.waitForExit() == 0)
        for line in session.lines {
            let message = try #require(MCPSession.object(line), "not JSON on stdout: \(line)")
            #expect(message["jsonrpc"] as? String == "2.0", "\(line)")
        }
        #expect(session.stderr.contains("memctl mcp"), "logs go to standard error")
    }

    @Test("read tools on a database that does not exist answer as for an empty memory and create nothing")
    func noDatabaseYet() throws {
        let fixture = try MemctlFixture()
        let session = try MCPSession(database: fixture.db, in: fixture.dir)
        _ = try session.request("initialize", MCPSession.initialize)
        let recalled = try session.call("recall", ["query": "Leah"])
        #expect(!recalled.isToolError && (recalled.structured["memories"] as? [Any])?.isEmpty == true)
        let searched = try session.call("search", ["query": "Leah"])
        #expect(!searched.isToolError && (searched.structured["hits"] as? [Any])?.isEmpty == true)
        let status = try session.call("status")
        #expect(status.structured["memoryd_running"] as? Bool == false)
        #expect(status.structured["database_exists"] as? Bool == false)
        let entity = try session.call("entity", ["name": "Leah"])
        #expect(entity.isToolError && entity.toolText.contains("remember"), "\(entity.toolText)")
        #expect(!fixture.databaseExists)
        session.closeInput()
        #expect(session.waitForExit() == 0)
    }

    @Test("a tool that fails answers isError with a reason and leaves the database unchanged")
    func toolErrorsChangeNothing() throws {
        let fixture = try MemctlFixture()
        let session = try MCPSession(database: fixture.db, in: fixture.dir)
        _ = try session.request("initialize", MCPSession.initialize)
        #expect(!(try session.call("remember", ["content": "The garage code is 4711."])).isToolError)
        let before = try fixture.stats()
        let failures: [(String, [String: Any], String)] = [
            ("remember", ["content": "x", "importance": 1.5], "importance"),
            ("remember", ["content": "x", "at": "last Tuesday"], "ISO-8601"),
            ("remember", ["content": "  "], "empty"),
            ("recall", ["query": "code", "limit": 0], "limit"),
            ("recall", ["query": "code", "max_words": 5], "max_words"),
            ("search", ["query": "\"unclosed"], "search query"),
            ("search", ["query": "code", "cursor": "not-a-cursor"], "cursor"),
            ("why", ["ref": "entity:1"], "ltm:ID"),
            ("why", ["ref": "ltm:999"], "no memory"),
            ("entity", ["name": "Nobody"], "no entity"),
        ]
        for (tool, arguments, reason) in failures {
            let result = try session.call(tool, arguments)
            #expect(result.isToolError, "\(tool) \(arguments) should fail")
            #expect(result.toolText.contains(reason), "\(tool): \(result.toolText)")
        }
        let after = try fixture.stats()
        #expect(
            NSDictionary(dictionary: before["stm"] as? [String: Any] ?? [:])
                == NSDictionary(dictionary: after["stm"] as? [String: Any] ?? [:]))
        #expect(after["ltm"] as? Int == before["ltm"] as? Int)
        session.closeInput()
        #expect(session.waitForExit() == 0)
    }

    @Test("a memory forgotten on request leaves no trace in recall, search or entity; why says it was forgotten")
    func forgottenOnRequest() throws {
        let fixture = try MemctlFixture()
        try fixture.add("Leah lives in Berlin.", ["--at", "2024-03-02T10:00:00Z", "--session", "s1"])
        try fixture.add("I adopted a grey cat named Miso.", ["--at", "2024-04-01T10:00:00Z", "--session", "s2"])
        let cycle = try fixture.run(["consolidate", "--local", "--min-age", "0"])
        try #require(cycle.status == 0, "\(cycle.stderr)")
        let session = try MCPSession(database: fixture.db, in: fixture.dir)
        _ = try session.request("initialize", MCPSession.initialize)
        let before = try session.call("entity", ["name": "Miso"])
        #expect(!before.isToolError, "\(before.toolText)")

        let forgot = try session.call("forget", ["ref": "stm:2"])
        #expect(!forgot.isToolError && forgot.structured["purged"] as? Bool == false, "\(forgot.toolText)")
        let recalled = try session.call("recall", ["query": "grey cat Miso"])
        #expect(!recalled.toolText.contains("Miso"), "\(recalled.toolText)")
        #expect((recalled.structured["entities"] as? [Any])?.isEmpty == true, "\(recalled.structured)")
        let searched = try session.call("search", ["query": "Miso"])
        #expect((searched.structured["hits"] as? [Any])?.isEmpty == true, "\(searched.toolText)")
        let entity = try session.call("entity", ["name": "Miso"])
        #expect(entity.isToolError && entity.toolText.contains("no entity is called"), "\(entity.toolText)")
        let why = try session.call("why", ["ref": "stm:2"])
        #expect(why.structured["status"] as? String == "forgotten", "\(why.structured)")
        #expect(why.toolText.contains("on request") && why.toolText.contains("no longer recalled"), "\(why.toolText)")
        // Leah is named by a memory still remembered.
        #expect(!(try session.call("entity", ["name": "Leah"])).isToolError)
        session.closeInput()
        #expect(session.waitForExit() == 0)
    }

    @Test("search pages with next_cursor until the last page")
    func searchPaging() throws {
        let fixture = try MemctlFixture()
        let lines = (1...7).map { "{\"content\": \"Reminder number \($0) about the boat\"}" }.joined(separator: "\n")
        #expect(try fixture.run(["import", "-"], stdin: Data(lines.utf8)).status == 0)
        let session = try MCPSession(database: fixture.db, in: fixture.dir)
        _ = try session.request("initialize", MCPSession.initialize)
        var refs: [String] = []
        var cursor: String?
        repeat {
            var arguments: [String: Any] = ["query": "boat", "limit": 3]
            if let cursor { arguments["cursor"] = cursor }
            let page = try session.call("search", arguments)
            #expect(!page.isToolError, "\(page.toolText)")
            refs += (page.structured["hits"] as? [[String: Any]] ?? []).compactMap { $0["ref"] as? String }
            cursor = page.structured["next_cursor"] as? String
        } while cursor != nil && refs.count < 20
        #expect(refs.count == 7 && Set(refs).count == 7, "\(refs)")
        session.closeInput()
        #expect(session.waitForExit() == 0)
    }
}
