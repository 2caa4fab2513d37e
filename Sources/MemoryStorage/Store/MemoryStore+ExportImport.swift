import MemoryModel
import SQLiteKit

extension MemoryStore {
    /// Imports a ChatGPT or Claude export, one short-term memory per message, in one transaction.
    ///
    /// A message keeps its export id (`export_origin`, `export_id`, unique together), so a message
    /// already in the database, from an earlier import of this or an earlier export, is counted as
    /// already present and not added again. Each conversation's title is kept by session.
    ///
    /// All-or-nothing: a file that is not JSON, is cut short or cannot be read throws, and so does
    /// the first element that is not a conversation of the format unless `skipInvalid`; then
    /// nothing is kept. Messages without a time get the time the import started.
    package func importExport(_ file: sending ExportFile, skipInvalid: Bool) throws -> ExportReport {
        let startedAt = Timestamp.now
        let origin = file.format.rawValue
        let name = file.name
        let elements = DecodedConversations.reading(file)
        defer { elements.abandon() }
        return try withConnection { connection in
            try connection.inTransaction(.immediate) {
                var report = ExportReport()
                var rows = ExportRows(origin: origin)
                let title = try connection.prepare(
                    """
                    INSERT INTO session_titles(session, title, origin) VALUES (?, ?, ?)
                    ON CONFLICT(session) DO UPDATE SET title = excluded.title, origin = excluded.origin,
                        updated_at = \(Schema.now) WHERE title <> excluded.title
                    """)
                try elements.forEachConversation(into: &report, name: name, skipInvalid: skipInvalid) {
                    conversation, report in
                    for message in conversation.messages {
                        try rows.append(
                            message, session: conversation.id, createdAt: startedAt, into: connection, report: &report)
                    }
                    if let text = conversation.title { try title.bind([conversation.id, text, origin]).run() }
                }
                try rows.flush(into: connection, report: &report)
                return report
            }
        }
    }
}

extension MemoryStore {
    /// What importing `file` would do, writing nothing: `imported` counts the messages that are
    /// not in the database yet (nor purged from it), `alreadyPresent` the others.
    package func dryRunExport(_ file: sending ExportFile, skipInvalid: Bool) throws -> ExportReport {
        let origin = file.format.rawValue
        let name = file.name
        let elements = DecodedConversations.reading(file)
        defer { elements.abandon() }
        return try reading { connection in
            let stored = try connection.prepare(
                """
                SELECT EXISTS (SELECT 1 FROM short_term_memories WHERE export_origin = ?1 AND export_id = ?2)
                    OR EXISTS (SELECT 1 FROM purged_exports WHERE export_origin = ?1 AND export_id = ?2)
                """)
            var report = ExportReport()
            try elements.forEachConversation(into: &report, name: name, skipInvalid: skipInvalid) {
                conversation, report in
                for message in conversation.messages {
                    if try stored.bind([origin, message.exportID]).firstRow({ $0.int64(0) == 1 }) == true {
                        report.alreadyPresent += 1
                    } else {
                        report.imported += 1
                    }
                }
            }
            return report
        }
    }
}

/// Messages of an export, inserted `perStatement` at a time (as `ImportRows` does for JSONL); a
/// message whose export id is already stored is ignored, and counted as already present.
private struct ExportRows {
    static let perStatement = 64
    private static let columns = 6
    let origin: String
    private var values: [(any SQLiteBindable)?] = []

    init(origin: String) {
        self.origin = origin
        values.reserveCapacity(Self.perStatement * Self.columns)
    }

    mutating func append(
        _ message: ExportedMessage, session: String, createdAt: Timestamp, into connection: Connection,
        report: inout ExportReport
    ) throws {
        values += [
            message.content, session, message.source, (message.createdAt ?? createdAt).iso8601, origin,
            message.exportID,
        ]
        if values.count == Self.perStatement * Self.columns { try flush(into: connection, report: &report) }
    }

    mutating func flush(into connection: Connection, report: inout ExportReport) throws {
        guard !values.isEmpty else { return }
        let rows = values.count / Self.columns
        let placeholders = Array(repeating: "(?, ?, ?, ?, ?, ?)", count: rows).joined(separator: ", ")
        // A full statement is cached; the one shorter statement at the end is not. A message the
        // user purged is not brought back.
        try connection.prepare(
            """
            INSERT OR IGNORE INTO short_term_memories(content, session, source, created_at, export_origin, export_id)
            SELECT * FROM (VALUES \(placeholders)) AS v
            WHERE NOT EXISTS (SELECT 1 FROM purged_exports p WHERE p.export_origin = v.column5 AND p.export_id = v.column6)
            """,
            cached: rows == Self.perStatement
        ).bind(values).run()
        let inserted = connection.changes
        report.imported += inserted
        report.alreadyPresent += rows - inserted
        values.removeAll(keepingCapacity: true)
    }
}
