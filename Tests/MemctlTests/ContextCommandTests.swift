import Foundation
import TestFixtures
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `memctl context` and its hooks, as a coding agent runs them: JSON on standard input, the built
/// binary, and what the agent would read on standard output (docs/HOOKS.md).
@Suite("memctl context")
struct ContextCommandTests {
    /// A store with a project (`src/shop`, a repository), another project, and notes of no project;
    /// the hooks' state under the fixture's directory.
    static func store() throws -> (fixture: MemctlFixture, shop: String, thesis: String, environment: [String: String]) {
        let fixture = try MemctlFixture()
        let shop = fixture.dir.path("src/shop")
        let thesis = fixture.dir.path("src/thesis")
        for directory in [shop + "/.git", shop + "/api", thesis] {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        }
        try fixture.add(
            "We decided to keep the orders table in Postgres; migrations run with sqitch.",
            ["--project", shop, "--source", "assistant", "--importance", "0.9"])
        try fixture.add("The checkout tests are flaky on CI since the payment stub changed.", ["--project", shop + "/api"])
        try fixture.add("Chapter three of the thesis needs the new benchmark figures.", ["--project", thesis])
        try fixture.add("I prefer tabs over spaces, and I review every migration by hand.")
        try fixture.add("The pasta recipe needs more garlic and less salt.")
        return (fixture, shop, thesis, ["XDG_STATE_HOME": fixture.dir.path("state")])
    }

    /// A hook's input as the agents send it.
    static func input(_ event: String, session: String, cwd: String, prompt: String? = nil, source: String? = nil) -> Data {
        var object: [String: Any] = [
            "session_id": session, "cwd": cwd, "hook_event_name": event, "transcript_path": "/dev/null",
        ]
        if let prompt { object["prompt"] = prompt }
        if let source { object["source"] = source }
        return try! JSONSerialization.data(withJSONObject: object)
    }

    /// `hookSpecificOutput` of a JSON answer, checked to be the only key.
    static func additionalContext(_ result: MemctlResult, event: String) throws -> String {
        let object = try result.jsonObject()
        #expect(Array(object.keys) == ["hookSpecificOutput"], "\(result.stdout)")
        let specific = try #require(object["hookSpecificOutput"] as? [String: Any], "\(result.stdout)")
        #expect(Set(specific.keys) == ["hookEventName", "additionalContext"], "\(result.stdout)")
        #expect(specific["hookEventName"] as? String == event)
        return try #require(specific["additionalContext"] as? String)
    }

    @Test("without a query: the user's notes about themselves, then the project's memories, within the budget; never another project's")
    func briefing() throws {
        let (fixture, shop, _, _) = try Self.store()
        let result = try fixture.run(["context"], workingDirectory: shop + "/api")
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdoutLines
        #expect(lines.first?.hasPrefix("What memoryd remembers for ") == true, "\(result.stdout)")
        #expect(lines.count == 4, "\(result.stdout)")
        #expect(lines[1].contains("] user: I prefer tabs"), "the user about themselves first: \(result.stdout)")
        #expect(result.stdout.contains("assistant: We decided to keep the orders table in Postgres"))
        #expect(result.stdout.contains("checkout tests are flaky"))
        #expect(!result.stdout.contains("thesis") && !result.stdout.contains("pasta"), "\(result.stdout)")
        // A small budget holds the most important first.
        let small = try fixture.run(["context", "--max-words", "25", "--project", shop])
        #expect(small.stdout.split(whereSeparator: \.isWhitespace).count <= 25, "\(small.stdout)")
        #expect(small.stdout.contains("tabs"), "\(small.stdout)")
        let json = try fixture.run(["--json", "context", "--project", shop])
        let shown = try #require(try json.jsonObject()["shown"] as? [String])
        #expect(shown.count == 3 && shown.allSatisfy { $0.hasPrefix("stm:") }, "\(shown)")
    }

    @Test("with a query: recall for it within the project")
    func query() throws {
        let (fixture, shop, thesis, _) = try Self.store()
        let result = try fixture.run(["context", "--project", thesis, "what", "needs", "new", "figures", "or", "tests?"])
        #expect(result.status == 0 && result.stdout.contains("Chapter three"), "\(result.stdout)\(result.stderr)")
        #expect(!result.stdout.contains("checkout"), "another project's memory: \(result.stdout)")
        let inShop = try fixture.run(["context", "flaky tests"], workingDirectory: shop)
        #expect(inShop.stdout.contains("checkout tests are flaky"), "\(inShop.stdout)")
    }

