import ControlProtocol
import Dispatch
import MemoryEngines
import MemoryModel
import MemoryPasses
import MemoryStorage
import Synchronization
import SystemSupport

/// How often each loop runs, and how failed passes are retried.
package struct LoopSettings: Sendable, Equatable {
    package var intervals: [PassKind: Duration] = [
        .consolidation: .seconds(5 * 60), .extraction: .seconds(10 * 60), .graph: .seconds(30 * 60),
    ]
    /// The first retry after a failed pass waits this long; each further failure doubles the
    /// wait, up to `retryLimit` (and never beyond the loop's interval).
    package var retryBase: Duration = .seconds(30)
    package var retryLimit: Duration = .seconds(3600)

    package init() {}

    package func interval(_ kind: PassKind) -> Duration { intervals[kind] ?? .seconds(600) }

    /// The wait before retrying after `failures` failures in a row (1 or more).
    package func retryDelay(_ kind: PassKind, failures: Int) -> Duration {
        let doubled = retryBase.milliseconds << min(max(failures - 1, 0), 20)
        return .milliseconds(min(doubled, retryLimit.milliseconds, interval(kind).milliseconds))
    }
}

/// What happens, as it happens: for `trigger --wait` streams, systemd STATUS= lines and logs.
package enum OrchestratorEvent: Sendable {
    case started(PassKind)
    case progress(PassKind, PassProgress)
    case finished(PassRecord)
    /// The pass could not run at all (another process holds its lock, the database failed).
    case couldNotRun(PassKind, String)
}

