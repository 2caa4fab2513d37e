import FoundationEssentials
import MemoryModel
import SQLiteKit

/// Lists and shows records for `memctl` and the MCP tools: memories, entities, passes, counts,
/// full-text search, and the integrity check.
package struct StoreInspection: StoreFeature {
    package let connection: Connection

    package init(_ connection: Connection) { self.connection = connection }
}

// MARK: - Listing and showing records

extension StoreInspection {
    /// Short-term memories, newest first; `status` nil means every status. With `cursor` (the
    /// last one of the page before), the page after it, by the `(created_at)`, `(status,
    /// created_at)` or `(session, created_at)` index: a page costs the same at any depth.
    package func shortTermMemories(
        status: MemoryStatus? = nil, session: String? = nil, before cursor: MemoryCursor? = nil, limit: Int
    ) throws -> [ShortTermMemory] {
        var conditions: [String] = []
        var arguments: [(any SQLiteBindable)?] = []
        if let status {
            conditions.append("status = ?")
            arguments.append(status.rawValue)
        }
        if let session {
            conditions.append("session = ?")
            arguments.append(session)
        }
        if let cursor {
            // A range on the index first: with the cursor's time only inside an OR, SQLite walks
            // the index from the newest memory down to the cursor (130 ms half way down 1M).
            conditions.append("created_at <= ? AND (created_at < ? OR id < ?)")
            arguments += [cursor.createdAt.iso8601, cursor.createdAt.iso8601, cursor.id]
        }
        let filter = conditions.isEmpty ? "" : " WHERE " + conditions.joined(separator: " AND ")
        arguments.append(limit)
        return try connection.prepare("SELECT \(StoreRows.shortTermColumns)\(filter) ORDER BY created_at DESC, id DESC LIMIT ?")
            .bind(arguments).rows(StoreRows.shortTermMemory)
    }

    /// Long-term memories, newest first, or with `mostSources` those made of the most
    /// short-term memories first.
    package func longTermMemories(limit: Int, mostSources: Bool = false) throws -> [LongTermMemory] {
        let order = mostSources ? "8 DESC, l.id" : "l.created_at DESC, l.id DESC"
        return try connection.prepare("SELECT \(StoreRows.longTermColumns) ORDER BY \(order) LIMIT ?")
            .bind([limit]).rows(StoreRows.longTermMemory)
    }

    /// One short-term memory with the long-term memory it went into and its entity mentions.
    package func shortTermMemory(_ id: ShortTermMemoryID) throws -> ShortTermMemoryDetail {
        guard
            let memory = try connection.prepare("SELECT \(StoreRows.shortTermColumns) WHERE id = ?")
                .bind([id.rawValue]).firstRow(StoreRows.shortTermMemory)
        else { throw StoreError.notFound(.shortTerm(id)) }
        let longTerm = try memory.ltmID.map { try Self.longTermMemory($0, connection) }
        return ShortTermMemoryDetail(
            memory: memory, longTermMemory: longTerm, mentions: try Self.mentions(in: .shortTerm(id), connection),
            times: try StoreExtraction.times(of: id, connection),
            sessionTitle: try Self.sessionTitles([memory.session], connection)[memory.session],
            sessionProject: try Self.sessionProjects([memory.session], connection)[memory.session])
    }

    /// The titles of these sessions that have one (conversations imported from a chat export).
    package func sessionTitles(_ sessions: Set<String>) throws -> [String: String] {
        guard !sessions.isEmpty else { return [:] }
        return try Self.sessionTitles(sessions, connection)
    }

    private static func sessionTitles(_ sessions: Set<String>, _ connection: Connection) throws -> [String: String] {
        try sessionValues("title", of: "session_titles", sessions, connection)
    }

    /// The directories these sessions ran in, for those that came from a coding agent's transcript.
    package func sessionProjects(_ sessions: Set<String>) throws -> [String: String] {
        guard !sessions.isEmpty else { return [:] }
        return try Self.sessionProjects(sessions, connection)
    }

