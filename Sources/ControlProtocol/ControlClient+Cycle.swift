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

// MARK: - Where a cycle runs

/// Where a cycle runs: on the memoryd that listens on the socket when it serves the database the
/// caller works on, else in the process that asks. The one rule for `memctl consolidate` and the
/// MCP `consolidate` tool: a memoryd of another database must not be asked, since it would run
/// its own database's cycle, not this one's. A caller that names no database (`memctl
/// consolidate` without `--db` or `$MEMORYD_DB`) works on memoryd's: it is asked whatever it
/// serves, as a user who types `memctl consolidate` beside a system service means.
package enum CyclePlace {
    /// The memoryd listening serves the database: ask it, on this connection.
    case memoryd(ControlClient)
    /// No memoryd listens on the socket.
    case noDaemon
    /// The memoryd listening serves `database`, another one.
    case servesAnother(database: String)

    /// `database`: the one the caller works on; nil when it names none.
    package static func find(socket: String, database: String?) throws -> CyclePlace {
        guard let client = try ControlClient.connectIfListening(socket) else { return .noDaemon }
        guard let database else { return .memoryd(client) }
        let status = try client.status()
        return status.serves(database) ? .memoryd(client) : .servesAnother(database: status.database)
    }
}

/// `--socket` named a memoryd that serves another database.
package struct ServesAnotherDatabase: Error, CustomStringConvertible {
    package let socket: String
    package let served: String
    package let database: String
    package init(socket: String, served: String, database: String) {
        (self.socket, self.served, self.database) = (socket, served, database)
    }
    package var description: String {
        "memoryd on \(socket) serves \(served), not \(database) (run it with --db \(database), or add --local to run the passes here)"
    }
}
