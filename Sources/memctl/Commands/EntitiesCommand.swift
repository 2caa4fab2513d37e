import MemoryPasses
import MemoryStorage

struct EntitiesCommand: Command {
    static let name = "entities"
    static let summary = "List entities, most mentioned first"
    static let help = """
        Usage: memctl entities [--kind K] [--limit N] [--json]

        Lists the entities found in memories (people, places, organizations, dates, ...),
        most mentioned first.

        Options:
          --kind K       only entities of this kind (person, place, organization, ...)
          --limit N      at most N entities (default: 50)
        """

    let kind: String?
    let limit: Int

    init(parsing arguments: inout ArgumentList) throws(UsageError) {
        kind = try arguments.option("--kind")
        limit = try arguments.limit(default: 50)
        try arguments.finish()
    }

    func run(_ context: Context) async throws {
        let entities = try await context.openStoreToRead().inspecting { try $0.entities(kind: kind, limit: limit) }
        if context.json { return try context.printJSON(entities) }
        var table = Table(
            .init(header: "ID", rightAligned: true), .init(header: "KIND"),
            .init(header: "MENTIONS", rightAligned: true), .init(header: "NAME"))
        for entity in entities {
            table.append(String(entity.id.rawValue), entity.kind, String(entity.mentionCount), entity.name)
        }
        context.printTable(table)
    }
}
