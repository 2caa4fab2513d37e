import MemoryModel
import SQLiteKit

/// The writes of an import, inside the one transaction `MemoryStore.importing` opens: memories of
/// a JSONL file, messages of a chat export or a transcript, the titles and projects of their
/// sessions, and where a followed transcript was read to. The importers (MemoryImport) decide
/// what to write; the SQL is here.
///
/// Rows are inserted `perStatement` at a time. One INSERT per row would make SQLite journal every
/// page the row and its triggers touch, for each row (a statement journal, so that a failing
/// statement can be undone inside the transaction); a multi-row INSERT journals each page once per
/// statement (docs/DECISIONS.md, "Import", has the figures). `flush()` writes what is buffered.
package struct ImportWriter {
    static let perStatement = 64
    private static let memoryColumns = MemoryStore.shortTermInsertColumnCount
    private static let messageColumns = 6

    private let connection: Connection
    private var memoryValues: [(any SQLiteBindable)?] = []
    private var messageValues: [(any SQLiteBindable)?] = []
    private var revisions: [(content: String, origin: String, id: String)] = []
    /// Messages written, and messages whose id was already stored (or purged), since the start.
    package private(set) var messagesInserted = 0
    package private(set) var messagesAlreadyPresent = 0
    /// The same for the memories of a JSONL import (only one with an export id can be present).
    package private(set) var memoriesInserted = 0
    package private(set) var memoriesAlreadyPresent = 0
    /// Stored messages that took a revised text.
    package private(set) var messagesRevised = 0

    init(connection: Connection) {
        self.connection = connection
    }

    /// Adds a memory of a JSONL import (validated by its reader), unless its export id is already
    /// stored or was purged: then it is counted in `memoriesAlreadyPresent` when the batch is
    /// written.
    package mutating func insert(_ memory: NewMemory, createdAt: Timestamp) throws {
        if memoryValues.isEmpty { memoryValues.reserveCapacity(Self.perStatement * Self.memoryColumns) }
        memoryValues += MemoryStore.insertValues(memory, createdAt: createdAt)
        if memoryValues.count == Self.perStatement * Self.memoryColumns { try flushMemories() }
    }

    /// Adds a message, unless its id is already stored or was purged: then it is counted in
    /// `messagesAlreadyPresent` when the batch is written. With `revising`, a stored message of
    /// that id whose text differs takes the new text while it is still pending (a transcript's
    /// reply that was still being written when it was read, or a message the tool wrote again);
    /// once consolidated, it stays as it was.
    package mutating func insert(_ message: ImportedMessage, createdAt fallback: Timestamp, revising: Bool = false)
        throws
    {
        if revising { revisions.append((message.content, message.origin, message.id)) }
        if messageValues.isEmpty { messageValues.reserveCapacity(Self.perStatement * Self.messageColumns) }
        messageValues += [
            message.content, message.session, message.source, (message.createdAt ?? fallback).iso8601, message.origin,
            message.id,
        ]
        if messageValues.count == Self.perStatement * Self.messageColumns { try flushMessages() }
    }

    /// Writes every row still buffered.
    package mutating func flush() throws {
        try flushMemories()
        try flushMessages()
    }

    private mutating func flushMemories() throws {
        guard !memoryValues.isEmpty else { return }
        let rows = memoryValues.count / Self.memoryColumns
        let row = "(" + Array(repeating: "?", count: Self.memoryColumns).joined(separator: ", ") + ")"
        let placeholders = Array(repeating: row, count: rows).joined(separator: ", ")
        // A full statement is cached; the one shorter statement at the end of a file is not. Only
        // a stored export id is a conflict (not a CHECK, as with OR IGNORE); a purged one is
        // not brought back.
        try connection.prepare(
            """
            INSERT INTO \(MemoryStore.shortTermInsertColumns) SELECT * FROM (VALUES \(placeholders)) AS v
            WHERE NOT EXISTS (
                SELECT 1 FROM purged_exports p WHERE p.export_origin = v.column9 AND p.export_id = v.column10)
            ON CONFLICT DO NOTHING
            """,
            cached: rows == Self.perStatement
        ).bind(memoryValues).run()
        let inserted = connection.changes
        memoriesInserted += inserted
        memoriesAlreadyPresent += rows - inserted
        memoryValues.removeAll(keepingCapacity: true)
    }

    private mutating func flushMessages() throws {
        guard !messageValues.isEmpty else { return }
        if !revisions.isEmpty {
            let placeholders = Array(repeating: "(?, ?, ?)", count: revisions.count).joined(separator: ", ")
            try connection.prepare(
                """
                UPDATE short_term_memories AS m SET content = v.column1
                FROM (VALUES \(placeholders)) AS v
                WHERE m.export_origin = v.column2 AND m.export_id = v.column3 AND m.status = 'pending'
                    AND m.content <> v.column1
                """,
                cached: revisions.count == Self.perStatement
            ).bind(revisions.flatMap { [$0.content, $0.origin, $0.id] as [(any SQLiteBindable)?] }).run()
            messagesRevised += connection.changes
            revisions.removeAll(keepingCapacity: true)
        }
        let rows = messageValues.count / Self.messageColumns
        let placeholders = Array(repeating: "(?, ?, ?, ?, ?, ?)", count: rows).joined(separator: ", ")
        // A message the user purged is not brought back. A message takes its session's project as
        // it stands (`setProject` runs before the messages of a read are inserted).
        try connection.prepare(
            """
            INSERT OR IGNORE INTO short_term_memories(content, session, source, created_at, export_origin, export_id, project)
            SELECT v.*, (SELECT p.project FROM session_projects p WHERE p.session = v.column2) FROM (VALUES \(placeholders)) AS v
            WHERE NOT EXISTS (SELECT 1 FROM purged_exports p WHERE p.export_origin = v.column5 AND p.export_id = v.column6)
            """,
            cached: rows == Self.perStatement
        ).bind(messageValues).run()
        let inserted = connection.changes
        messagesInserted += inserted
        messagesAlreadyPresent += rows - inserted
        messageValues.removeAll(keepingCapacity: true)
    }

    /// Forgets the pending messages `ids` of `origin`: the transcript took them back (a rewind).
    /// One already consolidated stays. How many were forgotten.
    @discardableResult
    package mutating func withdraw(_ ids: [String], origin: String) throws -> Int {
        guard !ids.isEmpty else { return 0 }
        try flushMessages()
        let withdraw = try connection.prepare(
            """
            UPDATE short_term_memories SET status = 'forgotten', status_changed_at = \(Schema.now)
            WHERE export_origin = ? AND export_id = ? AND status = 'pending'
            """)
        var count = 0
        for id in ids {
            try withdraw.bind([origin, id]).run()
            count += connection.changes
        }
        return count
    }

    /// Keeps a conversation's title (a chat export's), replacing an older one.
    package func setTitle(_ title: String, session: String, origin: String) throws {
        try setSession("title", of: "session_titles", to: title, session: session, origin: origin)
    }

    /// Keeps the directory a session ran in (a coding agent's transcript), replacing an older one.
    package func setProject(_ project: String, session: String, origin: String) throws {
        try setSession("project", of: "session_projects", to: project, session: session, origin: origin)
    }

    /// A session's row of `table`: its `column` set to `value`, rewritten only when it changed.
    private func setSession(_ column: String, of table: String, to value: String, session: String, origin: String)
        throws
    {
        try connection.prepare(
            """
            INSERT INTO \(table)(session, \(column), origin) VALUES (?, ?, ?)
            ON CONFLICT(session) DO UPDATE SET \(column) = excluded.\(column), origin = excluded.origin,
                updated_at = \(Schema.now) WHERE \(column) <> excluded.\(column)
            """
        ).bind([session, value, origin]).run()
    }

    /// Records how far a followed transcript has been read, in the transaction of the rows read
    /// from it, so that a kill at any moment neither loses nor doubles a message.
    package func savePosition(_ position: FollowedFile, storedNow: Int) throws {
        try connection.prepare(
            """
            INSERT INTO followed_files(path, tool, device, inode, read_to, messages, last_stored_at, error)
            VALUES (?1, ?2, ?3, ?4, ?5, ?6, CASE WHEN ?6 > 0 THEN \(Schema.now) END, ?7)
            ON CONFLICT(path) DO UPDATE SET tool = excluded.tool, device = excluded.device, inode = excluded.inode,
                read_to = excluded.read_to, messages = messages + excluded.messages,
                last_stored_at = coalesce(excluded.last_stored_at, last_stored_at), error = excluded.error,
                updated_at = \(Schema.now)
            """
        ).bind([
            position.path, position.tool, position.device, position.inode, position.readTo, Int64(storedNow),
            position.error,
        ]).run()
    }
}

