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
    static let summary =
        "Import memories from a JSONL file (or - for standard input), a ChatGPT or Claude export, or coding agents' sessions"
    static let help = """
        Usage: memctl import FILE|- [--skip-invalid] [--json]
               memctl import --from chatgpt|claude FILE [--dry-run] [--skip-invalid] [--json]
               memctl import --from claude-code|codex|gemini PATH [--dry-run] [--json]

        Imports one memory per line:
          {"content": "...", "session": "...", "source": "...", "importance": 0.5, "created_at": "2026-11-02T09:30:00Z",
           "project": "/home/me/src/shop"}
        Only "content" is required; a memory without "project" belongs to every project. Chat-style lines {"role": "user", "content": "..."} work too:
        the role becomes the source. Other keys are ignored; blank lines are skipped.
        What `memctl export` writes is read whole: "export_origin" and "export_id" name a memory (one
        already stored, or purged, is skipped and counted as already present), and a memory with
        "forgotten_at" comes in forgotten.

        All or nothing: at the first bad line (invalid JSON or UTF-8, missing or empty content,
        importance outside 0..1, an unparseable created_at or forgotten_at, a project that is not an
        absolute directory, an unknown export_origin or one without export_id, a line over 32 MiB)
        memctl names the line and the reason, and imports nothing.

        With --from, FILE is a data export: conversations.json, or the export's .zip as downloaded.
        Each message the user and the assistant wrote on the branch last seen becomes one memory
        (session: the conversation's id; source: user or assistant; the message's own time), and the
        conversation's title is kept. System, tool and hidden messages, messages to tools, thinking,
        images and other parts that are not text are left out and counted. Every message keeps its
        export id, so importing the same export again adds nothing, and a later export adds only
        the new messages. All or nothing: a file that is not such an export, is cut short or is not
        UTF-8 is refused with its position, and nothing is imported.

        With --from claude-code, codex or gemini, PATH is one session transcript of that coding agent,
        or a directory read recursively (~/.claude/projects, ~/.codex/sessions, ~/.gemini/tmp). What
        the user typed and the assistant's text become one memory each (session: the tool's session
        id; source: user or assistant; the message's own time), and each session keeps the directory
        it ran in. Tool calls and their output, thinking, system and injected context, slash commands,
        images, sub-agents and compaction summaries are left out and counted. Text between <private>
        and </private> is never stored, and credentials are replaced by [redacted] (best effort).
        Each file is all or nothing: a file that is not such a transcript, or has a line that is not
        JSON (other than a last line still being written), is named with the line and the reason,
        and the other files still go in. Importing again adds nothing.

        Options:
          --from SOURCE     chatgpt or claude (a data export), claude-code, codex or gemini (sessions)
          --dry-run         with --from: read the export or sessions and say what would be imported
                            (the new messages, when the database exists), writing nothing
          --skip-invalid    import the good lines (conversations) and report each bad one
          --json            print {"imported": N, "already_present": P, "skipped": M,
                            "errors": [{"line": L, "error": "..."}]};
                            with --from, {"imported": N, "already_present": M, "skipped": {...}, ...}
        """

    /// Longest line read: the content limit is 4 MiB, and JSON escapes make a line up to six
    /// times longer (`\u0001`), so every line `memctl export` writes is read.
    static let maximumLineBytes = 32 * 1024 * 1024

    let file: String
    let skipInvalid: Bool
    let format: ExportFormat?
    let tool: TranscriptTool?
    let dryRun: Bool

    init(parsing arguments: inout ArgumentList) throws(UsageError) {
        skipInvalid = arguments.flag("--skip-invalid")
        dryRun = arguments.flag("--dry-run")
        let sources = ExportFormat.allCases.map(\.rawValue) + TranscriptTool.allCases.map(\.rawValue)
        let source = try arguments.option("--from", sources.joined(separator: ", ")) { name in
            sources.contains(name) ? name : nil
        }
        format = source.flatMap(ExportFormat.init(rawValue:))
        tool = source.flatMap(TranscriptTool.init(rawValue:))
        file = try arguments.positionals(named: tool == nil ? "FILE" : "PATH")[0]
        if dryRun && source == nil { throw UsageError("--dry-run goes with --from") }
        if source != nil && file == "-" {
            throw UsageError(
                tool == nil
                    ? "--from reads a file (conversations.json or the export's .zip), not standard input"
                    : "--from \(source ?? "") reads a transcript file or a directory of them, not standard input")
        }
        if tool != nil && skipInvalid {
            throw UsageError("--skip-invalid goes with JSONL and exports; transcripts are imported file by file")
        }
    }

    func run(_ context: Context) async throws {
        if let format { return try await importExport(format, context) }
        if let tool { return try await importTranscripts(tool, context) }
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
                    + (report.alreadyPresent > 0 ? ", \(report.alreadyPresent) already present" : "")
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
        describe(said: report.said, skipped: report.skipped)
        if report.invalidConversations > 0 {
            StandardStream.out("  skipped \(plural(report.invalidConversations, "invalid conversation"))")
            for error in report.errors.prefix(20) { StandardStream.error("\(file): \(error)") }
        }
    }
}

