import Foundation
import TestFixtures
import Testing

/// Memories scoped by project (docs/PROJECTS.md), as a user sees them through memctl: real
/// directories, the built binary, the database read back with the sqlite3 shell.
@Suite("Projects")
struct ProjectCommandTests {
    /// `~/src/shop` (a git repository, with `api` and `web` inside), `~/src/thesis`, under the
    /// fixture's directory; memories in each, and one of no project.
    static func projects() throws -> (fixture: MemctlFixture, shop: String, thesis: String) {
        let fixture = try MemctlFixture()
        let src = fixture.dir.path("src")
        for directory in ["shop/.git", "shop/api", "shop/web", "thesis"] {
            try FileManager.default.createDirectory(atPath: src + "/" + directory, withIntermediateDirectories: true)
        }
        let shop = src + "/shop"
        let thesis = src + "/thesis"
        try fixture.add("The shop deploys with blue-green releases every Friday.", ["--project", shop])
        try fixture.add("The web front end of the shop caches prices for a minute.", ["--project", shop + "/web"])
        try fixture.add("The thesis deploys its LaTeX build to the print shop every Friday.", ["--project", thesis])
        try fixture.add("I prefer small commits and deploy only on Friday mornings.")
        return (fixture, shop, thesis)
    }

    /// The texts of `memctl recall --json` for QUERY with `options`, run in `directory`.
    static func recalled(
        _ fixture: MemctlFixture, _ query: String, _ options: [String] = [], in directory: String? = nil
    ) throws -> [String] {
        let result = try fixture.run(["recall", "--json"] + options + [query], workingDirectory: directory)
        try #require(result.status == 0, "\(result.stderr)")
        let memories = try #require(try result.jsonObject()["memories"] as? [[String: Any]])
        return memories.compactMap { $0["text"] as? String }
    }

    @Test("recall in one project hands over its memories, its repository's and those of no project, never another project's")
    func recallIsScoped() throws {
        let (fixture, shop, thesis) = try Self.projects()
        // From a sub-directory of the repository, by --project; relative to where memctl runs.
        let inAPI = try Self.recalled(fixture, "deploy Friday shop", ["--project", "."], in: shop + "/api")
        #expect(inAPI.contains { $0.contains("blue-green") })
        #expect(inAPI.contains { $0.contains("caches prices") }, "the repository's other directory: \(inAPI)")
        #expect(inAPI.contains { $0.contains("small commits") })
        #expect(!inAPI.contains { $0.contains("LaTeX") }, "another project's memory: \(inAPI)")
        let inWeb = try Self.recalled(fixture, "shop prices", ["--project", shop + "/web"])
        #expect(inWeb.contains { $0.contains("caches prices") } && inWeb.contains { $0.contains("blue-green") })
        let inThesis = try Self.recalled(fixture, "deploy Friday shop", ["--project", thesis])
        #expect(inThesis.contains { $0.contains("LaTeX") } && !inThesis.contains { $0.contains("blue-green") })
        // Without --project, or with --all-projects: everything.
        for options in [[], ["--all-projects"]] {
            let all = try Self.recalled(fixture, "deploy Friday shop", options)
            #expect(all.contains { $0.contains("LaTeX") } && all.contains { $0.contains("blue-green") }, "\(options)")
        }
    }

    @Test("search is scoped the same way; the project is stored as the real directory")
    func searchIsScoped() throws {
        let (fixture, shop, _) = try Self.projects()
        let result = try fixture.run(["search", "--json", "--project", shop + "/api/../api", "friday"])
        try #require(result.status == 0, "\(result.stderr)")
        let snippets = try result.jsonArray().compactMap { $0["snippet"] as? String }
        #expect(snippets.count == 2 && !snippets.contains { $0.contains("LaTeX") }, "\(snippets)")
        let stored = try SQLiteShell.run(fixture.db, "SELECT DISTINCT project FROM short_term_memories ORDER BY 1;").output
        let real = URL(fileURLWithPath: shop).resolvingSymlinksInPath().path
        #expect(stored.contains(real + "\n") && stored.contains(real + "/web"), "\(stored)")
    }

    @Test("the JSONL import takes a project per line; a relative one is refused with its line, and nothing is imported")
    func importTakesProjects() throws {
        let fixture = try MemctlFixture()
        let lines = """
            {"content": "Orders live in Postgres.", "project": "/home/dana/src/shop/"}
            {"content": "A note for everywhere."}
            """
        let imported = try fixture.run(["import", "-"], stdin: Data(lines.utf8))
        #expect(imported.status == 0, "\(imported.stderr)")
        let projects = try SQLiteShell.run(fixture.db, "SELECT coalesce(project, '-') FROM short_term_memories ORDER BY id;")
        #expect(projects.output == "/home/dana/src/shop\n-\n")
        let badLines = #"{"content": "x"}"# + "\n" + #"{"content": "y", "project": "src/shop"}"#
        let bad = try fixture.run(["import", "-"], stdin: Data(badLines.utf8))
        #expect(bad.status == 1 && bad.hasOneCleanErrorLine, "\(bad.stderr)")
        #expect(bad.stderr.contains("line 2") && bad.stderr.contains("absolute"), "\(bad.stderr)")
        #expect(try fixture.pendingCount() == 2)
    }

    @Test("bad project options are refused with a usage error and touch nothing")
    func badOptions() throws {
        let (fixture, shop, _) = try Self.projects()
        for arguments in [
            ["recall", "--project", shop, "--all-projects", "deploy"], ["search", "--project", "", "deploy"],
            ["add", "--project", "", "text"], ["mcp", "--project", shop, "--all-projects"],
        ] {
            let result = try fixture.run(arguments)
            #expect(result.status == 64, "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains("--project"), "\(arguments): \(result.stderr)")
        }
        #expect(try fixture.pendingCount() == 4)
    }

    @Test("consolidation keeps projects apart: the same words in two projects make two long-term memories, each in its project")
    func consolidationKeepsProjectsApart() throws {
        let fixture = try MemctlFixture()
        let text = "We decided the release branch is cut every second Tuesday after the standup."
        try fixture.add(text, ["--project", "/home/dana/src/shop", "--session", "a", "--importance", "0.9"])
        try fixture.add(text, ["--project", "/home/dana/src/thesis", "--session", "b", "--importance", "0.9"])
        try fixture.add(text, ["--project", "/home/dana/src/shop", "--session", "c", "--importance", "0.9"])
        let result = try fixture.run(["consolidate", "--local", "--min-age", "0"])
        #expect(result.status == 0, "\(result.stderr)")
        let rows = try SQLiteShell.run(
            fixture.db,
            "SELECT l.project, count(*) FROM long_term_memories l JOIN long_term_sources s ON s.ltm_id = l.id GROUP BY l.id ORDER BY 1;")
        #expect(rows.output == "/home/dana/src/shop|2\n/home/dana/src/thesis|1\n", "\(rows.output)")
    }
}
