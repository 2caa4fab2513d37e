import MemoryModel

// MARK: - A cycle memoryd runs

extension ControlClient {
    /// What memoryd says about a cycle it runs for a `trigger` with `wait`.
    package enum CycleEvent {
        case progress(PassKind, PassProgress)
        case finished(PassRecord)
        case couldNotRun(PassKind?, String)
    }

    /// Asks memoryd to run `passes`. Without `wait`, returns the passes it started; with it,
    /// follows them, telling `onEvent` of each line, and returns their records when all are done.
    package func runCycle(_ passes: [PassKind], wait: Bool, onEvent: (CycleEvent) -> Void) throws
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