/// Runs the consolidation, extraction and graph loops as child tasks of one task group, each
/// on its own interval; runs a pass now on request (joining one of that kind already running);
/// pauses and resumes the loops; reports status. Only ids and value types cross its boundary.
package actor Orchestrator: Service {
    /// Runs one pass of a kind with the policy of the moment.
    package typealias Runner =
        @Sendable (PassKind, ConsolidationPolicy, _ onProgress: @escaping @Sendable (PassProgress) -> Void) async throws
        -> PassRecord

    private struct Loop {
        package var running: Task<PassRecord?, Never>?
        package var last: PassRecord?
        package var lastError: String?
        package var failures = 0
        package var next: Timestamp
        package var sleeper: Task<Void, any Error>?
    }

    private let clock: any WallClock
    private let runner: Runner
    private let log: Logger
    private var settings: LoopSettings
    /// What the passes run with; replaced by `update`, taken by each pass when it starts.
    private var policy: ConsolidationPolicy
    private var loops: [PassKind: Loop] = [:]
    private var paused = false
    private var stopping = false
    /// Events, progress and liveness, readable without waiting for the actor.
    package nonisolated let events = EventHub()

    package init(
        settings: LoopSettings, policy: ConsolidationPolicy = ConsolidationPolicy(), clock: any WallClock,
        runner: @escaping Runner, log: Logger
    ) {
        self.settings = settings
        self.policy = policy
        self.clock = clock
        self.runner = runner
        self.log = log
        let now = clock.now
        for kind in MaintenanceCycle.order { loops[kind] = Loop(next: now) }
    }

    /// Runs one cycle in order (consolidation, extraction, graph: work that waited while the
    /// daemon was down), then the loops, until `shutDown()` or the calling task is cancelled;
    /// passes in flight stop after their batch, and this returns once every loop and every pass
    /// has ended.
    package func run() async {
        let first = trigger(MaintenanceCycle.order)
        await withTaskCancellationHandler {
            _ = await first.value
        } onCancel: {
            first.cancel()
        }
        await withTaskGroup(of: Void.self) { group in
            for kind in MaintenanceCycle.order {
                group.addTask { await self.loop(kind) }
            }
        }
        // Passes that a trigger started, which no loop waited for.
        for task in loops.values.compactMap(\.running) { _ = await Self.value(of: task) }
    }

    private func loop(_ kind: PassKind) async {
        while !Task.isCancelled && !stopping {
            let due = paused ? nil : loops[kind]?.next
            if let due, due <= clock.now {
                _ = await runNow(kind)
                continue
            }
            // Sleep until due (or, paused, until woken); resume, a reload or a pass run by a
            // trigger wake the loop to look again.
            let clock = self.clock
            let deadline = due ?? Timestamp(millisecondsSince1970: Int64.max / 4)
            let sleeper = Task { try await clock.sleep(until: deadline) }
            loops[kind]?.sleeper = sleeper
            await withTaskCancellationHandler {
                _ = await sleeper.result
            } onCancel: {
                sleeper.cancel()
            }
            loops[kind]?.sleeper = nil
        }
    }

    private func wake(_ kind: PassKind) { loops[kind]?.sleeper?.cancel() }

    /// Runs a pass of `kind` now, or joins the one running, and returns its record (nil when
    /// the pass could not run at all).
    package func runNow(_ kind: PassKind) async -> PassRecord? {
        if stopping || Task.isCancelled { return nil }
        if let running = loops[kind]?.running { return await Self.value(of: running) }
        let task = Task { await self.execute(kind) }
        loops[kind]?.running = task
        let record = await Self.value(of: task)
        wake(kind)
        return record
    }

    /// A pass's result; cancelling the waiting task cancels the pass (it stops after its batch).
    private static func value(of task: Task<PassRecord?, Never>) async -> PassRecord? {
        await withTaskCancellationHandler {
            await task.value
        } onCancel: {
            task.cancel()
        }
    }

    /// Refuses new passes, asks every pass in flight to stop after its batch, however it was
    /// started, and wakes the loops so that they end: `run` returns once the passes have ended.
    package func shutDown() {
        stopping = true
        for kind in MaintenanceCycle.order {
            loops[kind]?.running?.cancel()
            wake(kind)
        }
    }

    /// Runs `kinds` in cycle order, each as `runNow` does, in a task of its own; a cancelled
    /// pass ends it. Explicit triggers run while the loops are paused too.
    package func trigger(_ kinds: [PassKind]) -> Task<[PassRecord], Never> {
        Task { await MaintenanceCycle.sequence(kinds) { await self.runNow($0) } }
    }

    private func execute(_ kind: PassKind) async -> PassRecord? {
        events.publish(.started(kind))
        log.info("\(kind.rawValue) pass started")
        let events = self.events
        var record: PassRecord?
        var failure: String?
        do {
            let result = try await runner(kind, policy) { progress in events.publish(.progress(kind, progress)) }
            record = result
            if result.outcome == .failed { failure = result.error ?? "failed" }
        } catch {
            failure = "\(error)"
        }
        let now = clock.now
        // Idle before anyone hears that the pass ended, so that a status asked in answer to
        // `.finished` (systemd's STATUS=, memctl status) never shows a finished pass as running.
        loops[kind]?.running = nil
        if let failure {
            let failures = (loops[kind]?.failures ?? 0) + 1
            let delay = settings.retryDelay(kind, failures: failures)
            loops[kind]?.failures = failures
            loops[kind]?.next = now.adding(delay)
            log.error("\(kind.rawValue) pass failed (\(failures) in a row): \(failure); retrying in \(delay.shortDescription)")
        } else {
            loops[kind]?.failures = 0
            loops[kind]?.next = now.adding(settings.interval(kind))
        }
        if let record {
            loops[kind]?.last = record
            loops[kind]?.lastError = nil
            events.publish(.finished(record))
            if record.outcome != .failed {
                log.info("\(kind.rawValue) pass \(record.outcome.rawValue): processed \(record.processed) in \(record.batches) batch(es)")
            }
        } else {
            loops[kind]?.lastError = failure
            events.publish(.couldNotRun(kind, failure ?? "unknown error"))
        }
        events.finished(kind)
        return record
    }

    package func pause() {
        guard !paused else { return }
        paused = true
        log.notice("loops paused")
    }

    package func resume() {
        guard paused else { return }
        paused = false
        log.notice("loops resumed")
        for kind in MaintenanceCycle.order { wake(kind) }
    }

    /// New settings, the one way a reload reaches the loops and the passes. New intervals take
    /// effect at once (each loop's next run is its last run plus the new interval); a new policy
    /// with the next pass that starts.
    package func update(_ new: LoopSettings, policy newPolicy: ConsolidationPolicy? = nil) {
        if let newPolicy { policy = newPolicy }
        let old = settings
        settings = new
        for kind in MaintenanceCycle.order where old.interval(kind) != new.interval(kind) {
            if let next = loops[kind]?.next, loops[kind]?.failures == 0 {
                loops[kind]?.next = next.subtracting(old.interval(kind)).adding(new.interval(kind))
            }
            wake(kind)
        }
    }

    package var isPaused: Bool { paused }

    package func status() -> OrchestratorStatus {
        OrchestratorStatus(
            paused: paused,
            loops: MaintenanceCycle.order.map { kind in
                let loop = loops[kind] ?? Loop(next: clock.now)
                let running = loop.running != nil
                let progress = running ? events.progress(of: kind) : nil
                return LoopStatus(
                    kind: kind, state: running ? .running : paused ? .paused : .idle,
                    intervalSeconds: Int(settings.interval(kind).milliseconds / 1000), processed: progress?.processed,
                    total: progress?.total, lastPass: loop.last, lastError: loop.lastError, failures: loop.failures,
                    nextRun: running || paused ? nil : loop.next)
            })
    }
}

