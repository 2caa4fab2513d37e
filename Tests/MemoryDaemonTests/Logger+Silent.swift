import MemoryDaemon

extension Logger {
    /// A logger that writes nowhere, for tests that do not read the log.
    static let silent = Logger(level: .error, environment: [:]) { _ in }
}