/// Look-ups for an import that writes nothing (`--dry-run`).
package struct ImportLookup {
    private let stored: Statement

    init(connection: Connection) throws {
        stored = try connection.prepare(
            """
            SELECT EXISTS (SELECT 1 FROM short_term_memories WHERE export_origin = ?1 AND export_id = ?2)
                OR EXISTS (SELECT 1 FROM purged_exports WHERE export_origin = ?1 AND export_id = ?2)
            """)
    }

    /// Whether the message is stored, or was purged (an import would not add it).
    package func isStored(origin: String, id: String) throws -> Bool {
        try stored.bind([origin, id]).firstRow { $0.int64(0) == 1 } == true
    }
}

extension MemoryStore {
    /// Runs `body` in one immediate write transaction: everything it writes is kept, or, when it
    /// throws, nothing. What it buffered is flushed before the commit.
    package func importing<T>(_ body: (inout ImportWriter) throws -> T) throws -> T {
        try withConnection { connection in
            try connection.inTransaction(.immediate) {
                var writer = ImportWriter(connection: connection)
                let result = try body(&writer)
                try writer.flush()
                return result
            }
        }
    }

    /// Runs `body` in one read transaction, for an import that writes nothing.
    package func lookingUpImports<T>(_ body: (ImportLookup) throws -> T) throws -> T {
        try reading { connection in try body(try ImportLookup(connection: connection)) }
    }
}
