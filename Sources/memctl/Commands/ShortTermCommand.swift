import MemoryModel
import MemoryStorage

struct ShortTermCommand: Command {
    static let name = "stm"
    static let summary = "List short-term memories, newest first"
    static let help = """
        Usage: memctl stm [--status pending|consolidated|forgotten|all] [--session S] [--limit N] [--json]

        Lists short-term memories, newest first (times in UTC).

        Options:
          --status S     only memories with this status (default: all)
          --session S    only memories of this session
          --limit N      at most N memories (default: 50)
        """

    let status: MemoryStatus?
    let session: String?
    let limit: Int

    init(parsing arguments: inout ArgumentList) throws(UsageError) {
        let statusName = try arguments.option("--status") ?? "all"
        if statusName == "all" {
            status = nil
        } else if let status = MemoryStatus(rawValue: statusName) {
            self.status = status
        } else {
            throw UsageError("--status must be pending, consolidated, forgotten or all, got '\(statusName)'")
        }
        session = try arguments.option("--session")
        limit = try arguments.limit(default: 50)
        try arguments.finish()
    }

    func run(_ context: Context) async throws {
        let store = try context.openStoreToRead()
        let memories = try await store.inspecting {
            try $0.shortTermMemories(status: status, session: session, limit: limit)
        }
        if context.json { return try context.printJSON(memories) }
        // A conversation imported from a chat export is shown by its title; a coding agent's
        // session by its project's directory name and the start of its id.
        let sessions = Set(memories.map(\.session))
        var titles = try await store.inspecting { try $0.sessionTitles(sessions) }
        let projects = try await store.inspecting { try $0.sessionProjects(sessions) }
        for (session, project) in projects where titles[session] == nil {
            titles[session] = "\(project.split(separator: "/").last ?? "/") \(session.prefix(8))"
        }
        var table = Table(
            .init(header: "ID", rightAligned: true), .init(header: "CREATED (UTC)"), .init(header: "SESSION"),
            .init(header: "SOURCE"), .init(header: "STATUS"), .init(header: "IMP", rightAligned: true),
            .init(header: "CONTENT"))
        for memory in memories {
            table.append(
                String(memory.id.rawValue), memory.createdAt.minutes, titles[memory.session] ?? memory.session,
                memory.source,
                memory.status.rawValue + (memory.ltmID.map { " → ltm:\($0)" } ?? ""),
                memory.importance?.twoDecimals ?? "-", memory.content)
        }
        context.printTable(table)
    }
}