/// Fan-out of orchestrator events to subscribers, and the latest progress of each kind, behind
/// a lock so that synchronous progress callbacks can publish without waiting for the actor.
package final class EventHub: Sendable {
    private struct State {
        package var subscribers: [Int: AsyncStream<OrchestratorEvent>.Continuation] = [:]
        package var nextID = 0
        package var progress: [PassKind: PassProgress] = [:]
        /// Uptime (ns) of each running pass's latest sign of life: its start or a batch.
        package var alive: [PassKind: UInt64] = [:]
    }

    private let state = Mutex(State())

    package init() {}

    /// Events from now on, until the stream is dropped.
    package func subscribe() -> AsyncStream<OrchestratorEvent> {
        let (stream, continuation) = AsyncStream<OrchestratorEvent>.makeStream(bufferingPolicy: .bufferingNewest(1024))
        let id = state.withLock { state in
            state.nextID += 1
            state.subscribers[state.nextID] = continuation
            return state.nextID
        }
        continuation.onTermination = { [weak self] _ in
            _ = self?.state.withLock { $0.subscribers.removeValue(forKey: id) }
        }
        return stream
    }

    package func publish(_ event: OrchestratorEvent) {
        let subscribers = state.withLock { state in
            let now = DispatchTime.now().uptimeNanoseconds
            switch event {
            case .started(let kind):
                state.progress[kind] = PassProgress()
                state.alive[kind] = now
            case .progress(let kind, let progress):
                state.progress[kind] = progress
                state.alive[kind] = now
            case .finished, .couldNotRun: break
            }
            return Array(state.subscribers.values)
        }
        for subscriber in subscribers { subscriber.yield(event) }
    }

    package func finished(_ kind: PassKind) {
        state.withLock { state in
            state.progress[kind] = nil
            state.alive[kind] = nil
        }
    }

    package func progress(of kind: PassKind) -> PassProgress? { state.withLock { $0.progress[kind] } }

    /// Whether every running pass has shown a sign of life (started, or committed a batch)
    /// within `window`: what the systemd watchdog pings depend on.
    package func isMakingProgress(within window: Duration) -> Bool {
        let now = DispatchTime.now().uptimeNanoseconds
        let limit = UInt64(max(0, window.milliseconds)) * 1_000_000
        return state.withLock { state in state.alive.values.allSatisfy { now - $0 <= limit } }
    }
}
