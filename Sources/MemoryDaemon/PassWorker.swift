import ControlProtocol
import FoundationEssentials
import MemoryEngines
import MemoryModel
import MemoryPasses
import MemoryStorage
import Synchronization
import SystemSupport

#if canImport(Glibc)
    import Glibc
#endif

/// memoryd runs each pass in a process of its own, a worker: `memoryd --run-pass KIND --db PATH`.
///
/// The pass's memory (its page cache, two batches and their candidates, the objects SQLite and
/// the engines make and keep) goes with the worker when the pass ends, so the daemon holds
/// between passes what it held at start; and a pass that crashes takes only its worker down, a
/// failure the loop retries with backoff. docs/ARCHITECTURE.md, "Passes in a process of their
/// own", says why.
///
/// The protocol, on the worker's standard input and output (standard error is the daemon's):
/// memoryd writes one `Request` line, then nothing; end of file on the worker's standard input
/// (memoryd closed it, or memoryd is gone) is a stop request, as SIGTERM and SIGINT are. The
/// worker writes a `Line` of progress after every committed batch, then one with the pass's
/// record, or one with why the pass could not run, and exits.
package enum PassWorker {
    /// The argument that makes memoryd a worker.
    package static let flag = "--run-pass"

    /// How long a worker waits for its pass's lock before it says the pass is already running:
    /// the worker of a memoryd that was killed sees the end of its input and ends its batch in
    /// flight first, which takes well under a second unless the machine is loaded.
    static let lockWait = Duration.seconds(10)

    /// What memoryd sends a worker: the policy of the moment (a reload may have changed it).
    struct Request: Codable {
        var policy: ConsolidationPolicy
        /// The file memoryd opened. Should another file be at the path by now, the worker
        /// must not open it: it would take memoryd's `-wal` for its own (`DatabaseWatch`).
        var file: DatabaseWatch.FileIdentity
    }

    /// One line a worker writes.
    struct Line: Codable {
        var progress: PassProgress?
        var pass: PassRecord?
        var error: String?
    }

    /// A pass that could not run, or whose worker ended without a result.
    package struct Failure: Error, CustomStringConvertible {
        package let description: String
    }

    /// Runs a pass of `kind` on `database` in a new worker and returns its record; `onProgress`
    /// hears of every batch it commits. Cancelling the calling task asks the worker to stop: it
    /// ends the pass after its batch in flight, and its record says cancelled.
    package static func run(
        _ kind: PassKind, policy: ConsolidationPolicy, database: DatabaseWatch,
        onProgress: @escaping @Sendable (PassProgress) -> Void
    ) async throws -> PassRecord {
        let request = try ControlProtocol.encoder.encode(Request(policy: policy, file: database.file))
        let worker = try await withTaskExecutorPreference(Launcher.shared) {
            try Worker.spawn([flag, kind.rawValue, "--db", database.path], for: kind)
        }
        worker.send(request + [UInt8(ascii: "\n")])
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (result: CheckedContinuation<PassRecord, any Error>) in
                Threads.start(name: "memoryd-worker") { result.resume(with: worker.follow(onProgress: onProgress)) }
            }
        } onCancel: {
            worker.closeInput()
        }
    }

    /// Makes the thread workers are started from. memoryd calls this first thing, from its
    /// main thread, so that the thread has the nice value memoryd was started with (`Launcher`).
    package static func prepare() { _ = Launcher.shared }

    /// Kills the workers still running: for a stop whose passes did not end in time, so that
    /// none outlives the daemon.
    package static func killAll() {
        Worker.running.withLock { running in
            for pid in running { kill(pid, SIGKILL) }
        }
    }
}

// MARK: - The daemon's side

extension PassWorker {
    /// The thread workers are started from. A process starts with the nice value of the thread
    /// that started it, and libdispatch raises its pool threads' values to 0, which a worker
    /// could not lower again for its own timer thread (-4: "Failed to set thread priority" in
    /// the journal; systemd/memoryd.service says why memoryd starts at -4). This thread is made
    /// from memoryd's main thread (`prepare()`) and keeps memoryd's value.
    enum Launcher {
        /// The thread lives as long as the process.
        static let shared = JobThreadsExecutor(name: "memoryd-launch", count: 1)
    }

    /// One worker process, from the daemon's side.
    final class Worker: Sendable {
        /// Workers started and not yet reaped (a reaped worker's pid may be reused).
        static let running = Mutex<Set<pid_t>>([])
        /// Longest line a worker may write; its lines are a record at most.
        static let maximumLineBytes = 1 << 20

        let kind: PassKind
        let pid: pid_t
        /// The read end of the worker's standard output.
        let output: Int32
        /// The write end of its standard input; -1 once closed.
        private let input: Mutex<Int32>

