import MemoryModel

/// One loop as `memctl status` shows it.
package struct LoopStatus: Codable, Sendable, Equatable {
    package enum State: String, Codable, Sendable { case idle, running, paused }

    package let kind: PassKind
    package let state: State
    package let intervalSeconds: Int
    /// Progress of the pass in flight.
    @ExplicitNull package var processed: Int?
    @ExplicitNull package var total: Int?
    /// The latest pass this loop (or a trigger) ran.
    @ExplicitNull package var lastPass: PassRecord?
    /// Why the latest attempt failed to run at all (the pass could not start), if it did.
    @ExplicitNull package var lastError: String?
    /// Failed passes in a row; the next run is a retry after a backoff.
    package let failures: Int
    /// When the loop runs next; null while paused or running.
    @ExplicitNull package var nextRun: Timestamp?

    package init(
        kind: PassKind, state: State, intervalSeconds: Int, processed: Int? = nil, total: Int? = nil,
        lastPass: PassRecord? = nil, lastError: String? = nil, failures: Int, nextRun: Timestamp? = nil
    ) {
        self.kind = kind
        self.state = state
        self.intervalSeconds = intervalSeconds
        self.processed = processed
        self.total = total
        self.lastPass = lastPass
        self.lastError = lastError
        self.failures = failures
        self.nextRun = nextRun
    }
}

package struct OrchestratorStatus: Codable, Sendable, Equatable {
    package let paused: Bool
    package let loops: [LoopStatus]

    package init(paused: Bool, loops: [LoopStatus]) {
        self.paused = paused
        self.loops = loops
    }
}
