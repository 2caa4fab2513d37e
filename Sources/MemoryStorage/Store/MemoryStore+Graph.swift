import Foundation
import MemoryModel
import SQLiteKit

// MARK: - What the graph pass reads and writes

extension MemoryStore {
    /// Extracted short-term memories not yet in the graph, oldest first, with their mentions.
    package func ungraphedMemories(limit: Int) throws -> [GraphInput] {
        try withConnection { connection in
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
                (ShortTermMemoryID(row.int64(0)), row.text(1), row.text(2), Self.timestamp(row, 3))
            }
            return try memories.map { id, text, source, createdAt in
                GraphInput(
                    memory: id, text: text, source: source, createdAt: createdAt,
                    mentions: try mentions.bind([id.rawValue]).rows { row in
                        GraphInput.Mention(
                            entity: EntityID(row.int64(0)), kind: EntityKind(rawValue: row.text(1)) ?? .person,
                            start: row.int(2), end: row.int(3))
                    })
            }
        }
    }

    package func ungraphedCount() throws -> Int {
        try withConnection { connection in
            Int(
                try connection.scalarInt(
                    """
                    SELECT count(*) FROM short_term_memories INDEXED BY short_term_memories_ungraphed
                    WHERE graphed_at IS NULL AND extracted_at IS NOT NULL
                    """) ?? 0)
        }
    }

    /// Writes one batch of observations, in memory order, and the pass's progress in one
    /// transaction, and marks the memories done.
    package func commit(
        _ batch: [(input: GraphInput, observations: [GraphObservation])], halfLife: Duration, at now: Timestamp,
        progress: PassProgress, of pass: PassID
    ) throws {
        try withConnection { connection in
            try connection.inTransaction {
                let writer = GraphWriter(connection: connection, now: now, halfLife: halfLife)
                for (input, observations) in batch {
                    try connection.prepare(
                        "UPDATE short_term_memories SET graphed_at = ? WHERE id = ? AND graphed_at IS NULL"
                    ).bind([now.iso8601, input.memory.rawValue]).run()
                    guard connection.changes == 1 else { continue }
                    for observation in observations {
                        try writer.apply(observation, at: input.createdAt, evidence: input.memory)
                    }
                }
                try Self.record(progress, of: pass, connection)
            }
        }
    }
}

