import Foundation
import TestFixtures
import Testing

/// `memctl mcp` as a coding agent starts it: in its session's directory, which scopes the tools
/// to that project (docs/PROJECTS.md).
@Suite("memctl mcp in a project")
struct MemctlMCPProjectTests {
    @Test("started in a project directory, remember files under it and recall and search read only it and what has no project")
    func scopedToWorkingDirectory() throws {
        let fixture = try MemctlFixture()
        let shop = fixture.dir.path("src/shop")
        let thesis = fixture.dir.path("src/thesis")
        for directory in [shop + "/.git", shop + "/api", thesis] {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        }
        try fixture.add("The thesis defence is rehearsed on Friday with the committee.", ["--project", thesis])
        try fixture.add("Rehearsals of any talk need a projector check first.")
        let session = try MCPSession(database: fixture.db, in: fixture.dir, workingDirectory: shop + "/api")
        _ = try session.request("initialize", MCPSession.initialize)
        session.send(#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#)
        let real = URL(fileURLWithPath: shop + "/api").resolvingSymlinksInPath().path

        let listed = try #require(try session.request("tools/list")["result"] as? [String: Any])
        let tools = try #require(listed["tools"] as? [[String: Any]])
        for name in ["remember", "recall", "search"] {
            let description = tools.first { $0["name"] as? String == name }?["description"] as? String ?? ""
            #expect(description.contains(real), "\(name): \(description)")
        }

        let remembered = try session.call("remember", ["content": "The shop's release rehearsal is on Friday at noon."])
        #expect(!remembered.isToolError, "\(remembered.toolText)")
        let stored = try SQLiteShell.run(fixture.db, "SELECT coalesce(project, '-') FROM short_term_memories ORDER BY id;")
        #expect(stored.output == "\(URL(fileURLWithPath: thesis).resolvingSymlinksInPath().path)\n-\n\(real)\n")

        let recalled = try session.call("recall", ["query": "rehearsal on Friday"])
        #expect(recalled.toolText.contains("release rehearsal") && recalled.toolText.contains("projector"), "\(recalled.toolText)")
        #expect(!recalled.toolText.contains("defence"), "another project's memory: \(recalled.toolText)")
        let searched = try session.call("search", ["query": "friday"])
        #expect(!searched.toolText.contains("defence") && searched.toolText.contains("rehearsal"), "\(searched.toolText)")

        let everywhere = try session.call("recall", ["query": "rehearsal on Friday", "all_projects": true])
        #expect(everywhere.toolText.contains("defence"), "\(everywhere.toolText)")
        let there = try session.call("search", ["query": "friday", "project": thesis])
        #expect(there.toolText.contains("defence") && !there.toolText.contains("release"), "\(there.toolText)")
        let both = try session.call("recall", ["query": "friday", "project": thesis, "all_projects": true])
        #expect(both.isToolError && both.toolText.contains("exclude"), "\(both.toolText)")
        session.closeInput()
        #expect(session.waitForExit() == 0)
        #expect(session.stderr.contains("project \(real)"), "\(session.stderr)")
    }

    @Test("with --all-projects it remembers for every project and reads every one")
    func allProjects() throws {
        let fixture = try MemctlFixture()
        try fixture.add("The thesis defence is rehearsed on Friday.", ["--project", "/home/dana/src/thesis"])
        let session = try MCPSession(
            database: fixture.db, in: fixture.dir, arguments: ["--all-projects"], workingDirectory: fixture.dir.path(""))
        _ = try session.request("initialize", MCPSession.initialize)
        _ = try session.call("remember", ["content": "A note for every project."])
        let recalled = try session.call("recall", ["query": "defence rehearsed"])
        #expect(recalled.toolText.contains("defence"), "\(recalled.toolText)")
        let stored = try SQLiteShell.run(fixture.db, "SELECT coalesce(project, '-') FROM short_term_memories ORDER BY id;")
        #expect(stored.output == "/home/dana/src/thesis\n-\n")
        session.closeInput()
        #expect(session.waitForExit() == 0)
    }

    @Test("started by Claude Code, it works in the project Claude Code names ($CLAUDE_PROJECT_DIR), wherever it runs")
    func claudeProjectDirectory() throws {
        let fixture = try MemctlFixture()
        let thesis = fixture.dir.path("src/thesis")
        try FileManager.default.createDirectory(atPath: thesis, withIntermediateDirectories: true)
        try fixture.add("The thesis defence is rehearsed on Friday.", ["--project", thesis])
        try fixture.add("The shop deploys on Friday.", ["--project", "/home/dana/src/shop"])
        let session = try MCPSession(
            database: fixture.db, in: fixture.dir, workingDirectory: "/", environment: ["CLAUDE_PROJECT_DIR": thesis])
        _ = try session.request("initialize", MCPSession.initialize)
        let recalled = try session.call("recall", ["query": "what happens on Friday"])
        #expect(recalled.toolText.contains("defence") && !recalled.toolText.contains("shop"), "\(recalled.toolText)")
        session.closeInput()
        #expect(session.waitForExit() == 0)
    }
}
