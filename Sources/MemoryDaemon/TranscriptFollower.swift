import MemoryImport
import MemoryModel
import MemoryStorage
import SystemSupport

#if canImport(Glibc)
    import Glibc
#endif

/// A followed tool and the directory its sessions are written under (the `follow` setting).
package struct FollowedSource: Sendable, Equatable {
    package let tool: TranscriptTool
    package let root: String
}

/// memoryd's follower of coding agents' transcripts: on start it imports what is already there,
/// then stores each line within moments of its being written (docs/IMPORT.md, "Following").
///
/// Each file is read from where the last read of it ended, a piece at a time, off the store's
/// thread; each piece's messages and the position it reached are written in one transaction, so
/// that a kill at any moment loses nothing and doubles nothing. A file that shrank, or is
/// another file under the same name, is read again from its start, and its messages are known
/// by their ids. A file that cannot be read is reported once (the journal, `memctl status`) and
/// looked at again when it changes; the others go on.
package actor TranscriptFollower: Service {
    private let store: MemoryStore
    private let log: Logger
    private var sources: [FollowedSource]
    /// What the follower knows of each file: where it was read to, and how it looked then.
    private var files: [String: Known] = [:]
    private var watcher: FollowWatcher?
    private var changes: AsyncStream<FollowWatcher.Change>.Continuation?
    private var stopping = false
    private var messages: Int64 = 0
    private var lastStoredAt: Timestamp?
    private var lastFile: String?
    /// The last error of the store, logged once until it changes.
    private var storeError: String?

    private struct Known {
        let tool: TranscriptTool
        var device: Int64
        var inode: Int64
        var readTo: Int64
        /// Size and change time when last read (nil: not read by this process yet).
        var size: Int64?
        var changed: Int64?
        var error: String?
    }

    package init(sources: [FollowedSource], store: MemoryStore, log: Logger) {
        self.sources = sources
        self.store = store
        self.log = log
    }

    /// Follows other tools or directories from now on (a reload).
    package func update(_ sources: [FollowedSource]) {
        guard sources != self.sources else { return }
        self.sources = sources
        log.notice("following \(Self.describe(sources))")
        endRound()
    }

    package func shutDown() {
        stopping = true
        endRound()
    }

    /// Ends the round following the sources as they were: its watcher's thread finishes the
    /// stream of changes; with nothing followed, there is no watcher, and the stream ends here.
    private func endRound() {
        if let watcher { watcher.stop() } else { changes?.finish() }
    }

    package func run() async throws {
        for row in try await store.inspecting({ try $0.followedFiles() }) {
            guard let tool = TranscriptTool(rawValue: row.tool) else { continue }
            files[row.path] = Known(
                tool: tool, device: row.device, inode: row.inode, readTo: row.readTo, error: row.error)
            messages += row.messages
            if let time = row.lastStoredAt, lastStoredAt.map({ $0 < time }) ?? true {
                lastStoredAt = time
                lastFile = row.path
            }
        }
        if !sources.isEmpty { log.notice("following \(Self.describe(sources))") }
        await withTaskCancellationHandler {
            // Each round follows the sources as they are; a reload ends it and starts the next.
            while !stopping && !Task.isCancelled {
                await follow(sources)
            }
        } onCancel: {
            Task { await self.shutDown() }
        }
    }

    private func follow(_ sources: [FollowedSource]) async {
        guard !sources.isEmpty else {
            // Nothing to follow until a reload names something.
            let (stream, continuation) = AsyncStream<FollowWatcher.Change>.makeStream()
            changes = continuation
            watcher = nil
            for await _ in stream {}
            return
        }
        let (stream, continuation) = AsyncStream<FollowWatcher.Change>.makeStream(bufferingPolicy: .unbounded)
        let watcher = FollowWatcher(roots: sources.map(\.root), changes: continuation, log: log)
        self.watcher = watcher
        changes = continuation
        watcher.start()
        await lookAtEverything(sources)
        for await change in stream {
            guard !stopping else { break }
            switch change {
            case .everything:
                await lookAtEverything(sources)
            case .files(let paths):
                for path in paths.sorted() {
                    guard !stopping else { break }
                    guard let (tool, layout) = Self.source(of: path, in: sources) else { continue }
                    await sync(path, tool: tool, layout: layout)
                }
            }
        }
        watcher.stop()
    }

    /// Every transcript under the roots; a file unchanged since it was read is not opened. Then,
    /// as at a pass's end, the `-wal` is emptied: a backfill writes as much as a pass.
    private func lookAtEverything(_ sources: [FollowedSource]) async {
        await readEverything(sources)
        do {
            try await store.checkpointAfterBulkWrites()
        } catch {
            log.warning("cannot copy the -wal into the database after reading the sessions: \(error)")
        }
    }

    private func readEverything(_ sources: [FollowedSource]) async {
        for source in sources {
            var found: [TranscriptFiles.File] = []
            TranscriptFiles.walk(directory: source.root) { path, name in
                if let layout = source.tool.layout(ofFile: name) { found.append(.init(path: path, layout: layout)) }
            }
            for file in found.sorted(by: { $0.path < $1.path }) {
                guard !stopping else { return }
                await sync(file.path, tool: source.tool, layout: file.layout)
            }
        }
    }

    /// Reads what is new in one file and stores it, a piece per transaction.
    private func sync(_ path: String, tool: TranscriptTool, layout: TranscriptLayout) async {
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return }
        let device = Int64(info.st_dev)
        let inode = Int64(info.st_ino)
        let size = Int64(info.st_size)
        let changed = Int64(info.st_ctim.tv_sec) * 1_000_000_000 + Int64(info.st_ctim.tv_nsec)
        var known = files[path] ?? Known(tool: tool, device: device, inode: inode, readTo: 0)
        if known.device != device || known.inode != inode || size < known.readTo {
            // Another file under this name, or the file shrank: read it again from its start. What
            // was wrong with it is kept, so that its end is logged.
            known = Known(tool: tool, device: device, inode: inode, readTo: 0, error: known.error)
        } else if known.size == size && known.changed == changed {
            return
        } else if known.size == nil && layout == .lines && size == known.readTo && known.error == nil {
            // Read to its end before this process started.
            known.size = size
            known.changed = changed
            files[path] = known
            return
        }
        known.size = size
        known.changed = changed
        let start = layout == .lines ? known.readTo : 0
        do {
            let reader = ReaderBox(try TranscriptReader(path: path, tool: tool, layout: layout, from: start))
            while !stopping, let piece = try await Threads.result(name: "memoryd-read", { try reader.next() }) {
                // A document caught while it is written again whole: the next change completes it.
                if layout == .document, piece.waitingForLine { break }
                let position = FollowedFile(
                    path: path, tool: tool.rawValue, device: device, inode: inode, readTo: piece.resumeAt)
                let stored = try await store.importing { writer in
                    try TranscriptImport.write(piece.output, origin: tool, to: &writer, startedAt: .now)
                    try writer.flush()
                    try writer.savePosition(position, storedNow: writer.messagesInserted)
                    return writer.messagesInserted
                }
                known.readTo = piece.resumeAt
                storeError = nil
                if stored > 0 {
                    messages += Int64(stored)
                    lastStoredAt = .now
                    lastFile = path
                    log.debug("stored \(stored) message\(stored == 1 ? "" : "s") from \(path)")
                }
                if known.error != nil {
                    log.notice("\(path) can be read again")
                    known.error = nil
                }
                files[path] = known
                if piece.atEnd { break }
            }
        } catch let error as StoreError {
            // The database, not the file: what was read is read again at the next look.
            if storeError != "\(error)" { log.warning("cannot store what \(path) says yet: \(error)") }
            storeError = "\(error)"
            known.size = nil
            known.changed = nil
            files[path] = known
        } catch {
            // The path is said once, in front.
            let reason = (error as? InvalidTranscript)?.place ?? "\(error)"
            if known.error != reason {
                log.error("cannot follow \(path): \(reason)")
                let position = FollowedFile(
                    path: path, tool: tool.rawValue, device: device, inode: inode, readTo: known.readTo, error: reason)
                _ = try? await store.importing { writer in try writer.savePosition(position, storedNow: 0) }
            }
            known.error = reason
            files[path] = known
        }
    }

    /// The source a changed path belongs to, and how the file is laid out; nil for other files.
    private static func source(of path: String, in sources: [FollowedSource]) -> (TranscriptTool, TranscriptLayout)? {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        for source in sources where path.hasPrefix(source.root.hasSuffix("/") ? source.root : source.root + "/") {
            if let layout = source.tool.layout(ofFile: name) { return (source.tool, layout) }
        }
        return nil
    }

    /// What `memctl status` shows; nil when nothing is followed.
    package func followStatus() -> FollowStatus? {
        guard !sources.isEmpty else { return nil }
        return FollowStatus(
            sources: sources.map {
                FollowStatus.Source(tool: $0.tool.rawValue, root: $0.root, watching: watcher?.status(of: $0.root) ?? "missing")
            },
            files: files.count, messages: messages, lastStoredAt: lastStoredAt, lastFile: lastFile,
            errors: files.compactMap { path, known in known.error.map { FollowStatus.FileError(path: path, error: $0) } }
                .sorted { $0.path < $1.path })
    }

    static func describe(_ sources: [FollowedSource]) -> String {
        sources.isEmpty ? "nothing" : sources.map { "\($0.tool.displayName) in \($0.root)" }.joined(separator: ", ")
    }
}

/// A reader handed to the thread that reads its next piece, one thread at a time.
private final class ReaderBox: @unchecked Sendable {
    private let reader: TranscriptReader
    init(_ reader: TranscriptReader) { self.reader = reader }
    func next() throws -> TranscriptReader.Piece? { try reader.next(final: false) }
}
