import MemoryModel
import SQLiteKit

/// What the extraction pass reads and writes: entities, their mentions, and resolved times.
package struct StoreExtraction: StoreFeature {
    package let connection: Connection

    package init(_ connection: Connection) { self.connection = connection }
}

// MARK: - What the extraction pass reads and writes

/// A memory to extract entities from, and for a short-term memory when it was said (what its
/// relative times are resolved against).
package struct ExtractionInput: Sendable {
    package let memory: MemoryReference
    package let text: String
    package let createdAt: Timestamp?

    package init(memory: MemoryReference, text: String, createdAt: Timestamp? = nil) {
        self.memory = memory
        self.text = text
        self.createdAt = createdAt
    }
}

/// The entities found in one memory, and a short-term memory's resolved relative times.
package struct ExtractionResult: Sendable {
    package let input: ExtractionInput
    package let entities: [ExtractedEntity]
    package let times: [ResolvedTime]

    package init(input: ExtractionInput, entities: [ExtractedEntity], times: [ResolvedTime] = []) {
        self.input = input
        self.entities = entities
        self.times = times
    }
}

extension StoreExtraction {
    /// Short-term memories not yet extracted, then long-term memories not yet (or no longer)
    /// extracted, by id: both from partial indexes.
    package func unextractedMemories(limit: Int) throws -> [ExtractionInput] {
        var batch = try connection.prepare(
            """
            SELECT id, content, created_at FROM short_term_memories INDEXED BY short_term_memories_unextracted
            WHERE extracted_at IS NULL ORDER BY id LIMIT ?
            """
        ).bind([limit]).rows(Self.shortTermInput)
        if batch.count < limit {
            batch += try connection.prepare(
                """
                SELECT id, summary FROM long_term_memories INDEXED BY long_term_memories_unextracted
                WHERE extracted_at IS NULL ORDER BY id LIMIT ?
                """
            ).bind([limit - batch.count]).rows {
                ExtractionInput(memory: .longTerm(LongTermMemoryID($0.int64(0))), text: $0.text(1))
            }
        }
        return batch
    }

    /// A short-term memory to extract from a row of `id, content, created_at`.
    private static func shortTermInput(_ row: Row) -> ExtractionInput {
        ExtractionInput(memory: .shortTerm(ShortTermMemoryID(row.int64(0))), text: row.text(1), createdAt: StoreRows.timestamp(row, 2))
    }

    /// Short-term memories extracted before their relative times were resolved (in a database
    /// from before schema version 7), by id.
    package func unresolvedMemories(limit: Int) throws -> [ExtractionInput] {
        try connection.prepare(
            """
            SELECT id, content, created_at FROM short_term_memories INDEXED BY short_term_memories_unresolved
            WHERE times_resolved_at IS NULL AND extracted_at IS NOT NULL ORDER BY id LIMIT ?
            """
        ).bind([limit]).rows(Self.shortTermInput)
    }

    /// Writes the relative times of memories `unresolvedMemories` returned, and the pass's
    /// progress, in one transaction.
    package func commitTimes(_ results: [ExtractionResult], at now: Timestamp, progress: PassProgress, of pass: PassID)
        throws
    {
        try connection.inTransaction {
            for result in results {
                guard case .shortTerm(let id) = result.input.memory else { continue }
                try Self.write(result.times, of: id, at: now, connection)
            }
            try StorePasses.record(progress, of: pass, connection)
        }
    }

    /// Marks a short-term memory's times resolved and records them, unless they were already.
    private static func write(_ times: [ResolvedTime], of id: ShortTermMemoryID, at now: Timestamp, _ connection: Connection)
        throws
    {
        try connection.prepare(
            "UPDATE short_term_memories SET times_resolved_at = ? WHERE id = ? AND times_resolved_at IS NULL"
        ).bind([now.iso8601, id.rawValue]).run()
        guard connection.changes == 1 else { return }
        let insert = try connection.prepare(
            """
            INSERT OR IGNORE INTO short_term_times(stm_id, start_offset, end_offset, phrase, first_day, last_day, granularity, since)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?)
            """)
        for time in times {
            try insert.bind([
                id.rawValue, time.start, time.end, time.phrase, time.firstDay.description, time.lastDay.description,
                time.granularity.rawValue, time.isStart ? 1 : 0,
            ]).run()
        }
    }

    /// The relative times of a short-term memory, in text order.
    static func times(of id: ShortTermMemoryID, _ connection: Connection) throws -> [ResolvedTime] {
        try connection.prepare(
            """
            SELECT phrase, start_offset, end_offset, first_day, last_day, granularity, since
            FROM short_term_times WHERE stm_id = ? ORDER BY start_offset
            """
        ).bind([id.rawValue]).rows { row in
            ResolvedTime(
                phrase: row.text(0), start: Int(row.int64(1)), end: Int(row.int64(2)),
                firstDay: CalendarDay(iso: row.text(3)) ?? CalendarDay(daysSince1970: 0),
                lastDay: CalendarDay(iso: row.text(4)) ?? CalendarDay(daysSince1970: 0),
                granularity: ResolvedTime.Granularity(rawValue: row.text(5)) ?? .day, isStart: row.int64(6) == 1)
        }
    }

    /// Memories the extraction pass has still to do, counted on the partial indexes: to extract,
    /// and extracted but with their times still to resolve.
    package func unextractedCount() throws -> Int {
        let shortTerm = try connection.scalarInt(
            "SELECT count(*) FROM short_term_memories INDEXED BY short_term_memories_unextracted WHERE extracted_at IS NULL")
        let longTerm = try connection.scalarInt(
            "SELECT count(*) FROM long_term_memories INDEXED BY long_term_memories_unextracted WHERE extracted_at IS NULL")
        let unresolved = try connection.scalarInt(
            """
            SELECT count(*) FROM short_term_memories INDEXED BY short_term_memories_unresolved
            WHERE times_resolved_at IS NULL AND extracted_at IS NOT NULL
            """)
        return Int((shortTerm ?? 0) + (longTerm ?? 0) + (unresolved ?? 0))
    }

