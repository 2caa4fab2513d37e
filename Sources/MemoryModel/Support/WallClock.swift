/// Where code that waits for a time of day gets the time and waits for it: the real clock in
/// memoryd, a manual one in tests, so that what it schedules (the orchestrator's loops) is
/// tested without real waiting.
package protocol WallClock: Sendable {
    var now: Timestamp { get }
    /// Returns at `deadline` (at once if it has passed); throws `CancellationError` when the
    /// waiting task is cancelled.
    func sleep(until deadline: Timestamp) async throws
}

/// Wall-clock time; sleeps with `Task.sleep`.
package struct SystemClock: WallClock {
    package init() {}

    package var now: Timestamp { .now }

    package func sleep(until deadline: Timestamp) async throws {
        let milliseconds = deadline.millisecondsSince1970 - Timestamp.now.millisecondsSince1970
        if milliseconds > 0 { try await Task.sleep(for: .milliseconds(milliseconds)) }
        try Task.checkCancellation()
    }
}
