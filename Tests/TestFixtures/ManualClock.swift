import MemoryModel
import Synchronization

/// A clock that moves only when told to: `advance(by:)` wakes every sleeper whose deadline
/// has come, in deadline order.
package final class ManualClock: WallClock {
    private struct Sleeper {
        package let id: Int
        package let deadline: Timestamp
        package let continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        package var now: Timestamp
        package var sleepers: [Sleeper] = []
        package var nextID = 0
    }

    private let state: Mutex<State>

    package init(now: Timestamp) { state = Mutex(State(now: now)) }

    package var now: Timestamp { state.withLock { $0.now } }

    /// Tasks waiting on this clock.
    package var sleeperCount: Int { state.withLock { $0.sleepers.count } }

    package func sleep(until deadline: Timestamp) async throws {
        let id = state.withLock { state in
            state.nextID += 1
            return state.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                // Under the lock, so that a cancellation either comes first (and is seen here) or
                // finds the sleeper registered.
                let resumeNow = state.withLock { state -> Bool in
                    if deadline <= state.now || Task.isCancelled { return true }
                    state.sleepers.append(Sleeper(id: id, deadline: deadline, continuation: continuation))
                    return false
                }
                if resumeNow { continuation.resume() }
            }
        } onCancel: {
            let sleeper = state.withLock { state -> Sleeper? in
                guard let index = state.sleepers.firstIndex(where: { $0.id == id }) else { return nil }
                return state.sleepers.remove(at: index)
            }
            sleeper?.continuation.resume(throwing: CancellationError())
        }
        try Task.checkCancellation()
    }

    package func advance(by duration: Duration) {
        let due = state.withLock { state -> [Sleeper] in
            state.now = state.now.adding(duration)
            let now = state.now
            let due = state.sleepers.filter { $0.deadline <= now }.sorted { $0.deadline < $1.deadline }
            state.sleepers.removeAll { $0.deadline <= now }
            return due
        }
        for sleeper in due { sleeper.continuation.resume() }
    }
}
