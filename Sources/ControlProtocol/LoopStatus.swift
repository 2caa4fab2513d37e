import MemoryModel

/// One loop as `memctl status` shows it.
public struct LoopStatus: Codable, Sendable, Equatable {
    public enum State: String, Codable, Sendable { case idle, running, paused }

    public let kind: PassKind
    public let state: State
    public let intervalSeconds: Int
    /// Progress of the pass in flight.
    @ExplicitNull public var processed: Int?
    @ExplicitNull public var total: Int?
    /// The latest pass this loop (or a trigger) ran.
    @ExplicitNull public var lastPass: PassRecord?
    /// Why the latest attempt failed to run at all (the pass could not start), if it did.
    @ExplicitNull public var lastError: String?
    /// Failed passes in a row; the next run is a retry after a backoff.
    public let failures: Int
    /// When the loop runs next; null while paused or running.
    @ExplicitNull public var nextRun: Timestamp?

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

public struct OrchestratorStatus: Codable, Sendable, Equatable {
    public let paused: Bool
    public let loops: [LoopStatus]

    package init(paused: Bool, loops: [LoopStatus]) {
        self.paused = paused
        self.loops = loops
    }
}
