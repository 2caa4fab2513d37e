import MemoryStorage

struct LongTermCommand: Command {
    static let name = "ltm"
    static let summary = "List long-term memories, newest first"
    static let help = """
        Usage: memctl ltm [--limit N] [--json]

        Lists long-term memories, newest first (times in UTC), with their strength, importance
        and how many short-term memories went into each.

        Options:
          --limit N      at most N memories (default: 50)
        """

    let limit: Int

    init(parsing arguments: inout ArgumentList) throws(UsageError) {
        limit = try arguments.limit(default: 50)
        try arguments.finish()
    }

    func run(_ context: Context) async throws {
        let memories = try await context.openStoreToRead().inspecting { try $0.longTermMemories(limit: limit) }
        if context.json { return try context.printJSON(memories) }
        var table = Table(
            .init(header: "ID", rightAligned: true), .init(header: "CREATED (UTC)"),
            .init(header: "STRENGTH", rightAligned: true), .init(header: "IMP", rightAligned: true),
            .init(header: "SOURCES", rightAligned: true), .init(header: "SUMMARY"))
        for memory in memories {
            table.append(
                String(memory.id.rawValue), memory.createdAt.minutes, memory.strength.twoDecimals,
                memory.importance.twoDecimals, String(memory.sourceCount),
                (memory.forgottenAt == nil ? "" : "(forgotten) ") + memory.summary)
        }
        context.printTable(table)
    }
}
