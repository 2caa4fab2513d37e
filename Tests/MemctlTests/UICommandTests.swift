import Foundation
import HTTPServer
import TestFixtures
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `memctl ui`: a real process on the demo database, spoken to over real sockets.
@Suite("memctl ui", .demoDatabase)
struct UICommandTests {
    /// The suite's demo database, for the tests that only read it (the page never writes).
    static var demo: DemoDatabase.Database { DemoDatabase.current! }

    static let question = "Where does my sister Leah live?"

    private func serving(_ database: String = demo.path) throws -> UIServerProcess {
        let server = try UIServerProcess(database: database, in: Self.demo.directory)
        try server.waitUntilServing()
        return server
    }

    @Test("the printed address sets the token as a cookie and shows every page")
    func pages() throws {
        let server = try serving()
        #expect(server.address.hasPrefix("http://127.0.0.1:"))
        #expect(server.token.count == 64)
        let first = try LoopbackClient.exchange(
            "GET /?token=\(server.token) HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\nConnection: close\r\n\r\n",
            port: server.port)
        #expect(first.status == 303)
        #expect(first.header("Location") == "/")
        #expect(first.header("Set-Cookie")?.hasPrefix(server.cookie + ";") == true)
        #expect(first.header("Set-Cookie")?.contains("HttpOnly") == true)

        let overview = try server.get("/")
        #expect(overview.status == 200)
        #expect(overview.header("Content-Type") == "text/html; charset=utf-8")
        #expect(overview.body.contains("What memoryd remembers"))
        #expect(overview.body.contains("<span class=\"value\">12</span>"))  // pending, as the demo leaves them
        #expect(overview.body.contains("class=\"bar consolidated\""))
        // The demo's one cycle, today: what its consolidation pass did, in the second chart.
        #expect(overview.body.contains("Consolidated and forgotten per day"))
        #expect(overview.body.contains(": 181 consolidated, 117 forgotten</title>"))
        #expect(overview.body.contains("href=\"/pass/1\""))

        let csp = try #require(overview.header("Content-Security-Policy"))
        #expect(csp.contains("default-src 'none'") && csp.contains("script-src 'self'"))
        #expect(overview.header("X-Content-Type-Options") == "nosniff")
        #expect(overview.header("Referrer-Policy") == "no-referrer")

        let pass = try server.get("/pass/1")
        #expect(pass.status == 200)
        #expect(pass.body.contains("What it forgot"))
        #expect(pass.body.contains("href=\"/memory/stm:"))

        let memories = try server.get("/memories?status=forgotten")
        #expect(memories.status == 200)
        #expect(memories.body.contains("badge forgotten"))
        #expect(!memories.body.contains("badge consolidated"))
        let older = try #require(memories.body.firstMatch(of: /href="(\/memories\?status=forgotten&amp;before=[^"]+)"/))
        let next = try server.get(String(older.1).replacingOccurrences(of: "&amp;", with: "&"))
        #expect(next.status == 200)
        #expect(next.body.contains("badge forgotten"))

        let longTerm = try server.get("/memories?status=long-term")
        #expect(longTerm.body.contains("href=\"/memory/ltm:"))

        let entities = try server.get("/entities?kind=person")
        #expect(entities.status == 200)
        #expect(entities.body.contains(">Leah</a>"))

        let style = try server.get("/static/style.css")
        #expect(style.status == 200)
        #expect(style.header("Content-Type") == "text/css; charset=utf-8")
        #expect(style.body.contains("prefers-color-scheme: dark"))
        let script = try server.get("/static/graph.js")
        #expect(script.header("Content-Type") == "text/javascript; charset=utf-8")
        #expect(server.stop() == 0)
    }

    @Test("the recall page shows exactly the MCP recall text, each line linked to its memory")
    func recall() throws {
        let server = try serving()
        let page = try server.get(
            "/recall?q=\(Self.question.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)&words=30")
        #expect(page.status == 200)
        let plain = try #require(page.body.firstMatch(of: /<pre class="plain">([^<]*)<\/pre>/))
        let text = Self.unescaped(String(plain.1))
        #expect(text.contains("Munich"))
        let cli = try Memctl.run(
            ["--db", Self.demo.path, "recall", Self.question, "--max-words", "30"], in: Self.demo.directory)
        #expect(text == cli.stdout.trimmingCharacters(in: .newlines))
        #expect(page.body.contains("<a href=\"/memory/ltm:"))
        #expect(page.body.contains("value=\"Where does my sister Leah live?\""))

        // The memory a line links to, then the entity it names.
        let link = try #require(page.body.firstMatch(of: /<li><a href="(\/memory\/ltm:[0-9]+)">/))
        let memory = try server.get(String(link.1))
        #expect(memory.status == 200)
        #expect(memory.body.contains("Why: where it came from"))
        #expect(memory.body.contains("href=\"/memory/stm:"))
        let entity = try #require(page.body.firstMatch(of: /<a href="(\/entity\/[0-9]+)">Leah<\/a>/))
        let leah = try server.get(String(entity.1))
        #expect(leah.status == 200)
        #expect(leah.body.contains("Relations over time"))
        #expect(leah.body.contains("lives in"))
        #expect(leah.body.contains("Munich"))
        #expect(server.stop() == 0)
    }

