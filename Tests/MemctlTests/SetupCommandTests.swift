import Foundation
import TestFixtures
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `memctl setup` from outside: a fresh HOME for each test, holding the agents' configurations
/// as they are found in the wild.
@Suite("memctl setup")
struct SetupCommandTests {
    /// A temporary HOME with some of the agents' files in it.
    struct Home {
        let dir: TemporaryDirectory
        var path: String { dir.path("home") }

        init(files: [String: String] = [:]) throws {
            dir = try TemporaryDirectory()
            for (name, text) in files { try write(name, text) }
        }

        func write(_ name: String, _ text: String, mode: mode_t = 0o644) throws {
            let file = path + "/" + name
            try FileManager.default.createDirectory(
                atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try Data(text.utf8).write(to: URL(fileURLWithPath: file))
            chmod(file, mode)
        }

        func read(_ name: String) -> String? {
            FileManager.default.contents(atPath: path + "/" + name).map { String(decoding: $0, as: UTF8.self) }
        }

        func exists(_ name: String) -> Bool { FileManager.default.fileExists(atPath: path + "/" + name) }

        func mode(_ name: String) -> mode_t {
            var info = stat()
            stat(path + "/" + name, &info)
            return info.st_mode & 0o777
        }

        func memctl(_ arguments: [String], environment: [String: String] = [:]) throws -> MemctlResult {
            var environment = environment
            if environment["HOME"] == nil { environment["HOME"] = path }
            environment["CODEX_HOME"] = environment["CODEX_HOME"] ?? ""
            environment["MEMORYD_DB"] = environment["MEMORYD_DB"] ?? ""
            return try Memctl.run(arguments, environment: environment, in: dir)
        }
    }

    /// The agents, their files (relative to HOME) and what each holds before setup.
    static let agents: [(tool: String, files: [String: String])] = [
        (
            "claude-code",
            [
                ".claude.json": AgentConfigFixtures.claudeJSON,
                ".claude/settings.json": AgentConfigFixtures.claudeSettings,
            ]
        ),
        ("codex", [".codex/config.toml": AgentConfigFixtures.codexConfig]),
        ("gemini", [".gemini/settings.json": AgentConfigFixtures.geminiSettings]),
    ]

    static let memctl = Memctl.executable.resolvingSymlinksInPath().path

    static func hookCommand(_ tool: String) -> String { "\(memctl) context --hook \(tool)" }

    // MARK: - Setting up

    @Test("Claude Code: the MCP server in ~/.claude.json, the hooks in settings.json, everything else kept")
    func claudeCode() throws {
        let home = try Home(files: Self.agents[0].files)
        let result = try home.memctl(["setup", "claude-code"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("memoryd is set up for Claude Code:"))
        #expect(
            result.stdout.contains(
                "changed \(home.path)/.claude.json (backup: \(home.path)/.claude.json.memoryd-backup)"))
        #expect(result.stdout.contains("claude mcp list"))
        let before = try json(AgentConfigFixtures.claudeJSON)
        let after = try json(try #require(home.read(".claude.json")))
        let servers = try #require(after["mcpServers"] as? [String: Any])
        #expect(
            NSDictionary(dictionary: servers["memoryd"] as? [String: Any] ?? [:])
                == NSDictionary(dictionary: [
                    "type": "stdio", "command": Self.memctl, "args": ["mcp"], "env": [String: Any](),
                ]))
        var withoutMemoryd = after
        withoutMemoryd["mcpServers"] = servers.filter { $0.key != "memoryd" }
        #expect(NSDictionary(dictionary: withoutMemoryd) == NSDictionary(dictionary: before))
        // Claude Code's layout: the new member after the last, two spaces deeper.
        #expect(
            home.read(".claude.json")?.contains(
                """
                      }
                    },
                    "memoryd": {
                      "type": "stdio",
                """) == true)
        let settings = try json(try #require(home.read(".claude/settings.json")))
        let hooks = try #require(settings["hooks"] as? [String: [[String: Any]]])
        #expect(hooks["SessionStart"]?.count == 2)
        #expect(hooks["SessionStart"]?.last?["matcher"] as? String == "startup|resume|clear|compact")
        let handler = try #require((hooks["UserPromptSubmit"]?.first?["hooks"] as? [[String: Any]])?.first)
        #expect(handler["command"] as? String == Self.hookCommand("claude-code"))
        #expect(handler["timeout"] as? Int == 10)
        #expect(home.mode(".claude.json") == 0o644)
    }