    @Test("each agent's hooks answer in the form it reads, and a session never gets the same memory twice", arguments: [
        ("claude-code", "UserPromptSubmit", false), ("codex", "UserPromptSubmit", false), ("gemini", "BeforeAgent", true),
    ])
    func hooks(tool: String, promptEvent: String, jsonAtStart: Bool) throws {
        let (fixture, shop, _, environment) = try Self.store()
        let session = "5f0c3a52-7a7e-4d7e-9a5b-\(tool.count)"
        let start = try fixture.run(
            ["context", "--hook", tool], stdin: Self.input("SessionStart", session: session, cwd: shop + "/api", source: "startup"),
            environment: environment)
        #expect(start.status == 0 && start.stderr.isEmpty, "\(start.stderr)")
        let started =
            jsonAtStart
            ? try Self.additionalContext(start, event: "SessionStart")
            : start.stdout
        // Plain text must not look like JSON to Codex, which parses what starts with { or [.
        if !jsonAtStart { #expect(!start.stdout.hasPrefix("{") && !start.stdout.hasPrefix("[")) }
        #expect(started.contains("orders table in Postgres") && started.contains("tabs"), "\(start.stdout)")
        #expect(!started.contains("Chapter three"), "\(start.stdout)")

        // The prompt's recall leaves out what the session was given at its start.
        let asked = try fixture.run(
            ["context", "--hook", tool],
            stdin: Self.input(promptEvent, session: session, cwd: shop, prompt: "Where do the orders live, and which tests are flaky?"),
            environment: environment)
        #expect(asked.status == 0, "\(asked.stderr)")
        #expect(asked.stdout.isEmpty, "only memories already given match: \(asked.stdout)")
        try fixture.add("The orders export runs nightly at 02:00 and writes CSV to the bucket.", ["--project", shop])
        let again = try fixture.run(
            ["context", "--hook", tool],
            stdin: Self.input(promptEvent, session: session, cwd: shop, prompt: "When does the orders export run?"),
            environment: environment)
        let context = try Self.additionalContext(again, event: promptEvent)
        #expect(context.contains("nightly at 02:00") && !context.contains("Postgres"), "\(context)")

        // Another session is given everything again; so is this one after /clear.
        for (other, source) in [("another-session", "startup"), (session, "clear")] {
            let fresh = try fixture.run(
                ["context", "--hook", tool], stdin: Self.input("SessionStart", session: other, cwd: shop, source: source),
                environment: environment)
            #expect(fresh.stdout.contains("Postgres"), "\(other) \(source): \(fresh.stdout)")
        }
    }

    @Test("a memory said in the asking session itself is not handed back to it")
    func ownSession() throws {
        let (fixture, shop, _, environment) = try Self.store()
        try fixture.add("Let's rename the orders service to fulfilment.", ["--project", shop, "--session", "s-own"])
        let asked = try fixture.run(
            ["context", "--hook", "claude-code"],
            stdin: Self.input("UserPromptSubmit", session: "s-own", cwd: shop, prompt: "rename the orders service"),
            environment: environment)
        #expect(!asked.stdout.contains("fulfilment"), "\(asked.stdout)")
        #expect(asked.stdout.contains("orders table"), "\(asked.stdout)")
    }

    /// A hook's run that added nothing and told why in one line, and did not fail the agent.
    static func expectNothing(_ result: MemctlResult, _ reason: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(result.status == 0, "\(result.stderr)", sourceLocation: sourceLocation)
        #expect(result.stdout.isEmpty, "\(result.stdout)", sourceLocation: sourceLocation)
        #expect(result.hasOneCleanErrorLine && result.stderr.contains(reason), "\(result.stderr)", sourceLocation: sourceLocation)
    }

    @Test("a hook never fails its agent: a missing database, bad input, an event it does not answer, a bad option")
    func neverFails() throws {
        let (fixture, shop, _, environment) = try Self.store()
        let start = Self.input("SessionStart", session: "s", cwd: shop)
        let missing = try Memctl.run(
            ["--db", fixture.dir.path("none/memory.db"), "context", "--hook", "codex"], stdin: start,
            environment: environment, in: fixture.dir)
        Self.expectNothing(missing, "no database")
        #expect(!FileManager.default.fileExists(atPath: fixture.dir.path("none")), "a hook creates nothing")
        for (input, reason) in [
            ("not json", "not JSON"), ("", "not JSON"), ("[1]", "not a JSON object"), (#"{"cwd": "/"}"#, "hook_event_name"),
            (#"{"hook_event_name": "PreToolUse"}"#, "not one memctl context answers"),
        ] {
            let result = try fixture.run(["context", "--hook", "gemini"], stdin: Data(input.utf8), environment: environment)
            Self.expectNothing(result, reason)
        }
        for options in [["--max-words", "3"], ["--timeout", "0"], ["--all-projects", "--project", shop], ["a", "query"]] {
            let result = try fixture.run(["context", "--hook", "claude-code"] + options, stdin: start, environment: environment)
            Self.expectNothing(result, "memctl context")
        }
        // A file that is not a database, and a database of a newer memoryd: left as they are.
        let garbage = try fixture.dir.write("garbage.db", String(repeating: "not a database ", count: 300))
        let before = try Data(contentsOf: URL(fileURLWithPath: garbage))
        Self.expectNothing(
            try Memctl.run(["--db", garbage, "context", "--hook", "gemini"], stdin: start, environment: environment, in: fixture.dir),
            "memctl context")
        #expect(try Data(contentsOf: URL(fileURLWithPath: garbage)) == before)
        if SQLiteShell.isAvailable {
            let newer = fixture.dir.path("newer.db")
            try FileManager.default.copyItem(atPath: fixture.db, toPath: newer)
            _ = try SQLiteShell.run(newer, "PRAGMA user_version = 999;")
            Self.expectNothing(
                try Memctl.run(
                    ["--db", newer, "context", "--hook", "codex"], stdin: start, environment: environment, in: fixture.dir),
                "newer")
        }
        // Without --hook, the same mistakes are usage errors.
        #expect(try fixture.run(["context", "--max-words", "3"]).status == 64)
        #expect(try fixture.run(["context", "--hook", "vim"]).status == 64)
    }

    @Test("a hook on a locked database, or one that cannot finish in time, adds nothing and exits 0",
        .enabled(if: SQLiteShell.isAvailable, "needs the sqlite3 shell at /usr/bin/sqlite3"))
    func lockedOrLate() throws {
        let (fixture, shop, _, environment) = try Self.store()
        let shell = try InteractiveSQLiteShell(database: fixture.db)
        // The shell waits for the lock (its default is not to): a reader at that moment must not
        // make BEGIN EXCLUSIVE fail and the insert commit on its own.
        shell.send(".timeout 5000\nPRAGMA locking_mode = EXCLUSIVE;\nBEGIN EXCLUSIVE;\nINSERT INTO short_term_memories(content) VALUES ('x');\n")
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline, try fixture.run(["--busy-timeout", "50", "stats"]).status == 0 {
            Thread.sleep(forTimeInterval: 0.05)
        }
        let started = Date()
        let locked = try fixture.run(
            ["context", "--hook", "claude-code", "--timeout", "400"],
            stdin: Self.input("SessionStart", session: "s", cwd: shop), environment: environment)
        Self.expectNothing(locked, "locked")
        #expect(Date().timeIntervalSince(started) < 5)
        _ = shell.closeInputAndWait()

        // Standard input that never ends: the deadline answers.
        let process = Process()
        process.executableURL = Memctl.executable
        process.arguments = ["--db", fixture.db, "context", "--hook", "codex", "--timeout", "300"]
        let input = Pipe()
        let output = Pipe()
        let error = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = error
        try process.run()
        input.fileHandleForWriting.write(Data(#"{"hook_event_name": "Sess"#.utf8))
        process.waitUntilExit()
        try? input.fileHandleForWriting.close()
        #expect(process.terminationStatus == 0)
        #expect(output.fileHandleForReading.readDataToEndOfFile().isEmpty)
        let stderr = String(decoding: error.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(stderr.contains("no answer within 300 ms") && stderr.split(separator: "\n").count == 1, "\(stderr)")
    }
}
