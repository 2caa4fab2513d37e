import ControlProtocol
import Dispatch
import FoundationEssentials
import MemoryModel
import MemoryPasses
import MemoryStorage
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// One run of the daemon, from start-up to a clean stop: memoryd's whole life once its flags are
/// parsed and its configuration is loaded.
///
/// Start, in order: the database's directory, the daemon lock, the store, the orchestrator and
/// the reloader, the control server, the loops, the STATUS= reporter and the watchdog feeder,
/// READY=1. Each pass runs in a worker process (`PassWorker`). Stop (SIGTERM/SIGINT), in
/// reverse, each awaited: the control server, the loops (each pass's worker ends after its
/// batch), the reporter and the watchdog, the signal sources, the store; the daemon lock goes
/// last.
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

    /// Runs until SIGTERM or SIGINT; the exit status.
    package func run(signals: SignalStream) async -> Int32 {
        let log = Logger(level: configuration.logLevel, environment: environment)
        let notifier = SystemdNotifier(environment: environment, pid: getpid())
        let startedAt = Timestamp.now
        let database = configuration.database

        // One daemon per database.
        do {
            try DatabaseFiles.createParentDirectory(of: database)
        } catch {
            log.log(.error, "\(error)")
            return 1
        }
        let lockFile = database + "-daemon.lock"
        if let missing = DatabaseWatch.missingAfterService(database, lockFile: lockFile) {
            log.log(.error, missing)
            return 1
        }
        let lock: ProcessLock
        do {
            lock = try ProcessLock(path: lockFile, database: database)
        } catch let held as ProcessLock.Held {
            log.log(.error, "another memoryd\(held.pid.map { " (process \($0))" } ?? "") already serves \(database)")
            return 1
        } catch {
            log.log(.error, "cannot lock \(database): \(error)")
            return 1
        }
        defer { withExtendedLifetime(lock) {} }

        let store: MemoryStore
        let watch: DatabaseWatch
        do {
            store = try MemoryStore(
                .init(path: database, createIfMissing: true, pageCacheKibibytes: Self.pageCacheKibibytes))
            watch = try DatabaseWatch(path: database)
        } catch {
            log.log(.error, "cannot open the database: \(error)")
            return 1
        }
        // Each pass runs in a worker process of its own (`PassWorker`).
        let runner: Orchestrator.Runner = { kind, policy, onProgress in
            try await PassWorker.run(kind, policy: policy, database: watch, onProgress: onProgress)
        }
        let orchestrator = Orchestrator(
            settings: configuration.loops, policy: configuration.policy, clock: SystemClock(), runner: runner,
            log: log.log)
        let reloader = Reloader(
            configuration: configuration, configFile: configFile, flags: flags, environment: environment,
            orchestrator: orchestrator, notifier: notifier, log: log)
        let server: ControlServer
        do {
            server = try ControlServer(
                path: configuration.socket, orchestrator: orchestrator, reloader: reloader, store: store,
                startedAt: startedAt, log: log)
        } catch {
            log.log(.error, "cannot listen on \(configuration.socket): \(error)")
            return 1
        }
        server.start()

        let loops = Task { await orchestrator.run() }
        let reporter = Task { await reportStatus(orchestrator, notifier: notifier, log: log) }
        let watchdog = Task { await feedWatchdog(orchestrator, notifier: notifier, log: log) }
        log.log(
            .notice,
            "memoryd \(version) serving \(database) on \(configuration.socket) (intervals: \(configuration.loops.summary); "
                + "\(configuration.policy.threads) pass threads)")
        if let failure = notifier.notify("READY=1", "STATUS=ready, starting the first passes") {
            log.log(.warning, "systemd notify failed: \(failure)")
        }

        // Signals, and the database being taken away, in the order they happen.
        let (events, input) = AsyncStream<Int32?>.makeStream()
        let numbers = signals.numbers
        let forwarder = Task {
            for await number in numbers { input.yield(number) }
        }
        let watcher = Task {
            while !Task.isCancelled, (try? await Task.sleep(for: Self.databaseCheckInterval)) != nil {
                if let loss = watch.check() {
                    log.log(.error, "\(loss)")
                    input.yield(nil)
                    return
                }
            }
        }
        defer {
            forwarder.cancel()
            watcher.cancel()
        }
        for await event in events {
            let number = event ?? SIGTERM
            switch number {
            case SIGHUP:
                // The reloader logs a refused configuration; a signal has nobody to answer.
                _ = try? await reloader.reload(reason: "SIGHUP")
            case SIGUSR1:
                log.log(.notice, "SIGUSR1: running a cycle now")
                _ = await orchestrator.trigger(MaintenanceCycle.order)
            default:
                let reason = event == nil ? "the database was taken away" : number == SIGTERM ? "SIGTERM" : "SIGINT"
                log.log(.notice, "stopping (\(reason)): finishing the batch in flight")
                notifier.notify("STOPPING=1", "STATUS=stopping")
                server.close()
                let passes = Task {
                    await orchestrator.stop()
                    loops.cancel()
                    await loops.value
                }
                if await !Self.finished(passes, within: Self.passesStopDeadline) {
                    // A killed worker leaves whole batches; its pass is closed as interrupted at
                    // the next start.
                    log.log(
                        .error,
                        "the passes did not stop within \(Self.passesStopDeadline.shortDescription); killing their workers")
                    PassWorker.killAll()
                }
                reporter.cancel()
                watchdog.cancel()
                _ = await Self.finished(reporter, within: .seconds(1))
                _ = await Self.finished(watchdog, within: .seconds(1))
                signals.cancel()
                await store.close()
                if event == nil {
                    for side in watch.removeOwnSideFiles() {
                        log.log(.notice, "deleted \(side), left from the database that was taken away")
                    }
                }
                log.log(.notice, "stopped, \(store.path) closed")
                // Non-zero after a loss, so that systemd restarts memoryd on what is there now.
                return event == nil ? 1 : 0
            }
        }
        return 0
    }

    /// The page cache of memoryd's own store, which only answers `status` (its passes run in
    /// workers, with `ConsolidationPass.pageCacheKibibytes`). SQLite's default of 2 MiB filled
    /// with the pages of the index `status` counts, and stayed: 1.8 MB of an idle memoryd's 3.2 MB
    /// anonymous memory after a 258k cycle (docs/DECISIONS.md, "Issue 11, eighth session").
    package static let pageCacheKibibytes = 256

    /// How often memoryd checks that its database is still the file at its path.
    package static let databaseCheckInterval: Duration = .seconds(1)

    /// How long a stop waits for the passes to end after their batch in flight (a batch takes
    /// milliseconds); below the shipped unit's `TimeoutStopSec=15s`, so that memoryd, not
    /// systemd's SIGKILL, decides what happens to a pass that hangs.
    package static let passesStopDeadline: Duration = .seconds(10)

    /// Waits for `task` at most `limit`: true when it ended in time. The task goes on either way.
    package static func finished(_ task: Task<Void, Never>, within limit: Duration) async -> Bool {
        let first = Mutex(true)
        let timer = Mutex<Task<Void, Never>?>(nil)
        let ended = await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
            let resume: @Sendable (Bool) -> Void = { value in
                if first.withLock({ isFirst in defer { isFirst = false }; return isFirst }) {
                    continuation.resume(returning: value)
                }
            }
            timer.withLock { $0 = Task { if (try? await Task.sleep(for: limit)) != nil { resume(false) } } }
            Task {
                await task.value
                resume(true)
            }
        }
        timer.withLock { $0?.cancel() }
        return ended
    }

    /// STATUS= lines for systemctl status: the pass in flight with its progress (at most once a
    /// second), or "idle, next pass in 4m".
    private func reportStatus(_ orchestrator: Orchestrator, notifier: SystemdNotifier, log: Logger) async {
        guard notifier.socket != nil else { return }
        var lastSent = UInt64(0)
        let events = orchestrator.events.subscribe()
        let idle = Task {
            while !Task.isCancelled {
                try? await Task.sleep(for: .seconds(15))
                notifier.notify("STATUS=" + Self.describe(await orchestrator.status()))
            }
        }
        defer { idle.cancel() }
        for await event in events {
            let now = DispatchTime.now().uptimeNanoseconds
            switch event {
            case .progress(let kind, let progress):
                guard now - lastSent >= 1_000_000_000 else { continue }
                lastSent = now
                notifier.notify("STATUS=\(kind.activity) \(progress.processed.grouped)/\(progress.total.grouped)")
            case .started, .finished, .couldNotRun:
                notifier.notify("STATUS=" + Self.describe(await orchestrator.status()))
            }
        }
    }

    package static func describe(_ status: OrchestratorStatus) -> String {
        if let running = status.loops.first(where: { $0.state == .running }) {
            return "\(running.kind.activity) \((running.processed ?? 0).grouped)/\((running.total ?? 0).grouped)"
        }
        if status.paused { return "paused" }
        let next = status.loops.compactMap(\.nextRun).min()
        guard let next else { return "idle" }
        let seconds = max(0, (next.millisecondsSince1970 - Timestamp.now.millisecondsSince1970) / 1000)
        return "idle, next pass in " + (seconds >= 60 ? "\(seconds / 60)m" : "\(seconds)s")
    }

    /// WATCHDOG=1 at half of WATCHDOG_USEC, only while every running pass shows progress within
    /// the watchdog timeout: a stuck pass stops the pings and systemd restarts the service.
    private func feedWatchdog(_ orchestrator: Orchestrator, notifier: SystemdNotifier, log: Logger) async {
        guard let interval = notifier.watchdogInterval, let timeout = notifier.watchdogTimeout else { return }
        var starved = false
        while !Task.isCancelled {
            if orchestrator.events.isMakingProgress(within: timeout) {
                notifier.notify("WATCHDOG=1")
                starved = false
            } else if !starved {
                starved = true
                log.log(.error, "a pass has made no progress for \(timeout.shortDescription); not pinging the watchdog")
            }
            try? await Task.sleep(for: interval)
        }
    }
}

extension Int {
    /// 12000 → "12,000".
    var grouped: String {
        let digits = String(Swift.abs(self))
        var result = ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { result += "," }
            result.append(digit)
        }
        return (self < 0 ? "-" : "") + result
    }
}

/// Signals as an ordered stream, from Dispatch signal sources on the main queue.
///
/// They are made first thing, on the main thread: installing the first source starts
/// libdispatch's manager thread (timers and sources), which asks for nice -4. A thread inherits
/// its creator's nice value, and the main thread keeps the one the process started with (-4
/// under the shipped unit), while libdispatch's worker threads set theirs to 0; created from a
/// worker, the manager thread could not lower its value, and every start would log "Failed to
/// set thread priority for worker thread".
package struct SignalStream {
    package let numbers: AsyncStream<Int32>
    private let sources: [any DispatchSourceSignal]

    package init(_ signals: [Int32]) {
        let (numbers, input) = AsyncStream<Int32>.makeStream()
        self.numbers = numbers
        sources = signals.map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .main)
            source.setEventHandler { input.yield(number) }
            source.resume()
            return source
        }
    }

    package func cancel() { sources.forEach { $0.cancel() } }
}
