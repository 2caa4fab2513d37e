import FoundationEssentials
import MemoryModel

/// Runs the store actor's jobs on a thread of its own, one at a time: SQLite's calls block (a
/// busy wait can last the whole busy timeout, an import reads its file), and they must never
/// hold one of the few threads of Swift's cooperative pool. The thread ends with `stop()`.
final class StoreExecutor: SerialExecutor, @unchecked Sendable {
    // `jobs` and `stopped` are guarded by `condition`.
    private let condition = Condition()
    private var jobs: [UnownedJob] = []
    private var stopped = false

    init(name: String) {
        // The thread holds the executor until it is stopped.
        Threads.start(name: name) { self.run() }
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.lock()
        jobs.append(job)
        condition.signal()
        condition.unlock()
    }

    func asUnownedSerialExecutor() -> UnownedSerialExecutor { UnownedSerialExecutor(ordinary: self) }

    /// Lets the thread end once the jobs already queued have run.
    func stop() {
        condition.lock()
        stopped = true
        condition.signal()
        condition.unlock()
    }

    private func run() {
        while true {
            condition.lock()
            while jobs.isEmpty && !stopped { condition.wait() }
            if jobs.isEmpty {
                condition.unlock()
                return
            }
            let batch = jobs
            jobs.removeAll(keepingCapacity: true)
            condition.unlock()
            for job in batch { job.runSynchronously(on: asUnownedSerialExecutor()) }
        }
    }
}
