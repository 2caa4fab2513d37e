import ControlProtocol
import FoundationEssentials
import MemoryModel
import MemoryPasses
import MemoryStorage
import SystemSupport

#if canImport(Glibc)
    import Glibc
#endif

/// One run of the daemon, from start-up to a clean stop: memoryd's whole life once its flags are
/// parsed, its configuration is loaded and its signals are registered.
///
/// Start, in order: the database's directory, the daemon lock, the store, the orchestrator and
/// the reloader, the control socket, then the services as children of one task group
/// (`ServiceGroup`), and READY=1. Each pass runs in a worker process (`PassWorker`). Stop
/// (SIGTERM, SIGINT, or the database taken away): STOPPING=1, then the services in reverse
/// order, each awaited: the control server, the loops (each pass's worker ends after its batch),
/// the STATUS= reporter, the watchdog feeder, the database watch; then the store; the daemon
/// lock goes last.
package struct Daemon {
    package let version: String
    package let configuration: DaemonConfiguration
    package let configFile: String?
    package let flags: [(String, String)]
    package let environment: [String: String]

    package init(
        version: String, configuration: DaemonConfiguration, configFile: String?, flags: [(String, String)],
        environment: [String: String]
    ) {
        self.version = version
        self.configuration = configuration
        self.configFile = configFile
        self.flags = flags
        self.environment = environment
    }

    /// Runs until SIGTERM or SIGINT, or until the database is taken away; the exit status.
    package func run(signals: UnixSignals) async -> Int32 {
        let log = Logger(level: configuration.logLevel, environment: environment)
        let notifier = SystemdNotifier(environment: environment, pid: getpid())
        guard let (lock, store, watch) = openDatabase(log: log) else { return 1 }
        defer { withExtendedLifetime(lock) {} }
        // Each pass runs in a worker process of its own (`PassWorker`).
        let orchestrator = Orchestrator(
            settings: configuration.loops, policy: configuration.policy, clock: SystemClock(),
            runner: { kind, policy, onProgress in
                try await PassWorker.run(kind, policy: policy, database: watch, onProgress: onProgress)
            }, log: log)
        let follower = TranscriptFollower(sources: configuration.follow, store: store, log: log)
        let reloader = Reloader(
            configuration: configuration, configFile: configFile, flags: flags, environment: environment,
            orchestrator: orchestrator, follower: follower, notifier: notifier, log: log)
        let server: ControlServer
        do {
            server = try ControlServer(
                path: configuration.socket, orchestrator: orchestrator, reloader: reloader, store: store,
                follower: follower, startedAt: .now, log: log)
        } catch {
            log.error("cannot listen on \(configuration.socket): \(error)")
            return 1
        }
        let services = ServiceGroup(
            Self.services(
                watch: watch, follower: follower, orchestrator: orchestrator, server: server, notifier: notifier, log: log))
        log.notice(
            "memoryd \(version) serving \(configuration.database) on \(configuration.socket) (intervals: "
                + "\(configuration.loops.summary); \(configuration.policy.threads) pass threads)")
        log.info(
            libdispatchPriorityIsNeverRaised
                ? "setpriority is memoryd's own: a thread's request to run above the process's priority is ignored (docs/DECISIONS.md, \"Thread priority\")"
                : "setpriority is glibc's: libdispatch is a shared library here, and its threads may ask to run above the process's priority")
        if let failure = notifier.notify("READY=1", "STATUS=ready, starting the first passes") {
            log.warning("systemd notify failed: \(failure)")
        }

        var status: Int32 = 0
        var lost = false
        do {
            try await services.run(signals: signals, stopSignals: [SIGTERM, SIGINT]) { number in
                if number == SIGHUP {
                    // The reloader logs a refused configuration; a signal has nobody to answer.
                    _ = try? await reloader.reload(reason: "SIGHUP")
                } else if number == SIGUSR1 {
                    log.notice("SIGUSR1: running a cycle now")
                    _ = await orchestrator.trigger(MaintenanceCycle.order)
                }
            } onStop: { reason in
                if case .failed(_, let error) = reason { log.error("\(error)") }
                log.notice("stopping (\(Self.describe(reason))): finishing the batch in flight")
                notifier.notify("STOPPING=1", "STATUS=stopping")
            }
        } catch {
            // Non-zero after a loss, so that systemd restarts memoryd on what is there now.
            status = 1
            lost = error is DatabaseWatch.Loss
        }
        signals.cancel()
        await store.close()
        if lost {
            for side in watch.removeOwnSideFiles() {
                log.notice("deleted \(side), left from the database that was taken away")
            }
        }
        log.notice("stopped, \(store.path) closed")
        return status
    }

    /// The daemon's services, in the order they stop last to first. The control server stops
    /// first, so that no request comes in while the loops stop. The reporter and the watchdog
    /// watch the loops, so they stop after them: systemd hears of the passes' end and the
    /// watchdog is fed while they finish. The transcript follower finishes the piece it is
    /// writing; the watch stops last.
    private static func services(
        watch: DatabaseWatch, follower: TranscriptFollower, orchestrator: Orchestrator, server: ControlServer,
        notifier: SystemdNotifier, log: Logger
    ) -> [ServiceGroup.Member] {
        var services = [
            ServiceGroup.Member("database watch", watch),
            ServiceGroup.Member("transcript follower", follower, gracePeriod: passesStopDeadline),
        ]
        if let watchdog = WatchdogFeeder(events: orchestrator.events, notifier: notifier, log: log) {
            services.append(.init("watchdog feeder", watchdog))
        }
        if notifier.socket != nil {
            services.append(.init("status reporter", StatusReporter(orchestrator: orchestrator, notifier: notifier)))
        }
        services.append(
            .init("loops", orchestrator, gracePeriod: passesStopDeadline) {
                // A killed worker leaves whole batches; its pass is closed as interrupted at the
                // next start.
                log.error("the passes did not stop within \(passesStopDeadline.shortDescription); killing their workers")
                PassWorker.killAll()
            })
        services.append(.init("control server", server))
        return services
    }

    /// The daemon lock, the store and the watch on its file; nil, with the reason logged, when
    /// memoryd cannot serve the database. One daemon per database.
    private func openDatabase(log: Logger) -> (ProcessLock, MemoryStore, DatabaseWatch)? {
        let database = configuration.database
        do {
            try DatabaseFiles.createParentDirectory(of: database)
        } catch {
            log.error("\(error)")
            return nil
        }
        let lockFile = database + "-daemon.lock"
        if let missing = DatabaseWatch.missingAfterService(database, lockFile: lockFile) {
            log.error(missing)
            return nil
        }
        let lock: ProcessLock
        do {
            lock = try ProcessLock(path: lockFile, database: database)
        } catch let held as ProcessLock.Held {
            log.error("another memoryd\(held.pid.map { " (process \($0))" } ?? "") already serves \(database)")
            return nil
        } catch {
            log.error("cannot lock \(database): \(error)")
            return nil
        }
        do {
            let store = try MemoryStore(.init(path: database, createIfMissing: true, pageCacheKibibytes: Self.pageCacheKibibytes))
            return (lock, store, try DatabaseWatch(path: database))
        } catch {
            log.error("cannot open the database: \(error)")
            return nil
        }
    }

    /// What made memoryd stop, for its log.
    private static func describe(_ reason: ServiceGroup.StopReason) -> String {
        switch reason {
        case .signal(let number): number == SIGINT ? "SIGINT" : "SIGTERM"
        case .failed(_, is DatabaseWatch.Loss): "the database was taken away"
        case .failed(let name, _): "the \(name) failed"
        case .ended(let name): "the \(name) ended"
        }
    }

    /// The page cache of memoryd's own store, which only answers `status` (its passes run in
    /// workers, with `ConsolidationPass.pageCacheKibibytes`). SQLite's default of 2 MiB filled
    /// with the pages of the index `status` counts, and stayed: 1.8 MB of an idle memoryd's 3.2 MB
    /// anonymous memory after a 258k cycle (docs/DECISIONS.md, "Passes in worker processes").
    package static let pageCacheKibibytes = 256

    /// How long a stop waits for the passes to end after their batch in flight (a batch takes
    /// milliseconds); below the shipped unit's `TimeoutStopSec=15s`, so that memoryd, not
    /// systemd's SIGKILL, decides what happens to a pass that hangs.
    package static let passesStopDeadline: Duration = .seconds(10)
}
