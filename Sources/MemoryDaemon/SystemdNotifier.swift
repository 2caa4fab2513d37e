import ControlProtocol


/// The systemd notify protocol, by hand: datagrams to `$NOTIFY_SOCKET` (a path, or an abstract
/// name starting with "@"). Does nothing when the variable is unset.
package struct SystemdNotifier: Sendable {
    package let socket: String?
    /// Half of `$WATCHDOG_USEC`, when the watchdog is on for this process.
    package let watchdogInterval: Duration?
    package let watchdogTimeout: Duration?

    package init(environment: [String: String], pid: Int32) {
        socket = environment["NOTIFY_SOCKET"].flatMap { $0.isEmpty ? nil : $0 }
        let forUs = environment["WATCHDOG_PID"].map { Int32($0) == pid } ?? true
        if forUs, let text = environment["WATCHDOG_USEC"], let microseconds = Int64(text), microseconds > 0 {
            watchdogTimeout = .microseconds(microseconds)
            watchdogInterval = .microseconds(microseconds / 2)
        } else {
            watchdogTimeout = nil
            watchdogInterval = nil
        }
    }

    /// Sends `KEY=value` lines; a failure is returned for logging, never fatal.
    @discardableResult
    package func notify(_ fields: String...) -> String? {
        guard let socket else { return nil }
        do {
            try UnixSocket.sendDatagram(fields.joined(separator: "\n"), to: socket)
            return nil
        } catch {
            return "\(error)"
        }
    }
}
