import MemoryModel
import SQLiteKit

/// The long-term memories as consolidation's planner reads them, inside the transaction of
/// `StoreConsolidation.consolidate`: every answer is the database's own at that moment.
package struct SQLiteLongTermIndex: LongTermIndex {
    let connection: Connection
    /// Whether any long-term memory belongs to a project. Without one (a store of chat history,
    /// or of memories added by hand), every memory under a key is of no project, and a memory of
    /// a project finds none: neither needs each key's memories looked up for their project, which
    /// made a pass over 258,112 Chit-Chat messages 6.7 % slower.
    let anyProject: Bool

    package init(connection: Connection) throws {
        self.connection = connection
        try StoreConsolidation.createHeldBandKeys(connection)
        anyProject =
            try connection.scalarInt(
                "SELECT EXISTS (SELECT 1 FROM long_term_memories WHERE project IS NOT NULL)") == 1
    }

    /// Newest first, read only as far as needed, from the written keys and those the pass holds
    /// (`StoreConsolidation+HeldBandKeys`), merged in order. Where projects are stored, each key's
    /// memories are looked up for their project (`IS`: NULL matches NULL).
    package func newest(under key: Int64, project: String?, limit: Int, excluding excluded: Set<LongTermMemoryID>)
        throws -> [LongTermMemoryID]
    {
        if !anyProject, project != nil { return [] }
        let statement =
            anyProject
            ? try connection.prepare(
                """
                SELECT s.ltm_id FROM long_term_signatures s CROSS JOIN long_term_memories l ON l.id = s.ltm_id
                WHERE s.band_key = ?1 AND l.project IS ?2
                UNION ALL
                SELECT h.ltm_id FROM temp.held_band_keys h CROSS JOIN long_term_memories l ON l.id = h.ltm_id
                WHERE h.band_key = ?1 AND l.project IS ?2
                ORDER BY 1 DESC
                """
            ).bind([key, project])
            : try connection.prepare(
                """
                SELECT ltm_id FROM long_term_signatures WHERE band_key = ?1
                UNION ALL SELECT ltm_id FROM temp.held_band_keys WHERE band_key = ?1
                ORDER BY 1 DESC
                """
            ).bind([key])
        return try statement.rows(upTo: limit) { row in
            let id = LongTermMemoryID(row.int64(0))
            return excluded.contains(id) ? nil : id
        }
    }

    package func open(session: String, from: Timestamp, to: Timestamp) throws -> [LongTermMemoryID: Merging] {
        let ids = try connection.prepare(
            """
            SELECT DISTINCT ls.ltm_id FROM short_term_memories s
            JOIN long_term_sources ls ON ls.stm_id = s.id AND ls.role <> 'reinforced'
            JOIN long_term_memories l ON l.id = ls.ltm_id AND l.forgotten_at IS NULL
            WHERE s.session = ? AND s.created_at BETWEEN ? AND ? AND s.status = 'consolidated'
            """
        ).bind([session, from.iso8601, to.iso8601]).rows { LongTermMemoryID($0.int64(0)) }
        var open: [LongTermMemoryID: Merging] = [:]
        for id in ids { open[id] = try merging(of: id) }
        return open
    }

    package func memory(_ id: LongTermMemoryID) throws -> LongTermMemory? {
        try connection.prepare(
            """
            SELECT summary, strength, importance, created_at, updated_at, last_reinforced_at, project
            FROM long_term_memories WHERE id = ? AND forgotten_at IS NULL
            """
        ).bind([id.rawValue]).firstRow { row in
            LongTermMemory(
                id: id, summary: row.text(0), strength: row.double(1), importance: row.double(2),
                createdAt: StoreRows.timestamp(row, 3), updatedAt: StoreRows.timestamp(row, 4),
                lastReinforcedAt: StoreRows.timestamp(row, 5), sourceCount: 0, project: row.optionalText(6))
        }
    }

    /// The session and latest time of the memories a long-term memory was created or merged
    /// from (one session: merges never cross one).
    private func merging(of id: LongTermMemoryID) throws -> Merging? {
        // CROSS JOIN keeps the sources as the outer loop. Left to itself, the planner (no
        // statistics) walked every consolidated memory on `short_term_memories_by_status` and
        // looked each up among the sources: 24 ms a memory at 258k, growing with the store.
        try connection.prepare(
            """
            SELECT s.session, max(s.created_at) FROM long_term_sources ls CROSS JOIN short_term_memories s
                ON s.id = ls.stm_id
            WHERE ls.ltm_id = ? AND ls.role <> 'reinforced' AND s.status = 'consolidated'
            """
        ).bind([id.rawValue]).firstRow { row in
            StoreRows.optionalTimestamp(row, 1).map { Merging(session: row.text(0), lastMergedAt: $0) }
        } ?? nil
    }
}
