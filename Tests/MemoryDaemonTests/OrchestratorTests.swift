import Foundation
import Synchronization
import Testing

@testable import MemoryDaemon
@testable import MemoryEngines
@testable import MemoryModel
@testable import MemoryPasses
@testable import MemoryStorage
@testable import SQLiteKit
import TestFixtures

/// A stand-in for the passes: counts runs per kind, can fail, and can hold a pass open until
/// released, so that joining and pausing can be observed.
final class FakePasses: Sendable {
    private struct State {
        var runs: [PassKind: Int] = [:]
        var failing: Set<PassKind> = []
        var holding: Set<PassKind> = []
        var held: [PassKind: [CheckedContinuation<Void, Never>]] = [:]
    }

    private let state = Mutex(State())

    func runs(_ kind: PassKind) -> Int { state.withLock { $0.runs[kind, default: 0] } }
    func fail(_ kind: PassKind, _ failing: Bool) {
        state.withLock { state in
            if failing { state.failing.insert(kind) } else { state.failing.remove(kind) }
        }
    }
    func hold(_ kind: PassKind) { state.withLock { _ = $0.holding.insert(kind) } }

    func release(_ kind: PassKind) {
        let waiting = state.withLock { state in
            state.holding.remove(kind)
            return state.held.removeValue(forKey: kind) ?? []
        }
        waiting.forEach { $0.resume() }
    }

    var runner: Orchestrator.Runner {
        { kind, _, onProgress in
            let (failing, holding) = self.state.withLock { state in
                state.runs[kind, default: 0] += 1
                return (state.failing.contains(kind), state.holding.contains(kind))
            }
            var progress = PassProgress()
            progress.total = 10
            progress.processed = 5
            onProgress(progress)
            if holding {
                await withCheckedContinuation { continuation in
                    let release = self.state.withLock { state -> Bool in
                        guard state.holding.contains(kind) else { return true }
                        state.held[kind, default: []].append(continuation)
                        return false
                    }
                    if release { continuation.resume() }
                }
            }
            return PassRecord(
                id: PassID(Int64(self.runs(kind))), kind: kind, startedAt: .now, finishedAt: .now,
                outcome: failing ? .failed : .completed, processed: 10, batches: 1, counts: PassCounts(),
                error: failing ? "disk on fire" : nil)
        }
    }
}

@Suite("Orchestrator loops (injected clock)")
struct OrchestratorTests {
    let start = Timestamp(iso8601: "2026-06-01T12:00:00Z")!

    /// Waits (in real time, at most 60 s: other suites running beside this one can keep the
    /// cooperative pool busy for seconds) until `condition` holds.
    func eventually(_ condition: () async -> Bool) async -> Bool {
        for _ in 0..<6000 {
            if await condition() { return true }
            try? await Task.sleep(for: .milliseconds(10))
        }
        return await condition()
    }

    func settings(_ minutes: (Int, Int, Int) = (5, 10, 30)) -> LoopSettings {
        var settings = LoopSettings()
        settings.intervals = [
            .consolidation: .seconds(minutes.0 * 60), .extraction: .seconds(minutes.1 * 60), .graph: .seconds(minutes.2 * 60),
        ]
        return settings
    }

    /// An orchestrator running its loops; cancel the task to stop it.
    func running(_ passes: FakePasses, _ clock: ManualClock, settings: LoopSettings? = nil) -> (Orchestrator, Task<Void, Never>) {
        let orchestrator = Orchestrator(
            settings: settings ?? self.settings(), clock: clock, runner: passes.runner, log: .silent)
        return (orchestrator, Task { await orchestrator.run() })
    }

    /// Advances the clock once all three loops are asleep, so that no wake-up is missed.
    func advance(_ clock: ManualClock, by duration: Duration) async {
        _ = await eventually { clock.sleeperCount == 3 }
        clock.advance(by: duration)
    }

    @Test("a new policy reaches the next pass through update, as a reload sends it")
    func policyUpdate() async throws {
        let batchSizes = Mutex<[Int]>([])
        let runner: Orchestrator.Runner = { kind, policy, _ in
            batchSizes.withLock { $0.append(policy.batchSize) }
            return PassRecord(
                id: PassID(1), kind: kind, startedAt: Timestamp(millisecondsSince1970: 0), outcome: .completed,
                processed: 0, batches: 0, counts: PassCounts())
        }
        var policy = ConsolidationPolicy()
        policy.batchSize = 64
        let orchestrator = Orchestrator(
            settings: settings(), policy: policy, clock: ManualClock(now: start), runner: runner, log: .silent)
        _ = await orchestrator.trigger([.graph]).value
        policy.batchSize = 32
        await orchestrator.update(settings(), policy: policy)
        _ = await orchestrator.trigger([.graph]).value
        #expect(batchSizes.withLock { $0 } == [64, 32])
    }

    @Test("each loop runs at start and then on its own interval")
    func intervals() async throws {
        let passes = FakePasses()
        let clock = ManualClock(now: start)
        let (_, task) = running(passes, clock)
        defer { task.cancel() }
        #expect(await eventually { passes.runs(.consolidation) == 1 && passes.runs(.extraction) == 1 && passes.runs(.graph) == 1 })
        for _ in 0..<6 { await advance(clock, by: .seconds(5 * 60)) }  // 30 minutes
        #expect(await eventually { passes.runs(.consolidation) == 7 && passes.runs(.extraction) == 4 && passes.runs(.graph) == 2 })
        task.cancel()
        await task.value
    }

