import FoundationEssentials
import MemoryImport
import MemoryModel
import MemoryStorage
import SystemSupport

#if canImport(Glibc)
    import Glibc
#endif

struct ImportCommand: Command {
    static let name = "import"
    static let summary = "Import memories from a JSONL file (or - for standard input), or a ChatGPT or Claude export"
    static let help = """
        Usage: memctl import FILE|- [--skip-invalid] [--json]
               memctl import --from chatgpt|claude FILE [--dry-run] [--skip-invalid] [--json]

        Imports one memory per line:
          {"content": "...", "session": "...", "source": "...", "importance": 0.5, "created_at": "2026-11-02T09:30:00Z"}
        Only "content" is required. Chat-style lines {"role": "user", "content": "..."} work too:
        the role becomes the source. Other keys are ignored; blank lines are skipped.

        All or nothing: at the first bad line (invalid JSON or UTF-8, missing or empty content,
        importance outside 0..1, an unparseable created_at, a line over 16 MiB) memctl names the
        line and the reason, and imports nothing.

        With --from, FILE is a data export: conversations.json, or the export's .zip as downloaded.
        Each message the user and the assistant wrote on the branch last seen becomes one memory
        (session: the conversation's id; source: user or assistant; the message's own time), and the
        conversation's title is kept. System, tool and hidden messages, messages to tools, thinking,
        images and other parts that are not text are left out and counted. Every message keeps its
        export id, so importing the same export again adds nothing, and a later export adds only
        the new messages. All or nothing: a file that is not such an export, is cut short or is not
        UTF-8 is refused with its position, and nothing is imported.

        Options:
          --from chatgpt|claude  import a data export of that service
          --dry-run         with --from: read the export and say what would be imported (the new
                            messages, when the database exists), writing nothing
          --skip-invalid    import the good lines (conversations) and report each bad one
          --json            print {"imported": N, "skipped": M, "errors": [{"line": L, "error": "..."}]};
                            with --from, {"imported": N, "already_present": M, "skipped": {...}, ...}
        """

    /// Longest line read; the content limit is 4 MiB, and JSON escapes can make a line longer.
    static let maximumLineBytes = 16 * 1024 * 1024

    let file: String
    let skipInvalid: Bool
    let format: ExportFormat?
    let dryRun: Bool

    init(parsing arguments: inout ArgumentList) throws(UsageError) {
        skipInvalid = arguments.flag("--skip-invalid")
        dryRun = arguments.flag("--dry-run")
        format = try arguments.option(
            "--from", ExportFormat.allCases.map(\.rawValue).joined(separator: " or "), ExportFormat.init(rawValue:))
        file = try arguments.positionals(named: "FILE")[0]
        if dryRun && format == nil { throw UsageError("--dry-run goes with --from chatgpt|claude") }
        if format != nil && file == "-" {
            throw UsageError("--from reads a file (conversations.json or the export's .zip), not standard input")
        }
    }

    func run(_ context: Context) async throws {
        if let format { return try await importExport(format, context) }
        // Open the input first: a missing file must not create an empty database.
        let reader =
            file == "-"
            ? LineReader(fileDescriptor: STDIN_FILENO, name: "standard input", maximumLineBytes: Self.maximumLineBytes)
            : try LineReader(path: file, maximumLineBytes: Self.maximumLineBytes)
        let source = file == "-" ? "stdin" : file
        let database = DatabaseFiles(path: context.databasePath)
        let report: ImportReport
        do {
            report = try await LineReader.importing(reader, into: context.openStore(create: true), skipInvalid: skipInvalid)
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

extension ImportCommand {
    /// `memctl import --from chatgpt|claude FILE [--dry-run]`.
    private func importExport(_ format: ExportFormat, _ context: Context) async throws {
        // Open the export first: a missing or unreadable file must not create an empty database.
        let export = try ExportFile.open(path: file, format: format)
        if dryRun {
            // Against the database when there is one, to tell the new messages from those already in it.
            let report =
                FileManager.default.fileExists(atPath: context.databasePath)
                ? try await ExportFile.dryRun(export, against: context.openStore(), skipInvalid: skipInvalid)
                : try ExportReport.scan(export, skipInvalid: skipInvalid)
            if context.json { return try context.printJSON(report) }
            describe(report, format: format, dryRun: true)
            return
        }
        let database = DatabaseFiles(path: context.databasePath)
        let report: ExportReport
        do {
            report = try await ExportFile.importing(export, into: context.openStore(create: true), skipInvalid: skipInvalid)
        } catch let refused as ExportRefused {
            database.removeIfCreated()
            throw refused
        } catch {
            // The file is not JSON, is cut short, or could not be read.
            database.removeIfCreated()
            throw NothingImported(error: error)
        }
        if context.json { return try context.printJSON(report) }
        describe(report, format: format, dryRun: false)
    }

    private func describe(_ report: ExportReport, format: ExportFormat, dryRun: Bool) {
        func plural(_ count: Int, _ word: String) -> String { "\(count) \(word)\(count == 1 ? "" : "s")" }
        var line =
            "\(dryRun ? "would import" : "imported") \(plural(report.imported, "message")) of "
            + "\(plural(report.conversations, "conversation")) from \(format.displayName)"
        if !dryRun || report.alreadyPresent > 0 { line += ", \(report.alreadyPresent) already present" }
        StandardStream.out(line)
        if let first = report.firstMessageAt, let last = report.lastMessageAt {
            StandardStream.out("  said from \(first.iso8601) to \(last.iso8601)")
        }
        if report.skipped.total > 0 {
            StandardStream.out(
                "  left out: "
                    + report.skipped.named.map { "\($0.count) \($0.name.replacing("_", with: " "))" }
                    .joined(separator: ", "))
        }
        if report.invalidConversations > 0 {
            StandardStream.out("  skipped \(plural(report.invalidConversations, "invalid conversation"))")
            for error in report.errors.prefix(20) { StandardStream.error("\(file): \(error)") }
        }
    }
}

/// An export that could not be read to its end; nothing of it was imported.
private struct NothingImported: Error, CustomStringConvertible {
    let error: any Error
    var description: String { "\(error); nothing was imported" }
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
