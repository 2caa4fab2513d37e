import Dispatch
import MemoryEngines
import MemoryPasses

/// Reloads memoryd's settings, for SIGHUP and for `memctl reload` alike: reads the file and
/// environment again, and applies what can change while running. A bad configuration is
/// refused whole and the running settings stay.
package actor Reloader {
    private var current: DaemonConfiguration
    private let configFile: String?
    private let flags: [(String, String)]
    private let environment: [String: String]
    private let orchestrator: Orchestrator
    private let follower: TranscriptFollower
    private let notifier: SystemdNotifier
    private let log: Logger

    package init(
        configuration: DaemonConfiguration, configFile: String?, flags: [(String, String)],
        environment: [String: String], orchestrator: Orchestrator, follower: TranscriptFollower,
        notifier: SystemdNotifier, log: Logger
    ) {
        self.follower = follower
        current = configuration
        self.configFile = configFile
        self.flags = flags
        self.environment = environment
        self.orchestrator = orchestrator
        self.notifier = notifier
        self.log = log
    }

    /// Applies the settings as they are now; returns notes for the person who asked, or throws
    /// why the new settings were refused (the running ones are kept).
    package func reload(reason: String) async throws(ConfigurationError) -> [String] {
        notifier.notify("RELOADING=1", "MONOTONIC_USEC=\(DispatchTime.now().uptimeNanoseconds / 1000)")
        defer { notifier.notify("READY=1") }
        let reloaded: DaemonConfiguration
        do {
            reloaded = try DaemonConfiguration.load(file: configFile, environment: environment, flags: flags)
        } catch {
            log.error("reload (\(reason)) failed, keeping the running configuration: \(error)")
            throw error
        }
        var notes: [String] = []
        if reloaded.database != current.database || reloaded.socket != current.socket {
            notes.append("db and socket changes take effect at the next start")
            log.warning("reload: db and socket changes take effect at the next start")
        }
        log.setLevel(reloaded.logLevel)
        await orchestrator.update(reloaded.loops, policy: reloaded.policy)
        await follower.update(reloaded.follow)
        current = reloaded
        log.notice("configuration reloaded (\(reason); intervals: \(reloaded.loops.summary))")
        return notes
    }
}

extension LoopSettings {
    /// "consolidation 5m, extraction 10m, graph 30m", for logs.
    package var summary: String {
        MaintenanceCycle.order.map { "\($0.rawValue) \(interval($0).shortDescription)" }.joined(separator: ", ")
    }
}
