import ControlProtocol
import MemoryModel
import MemoryPasses
import MemoryStorage
import FoundationEssentials
import Glibc
import SystemSupport

/// `memctl`: add memories, import them, run the passes, and inspect the memory database.
@main
enum Memctl {
    static let version = "0.1.0"

    static let help = """
        memctl — add, import, export, consolidate and inspect memoryd's memory database

        Usage: memctl [--db PATH] [--socket PATH] [--json] [--busy-timeout MS] COMMAND [ARGS...]

        Commands:
        \(commands.map { "  " + TextLayout.pad($0.name, to: 13) + $0.summary }.joined(separator: "\n"))
          help         Show help for memctl or for one command

        Global options (accepted before or after the command):
          --db PATH           database file (default: $MEMORYD_DB, else
                              $XDG_DATA_HOME/memoryd/memory.db, else ~/.local/share/memoryd/memory.db)
          --socket PATH       memoryd's control socket (default: $MEMORYD_SOCKET, else
                              $XDG_RUNTIME_DIR/memoryd/control.sock or /tmp/memoryd-UID/control.sock)
          --json              machine-readable output (times are ISO-8601 UTC)
          --busy-timeout MS   how long to wait for another process's write lock (default 5000)
          -h, --help          help for memctl or for a command
          --version           print the version

        Exit status: 0 success, 1 failure, 64 usage error, 78 a bad setting ($MEMORYD_PEERS, or
        peers in the settings file).
        """

    static func main() async {
        // Before any thread starts: a pass's threads would otherwise keep arenas of their own.
        Heap.limitArenas(to: Heap.passArenas)
        let status = await run(Array(CommandLine.arguments.dropFirst()), environment: ProcessInfo.processInfo.environment)
        exit(status)
    }

    static func run(_ arguments: [String], environment: [String: String]) async -> Int32 {
        var arguments = ArgumentList(arguments)
        var commandName = "memctl"
        do {
            var wantsHelp = arguments.flag("-h", "--help")
            if arguments.flag("--version") {
                StandardStream.out("memctl \(version) (schema version \(MemoryStore.schemaVersion))")
                return 0
            }
            let json = arguments.flag("--json")
            let database = try arguments.option("--db", "a file path") { $0.isEmpty ? nil : $0 }
            let socket = try arguments.option("--socket", "a file path") { $0.isEmpty ? nil : $0 }
            let busyTimeout = try arguments.option("--busy-timeout", "a whole number of milliseconds") {
                Int($0).flatMap { $0 >= 0 ? $0 : nil }
            }
            guard var name = arguments.takeCommandName() else {
                if wantsHelp {
                    StandardStream.out(help)
                    return 0
                }
                throw UsageError("no command given")
            }
            if name == "help" {
                guard let topic = arguments.takeCommandName() else {
                    StandardStream.out(help)
                    return 0
                }
                name = topic
                wantsHelp = true
            }
            guard let command = commands.first(where: { $0.name == name }) else {
                throw UsageError("unknown command '\(name)'")
            }
            commandName = "memctl \(name)"
            if wantsHelp {
                StandardStream.out(command.help)
                return 0
            }
            let parsed = try command.init(parsing: &arguments)
            let named = database ?? environment["MEMORYD_DB"].flatMap { $0.isEmpty ? nil : $0 }
            let path = named ?? DaemonPaths.defaultDatabase(environment: environment)
            let context = Context(
                databasePath: path, databaseGiven: database != nil, databaseNamed: named != nil, socketGiven: socket,
                socketPath: ControlClient.socketPath(socket, environment: environment), json: json, busyTimeoutMilliseconds: busyTimeout ?? 5000,
                terminal: .current(environment: environment), environment: environment)
            do {
                try await parsed.run(context)
            } catch {
                await context.openStores.closeAll()
                throw error
            }
            await context.openStores.closeAll()
            return 0
        } catch let error as UsageError {
            StandardStream.error("\(commandName): \(error.reason)")
            StandardStream.error("Try '\(commandName) --help'.")
            return 64
        } catch let error as SettingError {
            StandardStream.error("\(commandName): \(error.reason)")
            return 78
        } catch let exit as ExitStatus {
            return exit.status
        } catch let error as StoreError {
            StandardStream.error("\(commandName): \(error)\(error.advice)")
            return 1
        } catch {
            StandardStream.error("\(commandName): \(error)")
            return 1
        }
    }
}