extension ImportCommand {
    /// `memctl import --from claude-code|codex|gemini PATH [--dry-run]`.
    private func importTranscripts(_ tool: TranscriptTool, _ context: Context) async throws {
        // Find the files first: a missing path must not create an empty database.
        let files = try TranscriptFiles.find(at: file, tool: tool)
        let exists = FileManager.default.fileExists(atPath: context.databasePath)
        let report: TranscriptImportReport
        if dryRun {
            report = await TranscriptImport.run(
                files, tool: tool, into: exists ? try context.openStore() : nil, dryRun: true)
        } else {
            let database = DatabaseFiles(path: context.databasePath)
            report = await TranscriptImport.run(files, tool: tool, into: try context.openStore(create: true), dryRun: false)
            if report.files == 0 && !report.failures.isEmpty { database.removeIfCreated() }
        }
        if context.json {
            try context.printJSON(report)
        } else {
            describe(report, dryRun: dryRun)
        }
        if !report.failures.isEmpty { throw TranscriptsRefused(count: report.failures.count, total: files.count) }
    }

    private func describe(_ report: TranscriptImportReport, dryRun: Bool) {
        func plural(_ count: Int, _ word: String) -> String { "\(count) \(word)\(count == 1 ? "" : "s")" }
        var line =
            "\(dryRun ? "would import" : "imported") \(plural(report.imported, "message")) of "
            + "\(plural(report.sessions, "session")) in \(plural(report.files, "file")) from \(report.tool.displayName)"
        if !dryRun || report.alreadyPresent > 0 { line += ", \(report.alreadyPresent) already present" }
        StandardStream.out(line)
        describe(said: report.said, skipped: report.skipped)
        if report.incompleteLastLines > 0 {
            StandardStream.out("  \(plural(report.incompleteLastLines, "file")) ended in a line still being written, left for later")
        }
        for skipped in report.skippedFiles { StandardStream.error("skipped \(skipped)") }
        for failure in report.failures { StandardStream.error("\(failure)") }
    }
}

extension ImportCommand {
    /// When the messages were said, and what was left out: the lines every import from elsewhere prints.
    private func describe(said: MessageSpan, skipped: LeftOutCounts) {
        if let first = said.first, let last = said.last {
            StandardStream.out("  said from \(first.iso8601) to \(last.iso8601)")
        }
        if skipped.total > 0 {
            StandardStream.out(
                "  left out: "
                    + skipped.named.map { "\($0.count) \($0.name.replacing("_", with: " "))" }.joined(separator: ", "))
        }
    }
}

/// Some transcripts were refused (each named on stderr); the others were imported.
private struct TranscriptsRefused: Error, CustomStringConvertible {
    let count: Int
    let total: Int
    var description: String {
        "\(count) of \(total) file\(total == 1 ? "" : "s") could not be imported; nothing of \(count == 1 ? "it" : "them") was"
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