    private static func sessionProjects(_ sessions: Set<String>, _ connection: Connection) throws -> [String: String] {
        try sessionValues("project", of: "session_projects", sessions, connection)
    }

    /// `column` of each of `sessions` that has a row in `table`.
    private static func sessionValues(
        _ column: String, of table: String, _ sessions: Set<String>, _ connection: Connection
    ) throws -> [String: String] {
        let lookup = try connection.prepare("SELECT \(column) FROM \(table) WHERE session = ?")
        var values: [String: String] = [:]
        for session in sessions {
            if let value = try lookup.bind([session]).firstRow({ $0.text(0) }) { values[session] = value }
        }
        return values
    }

    private static func longTermMemory(_ id: LongTermMemoryID, _ connection: Connection) throws -> LongTermMemory {
        guard
            let memory = try connection.prepare("SELECT \(StoreRows.longTermColumns) WHERE l.id = ?").bind([id.rawValue])
                .firstRow(StoreRows.longTermMemory)
        else { throw StoreError.notFound(.longTerm(id)) }
        return memory
    }

    /// One long-term memory with every source short-term memory and its entity mentions.
    package func longTermMemory(_ id: LongTermMemoryID) throws -> LongTermMemoryDetail {
        let memory = try Self.longTermMemory(id, connection)
        let sources = try connection.prepare(
            "SELECT stm_id, role, joined_at FROM long_term_sources WHERE ltm_id = ? ORDER BY joined_at, stm_id"
        ).bind([id.rawValue]).rows { row in
            Provenance(
                stmID: ShortTermMemoryID(row.int64(0)), role: ProvenanceRole(rawValue: row.text(1)) ?? .merged,
                joinedAt: StoreRows.timestamp(row, 2))
        }
        return LongTermMemoryDetail(
            memory: memory, sources: sources, mentions: try Self.mentions(in: .longTerm(id), connection))
    }

    /// A long-term memory with each source memory in full and how it joined, oldest first; at
    /// most `sourceLimit` of them when given.
    package func explain(_ id: LongTermMemoryID, sourceLimit: Int? = nil) throws -> LongTermExplanation {
        let memory = try Self.longTermMemory(id, connection)
        let sources = try connection.prepare(
            """
            SELECT p.role, p.joined_at, s.id, s.content, s.session, s.source, s.importance, s.created_at,
                   s.status, s.ltm_id
            FROM long_term_sources p JOIN short_term_memories s ON s.id = p.stm_id
            WHERE p.ltm_id = ? ORDER BY s.created_at, s.id LIMIT ?
            """
        ).bind([id.rawValue, sourceLimit ?? -1]).rows { row in
            LongTermExplanation.Source(
                role: ProvenanceRole(rawValue: row.text(0)) ?? .merged, joinedAt: StoreRows.timestamp(row, 1),
                memory: StoreRows.shortTermMemory(row, from: 2))
        }
        return LongTermExplanation(memory: memory, sources: sources)
    }

    /// A mention with up to 40 characters of its memory on either side (SQLite's `substr`
    /// counts code points, as the offsets do).
    private static let mentionColumns = """
        m.entity_id, e.name, m.stm_id, m.ltm_id, m.start_offset, m.end_offset, m.text,
        substr(coalesce(s.content, l.summary), max(1, m.start_offset - 39), m.end_offset - max(0, m.start_offset - 40) + 40),
        m.start_offset > 40, length(coalesce(s.content, l.summary)) > m.end_offset + 40
        FROM entity_mentions m JOIN entities e ON e.id = m.entity_id
        LEFT JOIN short_term_memories s ON s.id = m.stm_id LEFT JOIN long_term_memories l ON l.id = m.ltm_id
        """

