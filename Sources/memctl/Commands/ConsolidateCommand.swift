import ControlProtocol
import MemoryEngines
import MemoryModel
import MemoryPasses
import MemoryStorage
import Dispatch
import FoundationEssentials
import SystemSupport

#if canImport(Glibc)
    import Glibc
#endif

struct ConsolidateCommand: Command {
    static let name = "consolidate"
    static let summary = "Run a cycle: consolidation, entity extraction, knowledge graph"
    static let help = """
        Usage: memctl consolidate [--only PASS] [--wait] [--socket PATH | --local] [--json] [policy options]

        When memoryd listens on the control socket (--socket, else $MEMORYD_SOCKET, else its
        default), asks it to run a cycle now: without --wait memctl returns at once; with --wait
        it shows progress and the summary as the daemon works. With --db (or $MEMORYD_DB), only
        a memoryd that serves that database is asked; a --socket whose memoryd serves another
        is an error. Otherwise, or with --local, memctl runs the cycle in this process (and says
        why when it did not ask memoryd).

        A cycle runs the passes one after the other:
          consolidation  pending short-term memories old enough become long-term memories
                         (created, merged with same-topic memories of their session, or
                         reinforcing a long-term memory they restate); low-importance memories
                         that nothing needed are forgotten when old, and purged after retention
          extraction     entities are found in new short-term memories and in new or changed
                         long-term memories, and resolved to stored entities
          graph          new short-term memories become edges: co-occurrence and typed
                         relations (lives_in, works_at, sibling_of, ...), oldest first
        Work is done in batches, each committed whole. Ctrl-C stops between batches: the batches
        already done are kept, the pass is recorded as cancelled, later passes do not start, and
        memctl exits 130. Only one pass of each kind runs on a database at a time.

          --only PASS              run one pass: consolidation, extraction or graph
          --wait                   with memoryd: wait for the passes, showing progress
          --socket PATH            memoryd's control socket
          --local                  run in this process even when memoryd listens

        Policy options apply to passes run in this process (memoryd has its own settings):

        Policy options (durations: 0, 90s, 10m, 2h, 7d):
          --min-age D              consolidate memories at least this old (default 10m)
          --capacity N             past N memories waiting, take the oldest whatever their age (10000)
          --merge-window D         merge memories of a session this close in time (30m)
          --merge-similarity X     word overlap (0..1) needed to merge within a session (0.3)
          --reinforce-similarity X word overlap needed to reinforce a long-term memory (0.5)
          --forget-below X         importance below which unneeded memories are forgotten (0.3)
          --forget-after D         forget such memories once this old (7d)
          --retention D            purge forgotten memories this long after forgetting them (30d)
          --half-life D            long-term strength halves over this time unreinforced (30d)
          --batch-size N           memories per batch and transaction (1024)
          --threads N              threads a pass runs on (the cores memctl may use, at most 8)

        JSON: {"passes": [{"kind": "consolidation", "outcome": "completed", "processed": N,
               "created": N, "merged": N, "reinforced": N, "parked": N, "forgotten": N,
               "purged": N, "batches": N, "seconds": X, ...},
              {"kind": "extraction", ..., "mentions": N},
              {"kind": "graph", ..., "relations": N, "co_occurrences": N}]}
        """

    let policy: ConsolidationPolicy
    let passes: [PassKind]
    /// Some policy option was given.
    let policyGiven: Bool
    let local: Bool
    let wait: Bool

    init(parsing arguments: inout ArgumentList) throws(UsageError) {
        var policy = ConsolidationPolicy()
        func duration(_ name: String, _ value: inout Duration) throws(UsageError) {
            if let parsed = try arguments.option(name, "a duration such as 0, 90s, 10m, 2h or 7d", DaemonPaths.parseDuration) {
                value = parsed
            }
        }
        func fraction(_ name: String, _ value: inout Double) throws(UsageError) {
            if let parsed = try arguments.option(name, "a number from 0 to 1", {
                Double($0).flatMap { (0...1).contains($0) ? $0 : nil }
            }) {
                value = parsed
            }
        }
        func count(_ name: String, _ value: inout Int) throws(UsageError) {
            if let parsed = try arguments.option(name, "a whole number of at least 1", {
                Int($0).flatMap { $0 >= 1 ? $0 : nil }
            }) {
                value = parsed
            }
        }
        try duration("--min-age", &policy.minimumAge)
        try count("--capacity", &policy.pendingCapacity)
        try duration("--merge-window", &policy.mergeWindow)
        try fraction("--merge-similarity", &policy.mergeSimilarity)
        try fraction("--reinforce-similarity", &policy.reinforceSimilarity)
        try fraction("--forget-below", &policy.forgetBelowImportance)
        try duration("--forget-after", &policy.forgetAfter)
        try duration("--retention", &policy.retention)
        try duration("--half-life", &policy.strengthHalfLife)
        try count("--batch-size", &policy.batchSize)
        if let threads = try arguments.threads() { policy.threads = threads }
        let only = try arguments.option("--only", "consolidation, extraction or graph") { PassKind(rawValue: $0) }
        local = arguments.flag("--local")
        wait = arguments.flag("--wait")
        try arguments.finish()
        self.policy = policy
        policyGiven = policy != ConsolidationPolicy()
        passes = only.map { [$0] } ?? MaintenanceCycle.order
    }

