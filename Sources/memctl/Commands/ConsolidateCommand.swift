import Dispatch
import Foundation
import MemoryKit

#if canImport(Glibc)
    import Glibc
#endif

struct ConsolidateCommand: Command {
    static let name = "consolidate"
    static let summary = "Run a consolidation pass: short-term memories into long-term memory"
    static let help = """
        Usage: memctl consolidate [--json] [policy options]

        Runs a consolidation pass on the database, in this process: pending short-term memories
        old enough become long-term memories (created, merged with same-topic memories of their
        session, or reinforcing a long-term memory they restate); low-importance memories that
        nothing needed are forgotten when old; forgotten ones are purged after their retention.
        Work is done in batches, each committed whole. Ctrl-C stops between batches: the batches
        already done are kept, the pass is recorded as cancelled, and memctl exits 130. Only one
        consolidation pass runs on a database at a time.

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
          --batch-size N           memories per batch and transaction (256)

        JSON: {"passes": [{"kind": "consolidation", "outcome": "completed", "processed": N,
               "created": N, "merged": N, "reinforced": N, "parked": N, "forgotten": N,
               "purged": N, "batches": N, "seconds": X, ...}]}
        """

    let policy: ConsolidationPolicy

    init(parsing arguments: inout ArgumentList) throws(UsageError) {
        var policy = ConsolidationPolicy()
        func duration(_ name: String, _ value: inout Duration) throws(UsageError) {
            if let parsed = try arguments.option(name, "a duration such as 0, 90s, 10m, 2h or 7d", parseDuration) {
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
        try arguments.finish()
        self.policy = policy
    }

    func run(_ context: Context) async throws {
        let store = try context.openStore(pageCacheMebibytes: ConsolidationPass.pageCacheMebibytes)
        let pass = ConsolidationPass(store: store, policy: policy)
        let progress = ProgressBar(label: "consolidating", enabled: isatty(STDERR_FILENO) == 1 && !context.json)
        let started = DispatchTime.now()
        let task = Task { try await pass.run(onProgress: progress.show) }
        // Ctrl-C and SIGTERM cancel the pass; it stops after the batch in flight.
        let stops = [SIGINT, SIGTERM].map { signal in
            let source = DispatchSource.makeSignalSource(signal: signal, queue: .global())
            source.setEventHandler { task.cancel() }
            source.resume()
            return source
        }
        defer { stops.forEach { $0.cancel() } }
        let record = try await task.value
        progress.finish()
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds) / 1e9
        if context.json {
            try context.printJSON(["passes": [PassSummary(record: record, seconds: seconds)]])
        } else {
            print(record, seconds: seconds)
        }
        switch record.outcome {
        case .completed, .running: return
        case .cancelled:
            StandardStream.error("memctl consolidate: stopped; \(record.batches) whole batch(es) kept")
            throw ExitStatus(status: 130)
        case .failed:
            StandardStream.error("memctl consolidate: the pass failed: \(record.error ?? "unknown error")")
            throw ExitStatus(status: 1)
        }
    }

    private func print(_ record: PassRecord, seconds: Double) {
        let count = { (name: String) in record.counts[name, default: 0] }
        StandardStream.out(
            "consolidation \(record.outcome.rawValue) in \(String(format: "%.2f", seconds)) s: "
                + "processed \(record.processed) memories in \(record.batches) batch(es)")
        StandardStream.out(
            "long-term: \(count("created")) created, \(count("merged")) merged, \(count("reinforced")) reinforced; "
                + "short-term: \(count("parked")) kept back, \(count("forgotten")) forgotten, \(count("purged")) purged")
    }
}

/// A pass as `consolidate --json` prints it: its counts flattened into the object.
struct PassSummary: Encodable {
    static let countNames = ["created", "merged", "reinforced", "parked", "forgotten", "purged"]

    let record: PassRecord
    let seconds: Double

    private struct Key: CodingKey {
        let stringValue: String
        init(_ name: String) { stringValue = name }
        init?(stringValue: String) { self.stringValue = stringValue }
        var intValue: Int? { nil }
        init?(intValue: Int) { nil }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        // Every consolidation count is present, 0 when the pass did not get to that step.
        let counts = Dictionary(uniqueKeysWithValues: Self.countNames.map { ($0, 0) }).merging(record.counts) { $1 }
        for (name, value) in counts { try container.encode(value, forKey: Key(name)) }
        try container.encode(record.id, forKey: Key("id"))
        try container.encode(record.kind, forKey: Key("kind"))
        try container.encode(record.outcome, forKey: Key("outcome"))
        try container.encode(record.processed, forKey: Key("processed"))
        try container.encode(record.batches, forKey: Key("batches"))
        try container.encode((seconds * 1000).rounded() / 1000, forKey: Key("seconds"))
        try container.encode(record.startedAt, forKey: Key("started_at"))
        try container.encode(record.finishedAt, forKey: Key("finished_at"))
        try container.encode(record.error, forKey: Key("error"))
    }
}

/// Parses `0`, `90`, `90s`, `10m`, `2h`, `7d`.
func parseDuration(_ text: String) -> Duration? {
    let units: [Character: Int64] = ["s": 1, "m": 60, "h": 3600, "d": 86_400]
    if let value = Int64(text), value >= 0 { return .seconds(value) }
    guard let unit = text.last, let scale = units[unit], let value = Int64(text.dropLast()), value >= 0 else {
        return nil
    }
    return .seconds(value * scale)
}
