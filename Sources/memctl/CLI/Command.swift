
/// One `memctl` subcommand: parses its own options, then runs.
protocol Command {
    static var name: String { get }
    /// One line for the command list.
    static var summary: String { get }
    /// The full `--help` text, usage line first.
    static var help: String { get }

    init(parsing arguments: inout ArgumentList) throws(UsageError)

    func run(_ context: Context) async throws
}

/// Every command, in the order `memctl --help` lists them.
var commands: [any Command.Type] {
    [
    AddCommand.self, ImportCommand.self, ExportCommand.self, StatsCommand.self, ShortTermCommand.self, LongTermCommand.self,
    ShowCommand.self, SearchCommand.self, EntitiesCommand.self, PassesCommand.self, CheckCommand.self, ConsolidateCommand.self, WhyCommand.self,
    ExtractCommand.self, EntityCommand.self, GraphCommand.self, RecallCommand.self, ForgetCommand.self, DemoCommand.self,
    StatusCommand.self, PauseCommand.self, ResumeCommand.self, ReloadCommand.self, MCPCommand.self, ContextCommand.self,
    UICommand.self,
    SetupCommand.self,
    ]
}

/// A command failed in a way that has already been reported; exit with `status`.
struct ExitStatus: Error {
    let status: Int32
}
