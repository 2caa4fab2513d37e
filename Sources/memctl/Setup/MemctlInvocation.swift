import FoundationEssentials
import MemoryImport
import MemoryModel

#if canImport(Glibc)
    import Glibc
#endif

/// How a coding agent runs memctl: this very program, by its absolute path (an agent's PATH
/// may not hold it), with the database that setup was given, if one was.
struct MemctlInvocation: Equatable {
    let executable: String
    /// The database of `--db` or `$MEMORYD_DB`, absolute; nil for memctl's default.
    let database: String?

    /// This program, and the database chosen for this run of memctl.
    static func current(_ context: Context) -> MemctlInvocation {
        // /proc/self/exe is the program that runs, wherever it was started from.
        let executable = realpath("/proc/self/exe", nil).map { resolved in
            defer { free(resolved) }
            return String(cString: resolved)
        }
        let chosen = context.databaseGiven || !(context.environment["MEMORYD_DB"] ?? "").isEmpty
        return MemctlInvocation(
            executable: executable ?? CommandLine.arguments[0],
            database: chosen ? DaemonPaths.normalized(DaemonPaths.absolute(context.databasePath)) : nil)
    }

    /// memctl's global options, before the command.
    private var globalArguments: [String] { database.map { ["--db", $0] } ?? [] }

    /// The MCP server's arguments: `mcp`, after `--db PATH` when a database was chosen.
    var mcpArguments: [String] { globalArguments + ["mcp"] }

    /// The shell command of a hook: `memctl context --hook TOOL`.
    func hookCommand(for tool: TranscriptTool) -> String {
        ShellWords.command([executable] + globalArguments + ["context", "--hook", tool.rawValue])
    }

    /// True when `command` runs memctl's `context --hook tool`, whatever memctl's path and
    /// options: memoryd's hook as any setup wrote it.
    static func isHookCommand(_ command: String, for tool: TranscriptTool) -> Bool {
        guard let words = ShellWords.split(command), let program = words.first,
            program == "memctl" || program.hasSuffix("/memctl"),
            let context = words.firstIndex(of: "context")
        else { return false }
        let options = words[(context + 1)...]
        if options.contains("--hook=" + tool.rawValue) { return true }
        guard let hook = options.firstIndex(of: "--hook"), hook + 1 < words.count else { return false }
        return words[hook + 1] == tool.rawValue
    }
}
