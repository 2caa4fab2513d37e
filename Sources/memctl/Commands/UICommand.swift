import Dispatch
import FoundationEssentials
import Glibc
import HTTPServer
import MemoryModel
import MemoryWebUI
import Synchronization
import SystemSupport

struct UICommand: Command {
    static let name = "ui"
    static let summary = "Serve a read-only web page of the memory database on 127.0.0.1"
    static let help = """
        Usage: memctl ui [--port N] [--open]

        Serves a web page to look at what memoryd remembers, until Ctrl-C or SIGTERM:
          overview   counts by status, the memories said per day over ten weeks and what became
                     of them, and the last passes (each pass lists the memories it forgot)
          recall     what an assistant gets for a question: the MCP recall tool's text for a
                     word budget, each line linked to its memory (/recall?q=...&words=N)
          memory     its text, times, session and speaker, and where it came from (why)
          entity     aliases, mentions, and its relations over time
          graph      the knowledge graph as a picture, around one entity or by kind of relation

        It listens on 127.0.0.1 only and prints the address to open. The address carries a
        random token that changes each time: a request without it is refused (403), as is one
        whose Host is not 127.0.0.1 or localhost. The page only reads the database, memoryd may
        run beside it, and it needs nothing from the network.

          --port N   the port to listen on (default \(defaultPort); 0 picks a free one)
          --open     also open the address in the desktop's browser (xdg-open)
        """

    static let defaultPort: UInt16 = 8421
    /// How long a stop waits for pages being served before it closes their connections.
    static let gracePeriod = Duration.seconds(2)

    let port: UInt16
    let open: Bool

    init(parsing arguments: inout ArgumentList) throws(UsageError) {
        port = try arguments.option("--port", "a port number from 0 to 65535") { UInt16($0) } ?? Self.defaultPort
        open = arguments.flag("--open")
        try arguments.finish()
    }

    func run(_ context: Context) async throws {
        // A browser that goes away mid-page must not end the server.
        signal(SIGPIPE, SIG_IGN)
        let store = try context.openStore(queryOnly: true)
        let token = WebUI.newToken()
        // The site needs the port the server got (--port 0), and the server needs the site's
        // handler: the handler looks the site up, and no request comes before `start()`.
        let site = Mutex<WebUI?>(nil)
        var configuration = HTTPServer.Configuration()
        configuration.port = port
        let server = try HTTPServer(configuration) { request in
            guard let site = site.withLock({ $0 }) else { return .text(.serviceUnavailable, "starting\n") }
            return await site.respond(to: request)
        }
        site.withLock { $0 = WebUI(store: store, token: token, port: server.port) }

        let signals = await UnixSignals(trapping: [SIGINT, SIGTERM], queue: .global())
        defer { signals.cancel() }
        server.start()
        let address = "http://127.0.0.1:\(server.port)/?token=\(token)"
        StandardStream.out("memctl ui: serving \(store.path) read-only")
        StandardStream.out("Open \(address)")
        StandardStream.out("Ctrl-C stops it.")
        if open { Self.openInBrowser(address) }

        var stops = signals.makeAsyncIterator()
        let number = await stops.next() ?? SIGTERM
        StandardStream.error("memctl ui: stopping on signal \(number)")
        // stop() waits for the pages in progress: on a thread of its own, so that their tasks
        // keep the cooperative pool.
        await withCheckedContinuation { (stopped: CheckedContinuation<Void, Never>) in
            Threads.start(name: "memctl ui stop") {
                server.stop(gracePeriod: Self.gracePeriod)
                stopped.resume()
            }
        }
        StandardStream.error("memctl ui: stopped")
    }

    /// Hands the address to the desktop's opener; without one, says so and goes on serving.
    static func openInBrowser(_ address: String) {
        var process = pid_t()
        let arguments = ["xdg-open", address]
        var argv = arguments.map { strdup($0) } + [nil]
        defer { for argument in argv { free(argument) } }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        // The opener's chatter is not ours to print.
        posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0)
        let result = posix_spawnp(&process, "xdg-open", &actions, nil, &argv, environ)
        guard result == 0 else {
            StandardStream.error(
                "memctl ui: --open: cannot run xdg-open (\(String(cString: strerror(result)))); open the address above yourself"
            )
            return
        }
        // Reap it when it ends, so no zombie stays behind.
        let opener = process
        Threads.start(name: "memctl ui open") {
            var status: Int32 = 0
            _ = waitpid(opener, &status, 0)
        }
    }
}
