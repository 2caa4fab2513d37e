import ControlProtocol
import Dispatch
import FoundationEssentials
import MCPProtocol
import MemoryEngines
import MemoryModel
import MemoryPasses
import MemoryStorage

// MARK: - consolidate, status

extension MCPToolbox {
    func consolidateTool(_ call: ToolCall) async throws -> ToolResult {
        let wait = call.arguments.bool("wait") ?? false
        let passes = MaintenanceCycle.order
        let progress = call.progressToken.map { MCPProgress(token: $0, output: output, total: passes.count) }
        var elsewhere: String?
        switch try await consolidateOnDaemon(passes, wait: wait, progress) {
        case .ran(let answer): return answer
        case .servesAnother(let database):
            elsewhere =
                "memoryd on \(socketPath) serves another database (\(database)), so the cycle ran in this process"
        case .noDaemon: break
        }
        // No memoryd for this database: the cycle runs here, and the answer waits for it either
        // way, since this process is the only one that would finish it.
        guard let opened = try await store.openIfPresent() else {
            return Self.cycleResult(
                where: "this process", passes: [], summaries: [], waited: true,
                note: "nothing to consolidate: no memory database yet")
        }
        var index = -1
        var policy = ConsolidationPolicy()
        policy.threads = threads
        let summaries = try await MaintenanceCycle(store: opened, policy: policy).runTimed(
            passes,
            starting: { kind in
                index += 1
                progress?.started(index, kind)
                return { [index] in progress?.advanced(index, kind, $0) }
            },
            finished: { progress?.finished(index, $0.record) })
        try Task.checkCancellation()
        return Self.cycleResult(
            where: "this process", passes: passes, summaries: summaries, waited: true,
            note: elsewhere
                ?? (wait
                    ? nil : "memoryd is not running, so the cycle ran in this process and finished before this answer"))
    }

    /// What became of asking memoryd to run a cycle.
    private enum DaemonCycle {
        case noDaemon
        /// The memoryd listening serves another database: it must not run the cycle.
        case servesAnother(database: String)
        case ran(ToolResult)
    }

    /// Runs the cycle on memoryd when one listens and serves this database.
    private func consolidateOnDaemon(_ passes: [PassKind], wait: Bool, _ progress: MCPProgress?) async throws
        -> DaemonCycle
    {
        let interruption = ControlClient.WaitInterruption()
        let database = await store.path
        typealias Answer = (triggered: [PassKind], records: [PassRecord]?, servedElsewhere: String?)
        let answer: Answer?
        do {
            answer = try await withTaskCancellationHandler {
                try await Self.offload { [socketPath] () throws -> Answer? in
                    let client: ControlClient
                    switch try CyclePlace.find(socket: socketPath, database: database) {
                    case .noDaemon: return nil
                    case .servesAnother(let other): return ([], nil, other)
                    case .memoryd(let found): client = found
                    }
                    var index = -1
                    return try interruption.during(client) {
                        let (triggered, records) = try client.runCycle(passes, wait: wait) { event in
                            switch event {
                            case .progress(let kind, let pass):
                                if let next = passes.firstIndex(of: kind), next != index {
                                    index = next
                                    progress?.started(index, kind)
                                }
                                progress?.advanced(index, kind, pass)
                            case .finished(let record):
                                progress?.finished(passes.firstIndex(of: record.kind) ?? index, record)
                            case .couldNotRun:
                                break
                            }
                        }
                        return (triggered, records, nil)
                    }
                }
            } onCancel: {
                interruption.interrupt()
            }
        } catch  where interruption.requested {
            // An interrupted wait ends in a closed-connection error: that is the cancellation.
            throw CancellationError()
        }
        guard let answer else { return .noDaemon }
        if let other = answer.servedElsewhere { return .servesAnother(database: other) }
        return .ran(
            Self.cycleResult(
                where: "memoryd", passes: answer.triggered,
                summaries: answer.records?.map { PassSummary(record: $0, seconds: $0.seconds) } ?? [], waited: wait,
                note: wait ? nil : "memoryd is running it; call status to follow it"))
    }

