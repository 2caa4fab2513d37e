import MemoryPasses
import MemoryStorage
import SystemSupport

struct EntityCommand: Command {
    static let name = "entity"
    static let summary = "Show an entity by name: aliases, mentions, relations"
    static let help = """
        Usage: memctl entity NAME [--json]

        Shows the entity called NAME (any spelling seen in memories, case-insensitive, e.g.
        "leah" or "Acme Robotics"): its aliases, its newest mentions with the text around them,
        and its relations with their validity (open ones first; "now" means still holding) and
        evidence. When several entities share the name (a person and a place called Jordan),
        the most mentioned is shown and the others are listed. memctl show entity:ID shows one
        by id.
        """

    let name: String

    init(parsing arguments: inout ArgumentList) throws(UsageError) {
        name = try arguments.positionals(named: "NAME")[0]
        guard !name.allSatisfy(\.isWhitespace) else { throw UsageError("NAME is empty") }
    }

    func run(_ context: Context) async throws {
        let store = try context.openStoreToRead()
        let matches = try await store.browsing { try $0.entities(named: name) }
        guard let best = matches.first else { throw NoSuchEntity(name: name) }
        let detail = try await store.inspecting { try $0.entity(best.id) }
        if context.json { return try context.printJSON(detail) }
        ShowCommand.printEntity(detail, context)
        if matches.count > 1 {
            StandardStream.out(
                "also called \(name): "
                    + matches.dropFirst().map { "\($0.name) (\($0.kind), entity:\($0.id))" }.joined(separator: ", "))
        }
    }
}

struct NoSuchEntity: Error, CustomStringConvertible {
    let name: String
    var description: String { "no entity is called '\(name)'; memctl entities lists them" }
}