    @Test("Codex: [mcp_servers.memoryd] and two [[hooks.*]] groups appended, the rest of the file as it was")
    func codex() throws {
        let home = try Home(files: Self.agents[1].files)
        let result = try home.memctl(["setup", "codex"])
        #expect(result.status == 0, "\(result.stderr)")
        let after = try #require(home.read(".codex/config.toml"))
        #expect(
            after == AgentConfigFixtures.codexConfig + """

                [mcp_servers.memoryd]
                command = "\(Self.memctl)"
                args = ["mcp"]

                [[hooks.SessionStart]]
                matcher = "startup|resume|clear|compact"
                [[hooks.SessionStart.hooks]]
                type = "command"
                command = "\(Self.hookCommand("codex"))"
                timeout = 10

                [[hooks.UserPromptSubmit]]
                [[hooks.UserPromptSubmit.hooks]]
                type = "command"
                command = "\(Self.hookCommand("codex"))"
                timeout = 10

                """)
        #expect(result.stdout.contains("trust memoryd's two hooks with /hooks"))
        #expect(result.stdout.contains("codex_hooks = true"))
        // Read by another TOML parser: the user's hook comes first, memoryd's after it.
        if let parsed = try tomllib(home.path + "/.codex/config.toml") {
            let start = try #require((parsed["hooks"] as? [String: Any])?["SessionStart"] as? [[String: Any]])
            #expect(start.map { $0["matcher"] as? String } == ["startup", "startup|resume|clear|compact"])
            let servers = try #require(parsed["mcp_servers"] as? [String: Any])
            #expect(Set(servers.keys) == ["github", "docs", "memoryd"])
            #expect(parsed["model"] as? String == "gpt-5.1-codex")
        }
    }

