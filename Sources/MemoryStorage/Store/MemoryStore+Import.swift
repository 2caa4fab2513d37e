import MemoryModel
import SQLiteKit

/// The outcome of an import.
public struct ImportReport: Sendable, Equatable, Encodable {
    /// A line that was refused, with the reason.
    public struct LineError: Sendable, Equatable, Encodable, CustomStringConvertible {
        public let line: Int
        public let error: String
        public var description: String { "line \(line): \(error)" }

        package init(line: Int, error: String) {
            self.line = line
            self.error = error
        }
    }

    public internal(set) var imported = 0
    public internal(set) var skipped = 0
    /// The first `MemoryStore.maximumReportedImportErrors` refused lines.
    public internal(set) var errors: [LineError] = []

    /// Refused lines beyond those listed in `errors`.
    public var errorsOmitted: Int { max(0, skipped - errors.count) }

    package enum CodingKeys: String, CodingKey { case imported, skipped, errors, errorsOmitted = "errors_omitted" }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(imported, forKey: .imported)
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
public struct ImportRefused: Error, Equatable, Sendable, CustomStringConvertible {
    public let lineError: ImportReport.LineError
    public var description: String { "\(lineError); nothing was imported" }

    /// The report of the import that did not happen: nothing imported, the one bad line.
    public var report: ImportReport {
        var report = ImportReport()
        report.errors = [lineError]
        return report
    }

    package init(lineError: ImportReport.LineError) {
        self.lineError = lineError
    }
}

extension MemoryStore {
    /// How many refused lines an import report lists; the rest are only counted, so that memory
    /// stays bounded on a file of millions of bad lines.
    public static let maximumReportedImportErrors = 10_000

    /// Imports JSONL memories, one per line, in one transaction.
    ///
    /// All-or-nothing by default: the first bad line throws `ImportRefused` and nothing is kept.
    /// With `skipInvalid`, good lines are imported and each bad one is reported. Blank lines
    /// are ignored. Lines without `created_at` get the time the import started.
    public func importMemories(from reader: sending LineReader, skipInvalid: Bool) throws -> ImportReport {
        let startedAt = Timestamp.now
        let lines = DecodedLines.reading(reader)
        defer { lines.abandon() }
        return try withConnection { connection in
            try connection.inTransaction(.immediate) {
                var report = ImportReport()
                var rows = ImportRows()
                while let chunk = try lines.next() {
                    for (number, decoded) in chunk {
                        switch decoded {
                        case .success(let memory):
                            try rows.append(memory, createdAt: memory.createdAt ?? startedAt, into: connection)
                            report.imported += 1
                        case .failure(let error):
                            let lineError = ImportReport.LineError(line: number, error: error.reason)
                            guard skipInvalid else { throw ImportRefused(lineError: lineError) }
                            report.skipped += 1
                            if report.errors.count < Self.maximumReportedImportErrors { report.errors.append(lineError) }
                        }
                    }
                }
                try rows.flush(into: connection)
                return report
            }
        }
    }
}

/// Rows of an import, inserted `perStatement` at a time. One INSERT per row would make SQLite
/// journal every page the row and its triggers touch, for each row (a statement journal, so
/// that a failing statement can be undone inside the transaction); a multi-row INSERT journals
/// each page once per statement (docs/DECISIONS.md, "Import", has the figures).
private struct ImportRows {
    static let perStatement = 64
    private static let columns = 5
    private var values: [(any SQLiteBindable)?] = []

    mutating func append(_ memory: NewMemory, createdAt: Timestamp, into connection: Connection) throws {
        values += [memory.content, memory.session, memory.source, memory.importance, createdAt.iso8601]
        if values.count == Self.perStatement * Self.columns { try flush(into: connection) }
    }

    mutating func flush(into connection: Connection) throws {
        guard !values.isEmpty else { return }
        let rows = values.count / Self.columns
        let placeholders = Array(repeating: "(?, ?, ?, ?, ?)", count: rows).joined(separator: ", ")
        // A full statement is cached; the one shorter statement at the end of a file is not.
        try connection.prepare(
            "INSERT INTO \(MemoryStore.shortTermInsertColumns) VALUES \(placeholders)",
            cached: rows == Self.perStatement
        ).bind(values).run()
        values.removeAll(keepingCapacity: true)
    }
}
