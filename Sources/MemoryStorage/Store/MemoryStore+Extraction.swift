import MemoryModel
import SQLiteKit

// MARK: - What the extraction pass reads and writes

/// A memory to extract entities from.
package struct ExtractionInput: Sendable {
    package let memory: MemoryReference
    package let text: String

    package init(memory: MemoryReference, text: String) {
        self.memory = memory
        self.text = text
    }
}

/// The entities found in one memory.
package struct ExtractionResult: Sendable {
    package let input: ExtractionInput
    package let entities: [ExtractedEntity]

    package init(input: ExtractionInput, entities: [ExtractedEntity]) {
        self.input = input
        self.entities = entities
    }
}

extension MemoryStore {
    /// Short-term memories not yet extracted, then long-term memories not yet (or no longer)
    /// extracted, by id: both from partial indexes.
    package func unextractedMemories(limit: Int) throws -> [ExtractionInput] {
        try withConnection { connection in
            var batch = try connection.prepare(
                """
                SELECT id, content FROM short_term_memories INDEXED BY short_term_memories_unextracted
                WHERE extracted_at IS NULL ORDER BY id LIMIT ?
                """
            ).bind([limit]).rows { ExtractionInput(memory: .shortTerm(ShortTermMemoryID($0.int64(0))), text: $0.text(1)) }
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
    }

    /// Memories the extraction pass has still to do, counted on the partial indexes.
    package func unextractedCount() throws -> Int {
        try withConnection { connection in
            let shortTerm = try connection.scalarInt(
                "SELECT count(*) FROM short_term_memories INDEXED BY short_term_memories_unextracted WHERE extracted_at IS NULL")
            let longTerm = try connection.scalarInt(
                "SELECT count(*) FROM long_term_memories INDEXED BY long_term_memories_unextracted WHERE extracted_at IS NULL")
            return Int((shortTerm ?? 0) + (longTerm ?? 0))
        }
    }

    /// Writes one batch of extraction results and the pass's progress in one transaction:
    /// resolves each entity to a stored one (or creates it), records mentions and aliases, and
    /// marks the memories done. A long-term memory whose summary changed since it was read is
    /// left for the next batch to read again.
    package func commit(_ results: [ExtractionResult], at now: Timestamp, progress: PassProgress, of pass: PassID) throws {
        try withConnection { connection in
            try connection.inTransaction {
                let resolver = EntityResolver(connection: connection, now: now)
                for result in results {
                    switch result.input.memory {
                    case .shortTerm(let id):
                        try connection.prepare(
                            "UPDATE short_term_memories SET extracted_at = ? WHERE id = ? AND extracted_at IS NULL"
                        ).bind([now.iso8601, id.rawValue]).run()
                        guard connection.changes == 1 else { continue }
                    case .longTerm(let id):
                        try connection.prepare(
                            "UPDATE long_term_memories SET extracted_at = ? WHERE id = ? AND summary = ?"
                        ).bind([now.iso8601, id.rawValue, result.input.text]).run()
                        guard connection.changes == 1 else { continue }
                        try connection.prepare("DELETE FROM entity_mentions WHERE ltm_id = ?").bind([id.rawValue]).run()
                    }
                    for entity in result.entities {
                        let entityID = try resolver.resolve(entity)
                        let (stm, ltm) = result.input.memory.columns
                        try connection.prepare(
                            """
                            INSERT OR IGNORE INTO entity_mentions(entity_id, stm_id, ltm_id, start_offset, end_offset, text)
                            VALUES (?, ?, ?, ?, ?, ?)
                            """
                        ).bind([entityID.rawValue, stm, ltm, entity.start, entity.end, entity.text]).run()
                    }
                }
                try Self.record(progress, of: pass, connection)

            }
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

/// Turns a found entity into a stored one, within the transaction of a batch: one entity per
/// real thing across spellings and memories (docs/EXTRACTION.md, "Resolution").
package struct EntityResolver {
    package let connection: Connection
    package let now: Timestamp
    package func resolve(_ found: ExtractedEntity) throws -> EntityID {
        var kind = found.kind.rawValue
        // A guessed kind gives way to a stored entity of another named kind with this name:
        // "Eimsbüttel" seen after "in" is a place, so a bare "Eimsbüttel" elsewhere is too.
        if found.guessed, try entity(kind: kind, key: found.key) == nil,
            let other = try connection.prepare(
                """
                SELECT kind FROM entities WHERE canonical_key = ? AND kind IN ('organization', 'place')
                ORDER BY kind LIMIT 1
                """
            ).bind([found.key]).firstRow({ $0.text(0) })
        {
            kind = other
        }
        let id: EntityID
        if let existing = try entity(kind: kind, key: found.key) {
            id = existing
        } else if let aliased = try connection.prepare(
            """
            SELECT e.id FROM entity_aliases a JOIN entities e ON e.id = a.entity_id
            WHERE a.alias_key = ? AND e.kind = ? ORDER BY e.updated_at DESC, e.id LIMIT 1
            """
        ).bind([found.key, kind]).firstRow({ EntityID($0.int64(0)) }) {
            id = aliased
        } else if kind == EntityKind.person.rawValue, let person = try resolvePerson(found) {
            id = person
        } else {
            try connection.prepare(
                "INSERT INTO entities(name, kind, canonical_key, created_at, updated_at) VALUES (?, ?, ?, ?, ?)"
            ).bind([found.text, kind, found.key, now.iso8601, now.iso8601]).run()
            id = EntityID(connection.lastInsertRowID)
        }
        try connection.prepare("INSERT OR IGNORE INTO entity_aliases(entity_id, alias, alias_key) VALUES (?, ?, ?)")
            .bind([id.rawValue, found.text, found.key]).run()
        // The name shows the best spelling seen: capitalised beats all lower case or all capitals.
        try connection.prepare(
            """
            UPDATE entities SET updated_at = ?1,
                name = CASE WHEN (name = lower(name) OR name = upper(name)) AND ?2 <> lower(?2) AND ?2 <> upper(?2)
                            AND lower(name) = lower(?2) THEN ?2 ELSE name END
            WHERE id = ?3
            """
        ).bind([now.iso8601, found.text, id.rawValue]).run()
        return id
    }

    private func entity(kind: String, key: String) throws -> EntityID? {
        try connection.prepare("SELECT id FROM entities WHERE kind = ? AND canonical_key = ?")
            .bind([kind, key]).firstRow { EntityID($0.int64(0)) }
    }

    /// "Leah" is "Leah Weber" when she is the only person called Leah with a surname; "Leah
    /// Weber" turns the entity "Leah" into "Leah Weber" when that is the only Leah.
    private func resolvePerson(_ found: ExtractedEntity) throws -> EntityID? {
        let words = found.key.split(separator: " ")
        let withSurname = try connection.prepare(
            "SELECT id FROM entities WHERE kind = 'person' AND canonical_key >= ? AND canonical_key < ? LIMIT 2"
        )
        if words.count == 1 {
            let matches = try withSurname.bind([found.key + " ", found.key + "!"]).rows { EntityID($0.int64(0)) }
            return matches.count == 1 ? matches[0] : nil
        }
        let first = String(words[0])
        guard let bare = try entity(kind: "person", key: first),
            try withSurname.bind([first + " ", first + "!"]).rows({ $0.int64(0) }).isEmpty
        else { return nil }
        try connection.prepare("UPDATE entities SET name = ?, canonical_key = ? WHERE id = ?")
            .bind([found.text, found.key, bare.rawValue]).run()
        return bare
    }

    package init(connection: Connection, now: Timestamp) {
        self.connection = connection
        self.now = now
    }
}
