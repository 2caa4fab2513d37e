import SystemSupport

/// Runs the store actor's jobs on a thread of its own, one at a time: SQLite's calls block (a
/// busy wait can last the whole busy timeout, an import reads its file), and they must never
/// hold one of the few threads of Swift's cooperative pool. The thread ends with `stop()`.
final class StoreExecutor: SerialExecutor, @unchecked Sendable {
    /// Set once, in `init`. The thread holds the executor until it is stopped.
    private var thread: JobThreads?

    init(name: String) {
        thread = JobThreads(name: name, count: 1) { [self] job in job.runSynchronously(on: asUnownedSerialExecutor()) }
    }

    func enqueue(_ job: consuming ExecutorJob) { thread?.enqueue(UnownedJob(job)) }

    func asUnownedSerialExecutor() -> UnownedSerialExecutor { UnownedSerialExecutor(ordinary: self) }

    /// Lets the thread end once the jobs already queued have run.
    func stop() { thread?.stop() }
}
