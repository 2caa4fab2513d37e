import MemoryImport
import MemoryModel
import MemoryStorage
import SystemSupport

#if canImport(Glibc)
    import Glibc
#endif

struct ExportCommand: Command {
    static let name = "export"
    static let summary = "Write every short-term memory as the JSONL that import reads (to a file or standard output)"
    static let help = """
        Usage: memctl export [FILE | -] [--project DIR | --all-projects] [--json]

        Writes every short-term memory, in id order, as the JSONL `memctl import` reads: to FILE,
        or to standard output (no FILE, or -). One memory a line, every key present (null when not
        set):
          {"content": "...", "session": "...", "source": "user", "project": null, "importance": null,
           "created_at": "2026-11-02T09:30:00.000Z", "export_origin": "memoryd", "export_id": "...",
           "forgotten_at": null}
        A memory from a chat export or a coding agent's session keeps its export id; any other is
        named by this database's identity, its id and a hash of its time and text. So importing the
        file again, or beside another database's export, adds each memory once. A forgotten memory
        has its "forgotten_at" and is imported forgotten; a consolidated one is imported pending,
        and the next consolidation makes its long-term memory again.

        FILE is written under a temporary name beside it and renamed to FILE once the export is
        whole: a failed export leaves no half file under the name, and a file already there as it
        was. It is readable and writable by its owner only: it holds every memory. Memory use stays
        bounded however large the database (1,000 memories at a time).

        Options:
          --project DIR  only the memories that project sees: its own and those of no project
                         (docs/PROJECTS.md); --all-projects: every memory (the default)
          --json         with FILE: print {"exported": N, "forgotten": M, "file": "PATH"}
        """

    /// Memories read at a time, and the text after which a page ends sooner: two pages are held
    /// at once (one written while the store reads the next).
    static let pageMemories = 1_000
    static let pageTextBytes = 8 << 20
    /// Output is written once this much is collected.
    static let outputBytes = 1 << 20
    /// The exported file's permissions: its owner's alone, whatever the umask.
    static let fileMode: mode_t = 0o600

    /// Where to write; nil for standard output.
    let file: String?
    let project: ProjectChoice

    init(parsing arguments: inout ArgumentList) throws(UsageError) {
        project = try ProjectChoice(parsing: &arguments)
        let files = try arguments.positionals()
        if files.count > 1 { throw UsageError("unexpected argument '\(files[1])' (export writes one FILE)") }
        file = files.first.flatMap { $0 == "-" ? nil : $0 }
        if file?.isEmpty == true { throw UsageError("FILE is empty") }
    }

    func run(_ context: Context) async throws {
        let scope = try project.scope(context, defaultDirectory: nil)
        let store = try context.openStoreToRead()
        let encoder = MemoryLineEncoder(database: try await store.exporting { try $0.databaseIdentity() })
        guard let file else {
            var output = OutputBuffer()
            _ = try await Self.export(from: store, scope: scope, encoder: encoder, to: &output)
            return
        }
        let path = DaemonPaths.absolute(file)
        try Self.checkDestination(path, database: store.path)
        let replacement = try ReplacementFile(replacing: path)
        var output = OutputBuffer(descriptor: replacement.descriptor, path: path)
        let counts = try await Self.export(from: store, scope: scope, encoder: encoder, to: &output)
        try replacement.commit(mode: Self.fileMode)
        let summary = ExportSummary(exported: counts.exported, forgotten: counts.forgotten, file: path)
        if context.json { return try context.printJSON(summary) }
        let memories = "\(counts.exported) memor\(counts.exported == 1 ? "y" : "ies")"
        StandardStream.out("exported \(memories) (\(counts.forgotten) forgotten) to \(path)")
    }

    /// Writes every memory in `scope`, a page at a time: the store reads the next page while this
    /// one is written. Each page is a read of its own, so memoryd's checkpoints never wait for an
    /// export, and memories added meanwhile are left for the next (docs/IMPORT.md, "Exporting").
    private static func export(
        from store: MemoryStore, scope: ProjectScope?, encoder: MemoryLineEncoder, to output: inout OutputBuffer
    ) async throws -> (exported: Int, forgotten: Int) {
        var counts = (exported: 0, forgotten: 0)
        guard let last = try await store.exporting({ try $0.highestShortTermMemoryID() }) else { return counts }
        var page = try await store.exporting {
            try $0.exportPage(
                after: nil, through: last, scope: scope, limit: pageMemories, textBytes: pageTextBytes)
        }
        while let end = page.last?.memory.id {
            async let next = store.exporting {
                try $0.exportPage(
                    after: end, through: last, scope: scope, limit: pageMemories, textBytes: pageTextBytes)
            }
            for exported in page {
                output.append(encoder.line(exported))
                counts.exported += 1
                if exported.forgottenAt != nil { counts.forgotten += 1 }
                try output.flush(whenAbove: outputBytes)
            }
            page = try await next
        }
        try output.flush(whenAbove: 0)
        return counts
    }

    /// Refuses a FILE that is the database or one of the files SQLite keeps beside it, which the
    /// rename would replace, or a directory, before anything is read.
    private static func checkDestination(_ path: String, database: String) throws(UsageError) {
        var destination = stat()
        guard stat(path, &destination) == 0 else { return }
        if (destination.st_mode & S_IFMT) == S_IFDIR { throw UsageError("\(path) is a directory; name a file") }
        for suffix in ["", "-wal", "-shm"] {
            var info = stat()
            if stat(database + suffix, &info) == 0, info.st_dev == destination.st_dev, info.st_ino == destination.st_ino
            {
                throw UsageError("\(path) is the database's own file; name another")
            }
        }
    }
}

/// What `memctl export FILE --json` prints.
private struct ExportSummary: Encodable {
    let exported: Int
    let forgotten: Int
    let file: String
}
