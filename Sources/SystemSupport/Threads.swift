import Glibc

/// A mutex and its condition variable, over pthreads: what `NSCondition` gives, without
/// Foundation. memoryd links only FoundationEssentials (docs/DECISIONS.md, "Linking and
/// start-up").
package final class Condition: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

    package init() {
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(condition, nil)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    package func lock() { pthread_mutex_lock(mutex) }
    package func unlock() { pthread_mutex_unlock(mutex) }
    /// Unlocks, sleeps until signalled (or spuriously), and locks again: call it in a loop
    /// that checks what it waits for.
    package func wait() { pthread_cond_wait(condition, mutex) }
    package func signal() { pthread_cond_signal(condition) }
    package func broadcast() { pthread_cond_broadcast(condition) }
}

/// Threads of our own, for work that blocks (the store's SQLite calls, sockets, reading input)
/// and must not hold one of Swift concurrency's few threads.
package enum Threads {
    /// Runs `body` on a new detached thread named `name` (at most 15 bytes are kept).
    package static func start(name: String, _ body: @escaping @Sendable () -> Void) {
        let box = Unmanaged.passRetained(Body(name: name, run: body)).toOpaque()
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
        var thread = pthread_t()
        let result = pthread_create(&thread, &attributes, threadEntry, box)
        precondition(result == 0, "cannot start thread \(name): error \(result)")
    }

    /// A started thread's first function: takes its body and name back and runs it.
    private static let threadEntry: @convention(c) (UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? = { box in
        let body = Unmanaged<Body>.fromOpaque(box!).takeRetainedValue()
        setName(String(body.name.utf8.prefix(15)) ?? "memoryd")
        body.run()
        return nil
    }

    /// Names the calling thread (what `top -H` and a debugger show).
    private static func setName(_ name: String) {
        typealias SetName = @convention(c) (pthread_t, UnsafePointer<CChar>) -> Int32
        _ = GlibcExtras.function("pthread_setname_np", as: SetName.self)?(pthread_self(), name)
    }

    private final class Body: Sendable {
        let name: String
        let run: @Sendable () -> Void
        init(name: String, run: @escaping @Sendable () -> Void) {
            self.name = name
            self.run = run
        }
    }
}