    /// Writes one batch of extraction results and the pass's progress in one transaction:
    /// `resolve` turns each entity into a stored one through the store's entities (the rules are
    /// `EntityResolver`'s), mentions are recorded, and the memories marked done. A long-term
    /// memory whose summary changed since it was read is left for the next batch to read again.
    package func commit(
        _ results: [ExtractionResult], resolve: (ExtractedEntity, SQLiteEntityDirectory) throws -> EntityID,
        at now: Timestamp, progress: PassProgress, of pass: PassID
    ) throws {
        try connection.inTransaction {
            let directory = SQLiteEntityDirectory(connection: connection, now: now)
            for result in results {
                switch result.input.memory {
                case .shortTerm(let id):
                    try connection.prepare(
                        "UPDATE short_term_memories SET extracted_at = ? WHERE id = ? AND extracted_at IS NULL"
                    ).bind([now.iso8601, id.rawValue]).run()
                    guard connection.changes == 1 else { continue }
                    try Self.write(result.times, of: id, at: now, connection)
                case .longTerm(let id):
                    try connection.prepare(
                        "UPDATE long_term_memories SET extracted_at = ? WHERE id = ? AND summary = ?"
                    ).bind([now.iso8601, id.rawValue, result.input.text]).run()
                    guard connection.changes == 1 else { continue }
                    try connection.prepare("DELETE FROM entity_mentions WHERE ltm_id = ?").bind([id.rawValue]).run()
                }
                for entity in result.entities {
                    let entityID = try resolve(entity, directory)
                    let (stm, ltm) = result.input.memory.columns
                    try connection.prepare(
                        """
                        INSERT OR IGNORE INTO entity_mentions(entity_id, stm_id, ltm_id, start_offset, end_offset, text)
                        VALUES (?, ?, ?, ?, ?, ?)
                        """
                    ).bind([entityID.rawValue, stm, ltm, entity.start, entity.end, entity.text]).run()
                }
            }
            try StorePasses.record(progress, of: pass, connection)
        }
    }
}

extension MemoryReference {
    /// The `stm_id` and `ltm_id` column values for this memory: exactly one is set.
    package var columns: (stm: Int64?, ltm: Int64?) {
        switch self {
        case .shortTerm(let id): (id.rawValue, nil)
        case .longTerm(let id): (nil, id.rawValue)
        }
    }
}

/// The stored entities, read and changed with SQL inside a batch's transaction, for
/// `EntityResolver`'s rules.
package struct SQLiteEntityDirectory: EntityDirectory {
    let connection: Connection
    let now: Timestamp

    private static func named(_ row: Row) -> EntityName {
        EntityName(id: EntityID(row.int64(0)), name: row.text(1), kind: row.text(2))
    }

    package func entity(kind: String, key: String) throws -> EntityName? {
        try connection.prepare("SELECT id, name, kind FROM entities WHERE kind = ? AND canonical_key = ?")
            .bind([kind, key]).firstRow(Self.named)
    }

    package func kind(ofKey key: String, among kinds: [String]) throws -> String? {
        let placeholders = Array(repeating: "?", count: kinds.count).joined(separator: ", ")
        return try connection.prepare(
            "SELECT kind FROM entities WHERE canonical_key = ? AND kind IN (\(placeholders)) ORDER BY kind LIMIT 1"
        ).bind([key] + kinds).firstRow { $0.text(0) }
    }

    package func entity(aliasKey key: String, kind: String) throws -> EntityName? {
        try connection.prepare(
            """
            SELECT e.id, e.name, e.kind FROM entity_aliases a JOIN entities e ON e.id = a.entity_id
            WHERE a.alias_key = ? AND e.kind = ? ORDER BY e.updated_at DESC, e.id LIMIT 1
            """
        ).bind([key, kind]).firstRow(Self.named)
    }

    package func people(withFirstName firstName: String, limit: Int) throws -> [EntityName] {
        // Keys of one word and a space, then more: from "leah " up to (not including) "leah!".
        try connection.prepare(
            "SELECT id, name, kind FROM entities WHERE kind = 'person' AND canonical_key >= ? AND canonical_key < ? LIMIT ?"
        ).bind([firstName + " ", firstName + "!", limit]).rows(Self.named)
    }

    package func create(name: String, kind: String, key: String) throws -> EntityName {
        try connection.prepare(
            "INSERT INTO entities(name, kind, canonical_key, created_at, updated_at) VALUES (?, ?, ?, ?, ?)"
        ).bind([name, kind, key, now.iso8601, now.iso8601]).run()
        return EntityName(id: EntityID(connection.lastInsertRowID), name: name, kind: kind)
    }

    package func rename(_ id: EntityID, name: String, key: String) throws {
        try connection.prepare("UPDATE entities SET name = ?, canonical_key = ? WHERE id = ?")
            .bind([name, key, id.rawValue]).run()
    }

    package func addAlias(_ alias: String, key: String, to id: EntityID) throws {
        try connection.prepare("INSERT OR IGNORE INTO entity_aliases(entity_id, alias, alias_key) VALUES (?, ?, ?)")
            .bind([id.rawValue, alias, key]).run()
    }

    package func touch(_ id: EntityID, name: String) throws {
        try connection.prepare("UPDATE entities SET updated_at = ?, name = ? WHERE id = ?")
            .bind([now.iso8601, name, id.rawValue]).run()
    }
}