    @Test("Gemini CLI: mcpServers.memoryd and the SessionStart and BeforeAgent groups, comments where they were")
    func gemini() throws {
        let home = try Home(files: Self.agents[2].files)
        let result = try home.memctl(["setup", "gemini"])
        #expect(result.status == 0, "\(result.stderr)")
        let after = try #require(home.read(".gemini/settings.json"))
        for comment in [
            "// Gemini CLI user settings", "// VS Code", "/* MCP servers, added with `gemini mcp add --scope user` */",
            "// the end",
        ] {
            #expect(after.contains(comment))
        }
        #expect(
            after.contains(
                """
                      "timeout": 30000
                    },
                    "memoryd": {
                      "command": "\(Self.memctl)",
                """))
        let settings = try json(stripComments(after))
        let hooks = try #require(settings["hooks"] as? [String: [[String: Any]]])
        #expect(Set(hooks.keys) == ["BeforeTool", "SessionStart", "BeforeAgent"])
        let handler = try #require((hooks["BeforeAgent"]?.first?["hooks"] as? [[String: Any]])?.first)
        #expect(
            NSDictionary(dictionary: handler)
                == NSDictionary(dictionary: [
                    "type": "command", "name": "memoryd", "command": Self.hookCommand("gemini"), "timeout": 10000,
                ]))
        #expect(result.stdout.contains("gemini mcp list"))
    }

    @Test("missing files and directories are created, readable by the user alone", arguments: agents.map(\.tool))
    func missingFiles(tool: String) throws {
        let home = try Home()
        try FileManager.default.createDirectory(atPath: home.path, withIntermediateDirectories: true)
        let result = try home.memctl(["setup", tool])
        #expect(result.status == 0, "\(result.stderr)")
        let files = Self.agents.first { $0.tool == tool }!.files.keys
        for file in files {
            #expect(home.exists(file))
            #expect(home.mode(file) == 0o600)
            #expect(!home.exists(file + ".memoryd-backup"))
            #expect(result.stdout.contains("created \(home.path)/\(file)"))
        }
        if tool == "claude-code" {
            #expect(
                home.read(".claude.json") == """
                    {
                      "mcpServers": {
                        "memoryd": {
                          "type": "stdio",
                          "command": "\(Self.memctl)",
                          "args": [
                            "mcp"
                          ],
                          "env": {}
                        }
                      }
                    }

                    """)
        }
    }

    // MARK: - Again, and undone

    @Test("a second run changes nothing and writes no backup", arguments: agents.map(\.tool))
    func idempotent(tool: String) throws {
        let agent = Self.agents.first { $0.tool == tool }!
        let home = try Home(files: agent.files)
        #expect(try home.memctl(["setup", tool]).status == 0)
        let once = agent.files.keys.map { (home.read($0), home.read($0 + ".memoryd-backup")) }
        let again = try home.memctl(["setup", tool])
        #expect(again.status == 0)
        #expect(again.stdout.contains("already set up"))
        #expect(
            agent.files.keys.map { (home.read($0), home.read($0 + ".memoryd-backup")) }.elementsEqual(once) { $0 == $1 }
        )
        for file in agent.files.keys { #expect(home.read(file + ".memoryd-backup") == agent.files[file]) }
    }

    @Test("--remove after setup gives back the original bytes", arguments: agents.map(\.tool))
    func removeRestores(tool: String) throws {
        let agent = Self.agents.first { $0.tool == tool }!
        let home = try Home(files: agent.files)
        #expect(try home.memctl(["setup", tool]).status == 0)
        let removed = try home.memctl(["setup", tool, "--remove"])
        #expect(removed.status == 0, "\(removed.stderr)")
        #expect(removed.stdout.contains("memoryd is removed from"))
        for (file, text) in agent.files { #expect(home.read(file) == text, "\(file)") }
        let again = try home.memctl(["setup", tool, "--remove"])
        #expect(again.stdout.contains("memoryd is not set up for"))
    }

    @Test(
        "--remove gives back other files too: empty, a bare {}, without a final line break",
        arguments: [
            ("claude-code", ".claude/settings.json", ""), ("claude-code", ".claude/settings.json", "{}"),
            ("claude-code", ".claude/settings.json", "{}\n"), ("claude-code", ".claude.json", "{\n  \"a\": 1\n}"),
            ("codex", ".codex/config.toml", ""), ("codex", ".codex/config.toml", "model = \"o3\""),
            ("codex", ".codex/config.toml", "# nothing yet\n\n"),
            ("gemini", ".gemini/settings.json", "{\n  // none\n}\n"),
            ("gemini", ".gemini/settings.json", "\n"),
        ])
    func removeRestoresSmallFiles(tool: String, file: String, text: String) throws {
        let home = try Home(files: [file: text])
        #expect(try home.memctl(["setup", tool]).status == 0)
        #expect(home.read(file) != text)
        #expect(try home.memctl(["setup", tool, "--remove"]).status == 0)
        #expect(home.read(file) == text)
    }

    /// An edit cannot tell an empty object that was there from one that setup made; the backup
    /// (the file before setup) can.
    @Test("--remove keeps an object that was there before, empty, as it was")
    func removeKeepsEarlierEmptyObjects() throws {
        let settings = "{\n  \"model\": \"opus\",\n  \"hooks\": {},\n  \"mcpServers\": {}\n}\n"
        let home = try Home(files: [
            ".claude.json": "{\"mcpServers\": {}, \"numStartups\": 3}", ".claude/settings.json": settings,
        ])
        #expect(try home.memctl(["setup", "claude-code"]).status == 0)
        #expect(try home.memctl(["setup", "claude-code", "--remove"]).status == 0)
        #expect(home.read(".claude.json") == "{\"mcpServers\": {}, \"numStartups\": 3}")
        #expect(home.read(".claude/settings.json") == settings)
        // Not held empty before: it goes.
        let filled = try Home(files: [".claude.json": "{\"mcpServers\": {\"x\": {}}}"])
        #expect(try filled.memctl(["setup", "claude-code"]).status == 0)
        try filled.write(".claude.json", filled.read(".claude.json")!.replacing("\"x\": {},", with: ""))
        #expect(try filled.memctl(["setup", "claude-code", "--remove"]).status == 0)
        #expect(filled.read(".claude.json") == "{}")
        // Without that backup, what memoryd's entries alone filled goes with them.
        #expect(try home.memctl(["setup", "claude-code"]).status == 0)
        try FileManager.default.removeItem(atPath: home.path + "/.claude.json.memoryd-backup")
        #expect(try home.memctl(["setup", "claude-code", "--remove"]).status == 0)
        #expect(home.read(".claude.json") == "{\"numStartups\": 3}")
    }

    @Test("--remove deletes a file that setup created and that holds nothing else", arguments: agents.map(\.tool))
    func removeDeletesCreated(tool: String) throws {
        let home = try Home()
        #expect(try home.memctl(["setup", tool]).status == 0)
        let removed = try home.memctl(["setup", tool, "--remove"])
        #expect(removed.status == 0)
        for file in Self.agents.first(where: { $0.tool == tool })!.files.keys {
            #expect(!home.exists(file))
            #expect(
                removed.stdout.contains("deleted \(home.path)/\(file) (backup: \(home.path)/\(file).memoryd-backup)"))
        }
    }

    @Test("--remove takes out memoryd's entries and no one else's, wherever memctl was")
    func removeOnlyOurs() throws {
        let settings = """
            {
              "hooks": {
                "UserPromptSubmit": [
                  {"hooks": [{"type": "command", "command": "'/old place/memctl' --db /x.db context --hook claude-code"}]},
                  {"hooks": [{"type": "command", "command": "memctl context --hook codex"}]},
                  {"hooks": [{"type": "command", "command": "/usr/bin/memctl context --hook claude-code"}, {"type": "command", "command": "echo"}]}
                ]
              }
            }
            """
        let home = try Home(files: [".claude/settings.json": settings])
        #expect(try home.memctl(["setup", "claude-code", "--remove"]).status == 0)
        #expect(
            home.read(".claude/settings.json") == """
                {
                  "hooks": {
                    "UserPromptSubmit": [
                      {"hooks": [{"type": "command", "command": "memctl context --hook codex"}]},
                      {"hooks": [{"type": "command", "command": "/usr/bin/memctl context --hook claude-code"}, {"type": "command", "command": "echo"}]}
                    ]
                  }
                }
                """)
    }

    @Test("memctl moved: exactly memoryd's entries are replaced, where they are", arguments: agents.map(\.tool))
    func moved(tool: String) throws {
        let agent = Self.agents.first { $0.tool == tool }!
        let home = try Home(files: agent.files)
        #expect(try home.memctl(["setup", tool]).status == 0)
        let current = agent.files.keys.map { home.read($0)! }
        for (file, text) in zip(agent.files.keys, current) {
            try home.write(file, text.replacing(Self.memctl, with: "/opt/old/bin/memctl"))
        }
        let result = try home.memctl(["setup", tool])
        #expect(result.status == 0)
        #expect(result.stdout.contains("changed"))
        #expect(agent.files.keys.map { home.read($0)! } == current)
    }

    @Test("a memctl whose path needs quoting: the hook commands run through the shell", arguments: agents.map(\.tool))
    func quotedPath(tool: String) throws {
        let home = try Home()
        let directory = home.dir.path("it's my tools")
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let program = directory + "/memctl"
        if link(Self.memctl, program) != 0 { try FileManager.default.copyItem(atPath: Self.memctl, toPath: program) }
        let setup = try Memctl.run(
            ["setup", tool], environment: ["HOME": home.path, "CODEX_HOME": "", "MEMORYD_DB": ""], in: home.dir,
            program: URL(fileURLWithPath: program))
        #expect(setup.status == 0, "\(setup.stderr)")
        let commands: [String]
        switch tool {
        case "codex":
            guard let config = try tomllib(home.path + "/.codex/config.toml") else { return }
            let hooks = try #require(config["hooks"] as? [String: [[String: Any]]])
            commands = hooks.values.flatMap {
                $0.flatMap { ($0["hooks"] as? [[String: Any]] ?? []).compactMap { $0["command"] as? String } }
            }
        default:
            let file = tool == "gemini" ? ".gemini/settings.json" : ".claude/settings.json"
            let text = try #require(home.read(file))
            let hooks = try #require(try json(text)["hooks"] as? [String: [[String: Any]]])
            commands = hooks.values.flatMap {
                $0.flatMap { ($0["hooks"] as? [[String: Any]] ?? []).compactMap { $0["command"] as? String } }
            }
        }
        #expect(commands.count == 2)
        for command in commands {
            #expect(
                command.hasPrefix(#"'\#(directory.replacing("'", with: #"'\''"#))/memctl' context --hook \#(tool)"#))
            let shell = try Memctl.run(
                ["-c", command],
                stdin: Data(
                    #"{"session_id": "s", "cwd": "/", "hook_event_name": "SessionStart", "source": "startup"}"#.utf8),
                environment: ["HOME": home.path], in: home.dir, program: URL(fileURLWithPath: "/bin/sh"))
            #expect(shell.status == 0)
            #expect(shell.stderr.hasPrefix("memctl context: "), "\(shell.stderr)")
        }
    }

    // MARK: - Options

    @Test("--dry-run prints a unified diff and writes nothing", arguments: agents.map(\.tool))
    func dryRun(tool: String) throws {
        let agent = Self.agents.first { $0.tool == tool }!
        let home = try Home(files: agent.files)
        let result = try home.memctl(["setup", tool, "--dry-run"])
        #expect(result.status == 0)
        for (file, text) in agent.files {
            #expect(home.read(file) == text)
            #expect(!home.exists(file + ".memoryd-backup"))
            #expect(result.stdout.contains("--- \(home.path)/\(file)\n+++ \(home.path)/\(file)\n@@ -"))
        }
        #expect(
            result.stdout.contains("+[mcp_servers.memoryd]") || result.stdout.contains("+    \"memoryd\": {")
                || result.stdout.contains("+  \"mcpServers\": {") || result.stdout.contains("+\"memoryd\""))
        #expect(result.stdout.hasSuffix("Dry run: nothing written.\n"))
        let missing = try Home()
        let created = try missing.memctl(["setup", tool, "--dry-run"])
        #expect(created.stdout.contains("--- /dev/null\n+++ \(missing.path)/"))
        #expect(!FileManager.default.fileExists(atPath: missing.path))
    }

    @Test("--db names the database in the MCP server's arguments and the hooks, as an absolute path")
    func database() throws {
        let home = try Home()
        let result = try home.memctl(["--db", "memory.db", "setup", "gemini"])
        #expect(result.status == 0)
        let database = FileManager.default.currentDirectoryPath + "/memory.db"
        let settings = try json(try #require(home.read(".gemini/settings.json")))
        let server = try #require((settings["mcpServers"] as? [String: Any])?["memoryd"] as? [String: Any])
        #expect(server["args"] as? [String] == ["--db", database, "mcp"])
        #expect(
            home.read(".gemini/settings.json")?.contains("\(Self.memctl) --db \(database) context --hook gemini")
                == true)
        let viaEnvironment = try Home()
        #expect(try viaEnvironment.memctl(["setup", "codex"], environment: ["MEMORYD_DB": "/data/m.db"]).status == 0)
        #expect(
            viaEnvironment.read(".codex/config.toml")?.contains("args = [\"--db\", \"/data/m.db\", \"mcp\"]") == true)
    }

    @Test("--json says what changed, with the backups")
    func jsonReport() throws {
        let home = try Home(files: [".claude.json": "{}"])
        let result = try home.memctl(["setup", "claude-code", "--json"])
        #expect(result.status == 0)
        let report = try result.jsonObject()
        #expect(report["tool"] as? String == "claude-code")
        #expect(report["action"] as? String == "setup")
        #expect(report["changed"] as? Bool == true)
        let files = try #require(report["files"] as? [[String: Any]])
        #expect(files.map { $0["status"] as? String } == ["changed", "created"])
        #expect(files.first?["backup"] as? String == home.path + "/.claude.json.memoryd-backup")
        #expect(files.last?["backup"] == nil)
        #expect((report["notes"] as? [String])?.isEmpty == false)
        let dry = try home.memctl(["setup", "claude-code", "--json", "--dry-run", "--remove"])
        let dryFiles = try #require(try dry.jsonObject()["files"] as? [[String: Any]])
        #expect(dryFiles.allSatisfy { ($0["diff"] as? String)?.hasPrefix("--- ") == true })
    }

    // MARK: - What stops it

    @Test(
        "a file that is not valid is left as it is: its name, line, column and reason, exit 1",
        arguments: [
            (
                "claude-code", ".claude/settings.json", "{\n  \"model\": \"opus\",\n}\n",
                "line 3, column 1: a comma before '}' (JSON allows no trailing comma)"
            ),
            (
                "claude-code", ".claude.json", "{\n  // no comments in Claude's files\n}",
                "line 2, column 3: expected a member name in double quotes, found '/'"
            ),
            (
                "codex", ".codex/config.toml", "model = \"o3\"\nmodel = \"o4\"\n",
                "line 2, column 1: the key model is defined twice (first at line 1)"
            ),
            (
                "gemini", ".gemini/settings.json", "{\n  \"ui\": { \"theme\": \"x\" \n",
                "line 2, column 9: an object that is never closed"
            ),
            (
                "claude-code", ".claude.json", "{\"mcpServers\": []}",
                "line 1, column 16: mcpServers is an array, not an object"
            ),
            (
                "codex", ".codex/config.toml", "[mcp_servers]\nmemoryd = { command = \"x\" }\n",
                "line 2, column 1: mcp_servers.memoryd is written as a value (inline), where a [mcp_servers.memoryd] table is to be added"
            ),
        ] as [(String, String, String, String)])
    func unreadable(tool: String, file: String, text: String, reason: String) throws {
        let agent = Self.agents.first { $0.tool == tool }!
        var files = agent.files
        files[file] = text
        let home = try Home(files: files)
        let result = try home.memctl(["setup", tool])
        #expect(result.status == 1)
        #expect(result.stdout == "")
        #expect(result.stderrLines == ["memctl setup: \(home.path)/\(file), \(reason); the file is left as it is"])
        for (name, contents) in files {
            #expect(home.read(name) == contents)
            #expect(!home.exists(name + ".memoryd-backup"))
        }
    }

    @Test(
        "what turns the hooks off is pointed out",
        arguments: [
            (
                "codex", ".codex/config.toml", "[features]\nhooks = false\n",
                "hooks are turned off ([features] hooks = false)"
            ),
            (
                "codex", ".codex/config.toml", "[features]\ncodex_hooks = false\n",
                "hooks are turned off ([features] codex_hooks = false)"
            ),
            (
                "gemini", ".gemini/settings.json", "{\"hooksConfig\": {\"enabled\": false}}",
                "hooks are turned off (\"hooksConfig\": {\"enabled\": false})"
            ),
            (
                "claude-code", ".claude/settings.json", "{\"disableAllHooks\": true}",
                "hooks are turned off (\"disableAllHooks\": true)"
            ),
        ] as [(String, String, String, String)])
    func hooksTurnedOff(tool: String, file: String, text: String, warning: String) throws {
        let home = try Home(files: [file: text])
        let result = try home.memctl(["setup", tool])
        #expect(result.status == 0)
        #expect(result.stdout.contains("warning: \(home.path)/\(file): \(warning)"))
        let clean = try Home()
        #expect(!(try clean.memctl(["setup", tool]).stdout.contains("warning:")))
    }

    @Test("the file's permissions are kept (~/.claude.json is 0600)")
    func permissions() throws {
        let home = try Home()
        try home.write(".claude.json", "{}", mode: 0o600)
        try home.write(".claude/settings.json", "{}", mode: 0o640)
        #expect(try home.memctl(["setup", "claude-code"]).status == 0)
        #expect(home.mode(".claude.json") == 0o600)
        #expect(home.mode(".claude.json.memoryd-backup") == 0o600)
        #expect(home.mode(".claude/settings.json") == 0o640)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: home.path).filter {
            $0.contains(".memoryd-") && !$0.hasSuffix("-backup")
        }
        #expect(leftovers.isEmpty)
    }

    @Test("a settings file that is a symbolic link stays one: the file it names is changed")
    func symbolicLink() throws {
        let home = try Home(files: ["dotfiles/gemini.json": "{}\n"])
        try FileManager.default.createDirectory(atPath: home.path + "/.gemini", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: home.path + "/.gemini/settings.json", withDestinationPath: home.path + "/dotfiles/gemini.json")
        #expect(try home.memctl(["setup", "gemini"]).status == 0)
        #expect(
            try FileManager.default.destinationOfSymbolicLink(atPath: home.path + "/.gemini/settings.json") == home.path
                + "/dotfiles/gemini.json")
        #expect(home.read("dotfiles/gemini.json")?.contains("\"memoryd\"") == true)
        #expect(home.exists("dotfiles/gemini.json.memoryd-backup"))
    }

    @Test("$CODEX_HOME is where Codex's config.toml is")
    func codexHome() throws {
        let home = try Home()
        let codexHome = home.dir.path("codex-home")
        #expect(try home.memctl(["setup", "codex"], environment: ["CODEX_HOME": codexHome]).status == 0)
        #expect(FileManager.default.fileExists(atPath: codexHome + "/config.toml"))
        #expect(!home.exists(".codex/config.toml"))
    }

    @Test(
        "bad usage is a usage error (64), and no HOME a failure (1)",
        arguments: [
            (["setup"], "memctl setup: missing the coding agent: claude-code, codex, gemini"),
            (["setup", "cursor"], "memctl setup: unknown coding agent 'cursor' (claude-code, codex, gemini)"),
            (["setup", "codex", "gemini"], "memctl setup: unexpected argument 'gemini' (one coding agent at a time)"),
            (["setup", "codex", "--force"], "memctl setup: unknown option '--force'"),
        ])
    func usage(arguments: [String], message: String) throws {
        let home = try Home()
        let result = try home.memctl(arguments)
        #expect(result.status == 64)
        #expect(result.stderrLines == [message, "Try 'memctl setup --help'."])
        let noHome = try home.memctl(["setup", "codex"], environment: ["HOME": ""])
        #expect(noHome.status == 1)
        #expect(
            noHome.stderrLines == [
                "memctl setup: HOME is not set (or not an absolute path): memctl setup edits the agent's files in your home directory"
            ])
    }

    // MARK: - Helpers

    private func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    /// JSON without `//` and `/* */` comments (none of the fixtures has them in a string but a URL's `//`).
    private func stripComments(_ text: String) -> String {
        var output = ""
        var inString = false
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            if inString {
                output.append(character)
                if character == "\\" {
                    index = text.index(after: index)
                    output.append(text[index])
                } else if character == "\"" {
                    inString = false
                }
            } else if text[index...].hasPrefix("//") {
                index = text[index...].firstIndex(of: "\n") ?? text.endIndex
                continue
            } else if text[index...].hasPrefix("/*") {
                index = text[index...].firstRange(of: "*/")!.upperBound
                continue
            } else {
                inString = character == "\""
                output.append(character)
            }
            index = text.index(after: index)
        }
        return output
    }

    /// The file read by Python's tomllib, when python3 is there: an independent TOML reader.
    private func tomllib(_ path: String) throws -> [String: Any]? {
        guard
            let python = ["/usr/bin/python3", "/usr/local/bin/python3"].first(
                where: FileManager.default.isExecutableFile)
        else {
            return nil
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = [
            "-c", "import json, sys, tomllib; print(json.dumps(tomllib.load(open(sys.argv[1], 'rb'))))", path,
        ]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "tomllib could not read \(path)")
        return try #require(try JSONSerialization.jsonObject(with: output) as? [String: Any])
    }
}
