import FoundationEssentials
import Synchronization
import SystemSupport

/// The threads a pass's tasks run on (`MaintenanceCycle.run` prefers them): as many as the
/// pass's `threads` setting, ours rather than those of Swift's global executor.
///
/// On Linux the global executor hands every job to libdispatch, which wraps it in a
/// continuation. The store's thread resumes a pass after each of its calls, so it took a
/// continuation from the heap for each, and the pool's threads, which ran them, kept them in
/// caches of up to 65,536 per thread for the life of the thread: 836 of them after a cycle over
/// 25,000 messages, on pages of their own among the pass's freed memory, which a long-lived
/// process (`memctl mcp`; memoryd, before its passes ran in workers) then could not give back
/// (docs/DECISIONS.md, "Threads and priorities"). A job queued here is only appended to an
/// array.
enum PassThreads {
    /// The executors made so far, by thread count: a process runs its passes with one count
    /// (memctl's `--threads`, memoryd's `threads`), so there is one, and a reload that changes
    /// the count makes a second. Their threads live as long as the process.
    private static let executors = Mutex<[Int: JobThreadsExecutor]>([:])

    /// The executor with `threads` threads (at least 1).
    static func executor(threads: Int) -> JobThreadsExecutor {
        let count = max(1, threads)
        return executors.withLock { executors in
            if let executor = executors[count] { return executor }
            let executor = JobThreadsExecutor(name: "memory-pass", count: count)
            executors[count] = executor
            return executor
        }
    }
}
