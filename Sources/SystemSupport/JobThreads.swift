/// Threads of our own that run Swift concurrency's jobs, oldest first: the store's serial
/// executor (one thread) and the passes' task executor (one thread per core) are built on it.
/// The threads end once `stop()` is called and the jobs already queued have run.
package final class JobThreads: @unchecked Sendable {
    // `jobs`, `head` and `stopped` are guarded by `condition`.
    private let condition = Condition()
    private var jobs: [UnownedJob] = []
    private var head = 0
    private var stopped = false

    /// Starts `count` threads named `name` (with a number after it when there are several),
    /// each running the jobs it takes with `run`. The threads hold `run` until they end.
    package init(name: String, count: Int, run: @escaping @Sendable (UnownedJob) -> Void) {
        for index in 1...max(1, count) {
            Threads.start(name: count > 1 ? "\(name)-\(index)" : name) { self.serve(run) }
        }
    }

    package func enqueue(_ job: UnownedJob) {
        condition.lock()
        jobs.append(job)
        condition.signal()
        condition.unlock()
    }

    /// Lets the threads end once the jobs already queued have run.
    package func stop() {
        condition.lock()
        stopped = true
        condition.broadcast()
        condition.unlock()
    }

    private func serve(_ run: (UnownedJob) -> Void) {
        while true {
            condition.lock()
            while head == jobs.count && !stopped { condition.wait() }
            guard head < jobs.count else {
                condition.unlock()
                return
            }
            let job = jobs[head]
            head += 1
            if head == jobs.count {
                jobs.removeAll(keepingCapacity: true)
                head = 0
            } else if head >= 1024 && head * 2 >= jobs.count {
                // Never drained under load: drop the jobs already taken.
                jobs.removeFirst(head)
                head = 0
            }
            condition.unlock()
            run(job)
        }
    }
}

/// A task executor on threads of our own: tasks that prefer it (`withTaskExecutorPreference`),
/// and their child tasks, run their jobs there.
package final class JobThreadsExecutor: TaskExecutor, @unchecked Sendable {
    /// Set once, in `init`. The threads live as long as the executor.
    private var threads: JobThreads?

    package init(name: String, count: Int) {
        threads = JobThreads(name: name, count: count) { [self] job in
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
    }

    package func enqueue(_ job: consuming ExecutorJob) { threads?.enqueue(UnownedJob(job)) }

    /// Lets the threads end once the jobs already queued have run; a job enqueued after that
    /// never runs, so only a caller that knows no task will need the executor again stops it.
    package func stop() { threads?.stop() }
}
