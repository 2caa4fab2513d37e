import FoundationEssentials
import MemoryModel
import SQLiteKit

/// What the graph pass reads and writes: relations between entities, and their evidence.
package struct StoreGraph: StoreFeature {
    package let connection: Connection

    package init(_ connection: Connection) { self.connection = connection }
}

// MARK: - What the graph pass reads and writes

extension StoreGraph {
    /// Extracted short-term memories not yet in the graph, oldest first, with their mentions.
    package func ungraphedMemories(limit: Int) throws -> [GraphInput] {
        let mentions = try connection.prepare(
            """
            SELECT m.entity_id, e.kind, m.start_offset, m.end_offset
            FROM entity_mentions m JOIN entities e ON e.id = m.entity_id
            WHERE m.stm_id = ? ORDER BY m.start_offset
            """)
        let memories = try connection.prepare(
            """
            SELECT id, content, source, created_at FROM short_term_memories INDEXED BY short_term_memories_ungraphed
            WHERE graphed_at IS NULL AND extracted_at IS NOT NULL ORDER BY created_at, id LIMIT ?
            """
        ).bind([limit]).rows { row in
            (ShortTermMemoryID(row.int64(0)), row.text(1), row.text(2), StoreRows.timestamp(row, 3))
        }
        return try memories.map { id, text, source, createdAt in
            GraphInput(
                memory: id, text: text, source: source, createdAt: createdAt,
                mentions: try mentions.bind([id.rawValue]).rows { row in
                    GraphInput.Mention(
                        entity: EntityID(row.int64(0)), kind: EntityKind(rawValue: row.text(1)) ?? .person,
                        start: row.int(2), end: row.int(3))
                },
                times: try StoreExtraction.times(of: id, connection))
        }
    }

    package func ungraphedCount() throws -> Int {
        Int(
            try connection.scalarInt(
                """
                SELECT count(*) FROM short_term_memories INDEXED BY short_term_memories_ungraphed
                WHERE graphed_at IS NULL AND extracted_at IS NOT NULL
                """) ?? 0)
    }

    /// Writes one batch of observations, in memory order, and the pass's progress in one
    /// transaction, and marks the memories done. `apply` changes the edges for one observation
    /// through the store's edges (the rules are `GraphWriter`'s).
    package func commit(
        _ batch: [(input: GraphInput, observations: [GraphObservation])],
        apply: (GraphObservation, GraphInput, SQLiteRelationTable) throws -> Void, at now: Timestamp,
        progress: PassProgress, of pass: PassID
    ) throws {
        try connection.inTransaction {
            let table = SQLiteRelationTable(connection: connection, now: now)
            for (input, observations) in batch {
                try connection.prepare(
                    "UPDATE short_term_memories SET graphed_at = ? WHERE id = ? AND graphed_at IS NULL"
                ).bind([now.iso8601, input.memory.rawValue]).run()
                guard connection.changes == 1 else { continue }
                for observation in observations { try apply(observation, input, table) }
            }
            try StorePasses.record(progress, of: pass, connection)
        }
    }
}

/// The stored edges and speakers, read and changed with SQL inside a batch's transaction, for
/// `GraphWriter`'s rules.
package struct SQLiteRelationTable: RelationTable {
    let connection: Connection
    let now: Timestamp

    package func speaker(name: String, key: String) throws -> EntityID {
        if let id = try connection.prepare("SELECT id FROM entities WHERE kind = 'speaker' AND canonical_key = ?")
            .bind([key]).firstRow({ EntityID($0.int64(0)) })
        {
            return id
        }
        try connection.prepare(
            "INSERT INTO entities(name, kind, canonical_key, created_at, updated_at) VALUES (?, 'speaker', ?, ?, ?)"
        ).bind([name, key, now.iso8601, now.iso8601]).run()
        let id = EntityID(connection.lastInsertRowID)
        try connection.prepare("INSERT OR IGNORE INTO entity_aliases(entity_id, alias, alias_key) VALUES (?, ?, ?)")
            .bind([id.rawValue, name, key]).run()
        return id
    }

    private static let edgeColumns = "id, object_id, weight, first_seen, last_seen, valid_from FROM relations"

    private static func edge(_ row: Row) -> StoredEdge {
        StoredEdge(
            id: row.int64(0), object: EntityID(row.int64(1)), weight: row.double(2),
            firstSeen: StoreRows.timestamp(row, 3), lastSeen: StoreRows.timestamp(row, 4),
            validFrom: StoreRows.timestamp(row, 5))
    }

    package func openEdge(_ subject: EntityID, _ predicate: String) throws -> StoredEdge? {
        try connection.prepare("SELECT \(Self.edgeColumns) WHERE subject_id = ? AND predicate = ? AND valid_to IS NULL")
            .bind([subject.rawValue, predicate]).firstRow(Self.edge)
    }

    package func openEdge(_ subject: EntityID, _ predicate: String, _ object: EntityID) throws -> StoredEdge? {
        try connection.prepare(
            "SELECT \(Self.edgeColumns) WHERE subject_id = ? AND predicate = ? AND object_id = ? AND valid_to IS NULL"
        ).bind([subject.rawValue, predicate, object.rawValue]).firstRow(Self.edge)
    }

    package func closeOpenEdges(
        _ subject: EntityID, _ predicate: String, _ object: EntityID, at time: Timestamp, saidAt: Timestamp
    ) throws {
        try connection.prepare(
            """
            UPDATE relations SET valid_to = max(?1, valid_from) WHERE subject_id = ?2 AND predicate = ?3
            AND object_id = ?4 AND valid_to IS NULL AND valid_from <= ?5
            """
        ).bind([time.iso8601, subject.rawValue, predicate, object.rawValue, saidAt.iso8601]).run()
    }

    package func close(edge: Int64, at time: Timestamp) throws {
        try connection.prepare("UPDATE relations SET valid_to = ? WHERE id = ?").bind([time.iso8601, edge]).run()
    }

    package func insertEdge(
        _ subject: EntityID, _ predicate: String, _ object: EntityID, at time: Timestamp, validFrom: Timestamp,
        validTo: Timestamp?
    ) throws -> Int64 {
        try connection.prepare(
            """
            INSERT INTO relations(subject_id, predicate, object_id, weight, first_seen, last_seen, valid_from, valid_to)
            VALUES (?1, ?2, ?3, 1.0, ?4, ?4, ?5, ?6)
            """
        ).bind([subject.rawValue, predicate, object.rawValue, time.iso8601, validFrom.iso8601, validTo?.iso8601]).run()
        return connection.lastInsertRowID
    }

    package func updateEdge(_ id: Int64, weight: Double, firstSeen: Timestamp, lastSeen: Timestamp, validFrom: Timestamp)
        throws
    {
        try connection.prepare("UPDATE relations SET weight = ?, first_seen = ?, last_seen = ?, valid_from = ? WHERE id = ?")
            .bind([weight, firstSeen.iso8601, lastSeen.iso8601, validFrom.iso8601, id]).run()
    }

    package func addEvidence(_ edge: Int64, memory: ShortTermMemoryID, at time: Timestamp) throws {
        try connection.prepare("INSERT OR IGNORE INTO relation_evidence(relation_id, stm_id, observed_at) VALUES (?, ?, ?)")
            .bind([edge, memory.rawValue, time.iso8601]).run()
    }
}