    func run(_ context: Context) async throws {
        if local && context.socketGiven != nil { throw UsageError("--local and --socket contradict each other") }
        if !local {
            let path = context.socketPath
            // Without --db or $MEMORYD_DB the database meant is memoryd's, whatever it is.
            switch try CyclePlace.find(socket: path, database: context.databaseNamed ? context.databasePath : nil) {
            case .memoryd(let client):
                if policyGiven {
                    throw UsageError("policy options apply to passes run in this process; add --local (memoryd has its own settings)")
                }
                return try await runOnDaemon(client, context)
            case .noDaemon:
                if context.socketGiven != nil { throw NoDaemon(path: path) }
                StandardStream.error("memctl consolidate: no memoryd on \(path); running the passes in this process")
            case .servesAnother(let served):
                if context.socketGiven != nil {
                    throw ServesAnotherDatabase(socket: path, served: served, database: context.databasePath)
                }
                StandardStream.error(
                    "memctl consolidate: memoryd on \(path) serves another database (\(served)); running the passes in this process")
            }
        }
        try await runLocally(context)
    }

    /// Asks memoryd to run the passes; with --wait, follows them to the end.
    private func runOnDaemon(_ client: ControlClient, _ context: Context) async throws {
        let showProgress = isatty(STDERR_FILENO) == 1 && !context.json
        var bars: [PassKind: ProgressBar] = [:]
        let (triggered, records) = try client.runCycle(passes, wait: wait) { event in
            switch event {
            case .progress(let kind, let progress):
                let bar = bars[kind] ?? ProgressBar(label: kind.activity, enabled: showProgress)
                bars[kind] = bar
                bar.show(progress)
            case .finished(let record):
                bars.removeValue(forKey: record.kind)?.finish()
                if !context.json { print(PassSummary(record: record, seconds: record.seconds)) }
            case .couldNotRun(let kind, let error):
                StandardStream.error("memctl consolidate: memoryd could not run the \(kind?.rawValue ?? "?") pass: \(error)")
            }
        }
        guard let records else {
            if context.json { return try context.printJSON(["triggered": triggered.map(\.rawValue)]) }
            StandardStream.out(
                "memoryd is running " + triggered.map(\.rawValue).joined(separator: ", ") + "; memctl status shows progress")
            return
        }
        if context.json { try context.printJSON(["passes": records.map { PassSummary(record: $0, seconds: $0.seconds) }]) }
        try report(records, expected: passes.count)
    }

    private func runLocally(_ context: Context) async throws {
        let store = try context.openStore(
            pageCacheKibibytes: ConsolidationPass.pageCacheKibibytes, durability: .checkpoints)
        let cycle = MaintenanceCycle(store: store, policy: policy)
        let showProgress = isatty(STDERR_FILENO) == 1 && !context.json
        let task = Task { [passes] in
            var bar: ProgressBar?
            return try await cycle.runTimed(
                passes,
                starting: { kind in
                    let started = ProgressBar(label: kind.activity, enabled: showProgress)
                    bar = started
                    return started.show
                },
                finished: { _ in bar?.finish() })
        }
        // Ctrl-C and SIGTERM cancel the pass; it stops after the batch in flight.
        let signals = await UnixSignals(trapping: [SIGINT, SIGTERM], queue: .global())
        defer { signals.cancel() }
        let summaries = try await withThrowingTaskGroup { group in
            group.addTask {
                for await _ in signals { task.cancel() }
            }
            defer { group.cancelAll() }
            return try await task.value
        }
        if summaries.contains(where: { $0.record.outcome == .cancelled }) {
            // Stopped: end now, and leave copying the -wal into the database to its next user.
            await store.closeLeavingWriteAheadLog()
        }
        if context.json {
            try context.printJSON(["passes": summaries])
        } else {
            summaries.forEach(print)
        }
        try report(summaries.map(\.record), expected: passes.count)
    }

    /// Exit 130 for a cancelled pass, 1 for a failed one (or one that could not run).
    private func report(_ records: [PassRecord], expected: Int) throws {
        if let cancelled = records.first(where: { $0.outcome == .cancelled }) {
            StandardStream.error(
                "memctl consolidate: stopped during the \(cancelled.kind.rawValue) pass; \(cancelled.batches) whole batch(es) kept")
            throw ExitStatus(status: 130)
        }
        let failed = records.filter { $0.outcome == .failed }
        for record in failed {
            StandardStream.error(
                "memctl consolidate: the \(record.kind.rawValue) pass failed: \(record.error ?? "unknown error")")
        }
        if !failed.isEmpty || records.count < expected { throw ExitStatus(status: 1) }
    }

    private func print(_ summary: PassSummary) {
        let record = summary.record
        let count = { (key: PassCounts.CodingKeys) in record.counts[key] ?? 0 }
        StandardStream.out(
            "\(record.kind.rawValue) \(record.outcome.rawValue) in \(summary.seconds.fixed(2)) s: "
                + "processed \(record.processed) memories in \(record.batches) batch(es)")
        switch record.kind {
        case .consolidation:
            StandardStream.out(
                "  long-term: \(count(.created)) created, \(count(.merged)) merged, \(count(.reinforced)) reinforced; "
                    + "short-term: \(count(.parked)) kept back, \(count(.forgotten)) forgotten, \(count(.purged)) purged")
        case .extraction:
            StandardStream.out("  \(count(.mentions)) entity mentions")
        case .graph:
            StandardStream.out("  \(count(.relations)) relations, \(count(.coOccurrences)) co-occurrences")
        }
    }
}
