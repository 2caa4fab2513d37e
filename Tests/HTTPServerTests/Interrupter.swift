import HTTPServer
import Synchronization
import SystemSupport

#if canImport(Glibc)
    import Glibc
#endif

/// Signals handled by `Interrupter`'s handler, which does nothing else.
private let handledSignals = Atomic<Int>(0)

/// Sends SIGURG, every millisecond, to each of this process's threads whose name starts with
/// "http-" (the servers' accept and connection threads), with a handler installed without
/// SA_RESTART: the blocking calls of those that let the signal in then fail with EINTR, again and
/// again. SIGURG is ignored by default and used by nothing else here, so the signal cannot
/// disturb the other tests.
final class Interrupter: Sendable {
    private let running = Atomic<Bool>(true)
    private let finished = Atomic<Bool>(false)

    init() {
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { _ in handledSignals.add(1, ordering: .relaxed) }
        sigemptyset(&action.sa_mask)
        action.sa_flags = 0
        sigaction(SIGURG, &action, nil)
        Threads.start(name: "test-interrupt") { [self] in
            typealias ThreadKill = @convention(c) (pid_t, pid_t, Int32) -> Int32
            let threadKill = GlibcExtras.function("tgkill", as: ThreadKill.self)
            while running.load(ordering: .acquiring) {
                for thread in Self.serverThreads() { _ = threadKill?(getpid(), thread, SIGURG) }
                usleep(1_000)
            }
            finished.store(true, ordering: .releasing)
        }
    }

    /// Starts `server` on a thread that lets SIGURG in: its threads inherit that thread's signal
    /// mask, and the cooperative pool's threads, where tests run, block nearly every signal.
    static func start(_ server: HTTPServer) async {
        await withCheckedContinuation { continuation in
            Threads.start(name: "test-start") {
                var signals = sigset_t()
                sigemptyset(&signals)
                sigaddset(&signals, SIGURG)
                pthread_sigmask(SIG_UNBLOCK, &signals, nil)
                server.start()
                continuation.resume()
            }
        }
    }

    /// How many signals were handled so far, in this whole process.
    var handled: Int { handledSignals.load(ordering: .relaxed) }

    func stop() {
        running.store(false, ordering: .releasing)
        while !finished.load(ordering: .acquiring) { usleep(1_000) }
    }

    /// The ids of the threads named "http-…", from /proc/self/task/<tid>/comm.
    private static func serverThreads() -> [pid_t] {
        guard let directory = opendir("/proc/self/task") else { return [] }
        defer { closedir(directory) }
        var threads: [pid_t] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) {
                String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard let thread = pid_t(name) else { continue }
            let descriptor = open("/proc/self/task/\(thread)/comm", O_RDONLY | O_CLOEXEC)
            guard descriptor >= 0 else { continue }
            var bytes = [UInt8](repeating: 0, count: 32)
            let count = read(descriptor, &bytes, bytes.count)
            close(descriptor)
            if count > 0 && bytes.prefix(count).starts(with: "http-".utf8) { threads.append(thread) }
        }
        return threads
    }
}
