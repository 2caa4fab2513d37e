import Dispatch
import MemoryDaemon
import MemoryModel
import MemoryPasses
import MemoryStorage

// The two ways memctl runs a cycle, shared by `memctl consolidate` (progress bars, a table) and
// the MCP consolidate tool (progress notifications, JSON).

extension MaintenanceCycle {
    /// Runs `kinds` in cycle order in this process, timing each pass. `starting` is told of each
    /// pass as it starts and returns where its progress goes; `finished` gets its summary.
    func runTimed(
        _ kinds: [PassKind], isolation: isolated (any Actor)? = #isolation,
        starting: (PassKind) -> @Sendable (PassProgress) -> Void, finished: (PassSummary) -> Void
    ) async throws -> [PassSummary] {
        var summaries: [PassSummary] = []
        _ = try await Self.sequence(kinds) { kind in
            let progress = starting(kind)
            let started = DispatchTime.now()
            let record = try await run(kind, onProgress: progress)
            let summary = PassSummary(record: record, seconds: started.secondsSince)
            finished(summary)
            summaries.append(summary)
            return record
        }
        return summaries
    }
}

extension ControlClient {
    /// What memoryd says about a cycle it runs for a `trigger` with `wait`.
    enum CycleEvent {
        case progress(PassKind, PassProgress)
        case finished(PassRecord)
        case couldNotRun(PassKind?, String)
    }

    /// Asks memoryd to run `passes`. Without `wait`, returns the passes it started; with it,
    /// follows them, telling `onEvent` of each line, and returns their records when all are done.
    func runCycle(_ passes: [PassKind], wait: Bool, onEvent: (CycleEvent) -> Void) throws
        -> (triggered: [PassKind], records: [PassRecord]?)
    {
        try send(.init(command: .trigger, passes: passes, wait: wait))
        let first = try next()
        let triggered = first.passes ?? passes
        guard wait else { return (triggered, nil) }
        while true {
            let response = try next()
            switch response.event {
            case .progress:
                guard let kind = response.kind else { continue }
                var progress = PassProgress()
                progress.processed = response.processed ?? 0
                progress.total = response.total ?? 0
                onEvent(.progress(kind, progress))
            case .finished:
                if let record = response.pass { onEvent(.finished(record)) }
            case .couldNotRun:
                onEvent(.couldNotRun(response.kind, response.error ?? ""))
            case .done:
                return (triggered, response.records ?? [])
            default:
                continue
            }
        }
    }
}