    private static func cycleResult(
        where place: String, passes: [PassKind], summaries: [PassSummary], waited: Bool, note: String?
    )
        -> ToolResult
    {
        var lines = [
            "Cycle " + (waited ? "ran" : "started") + " in \(place): "
                + (passes.isEmpty ? "no passes" : passes.map(\.rawValue).joined(separator: ", "))
        ]
        for summary in summaries {
            let record = summary.record
            let counts = PassCounts.reported(by: record.kind).map { "\($0.rawValue) \(record.counts[$0] ?? 0)" }
            lines.append(
                "- \(record.kind.rawValue) \(record.outcome.rawValue): \(record.processed) memories; "
                    + counts.joined(separator: ", ")
                    + (record.error.map { "; error: \($0)" } ?? ""))
        }
        if let note { lines.append(note) }
        var structured: [String: JSONValue] = [
            "where": .string(place), "triggered": .array(passes.map { .string($0.rawValue) }), "waited": .bool(waited),
        ]
        if waited { structured["passes"] = .array(summaries.compactMap { try? JSONValue(encoding: $0) }) }
        return ToolResult(text: lines.joined(separator: "\n"), structured: .object(structured))
    }

    func statusTool() async throws -> ToolResult {
        let listening = try await Self.offload { [socketPath] () throws -> ControlProtocol.DaemonStatus? in
            try ControlClient.connectIfListening(socketPath)?.status()
        }
        // A memoryd that serves another database says nothing about this one.
        let database = await store.path
        let daemon = listening.flatMap { $0.serves(database) ? $0 : nil }
        let elsewhere = listening.flatMap { $0.serves(database) ? nil : $0.database }
        if let daemon {
            let loops = daemon.loops.map { loop in
                (loop.kind, loop.state.rawValue as String?, loop.lastPass, loop.nextRun)
            }
            return Self.statusResult(
                running: true, database: daemon.database, exists: true, pending: daemon.pendingMemories,
                paused: daemon.paused, loops: loops)
        }
        guard let opened = try await store.openIfPresent() else {
            return Self.statusResult(
                running: false, database: database, exists: false, pending: 0, paused: nil, elsewhere: elsewhere,
                loops: MaintenanceCycle.order.map { ($0, nil, nil, nil) })
        }
        let pending = try await opened.inspecting { try $0.statistics() }.stm.pending
        let recent = try await opened.inspecting { try $0.passes(limit: 500) }
        return Self.statusResult(
            running: false, database: opened.path, exists: true, pending: pending, paused: nil, elsewhere: elsewhere,
            loops: MaintenanceCycle.order.map { kind in (kind, nil, recent.first { $0.kind == kind }, nil) })
    }

    private static func statusResult(
        running: Bool, database: String, exists: Bool, pending: Int, paused: Bool?, elsewhere: String? = nil,
        loops: [(kind: PassKind, state: String?, last: PassRecord?, next: Timestamp?)]
    ) -> ToolResult {
        let notRunning =
            elsewhere.map { "memoryd runs, but for another database (\($0)), not this one" } ?? "memoryd is not running"
        var lines = [
            running
                ? "memoryd is running" + (paused == true ? " (its loops are paused)" : "")
                : notRunning + "; passes run only when consolidate is called",
            exists ? "\(pending) short-term memories wait for consolidation" : "no memory database yet at \(database)",
        ]
        for loop in loops {
            let last =
                loop.last.map {
                    "last \($0.outcome.rawValue) \(($0.finishedAt ?? $0.startedAt).minutes) UTC, \($0.processed) memories"
                } ?? "never run"
            lines.append(
                "- \(loop.kind.rawValue): "
                    + [loop.state, last, loop.next.map { "next \($0.minutes) UTC" }].compactMap { $0 }.joined(
                        separator: "; "))
        }
        return ToolResult(
            text: lines.joined(separator: "\n"),
            structured: [
                "memoryd_running": .bool(running), "memoryd_database": JSONValue(running ? database : elsewhere),
                "database": .string(database), "database_exists": .bool(exists),
                "pending": JSONValue(pending), "paused": paused.map(JSONValue.bool) ?? .null,
                "passes": .array(
                    loops.map { loop in
                        [
                            "kind": .string(loop.kind.rawValue), "state": JSONValue(loop.state),
                            "last": loop.last.map { pass -> JSONValue in
                                [
                                    "outcome": .string(pass.outcome.rawValue),
                                    "time": .string((pass.finishedAt ?? pass.startedAt).iso8601),
                                    "processed": JSONValue(pass.processed),
                                ]
                            } ?? .null,
                            "next_run": JSONValue(loop.next?.iso8601),
                        ]
                    }),
            ])
    }

    /// Runs blocking socket I/O on a Dispatch thread: the cooperative pool has one thread per
    /// core, and a wait for memoryd must not hold one of them.
    static func offload<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(with: Result { try work() }) }
        }
    }
}