    @Test("a trigger while a pass of that kind runs joins it instead of starting a second")
    func triggerJoins() async throws {
        let passes = FakePasses()
        let clock = ManualClock(now: start)
        passes.hold(.consolidation)
        let (orchestrator, task) = running(passes, clock)
        defer { task.cancel() }
        #expect(await eventually { await orchestrator.status().loops[0].state == .running })
        let first = await orchestrator.trigger([.consolidation])
        let second = await orchestrator.trigger([.consolidation])
        try await Task.sleep(for: .milliseconds(50))
        #expect(passes.runs(.consolidation) == 1)
        let status = await orchestrator.status()
        #expect(status.loops[0].processed == 5 && status.loops[0].total == 10)
        passes.release(.consolidation)
        let records = await [first.value, second.value]
        #expect(records.map { $0.map(\.id) } == [[PassID(1)], [PassID(1)]])
        #expect(passes.runs(.consolidation) == 1)
        // A trigger when nothing runs starts a pass at once, whatever the interval says.
        let third = await orchestrator.trigger(MaintenanceCycle.order).value
        #expect(third.map(\.kind) == MaintenanceCycle.order)
        #expect(passes.runs(.consolidation) == 2)
        task.cancel()
        await task.value
    }

    @Test("paused loops do not run as time passes; resume runs the loops that are due")
    func pauseResume() async throws {
        let passes = FakePasses()
        let clock = ManualClock(now: start)
        let (orchestrator, task) = running(passes, clock)
        defer { task.cancel() }
        #expect(await eventually { passes.runs(.graph) == 1 })
        await orchestrator.pause()
        #expect(await eventually { await orchestrator.status().loops.allSatisfy { $0.state == .paused && $0.nextRun == nil } })
        _ = await eventually { clock.sleeperCount == 3 }
        clock.advance(by: .seconds(3600))
        try await Task.sleep(for: .milliseconds(50))
        #expect(passes.runs(.consolidation) == 1)
        await orchestrator.resume()
        #expect(await eventually { passes.runs(.consolidation) == 2 && passes.runs(.extraction) == 2 && passes.runs(.graph) == 2 })
        task.cancel()
        await task.value
    }

    @Test("a failing pass is retried with exponential backoff and never ends its loop")
    func backoff() async throws {
        let passes = FakePasses()
        passes.fail(.consolidation, true)
        let clock = ManualClock(now: start)
        let (orchestrator, task) = running(passes, clock, settings: settings((60, 60, 60)))
        defer { task.cancel() }
        /// The consolidation loop's next run once it has settled after `failures` failures.
        func nextRun(after failures: Int) async -> Timestamp? {
            _ = await eventually {
                let loop = await orchestrator.status().loops[0]
                return loop.failures == failures && loop.state == .idle && loop.nextRun != nil
            }
            return await orchestrator.status().loops[0].nextRun
        }
        #expect(await nextRun(after: 1) == start.adding(.seconds(30)))
        await advance(clock, by: .seconds(30))
        #expect(await nextRun(after: 2) == start.adding(.seconds(30 + 60)))
        await advance(clock, by: .seconds(60))
        #expect(await nextRun(after: 3) == start.adding(.seconds(90 + 120)))
        passes.fail(.consolidation, false)
        await advance(clock, by: .seconds(120))
        #expect(await nextRun(after: 0) == start.adding(.seconds(210 + 3600)))
        #expect(await orchestrator.status().loops[0].lastPass?.outcome == .completed)
        task.cancel()
        await task.value
    }

    @Test("new intervals apply at once, counted from the last run")
    func reload() async throws {
        let passes = FakePasses()
        let clock = ManualClock(now: start)
        let (orchestrator, task) = running(passes, clock)
        defer { task.cancel() }
        #expect(await eventually { passes.runs(.graph) == 1 })
        #expect(await eventually { await orchestrator.status().loops[2].nextRun == start.adding(.seconds(1800)) })
        await orchestrator.update(settings((5, 10, 2)))
        let graph = await orchestrator.status().loops[2]
        #expect(graph.intervalSeconds == 120 && graph.nextRun == start.adding(.seconds(120)))
        await advance(clock, by: .seconds(120))
        #expect(await eventually { passes.runs(.graph) == 2 })
        task.cancel()
        await task.value
    }

    @Test("cancelling run() ends every loop")
    func stops() async throws {
        let passes = FakePasses()
        let clock = ManualClock(now: start)
        let (_, task) = running(passes, clock)
        #expect(await eventually { clock.sleeperCount == 3 })
        task.cancel()
        await task.value
        #expect(clock.sleeperCount == 0)
    }

    @Test("shutDown() stops the pass in flight, run() returns once it has ended, and no pass starts after")
    func shutDown() async throws {
        let passes = FakePasses()
        passes.hold(.extraction)
        let clock = ManualClock(now: start)
        let (orchestrator, task) = running(passes, clock)
        #expect(await eventually { passes.runs(.extraction) == 1 })
        let ended = Mutex(false)
        let waiting = Task {
            await task.value
            ended.withLock { $0 = true }
        }
        await orchestrator.shutDown()
        // The held pass stands for one finishing its batch: run() waits for it.
        try await Task.sleep(for: .milliseconds(50))
        #expect(!ended.withLock { $0 })
        passes.release(.extraction)
        await waiting.value
        #expect(passes.runs(.graph) == 0)
        #expect(await orchestrator.runNow(.graph) == nil)
        #expect(clock.sleeperCount == 0)
    }
}
