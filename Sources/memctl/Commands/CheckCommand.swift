import MemoryStorage

struct CheckCommand: Command {
    static let name = "check"
    static let summary = "Check the database: integrity, foreign keys, full-text indexes, schema"
    static let help = """
        Usage: memctl check [--json]

        Runs SQLite's integrity check and foreign-key check, checks both full-text indexes
        against their tables, checks provenance (every consolidated memory is linked to its
        long-term memory, every long-term memory has a source) and the schema version.
        Changes nothing. Exits 1 when any check fails.
        """

    init(parsing arguments: inout ArgumentList) throws(UsageError) {
        try arguments.finish()
    }

    func run(_ context: Context) async throws {
        let report = try await context.openStoreToRead().inspecting { try $0.checkIntegrity() }
        if context.json {
            try context.printJSON(report)
        } else {
            var table = Table(.init(header: "RESULT"), .init(header: "CHECK", maximumWidth: 40), .init(header: "DETAIL"))
            for check in report.checks { table.append(check.ok ? "ok" : "FAILED", check.name, check.detail) }
            context.printTable(table)
        }
        if !report.ok { throw ExitStatus(status: 1) }
    }
}
