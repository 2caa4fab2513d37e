import ControlProtocol
import MCPServer
import MemoryModel
import Dispatch
import FoundationEssentials
import SystemSupport

#if canImport(Glibc)
    import Glibc
#endif

struct MCPCommand: Command {
    static let name = "mcp"
    static let summary = "Serve memoryd's tools to an AI assistant over MCP (stdio)"
    static let help = """
        Usage: memctl [--db PATH] [--socket PATH] mcp [--project DIR | --all-projects] [--threads N]
                                                      [--peer [NAME=]DB]... [--no-peers]

        Runs a Model Context Protocol server on standard input and output: JSON-RPC 2.0, one
        message per line (protocol versions 2025-06-18, 2025-03-26, 2024-11-05). An assistant
        (Claude Desktop or Code, Cursor, VS Code, ...) starts it as a stdio server; see
        docs/MCP.md and the README for their configuration.

        Tools:
          remember     store a short-term memory (content, session, source, importance, at)
          recall       the memories, entities and facts that answer a query, within max_words
          search       full-text search (FTS5) with paging (cursor)
          entity       an entity by name: aliases, mentions, relations
          why          where ltm:ID came from, or what became of stm:ID
          forget       forget a memory (ref, purge)
          consolidate  run a cycle now (wait: return the summary; progress notifications)
          status       memoryd running or not, pending memories, last and next passes

        The database is opened at the first tool call and kept open; the remember tool creates
        it when it does not exist yet, and the read tools answer as for an empty memory until
        then. It works beside a running memoryd (SQLite WAL): consolidate and status go to
        memoryd over its control socket (--socket, else $MEMORYD_SOCKET, else its default)
        when it listens there and serves this database, and otherwise run against the
        database in this process.

        Projects (docs/PROJECTS.md): the server works in the project of the directory it was started
        in (an agent starts it in the session's directory; Claude Code's $CLAUDE_PROJECT_DIR when
        set), or of --project DIR. remember files a
        memory under it; recall and search read its memories, those of its sub-directories and
        parents, and those of no project. A tool call may name another project, or all_projects.
        --all-projects: no project; memories are remembered for every project and every one is read.

        Peers (docs/PEERS.md): recall and search also read other devices' databases, read-only,
        opened afresh for each call: the peers setting, read when the server starts, or
        --peer [NAME=]DB (again for each), or --no-peers. Their lines are marked who@device and
        their refs device:ltm:ID; why explains such a ref, forget refuses it.

        --threads N: the threads a cycle run in this process takes (default: the cores memctl
        may use, at most 8; memoryd has its own setting).

        Standard output carries only MCP messages; logs go to standard error. memctl mcp exits
        with status 0 when standard input ends or on SIGTERM or SIGINT; tool calls still
        running are cancelled first (a local pass stops between batches).
        """

    /// Threads of a cycle this process runs (`consolidate` without memoryd).
    let threads: Int
    let project: ProjectChoice
    let peers: PeerChoice

    init(parsing arguments: inout ArgumentList) throws(UsageError) {
        threads = try arguments.threads() ?? PassSettings().threads
        project = try ProjectChoice(parsing: &arguments)
        peers = try PeerChoice(parsing: &arguments)
        try arguments.finish()
    }

    func run(_ context: Context) async throws {
        // A client that goes away mid-answer must end the server through EOF, not SIGPIPE.
        signal(SIGPIPE, SIG_IGN)
        let output = MCPOutput()
        let store = MCPStore(context.storeConfiguration())
        // Claude Code names the session's project in the environment of the servers it starts.
        let agentProject = context.environment["CLAUDE_PROJECT_DIR"].flatMap { $0.hasPrefix("/") ? $0 : nil }
        let scope = try project.scope(context, defaultDirectory: agentProject ?? ".")
        let peers = try self.peers.peers(context)
        let toolbox = MCPToolbox(
            store: store, socketPath: context.socketPath, output: output, threads: threads, project: scope,
            workingDirectory: FileManager.default.currentDirectoryPath, home: context.environment["HOME"], peers: peers)
        let server = MCPServer(toolbox: toolbox, output: output, version: Memctl.version)
        let (lines, input) = AsyncStream.makeStream(of: LineSocketReader.Result.self)
        // SIGTERM and SIGINT end the input as EOF does: calls in flight are cancelled, the store
        // is closed, and the exit status is 0. Nothing is read or answered before both handlers
        // are in place, so a client that stops the server right after `initialize` sees that.
        let signals = await UnixSignals(trapping: [SIGTERM, SIGINT], queue: .global())
        defer { signals.cancel() }
        MCPServer.readLines(from: STDIN_FILENO, into: input)
        StandardStream.error(
            "memctl mcp \(Memctl.version): serving MCP on standard input and output (database \(context.databasePath), "
                + (scope.map { "project \($0.directory)" } ?? "every project")
                + (peers.isEmpty ? "" : ", peers " + peers.map { "\($0.name) (\($0.path))" }.joined(separator: ", ")) + ")")
        await withTaskGroup { group in
            group.addTask {
                for await number in signals {
                    StandardStream.error("memctl mcp: stopping on signal \(number)")
                    input.finish()
                }
            }
            await server.serve(lines)
            group.cancelAll()
        }
        await store.close()
        StandardStream.error("memctl mcp: stopped")
    }
}
