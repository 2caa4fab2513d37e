import ControlProtocol
import MemoryModel
import MemoryPasses
import FoundationEssentials
import SystemSupport

struct StatusCommand: Command {
    static let name = "status"
    static let summary = "Show what memoryd is doing: loops, last and next passes, pending memories"
    static let help = """
        Usage: memctl status [--socket PATH] [--json]

        Asks the memoryd listening on the control socket (--socket, else $MEMORYD_SOCKET, else
        $XDG_RUNTIME_DIR/memoryd/control.sock or /tmp/memoryd-UID/control.sock) for its loops:
        for each of consolidation, extraction and graph, whether it is idle, running (with
        progress) or paused, its interval, its last pass and outcome, and its next run; and the
        short-term memories waiting for consolidation; with `follow` on, the coding agents' sessions
        it follows: where it looks and how (inotify or polling), the files, the messages stored and
        the last one, and each file it cannot read, with why. Exits 1 when no daemon listens.
        """

    init(parsing arguments: inout ArgumentList) throws(UsageError) {
        try arguments.finish()
    }

    func run(_ context: Context) async throws {
        let client = try ControlClient.connect(context.socketPath)
        guard let status = try client.ask(.init(command: .status)).status else { throw DaemonGone(path: client.path) }
        if context.json { return try context.printJSON(status) }
        context.printFields([
            ("memoryd", "process \(status.pid), up since \(status.startedAt.minutes) UTC"),
            ("database", status.database),
            ("loops", status.paused ? "paused (memctl resume)" : "running"),
            ("pending", "\(status.pendingMemories) short-term memories waiting for consolidation"),
        ])
        if let follow = status.follow {
            var fields = follow.sources.map { source in
                ("following", "\(source.tool) in \(source.root) (\(source.watching))")
            }
            var stored = "\(follow.files) file\(follow.files == 1 ? "" : "s"), \(follow.messages) messages stored"
            if let last = follow.lastStoredAt { stored += ", the last at \(last.minutes) UTC from \(follow.lastFile ?? "-")" }
            fields.append(("stored", stored))
            for error in follow.errors { fields.append(("cannot read", "\(error.path): \(error.error)")) }
            context.printFields(fields)
        }
        var table = Table(
            .init(header: "LOOP"), .init(header: "STATE"), .init(header: "EVERY", rightAligned: true),
            .init(header: "LAST PASS", maximumWidth: 40), .init(header: "NEXT (UTC)"))
        for loop in status.loops {
            var state = loop.state.rawValue
            if loop.state == .running, let processed = loop.processed { state += " \(processed)/\(loop.total ?? 0)" }
            if loop.failures > 0 { state += " (\(loop.failures) failed)" }
            let last =
                loop.lastPass.map { "\($0.outcome.rawValue) \(($0.finishedAt ?? $0.startedAt).minutes), \($0.processed) memories" }
                ?? loop.lastError.map { "could not run: \($0)" } ?? "-"
            table.append(
                loop.kind.rawValue, state, Duration.seconds(loop.intervalSeconds).shortDescription, last,
                loop.nextRun?.minutes ?? "-")
        }
        context.printTable(table)
    }
}

struct PauseCommand: Command {
    static let name = "pause"
    static let summary = "Pause memoryd's periodic loops (passes in flight finish)"
    static let help = """
        Usage: memctl pause [--socket PATH] [--json]

        Pauses memoryd's periodic loops: no pass starts on its own until memctl resume. A pass
        in flight finishes. memctl consolidate still runs a cycle on request.
        """

    init(parsing arguments: inout ArgumentList) throws(UsageError) {
        try arguments.finish()
    }

    func run(_ context: Context) async throws {
        try setPaused(true, context)
    }
}

struct ResumeCommand: Command {
    static let name = "resume"
    static let summary = "Resume memoryd's periodic loops"
    static let help = """
        Usage: memctl resume [--socket PATH] [--json]

        Resumes memoryd's periodic loops; loops whose time came while paused run at once.
        """

    init(parsing arguments: inout ArgumentList) throws(UsageError) {
        try arguments.finish()
    }

    func run(_ context: Context) async throws {
        try setPaused(false, context)
    }
}

private func setPaused(_ paused: Bool, _ context: Context) throws {
    let client = try ControlClient.connect(context.socketPath)
    let response = try client.ask(.init(command: paused ? .pause : .resume))
    if context.json { return try context.printJSON(["paused": response.paused ?? paused]) }
    StandardStream.out((response.paused ?? paused) ? "memoryd's loops are paused" : "memoryd's loops are running")
}

struct ReloadCommand: Command {
    static let name = "reload"
    static let summary = "Make memoryd read its settings again, and say whether it took them"
    static let help = """
        Usage: memctl reload [--socket PATH] [--json]

        Asks memoryd to read its configuration file and MEMORYD_* environment again and waits
        until it has: intervals, retry_base, log_level, min_age, batch_size, threads and follow change at
        once; peers is memctl's, which reads it at each command; db and socket at the next start. A file with a mistake is refused whole: memoryd keeps running with
        the settings it had, and memctl prints memoryd's reason and exits 1. This is what
        `systemctl reload memoryd` runs.
        """

    init(parsing arguments: inout ArgumentList) throws(UsageError) {
        try arguments.finish()
    }

    func run(_ context: Context) async throws {
        let client = try ControlClient.connect(context.socketPath)
        let response = try client.ask(.init(command: .reload))
        guard let status = response.status else { throw DaemonGone(path: client.path) }
        let notes = response.notes ?? []
        if context.json {
            struct Reloaded: Encodable {
                let reloaded = true
                let intervals: [String: Int]
                let notes: [String]
            }
            let intervals = Dictionary(uniqueKeysWithValues: status.loops.map { ($0.kind.rawValue, $0.intervalSeconds) })
            return try context.printJSON(Reloaded(intervals: intervals, notes: notes))
        }
        let intervals = status.loops.map { "\($0.kind.rawValue) every \(Duration.seconds($0.intervalSeconds).shortDescription)" }
        StandardStream.out("memoryd reloaded its settings: " + intervals.joined(separator: ", "))
        for note in notes { StandardStream.out("note: \(note)") }
    }
}