/// Applies observations to the relations table inside a batch's transaction.
///
/// - Weight is a sum over observations of 2^(−age / half-life), stored as of `last_seen`, so
///   that the order in which observations arrive does not change it.
/// - A single-valued predicate (`lives_in`, `works_at`) has one open edge per subject: a new
///   object closes the old edge at the time of the new observation (sets `valid_to`); an
///   observation older than the open edge is recorded as a closed, historical edge instead.
///   Nothing else is ever closed: other subjects and other predicates are not touched.
package struct GraphWriter {
    package let connection: Connection
    package let now: Timestamp
    package let halfLife: Duration

    package func apply(_ observation: GraphObservation, at time: Timestamp, evidence: ShortTermMemoryID) throws {
        let subject = try entity(observation.subject)
        let object = try entity(observation.object)
        let predicate = observation.predicate.rawValue
        if observation.ends {
            try connection.prepare(
                """
                UPDATE relations SET valid_to = ?1 WHERE subject_id = ?2 AND predicate = ?3 AND object_id = ?4
                AND valid_to IS NULL AND valid_from <= ?1
                """
            ).bind([time.iso8601, subject.rawValue, predicate, object.rawValue]).run()
            return
        }
        if observation.predicate.isSingleValued,
            let open = try connection.prepare(
                "SELECT id, object_id, valid_from FROM relations WHERE subject_id = ? AND predicate = ? AND valid_to IS NULL"
            ).bind([subject.rawValue, predicate]).firstRow({ ($0.int64(0), $0.int64(1), MemoryStore.timestamp($0, 2)) }),
            open.1 != object.rawValue
        {
            if open.2 <= time {
                try connection.prepare("UPDATE relations SET valid_to = ? WHERE id = ?")
                    .bind([time.iso8601, open.0]).run()
            } else {
                // Older than what holds now: a fact of the past, valid until the current one began.
                let id = try insertEdge(subject, predicate, object, at: time, validTo: open.2)
                try addEvidence(id, evidence, at: time)
                return
            }
        }
        let id: Int64
        if let edge = try connection.prepare(
            """
            SELECT id, weight, first_seen, last_seen, valid_from FROM relations
            WHERE subject_id = ? AND predicate = ? AND object_id = ? AND valid_to IS NULL
            """
        ).bind([subject.rawValue, predicate, object.rawValue]).firstRow({ row in
            (row.int64(0), row.double(1), MemoryStore.timestamp(row, 2), MemoryStore.timestamp(row, 3), MemoryStore.timestamp(row, 4))
        }) {
            id = edge.0
            let (weight, lastSeen) = Self.add(to: edge.1, at: edge.3, observationAt: time, halfLife: halfLife)
            try connection.prepare(
                "UPDATE relations SET weight = ?, first_seen = ?, last_seen = ?, valid_from = ? WHERE id = ?"
            ).bind([weight, min(edge.2, time).iso8601, lastSeen.iso8601, min(edge.4, time).iso8601, id]).run()
        } else {
            id = try insertEdge(subject, predicate, object, at: time, validTo: nil)
        }
        try addEvidence(id, evidence, at: time)
    }

    /// The weight after one more observation at `time`, and the time it is stated as of.
    package static func add(to weight: Double, at lastSeen: Timestamp, observationAt time: Timestamp, halfLife: Duration)
        -> (Double, Timestamp)
    {
        let apart = Double(abs(time.millisecondsSince1970 - lastSeen.millisecondsSince1970))
        let fade = Decay.factor(elapsedMilliseconds: apart, halfLife: halfLife)
        if time >= lastSeen { return (weight * fade + 1, time) }
        return (weight + fade, lastSeen)
    }

    private func insertEdge(_ subject: EntityID, _ predicate: String, _ object: EntityID, at time: Timestamp, validTo: Timestamp?)
        throws -> Int64
    {
        try connection.prepare(
            """
            INSERT INTO relations(subject_id, predicate, object_id, weight, first_seen, last_seen, valid_from, valid_to)
            VALUES (?1, ?2, ?3, 1.0, ?4, ?4, ?4, ?5)
            """
        ).bind([subject.rawValue, predicate, object.rawValue, time.iso8601, validTo?.iso8601]).run()
        return connection.lastInsertRowID
    }

    private func addEvidence(_ relation: Int64, _ memory: ShortTermMemoryID, at time: Timestamp) throws {
        try connection.prepare(
            "INSERT OR IGNORE INTO relation_evidence(relation_id, stm_id, observed_at) VALUES (?, ?, ?)"
        ).bind([relation, memory.rawValue, time.iso8601]).run()
    }

    /// The stored entity for a node; the speaker is an entity of kind `speaker` named after
    /// the memory's source, created on first use.
    private func entity(_ node: GraphNode) throws -> EntityID {
        switch node {
        case .entity(let id): return id
        case .speaker(let source):
            let key = source.lowercased()
            if let id = try connection.prepare("SELECT id FROM entities WHERE kind = 'speaker' AND canonical_key = ?")
                .bind([key]).firstRow({ EntityID($0.int64(0)) })
            {
                return id
            }
            try connection.prepare(
                "INSERT INTO entities(name, kind, canonical_key, created_at, updated_at) VALUES (?, 'speaker', ?, ?, ?)"
            ).bind([source, key, now.iso8601, now.iso8601]).run()
            let id = EntityID(connection.lastInsertRowID)
            try connection.prepare("INSERT OR IGNORE INTO entity_aliases(entity_id, alias, alias_key) VALUES (?, ?, ?)")
                .bind([id.rawValue, source, key]).run()
            return id
        }
    }

    package init(connection: Connection, now: Timestamp, halfLife: Duration) {
        self.connection = connection
        self.now = now
        self.halfLife = halfLife
    }
}