    private static func mention(_ row: Row) -> EntityMention {
        let memory: MemoryReference =
            row.isNull(2) ? .longTerm(LongTermMemoryID(row.int64(3))) : .shortTerm(ShortTermMemoryID(row.int64(2)))
        return EntityMention(
            entityID: EntityID(row.int64(0)), entityName: row.text(1), memory: memory, start: row.int(4),
            end: row.int(5), text: row.text(6), excerpt: row.text(7), cutBefore: row.int(8) != 0,
            cutAfter: row.int(9) != 0)
    }

    static func mentions(in memory: MemoryReference, _ connection: Connection) throws -> [EntityMention] {
        let (column, id) =
            switch memory {
            case .shortTerm(let id): ("stm_id", id.rawValue)
            case .longTerm(let id): ("ltm_id", id.rawValue)
            }
        return try connection.prepare("SELECT \(mentionColumns) WHERE m.\(column) = ? ORDER BY m.start_offset")
            .bind([id]).rows(mention)
    }

    // MARK: - Entities and relations

    /// Entities, most mentioned first; `kind` nil means every kind.
    package func entities(kind: String? = nil, limit: Int) throws -> [Entity] {
        let filter = kind == nil ? "" : " WHERE e.kind = ?"
        let arguments: [(any SQLiteBindable)?] = (kind.map { [$0] } ?? []) + [limit]
        return try connection.prepare(
            "SELECT \(StoreRows.entityColumns)\(filter) ORDER BY mention_count DESC, e.name, e.id LIMIT ?"
        ).bind(arguments).rows(StoreRows.entity)
    }

    /// One entity with its aliases, its newest `mentionLimit` mentions and its relations (open
    /// ones first, at most `relationLimit`, each with its newest ten pieces of evidence). With
    /// `rememberedOnly`, as an assistant is shown it: no mention in a forgotten memory, and no
    /// relation that only forgotten memories support.
    package func entity(_ id: EntityID, mentionLimit: Int = 20, relationLimit: Int = 100, rememberedOnly: Bool = false)
        throws -> EntityDetail
    {
        guard
            let entity = try connection.prepare("SELECT \(StoreRows.entityColumns) WHERE e.id = ?")
                .bind([id.rawValue]).firstRow(StoreRows.entity)
        else { throw StoreError.notFound(.entity(id)) }
        let aliases = try connection.prepare("SELECT alias FROM entity_aliases WHERE entity_id = ? ORDER BY alias")
            .bind([id.rawValue]).rows { $0.text(0) }
        let remembered =
            rememberedOnly ? " AND coalesce(s.status, '') <> 'forgotten' AND l.forgotten_at IS NULL" : ""
        let mentions = try connection.prepare(
            "SELECT \(Self.mentionColumns) WHERE m.entity_id = ?\(remembered) ORDER BY m.id DESC LIMIT ?"
        ).bind([id.rawValue, mentionLimit]).rows(Self.mention)
        return EntityDetail(
            entity: entity, aliases: aliases, mentions: mentions,
            relations: try Self.relations(of: id, limit: relationLimit, rememberedOnly: rememberedOnly, connection))
    }

    /// A condition on entity `e`: an assistant may be shown it. Some memory that is not
    /// forgotten mentions it, or none mentions it at all (a speaker is known from who said what);
    /// one named only in memories forgotten on request is left out, as those memories are.
    package static let rememberedEntity = """
        (NOT EXISTS (SELECT 1 FROM entity_mentions m WHERE m.entity_id = e.id)
         OR EXISTS (SELECT 1 FROM entity_mentions m LEFT JOIN short_term_memories s ON s.id = m.stm_id
                    LEFT JOIN long_term_memories l ON l.id = m.ltm_id
                    WHERE m.entity_id = e.id AND coalesce(s.status, '') <> 'forgotten' AND l.forgotten_at IS NULL))
        """

