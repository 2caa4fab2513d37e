import MemoryModel
import SystemSupport

/// A service that sends WATCHDOG=1 at half of WATCHDOG_USEC, only while every running pass shows
/// progress within the watchdog timeout: a stuck pass stops the pings and systemd restarts
/// memoryd.
struct WatchdogFeeder: Service {
    let events: EventHub
    let notifier: SystemdNotifier
    let interval: Duration
    let timeout: Duration
    let log: Logger

    /// Nil when systemd watches no watchdog for this process.
    init?(events: EventHub, notifier: SystemdNotifier, log: Logger) {
        guard let interval = notifier.watchdogInterval, let timeout = notifier.watchdogTimeout else { return nil }
        self.events = events
        self.notifier = notifier
        self.interval = interval
        self.timeout = timeout
        self.log = log
    }

    /// Nothing to finish: it stops when cancelled.
    func shutDown() {}

    func run() async {
        var starved = false
        repeat {
            if events.isMakingProgress(within: timeout) {
                notifier.notify("WATCHDOG=1")
                starved = false
            } else if !starved {
                starved = true
                log.error("a pass has made no progress for \(timeout.shortDescription); not pinging the watchdog")
            }
        } while (try? await Task.sleep(for: interval)) != nil
    }
}
