import MemoryModel
import MemoryStorage
import FoundationEssentials
import Glibc
import SystemSupport

struct AddCommand: Command {
    static let name = "add"
    static let summary = "Add a short-term memory and print its id"
    static let help = """
        Usage: memctl add TEXT [--session S] [--source NAME] [--importance X] [--at TIME] [--project DIR] [--json]

        Stores TEXT as a pending short-term memory and prints its id ({"id": N} with --json).
        TEXT '-' reads the text from standard input. Quote TEXT that contains spaces; use
        '--' before TEXT that starts with '-'.

        Options:
          --session S       the conversation or context it belongs to (default: default)
          --source NAME     who said it: user, assistant, a tool's name, ... (default: user)
          --importance X    0 to 1; without it the consolidator estimates it
          --at TIME         when it happened, ISO-8601, e.g. 2026-11-02T09:30:00Z (default: now)
          --project DIR     the project it belongs to: a directory (relative to here, or ~/...).
                            Without it, it belongs to every project (docs/PROJECTS.md)
        """

    let text: String
    let session: String?
    let source: String?
    let importance: Double?
    let createdAt: Timestamp?
    let project: String?

    init(parsing arguments: inout ArgumentList) throws(UsageError) {
        project = try arguments.option("--project")
        session = try arguments.option("--session")
        source = try arguments.option("--source")
        importance = try arguments.option("--importance", "a number from 0 to 1") {
            Double($0).flatMap { (0...1).contains($0) ? $0 : nil }
        }
        createdAt = try arguments.option("--at", "an ISO-8601 time such as 2026-11-02T09:30:00Z") {
            Timestamp(iso8601: $0)
        }
        text = try arguments.positionals(named: "TEXT")[0]
        if text.allSatisfy(\.isWhitespace) { throw UsageError("TEXT is empty") }
    }

    func run(_ context: Context) async throws {
        let content = text == "-" ? try readStandardInput() : text
        let memory = NewMemory(
            content: content, session: session, source: source, importance: importance, createdAt: createdAt,
            project: try project.map { path throws(UsageError) in try context.projectDirectory(path) })
        // Refuse bad input before the database is created or opened.
        do {
            try memory.validate()
        } catch {
            throw StoreError.invalidMemory(error)
        }
        let id = try await context.openStore(create: true).add(memory)
        if context.json {
            try context.printJSON(["id": id])
        } else {
            StandardStream.out(String(id.rawValue))
        }
    }

    /// Standard input as text, with one trailing newline removed (as `echo` adds one).
    private func readStandardInput() throws -> String {
        let bytes = try StandardStream.readAll(STDIN_FILENO)
        guard var content = String(validating: bytes, as: UTF8.self) else {
            throw InvalidMemory("standard input is not valid UTF-8")
        }
        if content.hasSuffix("\n") { content.removeLast() }
        return content
    }
}