    @Test("the graph page embeds its nodes and edges, filtered by entity and relation")
    func graph() throws {
        let server = try serving()
        let whole = try server.get("/graph")
        #expect(whole.status == 200)
        #expect(whole.body.contains("<script src=\"/static/graph.js\"></script>"))
        let data = try #require(
            whole.body.firstMatch(of: /<script type="application\/json" id="graph-data">([^<]*)<\/script>/))
        let graph = try #require(try JSONSerialization.jsonObject(with: Data(data.1.utf8)) as? [String: Any])
        let nodes = try #require(graph["nodes"] as? [[String: Any]])
        let edges = try #require(graph["edges"] as? [[String: Any]])
        #expect(!nodes.isEmpty && !edges.isEmpty)
        #expect(nodes.allSatisfy { $0["mentions"] is Int })

        let movedFrom = try server.get("/graph?entity=user&relation=lives_in")
        let lived = try #require(movedFrom.body.firstMatch(of: /id="graph-data">([^<]*)</))
        let livesIn = try #require(try JSONSerialization.jsonObject(with: Data(lived.1.utf8)) as? [String: Any])
        let livesInEdges = try #require(livesIn["edges"] as? [[String: Any]])
        #expect(!livesInEdges.isEmpty)
        #expect(livesInEdges.allSatisfy { $0["predicate"] as? String == "lives_in" })
        // The move closed the Berlin edge: one ended, one holds.
        #expect(livesInEdges.contains { !($0["valid_to"] is NSNull) })
        #expect(livesInEdges.contains { $0["valid_to"] is NSNull })

