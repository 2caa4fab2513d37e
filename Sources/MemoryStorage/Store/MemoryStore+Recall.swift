import Foundation
import MemoryModel
import SQLiteKit

/// The reads behind recall (`Recaller` ranks them).
extension MemoryStore {
    /// Turns of the recall index matching any of `words`, best BM25 first, forgotten ones left out.
    package func recallTurns(matching words: [String], weights: RecallWeights) throws -> [RecallTurn] {
        guard !words.isEmpty else { return [] }
        let match = words.map { "\"\($0)\"" }.joined(separator: " OR ")
        return try withConnection { connection in
            try connection.prepare(
                """
                SELECT s.id, bm25(memory_recall, ?, ?, ?, ?) AS rank, s.content, s.session, s.source, s.created_at,
                       s.importance, s.ltm_id
                FROM memory_recall r JOIN short_term_memories s ON s.id = r.rowid
                WHERE memory_recall MATCH ? AND s.status <> 'forgotten'
                ORDER BY rank LIMIT ?
                """
            ).bind([
                weights.textWeight, weights.speakerWeight, weights.contextWeight, weights.dateWeight, match,
                weights.candidates,
            ]).rows { row in
                RecallTurn(
                    id: row.int64(0), bm25: row.double(1), text: row.text(2), session: row.text(3),
                    speaker: row.text(4), createdAt: Self.timestamp(row, 5), importance: row.optionalDouble(6),
                    longTermID: row.optionalInt64(7))
            }
        }
    }

    /// Recalled memories as they were, but each long-term one with its session, source and
    /// source ids, from its sources.
    package func withProvenance(_ memories: [Recall.Memory]) throws -> [Recall.Memory] {
        try withConnection { connection in
            let sources = try connection.prepare(
                """
                SELECT s.id, s.session, s.source FROM long_term_sources p JOIN short_term_memories s ON s.id = p.stm_id
                WHERE p.ltm_id = ? ORDER BY s.created_at, s.id LIMIT ?
                """)
            let count = try connection.prepare("SELECT count(*) FROM long_term_sources WHERE ltm_id = ?")
            return try memories.map { memory in
                guard memory.kind == "ltm" else { return memory }
                var detailed = memory
                let listed = try sources.bind([memory.id, Recall.listedSources]).rows {
                    ($0.int64(0), $0.optionalText(1), $0.optionalText(2))
                }
                detailed.sources = listed.map(\.0)
                detailed.session = listed.first?.1
                detailed.source = listed.first?.2
                detailed.sourceCount = try count.bind([memory.id]).firstRow { Int($0.int64(0)) } ?? 0
                return detailed
            }
        }
    }

    /// Named entities (people, organisations, places, speakers) with one of these alias keys,
    /// and every speaker when `speakers` is set, by id.
    package func namedEntities(aliasKeys: [String], speakers: Bool) throws -> [Recall.NamedEntity] {
        try withConnection { connection in
            let lookup = try connection.prepare(
                """
                SELECT DISTINCT e.id, e.name, e.kind FROM entity_aliases a JOIN entities e ON e.id = a.entity_id
                WHERE a.alias_key = ? AND e.kind IN ('person', 'organization', 'place', 'speaker')
                """)
            func entity(_ row: Row) -> Recall.NamedEntity {
                Recall.NamedEntity(id: EntityID(row.int64(0)), name: row.text(1), kind: row.text(2))
            }
            var found: [Recall.NamedEntity] = []
            var seen: Set<EntityID> = []
            for key in aliasKeys.sorted() {
                for named in try lookup.bind([key]).rows(entity) where seen.insert(named.id).inserted {
                    found.append(named)
                }
            }
            if speakers {
                for named in try connection.prepare("SELECT id, name, kind FROM entities WHERE kind = 'speaker' ORDER BY id")
                    .rows(entity) where seen.insert(named.id).inserted
                {
                    found.append(named)
                }
            }
            return found.sorted { $0.id < $1.id }
        }
    }

    /// Open typed edges of these entities that some remembered memory supports (a fact learnt
    /// only from forgotten memories is not recalled): those touching `first` first, then
    /// strongest first.
    package func facts(about entities: [EntityID], first: [EntityID], limit: Int = 20) throws -> [Recall.Fact] {
        guard !entities.isEmpty else { return [] }
        return try withConnection { connection in
            let ids = entities.map { String($0.rawValue) }.joined(separator: ", ")
            let firstIDs = first.map { String($0.rawValue) }.joined(separator: ", ")
            return try connection.prepare(
                """
                SELECT s.name, r.predicate, o.name, r.valid_from
                FROM relations r JOIN entities s ON s.id = r.subject_id JOIN entities o ON o.id = r.object_id
                WHERE r.valid_to IS NULL AND r.predicate <> 'co_occurs'
                  AND (r.subject_id IN (\(ids)) OR r.object_id IN (\(ids)))
                  AND \(Self.rememberedSupport)
                ORDER BY (r.subject_id IN (\(firstIDs)) OR r.object_id IN (\(firstIDs))) DESC,
                    r.weight DESC, r.last_seen DESC, r.id LIMIT ?
                """, cached: false
            ).bind([limit]).rows { row in
                Recall.Fact(subject: row.text(0), predicate: row.text(1), object: row.text(2), since: Self.timestamp(row, 3))
            }
        }
    }
}