    /// Whether an assistant may be shown the entity (`rememberedEntity`).
    package func isRemembered(_ id: EntityID) throws -> Bool {
        try connection.prepare("SELECT \(StoreInspection.rememberedEntity) FROM entities e WHERE e.id = ?")
            .bind([id.rawValue]).firstRow { $0.int64(0) == 1 } ?? false
    }

    /// A condition on relation `r`: some memory that is not forgotten supports it.
    package static let rememberedSupport = """
        EXISTS (SELECT 1 FROM relation_evidence e LEFT JOIN short_term_memories m ON m.id = e.stm_id
                WHERE e.relation_id = r.id AND (m.status IS NULL OR m.status <> 'forgotten'))
        """

    private static func relations(of entity: EntityID, limit: Int, rememberedOnly: Bool, _ connection: Connection)
        throws -> [Relation]
    {
        let rows = try connection.prepare(
            """
            SELECT r.id, r.subject_id, s.name, r.predicate, r.object_id, o.name, r.weight,
                   r.first_seen, r.last_seen, r.valid_from, r.valid_to
            FROM relations r JOIN entities s ON s.id = r.subject_id JOIN entities o ON o.id = r.object_id
            WHERE (r.subject_id = ?1 OR r.object_id = ?1)\(rememberedOnly ? " AND " + rememberedSupport : "")
            ORDER BY r.valid_to IS NOT NULL, r.predicate = 'co_occurs', r.last_seen DESC, r.id LIMIT ?2
            """
        ).bind([entity.rawValue, limit]).rows { row in
            (
                id: RelationID(row.int64(0)), subjectID: EntityID(row.int64(1)), subjectName: row.text(2),
                predicate: row.text(3), objectID: EntityID(row.int64(4)), objectName: row.text(5),
                weight: row.double(6), firstSeen: StoreRows.timestamp(row, 7), lastSeen: StoreRows.timestamp(row, 8),
                validFrom: StoreRows.timestamp(row, 9), validTo: StoreRows.optionalTimestamp(row, 10)
            )
        }
        let evidence = try connection.prepare(
            """
            SELECT stm_id, ltm_id FROM relation_evidence WHERE relation_id = ?
            ORDER BY observed_at DESC, stm_id DESC, ltm_id DESC LIMIT 10
            """)
        return try rows.map { r in
            Relation(
                id: r.id, subjectID: r.subjectID, subjectName: r.subjectName, predicate: r.predicate,
                objectID: r.objectID, objectName: r.objectName, weight: r.weight, firstSeen: r.firstSeen,
                lastSeen: r.lastSeen, validFrom: r.validFrom, validTo: r.validTo,
                evidence: try evidence.bind([r.id.rawValue]).rows { row in
                    row.isNull(0)
                        ? MemoryReference.longTerm(LongTermMemoryID(row.int64(1)))
                        : MemoryReference.shortTerm(ShortTermMemoryID(row.int64(0)))
                })
        }
    }

    // MARK: - Passes

    /// The pass ledger, newest first; `id` picks one pass.
    package func passes(limit: Int, id: PassID? = nil) throws -> [PassRecord] {
        let filter = id == nil ? "" : "WHERE id = ?"
        let arguments: [(any SQLiteBindable)?] = (id.map { [$0.rawValue] } ?? []) + [limit]
        return try connection.prepare(
            """
            SELECT id, kind, started_at, finished_at, outcome, processed, batches, counts, error
            FROM passes \(filter) ORDER BY started_at DESC, id DESC LIMIT ?
            """
        ).bind(arguments).rows { row in
            PassRecord(
                id: PassID(row.int64(0)), kind: PassKind(rawValue: row.text(1)) ?? .consolidation,
                startedAt: StoreRows.timestamp(row, 2), finishedAt: StoreRows.optionalTimestamp(row, 3),
                outcome: PassOutcome(rawValue: row.text(4)) ?? .failed, processed: row.int(5),
                batches: row.int(6),
                counts: (try? JSONDecoder().decode(PassCounts.self, from: Data(row.text(7).utf8))) ?? PassCounts(),
                error: row.optionalText(8))
        }
    }

