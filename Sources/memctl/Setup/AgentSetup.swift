import ConfigEditing
import MemoryImport

#if canImport(Glibc)
    import Glibc
#endif

/// One coding agent's configuration as memoryd sets it up: its files, memoryd's MCP server and
/// hooks in each, what turns the hooks off, and how the user checks it. All that `memctl setup`
/// knows about an agent is here (docs/SETUP.md has the sources).
struct AgentSetup {
    let tool: TranscriptTool
    let files: [AgentConfigFile]
    /// What the user does next, and how to check it.
    let notes: [String]

    /// A hook gets ten seconds (`memctl context --hook` stops itself after two).
    static let hookTimeoutSeconds: Int64 = 10

    init(tool: TranscriptTool, home: String, environment: [String: String], invocation: MemctlInvocation) {
        self.tool = tool
        let command = ConfigValue.string(invocation.hookCommand(for: tool))
        let arguments = ConfigValue.array(invocation.mcpArguments.map(ConfigValue.string))
        let executable = ConfigValue.string(invocation.executable)
        let timeout = ConfigValue.integer(Self.hookTimeoutSeconds)
        // SessionStart fires on start-up, resume, /clear and compaction; each wants the context.
        let sessionStart = ConfigValue.string("startup|resume|clear|compact")
        switch tool {
        case .claudeCode:
            // User-scoped MCP servers live in ~/.claude.json, hooks in ~/.claude/settings.json.
            let handler = ConfigValue.table([("type", .string("command")), ("command", command), ("timeout", timeout)])
            files = [
                AgentConfigFile(
                    path: home + "/.claude.json", format: .json, tool: tool,
                    mcpServer: .table([
                        ("type", .string("stdio")), ("command", executable), ("args", arguments), ("env", .table([])),
                    ])),
                AgentConfigFile(
                    path: home + "/.claude/settings.json", format: .json, tool: tool,
                    hookGroups: [
                        ("SessionStart", .table([("matcher", sessionStart), ("hooks", .array([handler]))])),
                        ("UserPromptSubmit", .table([("hooks", .array([handler]))])),
                    ],
                    warnings: { settings in
                        settings["disableAllHooks"] == .bool(true)
                            ? [
                                "hooks are turned off (\"disableAllHooks\": true): Claude Code runs none, memoryd's included"
                            ] : []
                    }),
            ]
            notes = [
                "Check: `claude mcp list` shows memoryd connected; in Claude Code, /hooks lists memoryd's SessionStart and UserPromptSubmit hooks. What they add reaches Claude unseen: ask it what it knows about the project.",
                "Claude Code rewrites ~/.claude.json while it runs: restart it now, and if `claude mcp list` misses memoryd, run this again with Claude Code closed.",
            ]
        case .codex:
            // $CODEX_HOME/config.toml when CODEX_HOME is set (as Codex reads it), else ~/.codex.
            let codexHome = environment["CODEX_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? home + "/.codex"
            let handler = ConfigValue.table([("type", .string("command")), ("command", command), ("timeout", timeout)])
            let hooksJSON = codexHome + "/hooks.json"
            files = [
                AgentConfigFile(
                    path: codexHome + "/config.toml", format: .toml, tool: tool,
                    mcpServer: .table([("command", executable), ("args", arguments)]),
                    hookGroups: [
                        ("SessionStart", .table([("matcher", sessionStart), ("hooks", .array([handler]))])),
                        ("UserPromptSubmit", .table([("hooks", .array([handler]))])),
                    ],
                    warnings: { config in
                        var warnings: [String] = []
                        for key in ["hooks", "codex_hooks"] where config[path: ["features", key]] == .bool(false) {
                            warnings.append(
                                "hooks are turned off ([features] \(key) = false): Codex runs none until that line goes"
                            )
                        }
                        if access(hooksJSON, F_OK) == 0 {
                            warnings.append(
                                "\(hooksJSON) holds hooks too: Codex runs both, and warns that it prefers one place")
                        }
                        return warnings
                    })
            ]
            notes = [
                "Codex runs a new hook only once you have reviewed it: open Codex and trust memoryd's two hooks with /hooks (until then it skips them without a word).",
                "Codex before 0.130 runs hooks only with `codex_hooks = true` under [features] in config.toml (and 0.116 or later for both hooks).",
                "Check: `codex mcp list` shows memoryd; what the hooks add reaches the model unseen.",
            ]
        case .gemini:
            let handler = ConfigValue.table([
                ("type", .string("command")), ("name", .string("memoryd")), ("command", command),
                ("timeout", .integer(Self.hookTimeoutSeconds * 1000)),
            ])
            files = [
                AgentConfigFile(
                    path: home + "/.gemini/settings.json", format: .jsonWithComments, tool: tool,
                    mcpServer: .table([("command", executable), ("args", arguments)]),
                    hookGroups: [
                        ("SessionStart", .table([("hooks", .array([handler]))])),
                        ("BeforeAgent", .table([("hooks", .array([handler]))])),
                    ],
                    warnings: { settings in
                        var warnings: [String] = []
                        if settings[path: ["hooksConfig", "enabled"]] == .bool(false) {
                            warnings.append(
                                "hooks are turned off (\"hooksConfig\": {\"enabled\": false}): Gemini CLI runs none")
                        }
                        if settings[path: ["hooksConfig", "disabled"]]?.array?.contains(.string("memoryd")) == true {
                            warnings.append("\"hooksConfig\".\"disabled\" lists memoryd: Gemini CLI skips its hooks")
                        }
                        return warnings
                    })
            ]
            notes = [
                "Check: `gemini mcp list` shows memoryd connected; in Gemini CLI, `/hooks panel` lists memoryd's SessionStart and BeforeAgent hooks (Gemini CLI 0.27 or later runs hooks without being told to)."
            ]
        }
    }
}
