import MemoryModel
import MemoryStorage

/// `memctl import --from claude-code|codex|gemini PATH`: every transcript of the tool at `PATH`
/// (a file, or a directory read recursively), each file in a transaction of its own. A file that
/// is not such a transcript, or has a line that is not JSON, is refused whole and listed; the
/// others go in. Messages keep the tool's ids, so importing again adds nothing.
package enum TranscriptImport {
    /// Imports what `files` hold into `store`; with `dryRun`, only says what would be imported
    /// (`store` nil: there is no database yet, so every message would be new).
    package static func run(
        _ files: [TranscriptFiles.File], tool: TranscriptTool, into store: MemoryStore?, dryRun: Bool
    ) async -> TranscriptImportReport {
        var report = TranscriptImportReport(tool: tool)
        let startedAt = Timestamp.now
        var seen: Set<String> = []
        for file in files {
            // Not read, and not wrong: listed with what to do instead.
            guard file.layout != .compressed else {
                report.skip(file.path, TranscriptReader.compressedReason)
                continue
            }
            do {
                let counts: TranscriptImportReport.FileCounts
                if let store, !dryRun {
                    counts = try await importFile(file, tool: tool, into: store, startedAt: startedAt)
                } else if let store {
                    counts = try await store.lookingUpImports { lookup in
                        try read(file, tool: tool) { output, counts in
                            for message in output.messages {
                                if try lookup.isStored(origin: message.origin, id: message.id) {
                                    counts.alreadyPresent += 1
                                } else {
                                    counts.imported += 1
                                }
                            }
                        }
                    }
                } else {
                    // No database yet: every message is new, once (a copy in another file or line is not).
                    counts = try read(file, tool: tool) { output, counts in
                        for message in output.messages {
                            if seen.insert(message.id).inserted { counts.imported += 1 } else { counts.alreadyPresent += 1 }
                        }
                    }
                }
                report.add(counts)
            } catch {
                report.fail(file.path, error)
            }
        }
        return report
    }

    private static func importFile(
        _ file: TranscriptFiles.File, tool: TranscriptTool, into store: MemoryStore, startedAt: Timestamp
    ) async throws -> TranscriptImportReport.FileCounts {
        try await store.importing { writer in
            var counts = try read(file, tool: tool) { output, _ in
                try write(output, origin: tool, to: &writer, startedAt: startedAt)
            }
            try writer.flush()
            counts.imported = writer.messagesInserted
            counts.alreadyPresent = writer.messagesAlreadyPresent
            return counts
        }
    }

    /// Writes a read's messages (each may revise a stored one), projects and withdrawals.
    package static func write(
        _ output: TranscriptOutput, origin tool: TranscriptTool, to writer: inout ImportWriter, startedAt: Timestamp
    ) throws {
        // Projects first: each message takes its session's.
        for (session, project) in output.projects.sorted(by: { $0.key < $1.key }) {
            try writer.setProject(ProjectScope.lexicallyNormalized(project), session: session, origin: tool.rawValue)
        }
        for message in output.messages { try writer.insert(message, createdAt: startedAt, revising: true) }
        try writer.withdraw(output.withdrawn, origin: tool.rawValue)
    }

    /// Reads the whole file, a piece at a time, handing each piece's output to `body`.
    private static func read(
        _ file: TranscriptFiles.File, tool: TranscriptTool,
        _ body: (TranscriptOutput, inout TranscriptImportReport.FileCounts) throws -> Void
    ) throws -> TranscriptImportReport.FileCounts {
        let reader = try TranscriptReader(path: file.path, tool: tool, layout: file.layout)
        var counts = TranscriptImportReport.FileCounts()
        while let piece = try reader.next(final: true) {
            counts.count(piece.output)
            if piece.waitingForLine { counts.incompleteLastLine = true }
            try body(piece.output, &counts)
        }
        return counts
    }
}

/// What an import of transcripts did, or with `--dry-run` would do.
package struct TranscriptImportReport: Sendable, Encodable {
    /// What one file held.
    package struct FileCounts: Sendable {
        var imported = 0
        var alreadyPresent = 0
        var messages = 0
        var sessions: Set<String> = []
        var skipped = LeftOutCounts()
        var incompleteLastLine = false
        var said = MessageSpan()

        mutating func count(_ output: TranscriptOutput) {
            messages += output.messages.count
            skipped.add(output.leftOut)
            for message in output.messages {
                sessions.insert(message.session)
                if let time = message.createdAt { said.include(time) }
            }
        }
    }

    /// A file that was refused whole, and why.
    package struct Failure: Sendable, Encodable, CustomStringConvertible {
        package let file: String
        package let error: String
        package var description: String { error.hasPrefix(file) ? error : "\(file): \(error)" }
    }

    package let tool: TranscriptTool
    package private(set) var files = 0
    package private(set) var sessions = 0
    package private(set) var imported = 0
    package private(set) var alreadyPresent = 0
    package private(set) var skipped = LeftOutCounts()
    /// Files whose last line was still being written: it was left for a later import.
    package private(set) var incompleteLastLines = 0
    package private(set) var failures: [Failure] = []
    /// Files not read (a compressed Codex CLI rollout), with why.
    package private(set) var skippedFiles: [Failure] = []
    package private(set) var said = MessageSpan()

    init(tool: TranscriptTool) {
        self.tool = tool
    }

    mutating func add(_ counts: FileCounts) {
        files += 1
        sessions += counts.sessions.count
        imported += counts.imported
        alreadyPresent += counts.alreadyPresent
        skipped.add(counts.skipped)
        if counts.incompleteLastLine { incompleteLastLines += 1 }
        said.include(counts.said)
    }

    mutating func skip(_ file: String, _ reason: String) {
        if skippedFiles.count < maximumReportedImportErrors { skippedFiles.append(Failure(file: file, error: reason)) }
    }

    mutating func fail(_ file: String, _ error: any Error) {
        if failures.count < maximumReportedImportErrors { failures.append(Failure(file: file, error: "\(error)")) }
    }

    private enum CodingKeys: String, CodingKey {
        case tool, files, sessions, imported
        case alreadyPresent = "already_present"
        case skipped
        case incompleteLastLines = "incomplete_last_lines"
        case failures
        case skippedFiles = "skipped_files"
        case firstMessageAt = "first_message_at"
        case lastMessageAt = "last_message_at"
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(tool.rawValue, forKey: .tool)
        try container.encode(files, forKey: .files)
        try container.encode(sessions, forKey: .sessions)
        try container.encode(imported, forKey: .imported)
        try container.encode(alreadyPresent, forKey: .alreadyPresent)
        try container.encode(skipped, forKey: .skipped)
        try container.encode(incompleteLastLines, forKey: .incompleteLastLines)
        try container.encode(failures, forKey: .failures)
        try container.encode(skippedFiles, forKey: .skippedFiles)
        try container.encode(said.first?.iso8601, forKey: .firstMessageAt)
        try container.encode(said.last?.iso8601, forKey: .lastMessageAt)
    }
}
