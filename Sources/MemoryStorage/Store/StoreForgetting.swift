import FoundationEssentials
import MemoryModel
import SQLiteKit

/// Forgetting and purging: on request (`memctl forget`), and by the forgetting pass.
package struct StoreForgetting: StoreFeature {
    package let connection: Connection

    package init(_ connection: Connection) { self.connection = connection }
}

/// Forgetting on request (`memctl forget`) and purging, on request or after retention. Each
/// call is one transaction: a purge never leaves half of what was derived from a memory.
extension StoreForgetting {
    /// Forgets a memory on request.
    ///
    /// - A short-term memory becomes `forgotten`. If it was consolidated, it leaves its long-term
    ///   memory (which keeps the provenance row, for `why`): that summary is made again from the
    ///   sources still remembered, or the long-term memory is forgotten when none is left.
    /// - A long-term memory is forgotten with all its sources; its band keys go, so nothing new
    ///   reinforces it.
    /// - With `purge`, the short-term memories (for a long-term memory: all its sources) are
    ///   deleted with everything derived from them (`purgeShortTerm`).
    package func forget(_ reference: MemoryReference, purge: Bool, at now: Timestamp, rules: ForgettingRules) throws
        -> ForgetReport
    {
        try connection.inTransaction {
            var report = ForgetReport(reference: reference.description, purged: purge)
            let targets = try Self.shortTermTargets(of: reference, connection)
            if purge {
                try Self.purgeShortTerm(targets.map(\.id), at: now, rules: rules, into: &report, connection)
                return report
            }
            var left: Set<LongTermMemoryID> = []
            for memory in targets {
                guard memory.status != .forgotten else {
                    report.alreadyForgotten.append(memory.id)
                    continue
                }
                try connection.prepare(
                    "UPDATE short_term_memories SET status = 'forgotten', ltm_id = NULL, status_changed_at = ? WHERE id = ?"
                ).bind([now.iso8601, memory.id.rawValue]).run()
                try Self.dropAsContext(memory, connection)
                report.shortTerm.append(memory.id)
                if let ltm = memory.ltmID { left.insert(ltm) }
            }
            if case .longTerm(let id) = reference {
                if try Self.forgetLongTerm(id, at: now, connection) { report.longTermForgotten.append(id) }
                left.remove(id)
            }
            for ltm in left.sorted() {
                try Self.remake(ltm, at: now, rules: rules, into: &report, connection)
            }
            return report
        }
    }

    /// A memory forgotten on request stops being the context of the turn after it
    /// (`memory_recall.context` holds the other person's turn before a reply), so that its words
    /// no longer find that reply. Forgetting by age keeps it: an old question's words are still
    /// what finds the answer to it.
    private static func dropAsContext(_ memory: ShortTermMemory, _ connection: Connection) throws {
        try connection.prepare(
            """
            UPDATE memory_recall SET context = '' WHERE rowid = (
                SELECT n.id FROM short_term_memories n WHERE n.session = ? AND (n.created_at, n.id) > (?, ?)
                ORDER BY n.created_at, n.id LIMIT 1) AND context = ?
            """
        ).bind([memory.session, memory.createdAt.iso8601, memory.id.rawValue, memory.content]).run()
    }

    /// The short-term memories a reference stands for, oldest first: the memory itself, or every
    /// source of a long-term memory. A reference to nothing says whether it was purged.
    private static func shortTermTargets(of reference: MemoryReference, _ connection: Connection) throws
        -> [ShortTermMemory]
    {
        switch reference {
        case .shortTerm(let id):
            guard
                let memory = try connection.prepare("SELECT \(StoreRows.shortTermColumns) WHERE id = ?").bind([id.rawValue])
                    .firstRow(StoreRows.shortTermMemory)
            else { throw try missing(.shortTerm(id), table: "short_term_memories", id: id.rawValue, connection) }
            return [memory]
        case .longTerm(let id):
            guard try connection.scalarInt("SELECT count(*) FROM long_term_memories WHERE id = ?", id.rawValue) == 1
            else { throw try missing(.longTerm(id), table: "long_term_memories", id: id.rawValue, connection) }
            return try sources(of: id, connection)
        }
    }

    /// Ids are handed out in order and only purging deletes rows, so a missing id below the
    /// newest one was purged. Past the newest it may never have been given, or it was the newest
    /// and was purged (SQLite hands such an id out again: docs/SCHEMA.md).
    private static func missing(_ reference: RecordReference, table: String, id: Int64, _ connection: Connection)
        throws -> StoreError
    {
        let newest = try connection.scalarInt("SELECT max(id) FROM \(table)") ?? 0
        return id < newest ? .purged(reference) : .noSuchMemory(reference)
    }

    private static func sources(of ltm: LongTermMemoryID, _ connection: Connection) throws -> [ShortTermMemory] {
        try connection.prepare(
            """
            SELECT \(StoreRows.shortTermColumns.replacing(" FROM short_term_memories", with: ""))
            FROM short_term_memories WHERE id IN (SELECT stm_id FROM long_term_sources WHERE ltm_id = ?)
            ORDER BY created_at, id
            """
        ).bind([ltm.rawValue]).rows(StoreRows.shortTermMemory)
    }