        #expect(try server.get("/graph?relation=typed").status == 200)
        #expect(try server.get("/graph?entity=Nobody+Known").status == 404)
        #expect(try server.get("/graph?relation=hates").status == 400)
        #expect(try server.get("/graph?depth=9").status == 400)
        #expect(server.stop() == 0)
    }

    @Test("without the token, with a wrong one, or from another Host, nothing is shown")
    func access() throws {
        let server = try serving()
        let port = server.port
        let none = try LoopbackClient.exchange(
            "GET / HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n\r\n", port: port)
        #expect(none.status == 403)
        #expect(!none.body.contains("remembers"))
        let wrong = try LoopbackClient.exchange(
            "GET /?token=\(String(repeating: "0", count: 64)) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n\r\n",
            port: port)
        #expect(wrong.status == 403)
        #expect(wrong.header("Set-Cookie") == nil)
        let badCookie = try LoopbackClient.exchange(
            "GET /static/style.css HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nCookie: memoryd_ui_\(port)=x\r\nConnection: close\r\n\r\n",
            port: port)
        #expect(badCookie.status == 403)
        // DNS rebinding: the browser sends the attacker's name, with the right cookie even.
        #expect(try server.get("/", host: "evil.example:\(port)").status == 403)
        #expect(try server.get("/", host: "127.0.0.1:1").status == 403)
        #expect(try server.get("/", host: "localhost:\(port)").status == 200)
        let noHost = try LoopbackClient.exchange("GET / HTTP/1.0\r\nCookie: \(server.cookie)\r\n\r\n", port: port)
        #expect(noHost.status == 400)
        #expect(server.stop() == 0)
        // The token is in the address printed once, and nowhere else.
        #expect(server.output.components(separatedBy: server.token).count == 2)
        #expect(!server.errors.contains(server.token))
    }

    @Test("no request changes the database, and bad requests get their status codes")
    func readOnly() throws {
        try #require(SQLiteShell.isAvailable, "needs the sqlite3 shell")
        let directory = try TemporaryDirectory()
        let database = directory.path("memory.db")
        #expect(try Memctl.run(["--db", database, "demo"], in: directory).status == 0)
        #expect(
            try Memctl.run(["--db", database, "add", "<script>alert('x')</script> & more"], in: directory).status == 0)
        let before = try SQLiteShell.run(database, ".dump").output
        let server = try UIServerProcess(database: database, in: directory)
        try server.waitUntilServing()
        let port = server.port
        for target in [
            "/", "/recall?q=Leah", "/memories", "/memories?status=long-term", "/entities", "/graph", "/memory/ltm:1",
            "/memory/stm:1", "/entity/1", "/pass/1", "/pass/3",
        ] {
            #expect(try server.get(target).status == 200, "\(target)")
        }
        for method in ["POST", "PUT", "DELETE", "PATCH"] {
            let response = try LoopbackClient.exchange(
                "\(method) /memory/stm:1 HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nCookie: \(server.cookie)\r\nConnection: close\r\n\r\n",
                port: port)
            #expect(response.status == 405, "\(method)")
            #expect(response.header("Allow") == "GET, HEAD")
        }
        // A memory that holds markup shows it as text.
        let added = try server.get("/memories")
        #expect(added.body.contains("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; more"))
        #expect(!added.body.contains("<script>alert"))

        #expect(try server.get("/nothing/here").status == 404)
        #expect(try server.get("/memory/stm:999999").status == 404)
        #expect(try server.get("/memory/xyz:1").status == 404)
        #expect(try server.get("/entity/999999").status == 404)
        #expect(try server.get("/pass/999999").status == 404)
        #expect(try server.get("/?until=someday").status == 400)
        #expect(try server.get("/memories?status=lost").status == 400)
        #expect(try server.get("/memories?before=nonsense").status == 400)
        #expect(try server.get("/entities?kind=planet").status == 400)
        #expect(try server.get("/recall?q=Leah&words=5").status == 400)
        let malformed = try LoopbackClient.exchange("GARBAGE\r\n\r\n", port: port)
        #expect(malformed.status == 400)
        let huge = try LoopbackClient.exchange(
            "GET / HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nX-Big: \(String(repeating: "a", count: 20_000))\r\n\r\n",
            port: port)
        #expect(huge.status == 431)
        let body = try LoopbackClient.exchange(
            "POST / HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nContent-Length: 5\r\n\r\nhello", port: port)
        #expect([403, 413].contains(body.status))
        // Still serving after all of that.
        #expect(try server.get("/").status == 200)
        #expect(server.stop(SIGINT) == 0)
        let after = try SQLiteShell.run(database, ".dump").output
        #expect(before == after)
    }

    @Test("Ctrl-C and SIGTERM stop it cleanly, and the port is free again", arguments: [SIGINT, SIGTERM])
    func stops(signal: Int32) throws {
        let server = try serving()
        #expect(try server.get("/").status == 200)
        let port = server.port
        #expect(server.stop(signal) == 0)
        #expect(server.errors.contains("memctl ui: stopping on signal \(signal)"))
        #expect(server.errors.contains("memctl ui: stopped"))
        #expect(throws: (any Error).self) { try LoopbackClient.connect(port: port) }
        // The same port can be taken again at once.
        let again = try UIServerProcess(
            database: Self.demo.path, in: Self.demo.directory, arguments: ["--port", String(port)])
        try again.waitUntilServing()
        #expect(again.port == port)
        #expect(again.stop() == 0)
    }

    @Test("a port in use, a bad port or a missing database is a clear error")
    func refusals() throws {
        let server = try serving()
        let taken = try Memctl.run(
            ["--db", Self.demo.path, "ui", "--port", String(server.port)], in: Self.demo.directory)
        #expect(taken.status == 1)
        #expect(taken.stderr.contains("\(server.port)") && taken.stderr.contains("in use"), "\(taken.stderr)")
        #expect(server.stop() == 0)
        let bad = try Memctl.run(["--db", Self.demo.path, "ui", "--port", "70000"], in: Self.demo.directory)
        #expect(bad.status == 64)
        #expect(bad.stderr.contains("--port"))
        let missing = try Memctl.run(
            ["--db", Self.demo.directory.path("none.db"), "ui", "--port", "0"], in: Self.demo.directory)
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("none.db"))
    }

    @Test("--open hands the address to the desktop's opener, and without one it says so and serves on")
    func opens() throws {
        let directory = try TemporaryDirectory()
        let bin = directory.path("bin")
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        let opened = directory.path("opened.txt")
        let opener = try directory.write("bin/xdg-open", "#!/bin/sh\necho \"$@\" > \(opened)\n")
        chmod(opener, 0o755)
        let server = try UIServerProcess(
            database: Self.demo.path, in: directory, arguments: ["--port", "0", "--open"],
            environment: ["PATH": bin + ":/usr/bin:/bin"])
        try server.waitUntilServing()
        for _ in 0..<200 where !FileManager.default.fileExists(atPath: opened) { usleep(10_000) }
        #expect(try String(contentsOfFile: opened, encoding: .utf8) == server.address + "\n")
        #expect(server.stop() == 0)

        let alone = try UIServerProcess(
            database: Self.demo.path, in: directory, arguments: ["--port", "0", "--open"],
            environment: ["PATH": directory.path("empty")])
        try alone.waitUntilServing()
        #expect(try alone.get("/").status == 200)
        #expect(alone.stop() == 0)
        #expect(alone.errors.contains("--open: cannot run xdg-open"))
    }

    static func unescaped(_ html: String) -> String {
        html.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
            .replacingOccurrences(of: "&amp;", with: "&")
    }
}

/// One demo database for a suite's tests, made before the first and removed after the last.
struct DemoDatabase: SuiteTrait, TestScoping {
    struct Database: Sendable {
        let directory: TemporaryDirectory
        let path: String
    }

    /// The database of the suite that is running.
    @TaskLocal static var current: Database?

    func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("demo.db")
        let demo = try Memctl.run(["--db", path, "demo"], in: directory)
        try #require(demo.status == 0, "\(demo.stderr)")
        try await Self.$current.withValue(Database(directory: directory, path: path)) { try await function() }
    }
}

extension Trait where Self == DemoDatabase {
    /// One demo database for all the tests of the suite.
    static var demoDatabase: Self { Self() }
}
