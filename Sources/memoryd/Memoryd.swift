import MemoryDaemon
import MemoryModel
import MemoryStorage
import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// `memoryd`: runs the consolidation, extraction and graph loops on one database, serves the
/// control socket, and speaks the systemd notify protocol.
@main
enum Memoryd {
    static let version = "0.1.0"

    static let help = """
        memoryd — memory consolidation daemon: runs consolidation, entity extraction and the
        knowledge graph on periodic loops, and serves memctl on a control socket.

        Usage: memoryd [--db PATH] [--socket PATH] [--config FILE] [--log-level LEVEL]

          --db PATH          database (default: $STATE_DIRECTORY/memory.db under systemd, else
                             $XDG_DATA_HOME/memoryd/memory.db or ~/.local/share/memoryd/memory.db)
          --socket PATH      control socket (default: $RUNTIME_DIRECTORY/control.sock under
                             systemd, else $XDG_RUNTIME_DIR/memoryd/control.sock or
                             /tmp/memoryd-UID/control.sock)
          --config FILE      settings file of `key = value` lines (also $MEMORYD_CONFIG)
          --log-level LEVEL  error, warning, notice, info (default) or debug

        Settings (file keys; environment MEMORYD_<KEY>; flags win over the environment, which
        wins over the file): db, socket, log_level, consolidation_interval (5m),
        extraction_interval (10m), graph_interval (30m), retry_base (30s), min_age (10m),
        batch_size (1024).

        Signals: SIGTERM/SIGINT stop after the batch in flight; SIGHUP reloads the settings;
        SIGUSR1 runs a cycle now.
        Exit status: 0 stopped cleanly, 1 could not start or failed, 64 usage error,
        78 bad configuration.
        """

    static func main() async {
        signal(SIGPIPE, SIG_IGN)
        // Threads would otherwise get malloc arenas of their own, each keeping the pages a pass
        // freed in it (docs/DECISIONS.md, "Idle memory and start-up").
        Heap.limitArenas(to: 1)
        let environment = ProcessInfo.processInfo.environment
        var flags: [(String, String)] = []
        var configFile: String?
        var arguments = Array(CommandLine.arguments.dropFirst())
        while !arguments.isEmpty {
            let argument = arguments.removeFirst()
            switch argument {
            case "-h", "--help":
                print(help)
                exit(0)
            case "--version":
                print("memoryd \(version) (schema version \(MemoryStore.schemaVersion))")
                exit(0)
            case "--db", "--socket", "--config", "--log-level":
                guard let value = arguments.first, !value.isEmpty else { usage("\(argument) needs a value") }
                arguments.removeFirst()
                switch argument {
                case "--config": configFile = value
                case "--db": flags.append(("db", value))
                case "--socket": flags.append(("socket", value))
                default: flags.append(("log_level", value))
                }
            default:
                usage("unknown argument '\(argument)'")
            }
        }
        let configuration: DaemonConfiguration
        do {
            configuration = try DaemonConfiguration.load(file: configFile, environment: environment, flags: flags)
        } catch {
            fail("\(error)", status: 78)
        }
        let signals = SignalStream([SIGTERM, SIGINT, SIGHUP, SIGUSR1])
        let daemon = Daemon(
            version: version, configuration: configuration, configFile: configFile, flags: flags, environment: environment)
        exit(await daemon.run(signals: signals))
    }

    static func usage(_ message: String) -> Never {
        StandardStream.error("memoryd: \(message)\nTry 'memoryd --help'.")
        exit(64)
    }

    static func fail(_ message: String, status: Int32 = 1) -> Never {
        StandardStream.error("memoryd: \(message)")
        exit(status)
    }
}
