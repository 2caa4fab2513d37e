import Dispatch
import MemoryModel

// A cycle run in this process, shared by `memctl consolidate` (progress bars, a table) and the
// MCP consolidate tool (progress notifications, JSON). The other way, on memoryd, is
// `ControlClient.runCycle`.

extension MaintenanceCycle {
    /// Runs `kinds` in cycle order in this process, timing each pass. `starting` is told of each
    /// pass as it starts and returns where its progress goes; `finished` gets its summary.
    package func runTimed(
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

extension DispatchTime {
    fileprivate var secondsSince: Double { Double(DispatchTime.now().uptimeNanoseconds - uptimeNanoseconds) / 1e9 }
}
