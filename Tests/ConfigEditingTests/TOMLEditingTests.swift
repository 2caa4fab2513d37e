import Testing

@testable import ConfigEditing

/// `TOMLDocument`'s edits: whole sections appended after a blank line, replaced where they
/// are, and taken out again byte for byte.
@Suite("TOML editing")
struct TOMLEditingTests {
    static let server = ConfigValue.table([("command", .string("/usr/bin/memctl")), ("args", .array([.string("mcp")]))])
    static func group(matcher: String?, command: String = "/usr/bin/memctl context --hook codex") -> ConfigValue {
        .table(
            (matcher.map { [("matcher", ConfigValue.string($0))] } ?? [])
                + [
                    (
                        "hooks",
                        .array([
                            .table([
                                ("type", .string("command")), ("command", .string(command)), ("timeout", .integer(10)),
                            ])
                        ])
                    )
                ])
    }

    private func isOurs(_ value: ConfigValue) -> Bool {
        value["hooks"]?.array?.allSatisfy { $0["command"]?.string?.hasSuffix("memctl context --hook codex") == true }
            == true
    }

    private func setUp(_ text: String, command: String = "/usr/bin/memctl context --hook codex") throws -> String {
        var bytes = Array(text.utf8)
        if let next = try TOMLDocument(bytes).setting(table: Self.server, at: ["mcp_servers", "memoryd"]) {
            bytes = next
        }
        for (event, matcher) in [("SessionStart", "startup|resume"), ("UserPromptSubmit", nil)] {
            if let next = try TOMLDocument(bytes).ensuring(
                arrayElement: Self.group(matcher: matcher, command: command), at: ["hooks", event], identifiedBy: isOurs
            ) {
                bytes = next
            }
        }
        _ = try TOMLDocument(bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    private func remove(_ text: String) throws -> String {
        var bytes = Array(text.utf8)
        if let next = try TOMLDocument(bytes).removingTable(at: ["mcp_servers", "memoryd"]) { bytes = next }
        for event in ["SessionStart", "UserPromptSubmit"] {
            if let next = try TOMLDocument(bytes).removingArrayElements(at: ["hooks", event], where: isOurs) {
                bytes = next
            }
        }
        _ = try TOMLDocument(bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    static let codexConfig = """
        # Codex configuration
        model = "gpt-5.1-codex"
        model_reasoning_effort = "high"
        approval_policy = "on-request"
        sandbox_mode = "workspace-write"
        notify = ["notify-send", "Codex"]
        developer_instructions = \"\"\"
        Prefer small commits.
        Never push to main.
        \"\"\"
        tui = { notifications = true, animations = false }

        [features]
        web_search_request = true

        [mcp_servers.github]
        command = "npx"
        args = ["-y", "@modelcontextprotocol/server-github"]
        env = { GITHUB_TOKEN = "ghp_secret" }  # token from the vault

        [mcp_servers.docs]
        url = "https://example.com/mcp"
        startup_timeout_sec = 20.5

        [[hooks.SessionStart]]
        matcher = "startup"
        [[hooks.SessionStart.hooks]]
        type = "command"
        command = "~/bin/greet"

        [projects."/home/me/src/shop"]
        trust_level = "trusted"

        [projects.'C:\\work']
        trust_level = "untrusted"

        [hooks.state."/home/me/.codex/config.toml:session_start:0:0"]
        trusted_hash = "sha256:0123abcd"

        # the end
        """

    @Test("appends memoryd's tables at the end, one blank line before each")
    func appends() throws {
        #expect(
            try setUp("model = \"o3\"\n") == """
                model = "o3"

                [mcp_servers.memoryd]
                command = "/usr/bin/memctl"
                args = ["mcp"]

                [[hooks.SessionStart]]
                matcher = "startup|resume"
                [[hooks.SessionStart.hooks]]
                type = "command"
                command = "/usr/bin/memctl context --hook codex"
                timeout = 10

                [[hooks.UserPromptSubmit]]
                [[hooks.UserPromptSubmit.hooks]]
                type = "command"
                command = "/usr/bin/memctl context --hook codex"
                timeout = 10

                """)
        #expect(try setUp("").hasPrefix("[mcp_servers.memoryd]\ncommand"))
    }

    @Test("memoryd's hook group goes after the others: Codex runs them all, in order")
    func afterExistingHooks() throws {
        let result = try TOMLDocument(Array(try setUp(Self.codexConfig).utf8)).root
        let groups = try #require(result[path: ["hooks", "SessionStart"]]?.array)
        #expect(groups.count == 2)
        #expect(groups[0]["matcher"] == .string("startup"))
        #expect(groups[1] == Self.group(matcher: "startup|resume"))
        #expect(result[path: ["mcp_servers", "github", "env", "GITHUB_TOKEN"]] == .string("ghp_secret"))
    }

    @Test(
        "setting up then removing gives back the original bytes",
        arguments: [
            codexConfig, codexConfig + "\n", codexConfig + "\n\n", "", "\n", "model = \"o3\"", "# just a comment",
            "a = 1\r\nb = 2\r\n", "[mcp_servers.x]\ncommand = \"y\"\n\n\n",
            "[[hooks.UserPromptSubmit]]\n[[hooks.UserPromptSubmit.hooks]]\ncommand = \"z\"\n",
        ])
    func roundTrip(text: String) throws {
        let set = try setUp(text)
        #expect(set != text)
        #expect(try remove(set) == text, "\(set)")
    }

    @Test("already set up: nothing to change; a moved memctl: exactly its entries replaced, where they are")
    func replaces() throws {
        let old = try setUp(Self.codexConfig, command: "/old/memctl context --hook codex")
            .replacing("command = \"/usr/bin/memctl\"", with: "command = \"/old/memctl\"")
        let moved = old + "\n[other]\nx = 1\n"
        let fixed = try setUp(moved)
        #expect(fixed == (try setUp(Self.codexConfig)) + "\n[other]\nx = 1\n")
        #expect(try TOMLDocument(Array(fixed.utf8)).setting(table: Self.server, at: ["mcp_servers", "memoryd"]) == nil)
        #expect(
            try TOMLDocument(Array(fixed.utf8)).ensuring(
                arrayElement: Self.group(matcher: "startup|resume"), at: ["hooks", "SessionStart"], identifiedBy: isOurs
            ) == nil)
    }

    @Test("memoryd's group given twice is left once")
    func duplicate() throws {
        let once = try setUp("a = 1\n")
        let twice =
            once + "\n"
            + Self.group(matcher: "startup|resume").tomlSection(at: ["hooks", "SessionStart"], isArrayElement: true)
        #expect(try setUp(twice) == once)
    }

    @Test("removal takes out only memoryd's sections; a group of someone else's stays")
    func removesOnlyOurs() throws {
        let text = """
            [[hooks.SessionStart]]
            [[hooks.SessionStart.hooks]]
            command = "/usr/bin/memctl context --hook codex"

            [[hooks.SessionStart]]
            matcher = "resume"
            [[hooks.SessionStart.hooks]]
            command = "echo mine"

            [mcp_servers.memoryd]
            command = "memctl"
            [mcp_servers.memoryd.env]
            MEMORYD_DB = "/tmp/x.db"

            [mcp_servers.other]
            command = "x"

            """
        #expect(
            try remove(text) == """
                [[hooks.SessionStart]]
                matcher = "resume"
                [[hooks.SessionStart.hooks]]
                command = "echo mine"

                [mcp_servers.other]
                command = "x"

                """)
        #expect(try TOMLDocument(Array("a = 1".utf8)).removingTable(at: ["mcp_servers", "memoryd"]) == nil)
    }

    @Test("memoryd's entries written inline are the user's: an error that says where, and nothing changed")
    func inlineForms() throws {
        #expect(
            throws: ConfigError(
                line: 2, column: 1,
                reason:
                    "mcp_servers.memoryd is written as a value (inline), where a [mcp_servers.memoryd] table is to be added"
            )
        ) {
            try TOMLDocument(Array("[mcp_servers]\nmemoryd = { command = \"memctl\" }".utf8)).setting(
                table: Self.server, at: ["mcp_servers", "memoryd"])
        }
        #expect(
            throws: ConfigError(
                line: 1, column: 1,
                reason: "mcp_servers is written as a value (inline), where a [mcp_servers.memoryd] table is to be added"
            )
        ) {
            try TOMLDocument(Array("mcp_servers = {}".utf8)).setting(
                table: Self.server, at: ["mcp_servers", "memoryd"])
        }
        #expect(
            throws: ConfigError(
                line: 2, column: 1,
                reason:
                    "hooks.SessionStart is written as a value (inline), where [[hooks.SessionStart]] tables are to be added"
            )
        ) {
            try TOMLDocument(Array("[hooks]\nSessionStart = []".utf8)).ensuring(
                arrayElement: Self.group(matcher: nil), at: ["hooks", "SessionStart"], identifiedBy: self.isOurs)
        }
        #expect(
            throws: ConfigError(
                line: 2, column: 1,
                reason:
                    "mcp_servers.memoryd is written with dotted keys or only named in a header; it is changed only as a [mcp_servers.memoryd] table"
            )
        ) {
            try TOMLDocument(Array("[mcp_servers]\nmemoryd.command = \"x\"".utf8)).setting(
                table: Self.server, at: ["mcp_servers", "memoryd"])
        }
    }

    /// A header under an array of tables extends its last element: `[[hooks.SessionStart]]`
    /// after `[[hooks]]` is `hooks[-1].SessionStart`, which is no hook of Codex's.
    @Test("an array of tables on the path is an error that says where, not its last element to add to")
    func arrayOfTablesOnPath() throws {
        #expect(throws: ConfigError(line: 2, column: 1, reason: "hooks is an array of tables, not a table")) {
            try TOMLDocument(Array("a = 1\n[[hooks]]\ncommand = \"x\"\n".utf8)).ensuring(
                arrayElement: Self.group(matcher: nil), at: ["hooks", "SessionStart"], identifiedBy: self.isOurs)
        }
        #expect(throws: ConfigError(line: 1, column: 1, reason: "mcp_servers is an array of tables, not a table")) {
            try TOMLDocument(Array("[[mcp_servers]]\nx = 1\n".utf8)).setting(
                table: Self.server, at: ["mcp_servers", "memoryd"])
        }
        let written = "[[mcp_servers]]\n[mcp_servers.memoryd]\ncommand = \"memctl\"\n"
        #expect(try TOMLDocument(Array(written.utf8)).removingTable(at: ["mcp_servers", "memoryd"]) == nil)
    }

    @Test("keys and strings are quoted and escaped as TOML needs")
    func rendering() throws {
        let value = ConfigValue.table([
            ("a b", .string("say \"hi\"\n\u{7F}")), ("n", .integer(-3)), ("t", .table([])),
            ("list", .array([.bool(true), .float(1.5)])),
        ])
        let text = value.tomlSection(at: ["projects", "/home/me"], isArrayElement: false)
        #expect(
            text
                == "[projects.\"/home/me\"]\n\"a b\" = \"say \\\"hi\\\"\\n\\u007F\"\nn = -3\nt = {}\nlist = [true, 1.5]\n"
        )
        #expect(try TOMLDocument(Array(text.utf8)).root[path: ["projects", "/home/me"]] == value)
    }
}
