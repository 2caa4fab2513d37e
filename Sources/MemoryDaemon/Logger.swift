import FoundationEssentials
import MemoryModel
import Synchronization
import SystemSupport

#if canImport(Glibc)
    import Glibc
#endif

/// memoryd's one logger: a line per event on standard error, with a `<N>` syslog priority prefix
/// under systemd (`JOURNAL_STREAM` set), so journald records the level; plain with a time
/// otherwise. A message is built only when its level is enabled. The level is shared, so that a
/// reload changes it for everyone who holds the logger.
package final class Logger: Sendable {
    private let journal: Bool
    private let level: Mutex<LogLevel>
    private let write: @Sendable (String) -> Void

    /// `write` takes each whole line, its newline included; standard error by default.
    package init(
        level: LogLevel, environment: [String: String],
        write: @escaping @Sendable (String) -> Void = { StandardStream.write($0, to: STDERR_FILENO) }
    ) {
        journal = environment["JOURNAL_STREAM"] != nil
        self.level = Mutex(level)
        self.write = write
    }

    package func setLevel(_ new: LogLevel) { level.withLock { $0 = new } }

    package func log(_ severity: LogLevel, _ message: @autoclosure () -> String) {
        guard severity >= level.withLock({ $0 }) else { return }
        let text = message().replacingLineBreaks()
        write(
            journal
                ? "<\(severity.rawValue)>\(text)\n"
                : "\(Timestamp.now.iso8601) memoryd[\(getpid())] \(severity.name): \(text)\n")
    }

    package func error(_ message: @autoclosure () -> String) { log(.error, message()) }
    package func warning(_ message: @autoclosure () -> String) { log(.warning, message()) }
    package func notice(_ message: @autoclosure () -> String) { log(.notice, message()) }
    package func info(_ message: @autoclosure () -> String) { log(.info, message()) }
    package func debug(_ message: @autoclosure () -> String) { log(.debug, message()) }
}

/// Severity of a log line; the raw value is the syslog priority journald reads from `<N>`.
package enum LogLevel: Int, Sendable, Comparable, CaseIterable {
    case error = 3
    case warning = 4
    case notice = 5
    case info = 6
    case debug = 7

    package static func < (lhs: LogLevel, rhs: LogLevel) -> Bool { lhs.rawValue > rhs.rawValue }

    package init?(name: String) {
        switch name.lowercased() {
        case "error", "err": self = .error
        case "warning", "warn": self = .warning
        case "notice": self = .notice
        case "info": self = .info
        case "debug": self = .debug
        default: return nil
        }
    }

    package var name: String {
        switch self {
        case .error: "error"
        case .warning: "warning"
        case .notice: "notice"
        case .info: "info"
        case .debug: "debug"
        }
    }
}
