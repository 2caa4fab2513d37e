import MemoryPasses
import MemoryStorage

struct StatsCommand: Command {
    static let name = "stats"
    static let summary = "Count memories, entities, relations and passes"
    static let help = """
        Usage: memctl stats [--json]

        Counts short-term memories by status, long-term memories, entities, relations and
        passes, and shows the database size and schema version. JSON:
          {"stm": {"pending": N, "consolidated": N, "forgotten": N}, "ltm": N, "entities": N,
           "relations": N, "passes": N, "db_bytes": N, "schema_version": N}
        """

    init(parsing arguments: inout ArgumentList) throws(UsageError) {
        try arguments.finish()
    }

    func run(_ context: Context) async throws {
        let stats = try await context.openStoreToRead().inspecting { try $0.statistics() }
        if context.json { return try context.printJSON(stats) }
        context.printFields([
            ("database", context.databasePath),
            ("short-term pending", String(stats.stm.pending)),
            ("short-term consolidated", String(stats.stm.consolidated)),
            ("short-term forgotten", String(stats.stm.forgotten)),
            ("long-term", String(stats.ltm)),
            ("entities", String(stats.entities)),
            ("relations", String(stats.relations)),
            ("passes", String(stats.passes)),
            ("size", "\(stats.dbBytes) bytes"),
            ("schema version", String(stats.schemaVersion)),
        ])
    }
}
