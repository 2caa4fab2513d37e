import MemoryImport
import SystemSupport

#if canImport(Glibc)
    import Glibc
#endif

/// Watches the directories of followed transcripts on a thread of its own and says what changed:
/// through inotify, with a new directory watched as soon as it appears, or, where inotify is not
/// to be had or its watches run out, by asking for a look at everything every `pollInterval`.
/// Also asks for a look every `rescanInterval`, a safety net for an event missed (a queue overflow
/// asks at once), and every `missingRootInterval` for a root that did not exist yet. A look stats
/// every file (about 11 ms per 1,000), which was all of memoryd's idle CPU at 30 s (docs/IMPORT.md).
final class FollowWatcher: @unchecked Sendable {
    /// What to look at.
    enum Change: Sendable {
        /// These files were written to, created or moved in.
        case files(Set<String>)
        /// Look at every file under the roots.
        case everything
    }

    static let pollInterval: Duration = .seconds(1)
    static let rescanInterval: Duration = .seconds(600)
    /// How often a root that does not exist yet is looked for.
    static let missingRootInterval: Duration = .seconds(2)
    private static let fileMask = UInt32(IN_MODIFY | IN_CLOSE_WRITE | IN_CREATE | IN_MOVED_TO | IN_ATTRIB)
    private static let directoryMask = fileMask | UInt32(IN_DELETE_SELF | IN_MOVE_SELF | IN_ONLYDIR)

    private let roots: [String]
    private let changes: AsyncStream<Change>.Continuation
    private let log: Logger
    // The thread's state; `mode` is also read by `status`, under `lock`.
    private let lock = Condition()
    private var watching: [String: String] = [:]
    private var stopped = false
    private var wake: (read: Int32, write: Int32) = (-1, -1)

    init(roots: [String], changes: AsyncStream<Change>.Continuation, log: Logger) {
        self.roots = roots
        self.changes = changes
        self.log = log
        var ends: [Int32] = [-1, -1]
        if pipe(&ends) == 0 {
            for end in ends {
                _ = fcntl(end, F_SETFD, FD_CLOEXEC)
                _ = fcntl(end, F_SETFL, O_NONBLOCK)
            }
            wake = (ends[0], ends[1])
        }
    }

    deinit {
        if wake.read >= 0 { close(wake.read) }
        if wake.write >= 0 { close(wake.write) }
    }

    /// How each root is watched: `inotify`, `polling` or `missing`.
    func status(of root: String) -> String {
        lock.lock()
        defer { lock.unlock() }
        return watching[root] ?? "missing"
    }

    func start() {
        Threads.start(name: "memoryd-follow") { [self] in run() }
    }

    /// Ends the thread soon; it finishes the stream.
    func stop() {
        lock.lock()
        stopped = true
        lock.unlock()
        var byte: UInt8 = 1
        _ = write(wake.write, &byte, 1)
    }

    private var isStopped: Bool {
        lock.lock()
        defer { lock.unlock() }
        return stopped
    }

    private func setWatching(_ root: String, _ how: String) {
        lock.lock()
        watching[root] = how
        lock.unlock()
    }

    // MARK: - The thread

    private func run() {
        defer { changes.finish() }
        var inotify: Inotify?
        do {
            inotify = try Inotify()
        } catch {
            log.warning("following transcripts by polling every \(Self.pollInterval.shortDescription): \(error)")
        }
        var directories: [Int32: String] = [:]
        var watched: Set<String> = []
        var lastLook = ContinuousClock.now

        /// Watches `directory` and every directory below it; false when the watches ran out.
        func watchTree(_ directory: String) -> Bool {
            guard let notify = inotify else { return false }
            var exhausted = false
            TranscriptFiles.walk(directory: directory, directories: { path in
                guard !exhausted, !watched.contains(path) else { return }
                do {
                    directories[try notify.watch(path, mask: Self.directoryMask)] = path
                    watched.insert(path)
                } catch is Inotify.WatchesExhausted {
                    exhausted = true
                } catch {
                    // A directory that went away or cannot be read: the next look finds out.
                }
            }) { _, _ in }
            if exhausted {
                log.warning(
                    "inotify's watches ran out (fs.inotify.max_user_watches); following transcripts by polling every "
                        + Self.pollInterval.shortDescription)
                inotify = nil
                directories = [:]
                watched = []
            }
            return !exhausted
        }

        /// Watches the roots that exist; whether one appeared that was missing.
        @discardableResult
        func watchRoots() -> Bool {
            var appeared = false
            for root in roots {
                var info = stat()
                guard stat(root, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR else {
                    setWatching(root, "missing")
                    continue
                }
                if status(of: root) == "missing" { appeared = true }
                if inotify != nil, !watched.contains(root) { _ = watchTree(root) }
                setWatching(root, inotify == nil ? "polling" : "inotify")
            }
            return appeared
        }

        watchRoots()
        while !isStopped {
            var descriptors = [pollfd(fd: wake.read, events: Int16(POLLIN), revents: 0)]
            if let notify = inotify { descriptors.append(pollfd(fd: notify.descriptor, events: Int16(POLLIN), revents: 0)) }
            let interval = inotify == nil ? Self.pollInterval : Self.rescanInterval
            let missing = roots.contains { status(of: $0) == "missing" }
            let timeout = Int32((missing ? min(interval, Self.missingRootInterval) : interval).components.seconds * 1000)
            let ready = poll(&descriptors, nfds_t(descriptors.count), timeout)
            if isStopped { return }
            if ready < 0 && errno != EINTR { return log.error("following transcripts stopped: poll failed (errno \(errno))") }
            if descriptors[0].revents != 0 {
                var drain = [UInt8](repeating: 0, count: 16)
                _ = read(wake.read, &drain, drain.count)
            }
            if let notify = inotify, descriptors.count > 1, descriptors[1].revents != 0 {
                var files: Set<String> = []
                var everything = false
                for event in (try? notify.read()) ?? [] {
                    if event.overflowed {
                        everything = true
                        continue
                    }
                    guard let directory = directories[event.watch] else { continue }
                    if event.watchRemoved {
                        directories[event.watch] = nil
                        watched.remove(directory)
                        continue
                    }
                    if event.name.isEmpty { continue }
                    let path = directory + "/" + event.name
                    if event.isDirectory {
                        // A new project or day directory: watch it, and look at what is already in it.
                        if event.mask & UInt32(IN_CREATE | IN_MOVED_TO) != 0 {
                            if !watchTree(path) { everything = true }
                            TranscriptFiles.walk(directory: path) { file, _ in files.insert(file) }
                        }
                    } else {
                        files.insert(path)
                    }
                }
                if inotify == nil { everything = true }
                if everything {
                    changes.yield(.everything)
                    lastLook = .now
                } else if !files.isEmpty {
                    changes.yield(.files(files))
                }
            }
            if ContinuousClock.now - lastLook >= interval || (missing && watchRoots()) {
                watchRoots()
                changes.yield(.everything)
                lastLook = .now
            }
        }
    }
}
