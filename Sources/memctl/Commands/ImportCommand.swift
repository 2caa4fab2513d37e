import MemoryModel
import MemoryStorage
import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

struct ImportCommand: Command {
    static let name = "import"
    static let summary = "Import memories from a JSONL file (or - for standard input)"
    static let help = """
        Usage: memctl import FILE|- [--skip-invalid] [--json]

        Imports one memory per line:
          {"content": "...", "session": "...", "source": "...", "importance": 0.5, "created_at": "2026-11-02T09:30:00Z"}
        Only "content" is required. Chat-style lines {"role": "user", "content": "..."} work too:
        the role becomes the source. Other keys are ignored; blank lines are skipped.

        All or nothing: at the first bad line (invalid JSON or UTF-8, missing or empty content,
        importance outside 0..1, an unparseable created_at, a line over 16 MiB) memctl names the
        line and the reason, and imports nothing.

        Options:
          --skip-invalid    import the good lines and report each bad one
          --json            print {"imported": N, "skipped": M, "errors": [{"line": L, "error": "..."}]}
        """

    /// Longest line read; the content limit is 4 MiB, and JSON escapes can make a line longer.
    static let maximumLineBytes = 16 * 1024 * 1024

    let file: String
    let skipInvalid: Bool

    init(parsing arguments: inout ArgumentList) throws(UsageError) {
        skipInvalid = arguments.flag("--skip-invalid")
        file = try arguments.positionals(named: "FILE")[0]
    }

    func run(_ context: Context) async throws {
        // Open the input first: a missing file must not create an empty database.
        let reader =
            file == "-"
            ? LineReader(fileDescriptor: STDIN_FILENO, name: "standard input", maximumLineBytes: Self.maximumLineBytes)
            : try LineReader(path: file, maximumLineBytes: Self.maximumLineBytes)
        let source = file == "-" ? "stdin" : file
        let database = DatabaseFiles(path: context.databasePath)
        let report: ImportReport
        do {
            report = try await context.openStore(create: true).importMemories(from: reader, skipInvalid: skipInvalid)
        } catch let refused as ImportRefused {
            // Nothing was imported: a database this command created is removed again.
            database.removeIfCreated()
            if context.json { try context.printJSON(refused.report) }
            throw ImportFailed(source: source, refused: refused)
        }
        if context.json {
            try context.printJSON(report)
        } else {
            StandardStream.out(
                "imported \(report.imported) memor\(report.imported == 1 ? "y" : "ies")"
                    + (report.skipped > 0 ? ", skipped \(report.skipped) invalid line(s)" : ""))
            for error in report.errors { StandardStream.error("\(source): \(error)") }
            if report.errorsOmitted > 0 {
                StandardStream.error("... and \(report.errorsOmitted) more invalid line(s) not listed")
            }
        }
    }
}

/// An all-or-nothing import refused its input; names the input and the line.
private struct ImportFailed: Error, CustomStringConvertible {
    let source: String
    let refused: ImportRefused
    var description: String { "\(source): \(refused)" }
}

/// The database file and its directory as they were before a command ran, so that a command
/// that ends up writing nothing can leave no trace.
private struct DatabaseFiles {
    let path: String
    let existed: Bool
    let directoryExisted: Bool

    init(path: String) {
        self.path = path
        existed = FileManager.default.fileExists(atPath: path)
        directoryExisted = FileManager.default.fileExists(atPath: DaemonPaths.parentDirectory(of: path))
    }

    /// Called after the store was released, so that SQLite has closed the files.
    func removeIfCreated() {
        guard !existed else { return }
        for suffix in ["", "-wal", "-shm", "-journal"] { try? FileManager.default.removeItem(atPath: path + suffix) }
        if !directoryExisted { rmdir(DaemonPaths.parentDirectory(of: path)) }
    }
}
