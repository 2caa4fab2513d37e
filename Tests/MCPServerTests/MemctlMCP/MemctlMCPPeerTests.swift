import Foundation
import TestFixtures
import Testing

/// `memctl mcp` with peers (docs/PEERS.md): recall and search read other devices' databases too,
/// each opened read-only for the call, their memories marked; why explains a peer's reference
/// and forget refuses it.
@Suite("memctl mcp with peers")
struct MemctlMCPPeerTests {
    @Test("recall and search mark a peer's memories, a skipped peer is a note beside the answer, forget refuses a peer's ref and why reads it")
    func peers() throws {
        let fixture = try MemctlFixture()
        try fixture.add("My sister Leah moved to Berlin in March.", ["--at", "2024-03-02T10:00:00Z"])
        let desktop = fixture.dir.path("peers/desktop.db")
        let added = try Memctl.run(
            ["--db", desktop, "add", "--at", "2024-04-02T10:00:00Z", "--", "Leah's new flat in Berlin is in Kreuzberg."],
            in: fixture.dir)
        try #require(added.status == 0)
        let gone = fixture.dir.path("peers/gone.db")
        let session = try MCPSession(
            database: fixture.db, in: fixture.dir, arguments: ["--all-projects", "--peer", desktop, "--peer", gone])
        _ = try session.request("initialize", MCPSession.initialize)
        session.send(#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#)

        let listed = try #require(try session.request("tools/list")["result"] as? [String: Any])
        let recallTool = (listed["tools"] as? [[String: Any]])?.first { $0["name"] as? String == "recall" }
        #expect((recallTool?["description"] as? String)?.contains("other devices (desktop, gone)") == true)

        let recall = try session.call("recall", ["query": "Where does Leah live in Berlin?", "max_words": 60])
        #expect(!recall.isToolError)
        #expect(recall.toolText.contains("] user: My sister Leah"), "\(recall.toolText)")
        #expect(recall.toolText.contains("user@desktop: Leah's new flat"), "\(recall.toolText)")
        let content = try #require(recall["content"] as? [[String: Any]])
        #expect(content.count == 2, "the answer, then the note: \(content)")
        let note = content.last?["text"] as? String ?? ""
        #expect(note.contains("peer gone (\(gone)): skipped, there is no such file"), "\(note)")
        #expect(!recall.toolText.contains("gone"), "the answer's text is the answer alone")
        let memories = try #require(recall.structured["memories"] as? [[String: Any]])
        #expect(Set(memories.map { $0["ref"] as? String ?? "" }) == ["stm:1", "desktop:stm:1"])
        #expect(memories.contains { $0["device"] as? String == "desktop" && $0["turn"] as? String == "desktop:stm:1" })
        let skipped = try #require(recall.structured["skipped_peers"] as? [[String: Any]])
        #expect(skipped.map { $0["name"] as? String } == ["gone"])

        let search = try session.call("search", ["query": "Berlin"])
        #expect(search.toolText.contains("desktop:stm:1 ("), "\(search.toolText)")
        let hits = try #require(search.structured["hits"] as? [[String: Any]])
        #expect(Set(hits.map { $0["ref"] as? String ?? "" }) == ["stm:1", "desktop:stm:1"])

        let forget = try session.call("forget", ["ref": "desktop:stm:1", "purge": true])
        #expect(forget.isToolError && forget.toolText.contains("whose database memoryd only reads"), "\(forget.toolText)")
        let why = try session.call("why", ["ref": "desktop:stm:1"])
        #expect(!why.isToolError && why.toolText.hasPrefix("desktop:stm:1 is pending"), "\(why.toolText)")
        #expect(why.toolText.contains("Kreuzberg") && why.structured["ref"] as? String == "desktop:stm:1")
        let stranger = try session.call("why", ["ref": "laptop:stm:1"])
        #expect(stranger.isToolError && stranger.toolText.contains("not among this server's peers"), "\(stranger.toolText)")
        // Both memories are still there, the peer's untouched.
        let again = try session.call("recall", ["query": "Leah Berlin"])
        #expect(again.toolText.contains("Kreuzberg") && again.toolText.contains("My sister"), "\(again.toolText)")
        session.closeInput()
        #expect(session.waitForExit() == 0)
        #expect(session.stderr.contains("peers desktop (\(desktop))"), "\(session.stderr)")
    }
}