    /// Marks a long-term memory forgotten and drops its band keys; false if it was already.
    private static func forgetLongTerm(_ id: LongTermMemoryID, at now: Timestamp, _ connection: Connection) throws -> Bool {
        try connection.prepare("UPDATE long_term_memories SET forgotten_at = ? WHERE id = ? AND forgotten_at IS NULL")
            .bind([now.iso8601, id.rawValue]).run()
        guard connection.changes == 1 else { return false }
        try connection.prepare("DELETE FROM long_term_signatures WHERE ltm_id = ?").bind([id.rawValue]).run()
        // Keys a pass holds for it are dropped, not written (docs/CONSOLIDATION.md).
        try connection.prepare("DELETE FROM long_term_signatures_stale WHERE ltm_id = ?").bind([id.rawValue]).run()
        return true
    }

    // MARK: - Purging

    /// Deletes short-term memories and everything derived from them: their full-text rows (and
    /// their text as the context of the turn after them), mentions and evidence, their sentences
    /// in long-term summaries (made again from the sources left, or the long-term memory deleted
    /// with none left), edges left with no evidence and entities left with no mention and no
    /// edge. Shared by `forget --purge` and the consolidation pass's purge after retention.
    static func purgeShortTerm(
        _ ids: [ShortTermMemoryID], at now: Timestamp, rules: ForgettingRules, into report: inout ForgetReport,
        _ connection: Connection
    ) throws {
        guard !ids.isEmpty else { return }
        let purged = Set(ids)
        var longTerm: Set<LongTermMemoryID> = []
        var entities: Set<EntityID> = []
        var relations: Set<Int64> = []
        var followers: Set<ShortTermMemoryID> = []
        let ltmOf = try connection.prepare("SELECT ltm_id FROM long_term_sources WHERE stm_id = ?")
        let mentioned = try connection.prepare("SELECT entity_id FROM entity_mentions WHERE stm_id = ?")
        let evidenced = try connection.prepare("SELECT relation_id FROM relation_evidence WHERE stm_id = ?")
        // The turn after it in its session may hold its text as context (`memory_recall.context`).
        let follower = try connection.prepare(
            """
            SELECT n.id FROM short_term_memories s JOIN short_term_memories n
              ON n.session = s.session AND (n.created_at, n.id) > (s.created_at, s.id)
            WHERE s.id = ? ORDER BY n.created_at, n.id LIMIT 1
            """)
        let unlink = try connection.prepare("DELETE FROM long_term_sources WHERE stm_id = ?")
        // A purged message of a chat export keeps its export id, so that importing the export
        // again does not bring it back.
        let keepExportID = try connection.prepare(
            """
            INSERT OR IGNORE INTO purged_exports(export_origin, export_id)
            SELECT export_origin, export_id FROM short_term_memories WHERE id = ? AND export_id IS NOT NULL
            """)
        let delete = try connection.prepare("DELETE FROM short_term_memories WHERE id = ?")
        for id in ids.sorted() {
            let raw = id.rawValue
            longTerm.formUnion(try ltmOf.bind([raw]).rows { LongTermMemoryID($0.int64(0)) })
            let mentionIDs = try mentioned.bind([raw]).rows { EntityID($0.int64(0)) }
            let relationIDs = try evidenced.bind([raw]).rows { $0.int64(0) }
            report.mentionsRemoved += mentionIDs.count
            report.evidenceRemoved += relationIDs.count
            entities.formUnion(mentionIDs)
            relations.formUnion(relationIDs)
            if let next = try follower.bind([raw]).firstRow({ ShortTermMemoryID($0.int64(0)) }) { followers.insert(next) }
            try unlink.bind([raw]).run()
            try keepExportID.bind([raw]).run()
            try delete.bind([raw]).run()
            if connection.changes == 1 { report.shortTerm.append(id) }
        }
        let previous = try connection.prepare("SELECT \(Schema.previousTurn("n")) FROM short_term_memories n WHERE n.id = ?")
        let context = try connection.prepare("UPDATE memory_recall SET context = ? WHERE rowid = ?")
        for id in followers.subtracting(purged).sorted() {
            let text = try previous.bind([id.rawValue]).firstRow { $0.text(0) } ?? ""
            try context.bind([text, id.rawValue]).run()
        }

        for ltm in longTerm.sorted() {
            // What the summary named is re-extracted from the new summary; the old mentions go.
            entities.formUnion(
                try connection.prepare("SELECT entity_id FROM entity_mentions WHERE ltm_id = ?").bind([ltm.rawValue])
                    .rows { EntityID($0.int64(0)) })
            relations.formUnion(
                try connection.prepare("SELECT relation_id FROM relation_evidence WHERE ltm_id = ?").bind([ltm.rawValue])
                    .rows { $0.int64(0) })
            try remake(ltm, at: now, rules: rules, into: &report, connection, anySource: true)
        }
        report.relationsRemoved += try settle(relations: relations.sorted(), rules: rules, connection)
        report.entitiesRemoved += try settle(entities: entities.sorted(), connection)
    }