        private init(kind: PassKind, pid: pid_t, input: Int32, output: Int32) {
            self.kind = kind
            self.pid = pid
            self.input = Mutex(input)
            self.output = output
        }

        /// Starts this program again (`/proc/self/exe`, the binary memoryd was started from,
        /// even if it has since been replaced on disk) with `arguments`, its standard input
        /// and output on pipes of ours, signals at their defaults and no other descriptor.
        static func spawn(_ arguments: [String], for kind: PassKind) throws -> Worker {
            var toWorker: [Int32] = [-1, -1]
            var fromWorker: [Int32] = [-1, -1]
            guard pipe(&toWorker) == 0 else { throw Failure(kind, "pipe", errno) }
            guard pipe(&fromWorker) == 0 else {
                let code = errno
                toWorker.forEach { close($0) }
                throw Failure(kind, "pipe", code)
            }
            // memoryd starts no other process, so no other spawn can take these before this.
            for descriptor in toWorker + fromWorker { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
            var actions = posix_spawn_file_actions_t()
            posix_spawn_file_actions_init(&actions)
            defer { posix_spawn_file_actions_destroy(&actions) }
            posix_spawn_file_actions_adddup2(&actions, toWorker[0], STDIN_FILENO)
            posix_spawn_file_actions_adddup2(&actions, fromWorker[1], STDOUT_FILENO)
            // Our descriptors are close-on-exec; this also covers any a library opened without.
            GlibcExtras.closeDescriptors(from: 3, in: &actions)

            var attributes = posix_spawnattr_t()
            posix_spawnattr_init(&attributes)
            defer { posix_spawnattr_destroy(&attributes) }
            var mask = sigset_t()
            sigemptyset(&mask)
            posix_spawnattr_setsigmask(&attributes, &mask)
            var defaults = sigset_t()
            sigemptyset(&defaults)
            for number in [SIGTERM, SIGINT, SIGPIPE] { sigaddset(&defaults, number) }
            posix_spawnattr_setsigdefault(&attributes, &defaults)
            posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

            let program = CommandLine.arguments.first ?? "memoryd"
            var argv: [UnsafeMutablePointer<CChar>?] = ([program] + arguments).map { strdup($0) } + [nil]
            defer { argv.forEach { free($0) } }
            var pid: pid_t = 0
            let started = running.withLock { running in
                let code = posix_spawn(&pid, "/proc/self/exe", &actions, &attributes, &argv, environ)
                if code == 0 { running.insert(pid) }
                return code
            }
            close(toWorker[0])
            close(fromWorker[1])
            guard started == 0 else {
                close(toWorker[1])
                close(fromWorker[0])
                throw Failure(kind, "posix_spawn", started)
            }
            return Worker(kind: kind, pid: pid, input: toWorker[1], output: fromWorker[0])
        }

        /// Writes `bytes` to the worker's standard input. A worker that has already ended
        /// (EPIPE) says why on its output, which `follow` reads.
        func send(_ bytes: [UInt8]) {
            input.withLock { descriptor in
                guard descriptor >= 0 else { return }
                StandardStream.write(String(decoding: bytes, as: UTF8.self), to: descriptor)
            }
        }

        /// Closes the worker's standard input: a stop request.
        func closeInput() {
            input.withLock { descriptor in
                if descriptor >= 0 { close(descriptor) }
                descriptor = -1
            }
        }

        /// Reads the worker's lines until it closes its output, then reaps it: its record, or
        /// why there is none. Blocks; runs on a thread of its own.
        func follow(onProgress: (PassProgress) -> Void) -> Result<PassRecord, any Error> {
            var record: PassRecord?
            var failure: String?
            var pending: [UInt8] = []
            var chunk = [UInt8](repeating: 0, count: 4_096)
            reading: while true {
                let count = retryingInterrupts {
                    chunk.withUnsafeMutableBytes { read(output, $0.baseAddress!, $0.count) }
                }
                if count <= 0 { break }
                pending.append(contentsOf: chunk[..<count])
                while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                    let line = try? ControlProtocol.decoder.decode(Line.self, from: Data(pending[..<newline]))
                    pending.removeSubrange(...newline)
                    if let progress = line?.progress { onProgress(progress) }
                    if let pass = line?.pass { record = pass }
                    if let error = line?.error { failure = error }
                }
                if pending.count > Self.maximumLineBytes {
                    failure = "its worker wrote a line of over \(Self.maximumLineBytes) bytes"
                    kill(pid, SIGKILL)
                    break reading
                }
            }
            close(output)
            closeInput()
            let status = reap()
            if let record { return .success(record) }
            return .failure(Failure(description: failure ?? ended(status)))
        }