    // MARK: - Statistics

    /// Counts over the whole store, read from `record_counts`: a look-up, not a scan.
    package func statistics() throws -> StoreStatistics {
        var counts: [String: Int] = [:]
        for (name, count) in try connection.prepare("SELECT name, count FROM record_counts")
            .rows({ ($0.text(0), $0.int(1)) })
        {
            counts[name] = count
        }
        let pageCount = try connection.scalarInt("PRAGMA page_count") ?? 0
        let pageSize = try connection.scalarInt("PRAGMA page_size") ?? 0
        return StoreStatistics(
            stm: .init(
                pending: counts["stm_pending", default: 0], consolidated: counts["stm_consolidated", default: 0],
                forgotten: counts["stm_forgotten", default: 0]),
            ltm: counts["ltm", default: 0], entities: counts["entities", default: 0],
            relations: counts["relations", default: 0], passes: counts["passes", default: 0],
            dbBytes: Int(pageCount * pageSize), schemaVersion: try connection.schemaVersion())
    }

    // MARK: - Search

    /// Full-text search over short-term contents and long-term summaries, best match first,
    /// skipping `offset` hits; forgotten memories are left out. `query` uses FTS5 syntax; one
    /// that FTS5 cannot parse throws `.invalidSearchQuery`. With `scope`, only memories of that
    /// project and of none.
    package func search(_ query: String, limit: Int, offset: Int = 0, scope: ProjectScope? = nil) throws
        -> [SearchHit]
    {
        // Short-term memories are searched in the recall index's `text` column (what was said),
        // ranked on that column alone.
        let sql = """
            SELECT 'stm', r.rowid, snippet(memory_recall, 0, '[', ']', '…', 12), bm25(memory_recall, 1.0, 0.0, 0.0, 0.0)
            FROM memory_recall r JOIN short_term_memories s ON s.id = r.rowid
            WHERE memory_recall MATCH ?1 AND s.status <> 'forgotten' AND \(StoreRows.inScope("s.project", scope))
            UNION ALL
            SELECT 'ltm', f.rowid, snippet(long_term_memories_fts, 0, '[', ']', '…', 12), bm25(long_term_memories_fts)
            FROM long_term_memories_fts f JOIN long_term_memories l ON l.id = f.rowid
            WHERE long_term_memories_fts MATCH ?2 AND l.forgotten_at IS NULL AND \(StoreRows.inScope("l.project", scope))
            ORDER BY 4, 1, 2 LIMIT ?3 OFFSET ?4
            """
        do {
            return try connection.prepare(sql, cached: scope == nil).bind(["text : (\(query))", query, limit, offset]).rows { row in
                SearchHit(kind: row.text(0), id: row.int64(1), snippet: row.text(2), score: -row.double(3))
            }
        } catch let error as SQLiteError where error.resultCode == .error {
            // Parse errors in a MATCH expression surface as plain SQLITE_ERROR ("fts5: syntax error
            // near …", "no such column: …"); the schema is ours, so that is all they can be.
            let reason = error.message.hasPrefix("fts5: ") ? String(error.message.dropFirst(6)) : error.message
            throw StoreError.invalidSearchQuery(query: query, reason: reason)
        }
    }
}

// MARK: - Transcripts followed

extension StoreInspection {
    /// Every followed transcript, by path.
    package func followedFiles() throws -> [FollowedFile] {
        try connection.prepare(
            """
            SELECT path, tool, device, inode, read_to, messages, last_stored_at, error
            FROM followed_files ORDER BY path
            """
        ).rows { row in
            FollowedFile(
                path: row.text(0), tool: row.text(1), device: row.int64(2), inode: row.int64(3),
                readTo: row.int64(4), messages: row.int64(5),
                lastStoredAt: row.optionalText(6).flatMap { Timestamp(iso8601: $0) }, error: row.optionalText(7))
        }
    }
}
