import MemoryModel
import MemoryStorage

/// The outcome of an import.
package struct ImportReport: Sendable, Equatable, Encodable {
    /// A line that was refused, with the reason.
    package struct LineError: Sendable, Equatable, Encodable, CustomStringConvertible {
        package let line: Int
        package let error: String
        package var description: String { "line \(line): \(error)" }

        package init(line: Int, error: String) {
            self.line = line
            self.error = error
        }
    }

    package internal(set) var imported = 0
    /// Lines whose export id was stored already (or purged): a `memctl export` imported again.
    package internal(set) var alreadyPresent = 0
    package internal(set) var skipped = 0
    /// The first `maximumReportedImportErrors` refused lines.
    package internal(set) var errors: [LineError] = []

    /// Refused lines beyond those listed in `errors`.
    package var errorsOmitted: Int { max(0, skipped - errors.count) }

    package enum CodingKeys: String, CodingKey {
        case imported, alreadyPresent = "already_present", skipped, errors, errorsOmitted = "errors_omitted"
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(imported, forKey: .imported)
        try container.encode(alreadyPresent, forKey: .alreadyPresent)
        try container.encode(skipped, forKey: .skipped)
        try container.encode(errors, forKey: .errors)
        if errorsOmitted > 0 { try container.encode(errorsOmitted, forKey: .errorsOmitted) }
    }

    package init(imported: Int = 0, skipped: Int = 0, errors: [LineError] = []) {
        self.imported = imported
        self.skipped = skipped
        self.errors = errors
    }
}

/// An all-or-nothing import met a bad line; nothing was imported.
package struct ImportRefused: Error, Equatable, Sendable, CustomStringConvertible {
    package let lineError: ImportReport.LineError
    package var description: String { "\(lineError); nothing was imported" }

    /// The report of the import that did not happen: nothing imported, the one bad line.
    package var report: ImportReport {
        var report = ImportReport()
        report.errors = [lineError]
        return report
    }

    package init(lineError: ImportReport.LineError) {
        self.lineError = lineError
    }
}

/// How many refused lines or conversations an import report lists; the rest are only counted, so
/// that memory stays bounded on a file of millions of bad ones.
package let maximumReportedImportErrors = 10_000

extension LineReader {
    /// Imports JSONL memories, one per line, into `store` in one transaction.
    ///
    /// All-or-nothing by default: the first bad line throws `ImportRefused` and nothing is kept.
    /// With `skipInvalid`, good lines are imported and each bad one is reported. Blank lines
    /// are ignored. Lines without `created_at` get the time the import started. A line whose
    /// export id is stored already, or was purged, is counted as already present.
    package static func importing(_ reader: sending LineReader, into store: MemoryStore, skipInvalid: Bool) async throws
        -> ImportReport
    {
        let startedAt = Timestamp.now
        let lines = DecodedLines.reading(reader)
        defer { lines.abandon() }
        return try await store.importing { writer in
            var report = ImportReport()
            while let chunk = try lines.next() {
                for (number, decoded) in chunk {
                    switch decoded {
                    case .success(let memory):
                        try writer.insert(memory, createdAt: memory.createdAt ?? startedAt)
                    case .failure(let error):
                        let lineError = ImportReport.LineError(line: number, error: error.reason)
                        guard skipInvalid else { throw ImportRefused(lineError: lineError) }
                        report.skipped += 1
                        if report.errors.count < maximumReportedImportErrors { report.errors.append(lineError) }
                    }
                }
            }
            try writer.flush()
            report.imported = writer.memoriesInserted
            report.alreadyPresent = writer.memoriesAlreadyPresent
            return report
        }
    }
}
