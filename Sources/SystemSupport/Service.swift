/// A long-lived part of a program, run as a child of a `ServiceGroup` (as in
/// swift-service-lifecycle): the control server, the loops, the systemd reporters.
package protocol Service: Sendable {
    /// Runs until the service has stopped: after `shutDown()`, once what it has in flight is
    /// done, or soon after its task is cancelled. Returning or throwing before its group stops
    /// stops the group.
    func run() async throws

    /// Asks `run` to finish what it has in flight and return, without waiting for it. A service
    /// with nothing to finish does nothing here, and stops when its task is cancelled. (No
    /// default: an async one would win over a service's own synchronous `shutDown()`.)
    func shutDown() async
}