        /// Waits for the worker to end and collects it; its wait status.
        private func reap() -> Int32 {
            // Waited for, but not collected, while it is still in `running`: `killAll` never
            // signals a pid that another process may have been given since.
            var info = siginfo_t()
            _ = retryingInterrupts { waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) }
            var status: Int32 = 0
            Self.running.withLock { running in
                _ = retryingInterrupts { waitpid(pid, &status, 0) }
                running.remove(pid)
            }
            return status
        }

        /// How a worker that wrote no result ended, in words.
        private func ended(_ status: Int32) -> String {
            let signal = status & 0x7f
            let how =
                signal == 0
                ? "exited with status \((status >> 8) & 0xff)"
                : "was killed by signal \(signal) (\(String(cString: strsignal(signal))))"
            return "the \(kind.rawValue) pass's worker (process \(pid)) \(how) before it reported a result"
        }
    }
}

extension PassWorker.Failure {
    init(_ kind: PassKind, _ call: String, _ code: Int32) {
        description =
            "cannot start a worker for the \(kind.rawValue) pass: \(call) failed: \(String(cString: strerror(code)))"
    }
}

// MARK: - The worker's side

extension PassWorker {
    /// memoryd as a worker: reads the request, runs the pass on `database`, writes its lines,
    /// and returns the exit status (0 when it wrote a record, 1 when the pass could not run).
    /// `signals` must have been made first thing on the main queue, as memoryd's are (see
    /// `Launcher`): for SIGTERM and SIGINT.
    package static func serve(_ kind: PassKind, database: String, signals: UnixSignals) async -> Int32 {
        // memoryd's reload and cycle signals are for memoryd, not for its worker.
        signal(SIGHUP, SIG_IGN)
        signal(SIGUSR1, SIG_IGN)
        let output = LineWriter()
        guard let line = readLine(STDIN_FILENO),
            let request = try? ControlProtocol.decoder.decode(Request.self, from: Data(line))
        else {
            StandardStream.error(
                "memoryd \(flag): no request on standard input; memoryd starts its pass workers itself and sends them one")
            return 64
        }
        guard DatabaseWatch.FileIdentity(database) == request.file else {
            output.send(Line(error: "\(database) is no longer the file memoryd opened; the pass did not run"))
            return 1
        }
        let store: MemoryStore
        do {
            store = try MemoryStore(
                .init(
                    path: database, createIfMissing: false, pageCacheKibibytes: ConsolidationPass.pageCacheKibibytes,
                    durability: .checkpoints))
        } catch {
            output.send(Line(error: "cannot open the database: \(error)"))
            return 1
        }
        let pass = Task {
            // The lock may still be held by the worker of a memoryd killed a moment ago, ending its
            // batch in flight now that its input is closed: wait for it, a while.
            let deadline = ContinuousClock.now + lockWait
            while true {
                do {
                    return try await MaintenanceCycle(store: store, policy: request.policy).run(kind) { progress in
                        output.send(Line(progress: progress))
                    }
                } catch let held as PassAlreadyRunning {
                    guard ContinuousClock.now < deadline, (try? await Task.sleep(for: .milliseconds(50))) != nil else {
                        throw held
                    }
                }
            }
        }
        // End of file on standard input, SIGTERM or SIGINT: stop after the batch in flight.
        Threads.start(name: "memoryd-input") {
            var chunk = [UInt8](repeating: 0, count: 256)
            while retryingInterrupts({ read(STDIN_FILENO, &chunk, chunk.count) }) > 0 {}
            pass.cancel()
        }
        let forwarder = Task {
            for await _ in signals { pass.cancel() }
        }
        let status: Int32
        switch await pass.result {
        case .success(let record):
            output.send(Line(pass: record))
            status = 0
        case .failure(let error):
            output.send(Line(error: "\(error)"))
            status = 1
        }
        forwarder.cancel()
        signals.cancel()
        await store.close()
        return status
    }

    /// The first line of `descriptor`, without its newline; nil at end of file before one.
    private static func readLine(_ descriptor: Int32) -> [UInt8]? {
        var line: [UInt8] = []
        var byte: UInt8 = 0
        while line.count <= Worker.maximumLineBytes {
            let count = retryingInterrupts { read(descriptor, &byte, 1) }
            if count <= 0 { return nil }
            if byte == UInt8(ascii: "\n") { return line }
            line.append(byte)
        }
        return nil
    }

    /// Writes whole lines to standard output, one at a time.
    private final class LineWriter: Sendable {
        private let lock = Mutex(())

        func send(_ line: Line) {
            guard let bytes = try? ControlProtocol.encoder.encode(line) else { return }
            lock.withLock { _ in StandardStream.write(String(decoding: bytes, as: UTF8.self) + "\n", to: STDOUT_FILENO) }
        }
    }
}
