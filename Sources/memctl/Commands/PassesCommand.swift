import MemoryPasses
import MemoryStorage

struct PassesCommand: Command {
    static let name = "passes"
    static let summary = "List the ledger of consolidation, extraction and graph passes"
    static let help = """
        Usage: memctl passes [--limit N] [--json]

        Lists recorded passes, newest first: kind, start (UTC), duration, outcome (running,
        completed, cancelled, failed), memories processed, batches and the pass's counts.

        Options:
          --limit N      at most N passes (default: 20)
        """

    let limit: Int

    init(parsing arguments: inout ArgumentList) throws(UsageError) {
        limit = try arguments.limit(default: 20)
        try arguments.finish()
    }

    func run(_ context: Context) async throws {
        let passes = try await context.openStoreToRead().inspecting { try $0.passes(limit: limit) }
        if context.json { return try context.printJSON(passes) }
        var table = Table(
            .init(header: "ID", rightAligned: true), .init(header: "KIND"), .init(header: "STARTED (UTC)"),
            .init(header: "SECONDS", rightAligned: true), .init(header: "OUTCOME"),
            .init(header: "PROCESSED", rightAligned: true), .init(header: "BATCHES", rightAligned: true),
            .init(header: "DETAILS"))
        for pass in passes {
            let seconds = pass.finishedAt.map {
                Double($0.millisecondsSince1970 - pass.startedAt.millisecondsSince1970) / 1000
            }
            let counts = pass.counts.recorded.map { "\($0.name)=\($0.value)" }.joined(separator: " ")
            table.append(
                String(pass.id.rawValue), pass.kind.rawValue, pass.startedAt.minutes,
                seconds.map { $0.fixed(1) } ?? "-", pass.outcome.rawValue, String(pass.processed),
                String(pass.batches), pass.error.map { "error: \($0)" } ?? counts)
        }
        context.printTable(table)
    }
}