    /// Makes a long-term memory's summary again from the sources it has left: those still
    /// remembered, or (`anySource`, after a purge) any, so that no purged sentence stays. With
    /// no remembered source left it is forgotten; with no source at all it is deleted.
    private static func remake(
        _ ltm: LongTermMemoryID, at now: Timestamp, rules: ForgettingRules, into report: inout ForgetReport,
        _ connection: Connection, anySource: Bool = false
    ) throws {
        let sources = try sources(of: ltm, connection)
        guard !sources.isEmpty else {
            try connection.prepare("DELETE FROM long_term_memories WHERE id = ?").bind([ltm.rawValue]).run()
            report.longTermRemoved.append(ltm)
            return
        }
        let remembered = sources.filter { $0.status == .consolidated }
        let basis = remembered.isEmpty ? sources : remembered
        if anySource || !remembered.isEmpty {
            let old = try connection.scalarText("SELECT summary FROM long_term_memories WHERE id = ?", ltm.rawValue)
            // Sources whose every sentence is filler still give their own words, cut to length.
            let rebuilt =
                rules.rebuildSummary(basis)
                ?? RebuiltSummary(summary: basis.map(\.content).joined(separator: " "), bandKeys: [])
            if rebuilt.summary != old {
                try connection.prepare("DELETE FROM entity_mentions WHERE ltm_id = ?").bind([ltm.rawValue]).run()
                try connection.prepare(
                    """
                    UPDATE long_term_memories SET summary = ?, created_at = ?, updated_at = ?, last_reinforced_at = ?
                    WHERE id = ?
                    """
                ).bind([
                    rebuilt.summary, basis.map(\.createdAt).min()!.iso8601, basis.map(\.createdAt).max()!.iso8601,
                    basis.map(\.createdAt).max()!.iso8601, ltm.rawValue,
                ]).run()
                // With no source left, forgetting it below drops its band keys.
                if !remembered.isEmpty { try StoreConsolidation.setBandKeys(of: ltm, to: rebuilt.bandKeys, connection) }
                report.longTermRebuilt.append(ltm)
            }
        }
        if remembered.isEmpty, try forgetLongTerm(ltm, at: now, connection) { report.longTermForgotten.append(ltm) }
    }

    /// Deletes the relations left with no evidence; the others get their weight and times back
    /// from the evidence they have left. Returns how many were deleted.
    private static func settle(relations: [Int64], rules: ForgettingRules, _ connection: Connection) throws -> Int {
        var removed = 0
        let evidence = try connection.prepare(
            "SELECT observed_at FROM relation_evidence WHERE relation_id = ? ORDER BY observed_at")
        for relation in relations {
            let times = try evidence.bind([relation]).rows { StoreRows.timestamp($0, 0) }
            guard let first = times.first, let last = times.last else {
                try connection.prepare("DELETE FROM relations WHERE id = ?").bind([relation]).run()
                removed += connection.changes
                continue
            }
            let weight = rules.edgeWeight(times)
            try connection.prepare(
                """
                UPDATE relations SET weight = ?1, first_seen = ?2, last_seen = ?3,
                    valid_from = CASE WHEN valid_to IS NULL OR valid_to >= ?2 THEN ?2 ELSE valid_from END
                WHERE id = ?4
                """
            ).bind([weight, first.iso8601, last.iso8601, relation]).run()
        }
        return removed
    }

    /// Deletes the entities left with no mention and no relation. One that is still mentioned
    /// keeps only the spellings of its remaining mentions, and a name one of them has.
    private static func settle(entities: [EntityID], _ connection: Connection) throws -> Int {
        var removed = 0
        for entity in entities {
            let raw = entity.rawValue
            let spellings = try connection.prepare(
                "SELECT text, count(*) FROM entity_mentions WHERE entity_id = ? GROUP BY text ORDER BY length(text) DESC, 2 DESC, text"
            ).bind([raw]).rows { $0.text(0) }
            let related = try connection.scalarInt(
                "SELECT count(*) FROM relations WHERE subject_id = ?1 OR object_id = ?1", raw) ?? 0
            if spellings.isEmpty {
                if related == 0 {
                    try connection.prepare("DELETE FROM entities WHERE id = ?").bind([raw]).run()
                    removed += connection.changes
                }
                continue
            }
            let name = try connection.scalarText("SELECT name FROM entities WHERE id = ?", raw) ?? ""
            if !spellings.contains(name) {
                try connection.prepare("UPDATE entities SET name = ? WHERE id = ?").bind([spellings[0], raw]).run()
            }
            let kept = spellings.contains(name) ? name : spellings[0]
            let placeholders = Array(repeating: "?", count: spellings.count).joined(separator: ", ")
            try connection.prepare(
                "DELETE FROM entity_aliases WHERE entity_id = ? AND alias <> ? AND alias NOT IN (\(placeholders))",
                cached: false
            ).bind([raw, kept] + spellings).run()
        }
        return removed
    }
}
