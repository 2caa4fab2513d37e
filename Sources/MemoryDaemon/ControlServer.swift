import ControlProtocol
import Dispatch
import FoundationEssentials
import MemoryModel
import MemoryPasses
import MemoryStorage
import Synchronization
import SystemSupport

#if canImport(Glibc)
    import Glibc
#endif

/// The control socket, a service: accepts connections on a thread of its own and serves each connection
/// on its own thread, so that a slow, silent or vanished client holds up nobody else. Requests
/// go to the orchestrator through async tasks; response lines come back through the
/// connection's outbox and are written by its thread.
package final class ControlServer: Service {
    package let path: String
    private let listener: Int32
    private let orchestrator: Orchestrator
    private let reloader: Reloader
    private let store: MemoryStore
    private let follower: TranscriptFollower
    private let startedAt: Timestamp
    private let log: Logger
    private let closed = Atomic<Bool>(false)

    package init(
        path: String, orchestrator: Orchestrator, reloader: Reloader, store: MemoryStore, follower: TranscriptFollower,
        startedAt: Timestamp, log: Logger
    ) throws {
        self.follower = follower
        // A directory made for the socket is the owner's alone.
        try SystemError.createDirectories(DaemonPaths.parentDirectory(of: path), mode: 0o700)
        listener = try UnixSocket.listen(path, mode: 0o660)
        self.path = path
        self.orchestrator = orchestrator
        self.reloader = reloader
        self.store = store
        self.startedAt = startedAt
        self.log = log
    }

    /// Accepts connections on a thread of its own until `shutDown()` or cancellation.
    package func run() async {
        await withTaskCancellationHandler {
            await withCheckedContinuation { (ended: CheckedContinuation<Void, Never>) in
                Threads.start(name: "memoryd-accept") { [self] in
                    acceptLoop()
                    ended.resume()
                }
            }
        } onCancel: {
            close()
        }
    }

    package func shutDown() { close() }

    /// Stops accepting and removes the socket file. Connections in progress end with the process.
    private func close() {
        guard !closed.exchange(true, ordering: .acquiringAndReleasing) else { return }
        shutdown(listener, Int32(SHUT_RDWR))
        Glibc.close(listener)
        unlink(path)
    }

    private func acceptLoop() {
        while !closed.load(ordering: .acquiring) {
            let connection = accept(listener, nil, nil)
            if connection < 0 {
                if errno == EINTR || errno == ECONNABORTED { continue }
                if closed.load(ordering: .acquiring) { return }
                let reason = String(cString: strerror(errno))
                log.error("control socket: accept failed: \(reason)")
                usleep(100_000)
                continue
            }
            _ = fcntl(connection, F_SETFD, FD_CLOEXEC)
            Threads.start(name: "memoryd-client") { [self] in serve(connection) }
        }
    }

    /// Reads requests one line at a time and answers each; an invalid request gets an error
    /// response and the connection is closed.
    private func serve(_ connection: Int32) {
        defer { Glibc.close(connection) }
        UnixSocket.setTimeouts(connection, seconds: ControlProtocol.requestTimeoutSeconds)
        let reader = LineSocketReader(descriptor: connection, limit: ControlProtocol.maximumRequestBytes)
        while true {
            let failure: String
            switch reader.next() {
            case .end, .timedOut:
                return
            case .line(let line):
                do {
                    let request = try ControlProtocol.request(from: line)
                    guard handle(request, on: connection) else { return }
                    continue
                } catch {
                    failure = error.description
                }
            case .incomplete:
                failure = "incomplete request: no newline within \(ControlProtocol.requestTimeoutSeconds) s"
            case .tooLong:
                failure = "request longer than \(ControlProtocol.maximumRequestBytes) bytes"
            case .notUTF8:
                failure = "the request is not UTF-8"
            }
            log.warning("control socket: refused a request: \(failure)")
            UnixSocket.write(ControlProtocol.line(ControlProtocol.Response.failure(failure)), to: connection)
            return
        }
    }

    /// Answers one request; false when the client has gone.
    private func handle(_ request: ControlProtocol.Request, on connection: Int32) -> Bool {
        let outbox = Outbox()
        let work = Task { [orchestrator, reloader, store, follower, startedAt, log] in
            defer { outbox.finish() }
            func status() async -> ControlProtocol.DaemonStatus {
                let pending = (try? await store.consolidating { try $0.unreviewedCount() }) ?? 0
                return ControlProtocol.DaemonStatus(
                    pid: getpid(), database: store.path, startedAt: startedAt, pendingMemories: pending,
                    orchestrator: await orchestrator.status(), follow: await follower.followStatus())
            }
            switch request.command {
            case .status:
                var response = ControlProtocol.Response(event: .status)
                response.status = await status()
                outbox.send(response)
            case .reload:
                do {
                    let notes = try await reloader.reload(reason: "requested over the control socket")
                    var response = ControlProtocol.Response(event: .reloaded)
                    response.notes = notes
                    response.status = await status()
                    outbox.send(response)
                } catch {
                    outbox.send(.failure("the new settings were refused, the running ones are kept: \(error)"))
                }
            case .pause, .resume:
                if request.command == .pause { await orchestrator.pause() } else { await orchestrator.resume() }
                var response = ControlProtocol.Response(event: .paused)
                response.paused = await orchestrator.isPaused
                outbox.send(response)
            case .trigger:
                let kinds = request.passes ?? MaintenanceCycle.order
                log.notice("cycle triggered over the control socket: \(kinds.map(\.rawValue).joined(separator: ", "))")
                guard request.wait == true else {
                    _ = await orchestrator.trigger(kinds)
                    var response = ControlProtocol.Response(event: .triggered)
                    response.passes = kinds
                    return outbox.send(response)
                }
                let events = orchestrator.events.subscribe()
                let cycle = await orchestrator.trigger(kinds)
                var accepted = ControlProtocol.Response(event: .accepted)
                accepted.passes = kinds
                outbox.send(accepted)
                let forward = Task {
                    for await event in events {
                        if let response = Self.response(to: event, kinds: kinds) { outbox.send(response, droppable: event.isProgress) }
                    }
                }
                let records = await cycle.value
                forward.cancel()
                await forward.value
                var done = ControlProtocol.Response(event: .done)
                done.records = records
                outbox.send(done)
            }
        }
        // This thread writes what the task sends, until the task is done or the client is gone.
        var alive = true
        while let line = outbox.next() {
            if alive && !UnixSocket.write(line, to: connection) { alive = false }
        }
        _ = work
        return alive
    }

    private static func response(to event: OrchestratorEvent, kinds: [PassKind]) -> ControlProtocol.Response? {
        switch event {
        case .started: return nil
        case .progress(let kind, let progress):
            guard kinds.contains(kind) else { return nil }
            var response = ControlProtocol.Response(event: .progress)
            response.kind = kind
            response.processed = progress.processed
            response.total = progress.total
            return response
        case .finished(let record):
            guard kinds.contains(record.kind) else { return nil }
            var response = ControlProtocol.Response(event: .finished)
            response.pass = record
            return response
        case .couldNotRun(let kind, let reason):
            guard kinds.contains(kind) else { return nil }
            var response = ControlProtocol.Response(event: .couldNotRun)
            response.kind = kind
            response.error = reason
            return response
        }
    }
}

extension OrchestratorEvent {
    package var isProgress: Bool {
        if case .progress = self { return true }
        return false
    }
}

/// Response lines on their way from a request's task to its connection's thread. Progress
/// lines are dropped while 256 lines wait, so a client that reads slowly cannot make memoryd
/// buffer without bound; the other lines always go.
package final class Outbox: Sendable {
    private struct State {
        package var lines: [String] = []
        package var finished = false
    }

    private let state = Mutex(State())
    private let signal = DispatchSemaphore(value: 0)

    package func send(_ response: ControlProtocol.Response, droppable: Bool = false) {
        let queued = state.withLock { state -> Bool in
            if droppable && state.lines.count >= 256 { return false }
            state.lines.append(ControlProtocol.line(response))
            return true
        }
        if queued { signal.signal() }
    }

    package func finish() {
        state.withLock { $0.finished = true }
        signal.signal()
    }

    /// The next line, waiting for it; nil once finished and drained.
    package func next() -> String? {
        while true {
            let (line, finished) = state.withLock { state -> (String?, Bool) in
                state.lines.isEmpty ? (nil, state.finished) : (state.lines.removeFirst(), false)
            }
            if let line { return line }
            if finished { return nil }
            signal.wait()
        }
    }
}
