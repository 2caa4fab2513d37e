import FoundationEssentials
import MemoryModel
import MemoryPasses
import Synchronization
import SystemSupport

#if canImport(Glibc)
    import Glibc
#endif

/// One line per event on standard error: with a `<N>` syslog priority prefix under systemd
/// (`JOURNAL_STREAM` set), so journald records the level; plain with a time otherwise.
package final class Logger: Sendable {
    private let journal: Bool
    private let level: Mutex<LogLevel>

    package init(level: LogLevel, environment: [String: String]) {
        journal = environment["JOURNAL_STREAM"] != nil
        self.level = Mutex(level)
    }

    package func setLevel(_ new: LogLevel) { level.withLock { $0 = new } }

    @Sendable package func log(_ severity: LogLevel, _ message: String) {
        guard severity >= level.withLock({ $0 }) else { return }
        let text = message.replacingLineBreaks()
        let line =
            journal
            ? "<\(severity.rawValue)>\(text)\n"
            : "\(Timestamp.now.iso8601) memoryd[\(getpid())] \(severity.name): \(text)\n"
        StandardStream.write(line, to: STDERR_FILENO)
    }
}
