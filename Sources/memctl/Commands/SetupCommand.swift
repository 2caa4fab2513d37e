import ConfigEditing
import MemoryImport
import MemoryModel
import SystemSupport

#if canImport(Glibc)
    import Glibc
#endif

struct SetupCommand: Command {
    static let name = "setup"
    static let summary = "Connect a coding agent to memoryd: its MCP server and context hooks in the agent's settings"
    static let help = """
        Usage: memctl setup claude-code|codex|gemini [--dry-run] [--remove] [--json]

        Adds memoryd to a coding agent's user settings: the MCP server `memctl mcp`, and two
        hooks that run `memctl context --hook AGENT` when a session starts and when a prompt is
        sent, so that the agent gets what memoryd knows about the project (docs/SETUP.md).

          claude-code  ~/.claude.json (mcpServers) and ~/.claude/settings.json (hooks SessionStart,
                       UserPromptSubmit)
          codex        ~/.codex/config.toml, or $CODEX_HOME/config.toml ([mcp_servers.memoryd],
                       [[hooks.SessionStart]], [[hooks.UserPromptSubmit]])
          gemini       ~/.gemini/settings.json (mcpServers; hooks SessionStart, BeforeAgent)

        memctl is named by its absolute path; with --db (or $MEMORYD_DB) the entries name that
        database too. Only memoryd's entries change: everything else in the file keeps its bytes,
        comments and order. Each file changed is copied to FILE.memoryd-backup first, then written
        whole (a temporary file renamed over it), with its permissions. Running it again changes
        nothing; entries that differ (memctl moved) are replaced where they are. A file that is
        not valid JSON (or TOML) is left as it is, with the line, the column and the reason.

        Options:
          --dry-run   print the changes as a unified diff, and write nothing
          --remove    take out what setup adds: memoryd's MCP server, and the hook groups that
                      only run memctl context --hook (and what they alone filled); a file that
                      setup created and that holds nothing else is deleted
          --json      {"tool", "action", "dry_run", "changed", "files": [{"path", "status",
                      "backup", "diff"}], "warnings", "notes"}
        """

    let tool: TranscriptTool
    let dryRun: Bool
    let remove: Bool

    init(parsing arguments: inout ArgumentList) throws(UsageError) {
        dryRun = arguments.flag("--dry-run")
        remove = arguments.flag("--remove")
        let names = try arguments.positionals()
        let agents = TranscriptTool.allCases.map(\.rawValue).joined(separator: ", ")
        guard let name = names.first else { throw UsageError("missing the coding agent: \(agents)") }
        if names.count > 1 { throw UsageError("unexpected argument '\(names[1])' (one coding agent at a time)") }
        guard let tool = TranscriptTool(rawValue: name) else {
            throw UsageError("unknown coding agent '\(name)' (\(agents))")
        }
        self.tool = tool
    }

    func run(_ context: Context) async throws {
        guard let home = context.environment["HOME"], home.hasPrefix("/") else {
            throw HomeUnset()
        }
        let invocation = MemctlInvocation.current(context)
        let agent = AgentSetup(
            tool: tool, home: DaemonPaths.normalized(home), environment: context.environment, invocation: invocation)
        // Every file is read and worked out before any is written: one that cannot be read
        // leaves them all as they are.
        let changes = try agent.files.map { try ConfigFileChange($0, removing: remove) }
        if !dryRun {
            for change in changes { try change.apply() }
        }
        let warnings = remove ? [] : changes.flatMap { $0.warnings() }
        let notes = remove || dryRun ? [] : agent.notes
        if context.json {
            return try context.printJSON(
                SetupReport(
                    tool: tool.rawValue, action: remove ? "remove" : "setup", dryRun: dryRun,
                    changed: changes.contains { $0.outcome != .unchanged },
                    files: changes.map {
                        .init(
                            path: $0.current.path, status: $0.outcome.rawValue, backup: $0.backupPath,
                            diff: dryRun && $0.outcome != .unchanged ? $0.diff : nil)
                    },
                    warnings: warnings, notes: notes))
        }
        describe(changes, invocation: invocation, agent: agent)
        for warning in warnings { StandardStream.out("warning: \(warning)") }
        for note in notes { StandardStream.out(note) }
    }

    private func describe(_ changes: [ConfigFileChange], invocation: MemctlInvocation, agent: AgentSetup) {
        let paths = changes.map(\.current.path).joined(separator: ", ")
        guard changes.contains(where: { $0.outcome != .unchanged }) else {
            StandardStream.out(
                remove
                    ? "memoryd is not set up for \(tool.displayName) (\(paths)): nothing to remove."
                    : "memoryd is already set up for \(tool.displayName) (\(paths)): nothing to change.")
            return
        }
        if dryRun {
            for change in changes where change.outcome != .unchanged {
                StandardStream.write(change.diff, to: STDOUT_FILENO)
            }
            StandardStream.out("Dry run: nothing written.")
            return
        }
        StandardStream.out(
            remove ? "memoryd is removed from \(tool.displayName):" : "memoryd is set up for \(tool.displayName):")
        for change in changes where change.outcome != .unchanged {
            StandardStream.out(
                "  \(change.outcome.rawValue) \(change.current.path)"
                    + (change.backupPath.map { " (backup: \($0))" } ?? ""))
        }
        if !remove {
            let events = agent.files.flatMap { $0.hookGroups.map(\.event) }.joined(separator: " and ")
            StandardStream.out(
                "  MCP server memoryd: \(ShellWords.command([invocation.executable] + invocation.mcpArguments))")
            StandardStream.out("  hooks \(events): \(invocation.hookCommand(for: tool))")
        }
    }
}

/// What `memctl setup --json` prints.
private struct SetupReport: Encodable {
    struct File: Encodable {
        let path: String
        let status: String
        let backup: String?
        let diff: String?
    }

    let tool: String
    let action: String
    let dryRun: Bool
    let changed: Bool
    let files: [File]
    let warnings: [String]
    let notes: [String]
}

private struct HomeUnset: Error, CustomStringConvertible {
    var description: String {
        "HOME is not set (or not an absolute path): memctl setup edits the agent's files in your home directory"
    }
}
