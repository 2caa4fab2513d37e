import Dispatch
import MemoryDaemon
import MemoryModel
import MemoryStorage
import FoundationEssentials
import SystemSupport

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

        Usage: memoryd [--db PATH] [--socket PATH] [--config FILE] [--log-level LEVEL] [--follow TOOLS]

          --db PATH          database (default: $STATE_DIRECTORY/memory.db under systemd, else
                             $XDG_DATA_HOME/memoryd/memory.db or ~/.local/share/memoryd/memory.db)
          --socket PATH      control socket (default: $RUNTIME_DIRECTORY/control.sock under
                             systemd, else $XDG_RUNTIME_DIR/memoryd/control.sock or
                             /tmp/memoryd-UID/control.sock)
          --config FILE      settings file of `key = value` lines (also $MEMORYD_CONFIG)
          --log-level LEVEL  error, warning, notice, info (default) or debug
          --follow TOOLS     store coding agents' sessions as they are written: claude-code, codex,
                             gemini, comma-separated, each TOOL or TOOL=DIR (default DIRs:
                             ~/.claude/projects, $CODEX_HOME/sessions or ~/.codex/sessions,
                             ~/.gemini/tmp); none by default

        \(settings)

        threads, the threads a pass runs on, defaults to the cores memoryd may use (its CPU
        affinity and cgroup CPU quota), at most 8.

        Each pass runs in a worker process of its own, which memoryd starts and stops itself:
        `memoryd --run-pass KIND --db PATH` in ps, with the pass's settings on its standard input.

        Signals: SIGTERM/SIGINT stop after the batch in flight; SIGHUP reloads the settings;
        SIGUSR1 runs a cycle now.
        Exit status: 0 stopped cleanly, 1 could not start or failed, 64 usage error,
        78 bad configuration.
        """

    /// The settings paragraph of the help, from `DaemonConfiguration.keys`: each key with its
    /// default where it has a fixed one.
    static var settings: String {
        let opening = "Settings (file keys; environment MEMORYD_<KEY>; flags win over the environment, which wins over the file):"
        // A key and its default stay on one line.
        let keys = DaemonConfiguration.keys.map { key in (key.defaultValue.map { "\(key.name) (\($0))" } ?? key.name) + "," }
        return wrapped(opening.split(separator: " ").map(String.init) + keys)
    }

    /// `words` in lines of at most `width` characters, the last word's comma made a full stop.
    static func wrapped(_ words: [String], width: Int = 88) -> String {
        var lines: [String] = []
        var line = ""
        for word in words {
            if !line.isEmpty && line.count + 1 + word.count > width {
                lines.append(line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + word
        }
        return (lines + [String(line.dropLast()) + "."]).joined(separator: "\n")
    }

    static func main() async {
        signal(SIGPIPE, SIG_IGN)
        var arguments = Array(CommandLine.arguments.dropFirst())
        if arguments.first == PassWorker.flag {
            // A worker's threads share two arenas (`Heap.passArenas`): with one each, its
            // peak grew with the thread count.
            Heap.limitArenas(to: Heap.passArenas)
            // On the main queue, before anything else (docs/DECISIONS.md, "Threads and priorities").
            let signals = await UnixSignals(trapping: [SIGTERM, SIGINT], queue: .main)
            exit(await runPass(arguments, signals: signals))
        }
        PassWorker.prepare()
        // Threads would otherwise get malloc arenas of their own, each keeping the pages freed in
        // it (docs/DECISIONS.md, "Idle memory and malloc arenas"). The daemon itself runs no pass.
        Heap.limitArenas(to: 1)
        let environment = ProcessInfo.processInfo.environment
        var flags: [(String, String)] = []
        var configFile: String?
        while !arguments.isEmpty {
            let argument = arguments.removeFirst()
            switch argument {
            case "-h", "--help":
                print(help)
                exit(0)
            case "--version":
                print("memoryd \(version) (schema version \(MemoryStore.schemaVersion))")
                exit(0)
            case "--db", "--socket", "--config", "--log-level", "--follow":
                guard let value = arguments.first, !value.isEmpty else { usage("\(argument) needs a value") }
                arguments.removeFirst()
                switch argument {
                case "--config": configFile = value
                case "--db": flags.append(("db", value))
                case "--socket": flags.append(("socket", value))
                case "--follow": flags.append(("follow", value))
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
        let signals = await UnixSignals(trapping: [SIGTERM, SIGINT, SIGHUP, SIGUSR1], queue: .main)
        let daemon = Daemon(
            version: version, configuration: configuration, configFile: configFile, flags: flags, environment: environment)
        exit(await daemon.run(signals: signals))
    }

    /// `memoryd --run-pass KIND --db PATH`: one pass as memoryd's worker (`PassWorker`), which
    /// memoryd starts itself, with its request on standard input.
    static func runPass(_ arguments: [String], signals: UnixSignals) async -> Int32 {
        guard arguments.count == 4, let kind = PassKind(rawValue: arguments[1]), arguments[2] == "--db",
            !arguments[3].isEmpty
        else { usage("\(PassWorker.flag) takes a pass (consolidation, extraction, graph) and --db PATH") }
        return await PassWorker.serve(kind, database: arguments[3], signals: signals)
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
