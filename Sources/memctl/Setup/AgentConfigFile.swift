import ConfigEditing
import MemoryImport

#if canImport(Glibc)
    import Glibc
#endif

/// One configuration file of a coding agent and what memoryd puts in it: its MCP server, named
/// memoryd, and a hook group for each event.
struct AgentConfigFile {
    enum Format {
        /// RFC 8259: Claude Code reads its files with JSON.parse.
        case json
        /// JSON with comments, which edits keep: Gemini CLI's settings.
        case jsonWithComments
        /// TOML 1.0: Codex's config.toml.
        case toml
    }

    let path: String
    let format: Format
    let tool: TranscriptTool
    var mcpServer: ConfigValue? = nil
    var hookGroups: [(event: String, group: ConfigValue)] = []
    /// What in the file as set up would keep memoryd's hooks from running, if it may hold any.
    var warnings: ((ConfigValue) -> [String])? = nil

    /// A new file is readable by its user alone: these files may hold tokens.
    let newFileMode: mode_t = 0o600

    static let serverName = "memoryd"

    /// Where the MCP servers are: `mcpServers` in JSON, `mcp_servers` in Codex's TOML.
    var serverPath: [String] { [format == .toml ? "mcp_servers" : "mcpServers", Self.serverName] }
}
