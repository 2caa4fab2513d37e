import MemoryModel
import SQLiteKit

// MARK: - What the consolidation pass reads and writes

extension MemoryStore {
    /// Pending memories no pass has looked at, oldest first; with `cutoff`, only those created
    /// at or before it; with `after`, only those after that (created_at, id) position, so that
    /// the next batch can be read while the one before it is still being committed. Answered
    /// from a partial index.
    package func unreviewedMemories(
        after position: (createdAt: Timestamp, id: ShortTermMemoryID)? = nil, createdAtOrBefore cutoff: Timestamp?,
        limit: Int
    ) throws -> [ShortTermMemory] {
        let bound = (position == nil ? "" : " AND (created_at, id) > (?, ?)") + (cutoff == nil ? "" : " AND created_at <= ?")
        let arguments: [(any SQLiteBindable)?] =
            (position.map { [$0.createdAt.iso8601, $0.id.rawValue] } ?? []) + (cutoff.map { [$0.iso8601] } ?? []) + [limit]
        return try withConnection { connection in
            try connection.prepare(
                """
                SELECT \(Self.shortTermColumns) INDEXED BY short_term_memories_unreviewed
                WHERE status = 'pending' AND reviewed_at IS NULL\(bound) ORDER BY created_at, id LIMIT ?
                """
            ).bind(arguments).rows(Self.shortTermMemory)
        }
    }

    /// Pending memories no pass has looked at yet (kept-back ones excluded), counted on the
    /// partial index: what the capacity rule and the progress bar are about.
    public func unreviewedCount() throws -> Int {
        try withConnection { connection in
            Int(
                try connection.scalarInt(
                    """
                    SELECT count(*) FROM short_term_memories INDEXED BY short_term_memories_unreviewed
                    WHERE status = 'pending' AND reviewed_at IS NULL
                    """) ?? 0)
        }
    }

    /// Who spoke just before and just after each memory in its session: with the memory's own
    /// source, the people whose names are small talk in it ("Thanks, Mel!"). Two look-ups on
    /// the session index per memory, so the answer does not depend on what else is in a batch.
    package func neighbourSpeakers(of memories: [ShortTermMemory]) throws -> [ShortTermMemoryID: Set<String>] {
        try reading { connection in
            let before = try connection.prepare(
                """
                SELECT source FROM short_term_memories WHERE session = ? AND (created_at, id) < (?, ?)
                ORDER BY created_at DESC, id DESC LIMIT 1
                """)
            let after = try connection.prepare(
                """
                SELECT source FROM short_term_memories WHERE session = ? AND (created_at, id) > (?, ?)
                ORDER BY created_at, id LIMIT 1
                """)
            var speakers: [ShortTermMemoryID: Set<String>] = [:]
            for memory in memories {
                let arguments: [(any SQLiteBindable)?] = [memory.session, memory.createdAt.iso8601, memory.id.rawValue]
                var names: Set<String> = [memory.source]
                for statement in [before, after] {
                    if let name = try statement.bind(arguments).firstRow({ $0.text(0) }) { names.insert(name) }
                }
                speakers[memory.id] = names
            }
            return speakers
        }
    }

    /// Ids of long-term memories whose summary sentences share a band key with `bandKeys`: at
    /// most `perKey` (the newest) for each key, so that the work per memory stays bounded however
    /// large the store grows. Keys committed but not written into the table yet count as if they
    /// were (`signatureOverlay`): the answer is the same before and after they are.
    package func longTermCandidateIDs(bandKeys: [Int64], perKey: Int) throws -> [Int64: [LongTermMemoryID]] {
        let overlay = signatureOverlay
        return try reading { connection in
            var byBandKey: [Int64: [LongTermMemoryID]] = [:]
            // Newest first, read only as far as needed; rows of memories whose keys the overlay
            // holds are passed over.
            let lookup = try connection.prepare(
                "SELECT ltm_id FROM long_term_signatures WHERE band_key = ? ORDER BY ltm_id DESC")
            for key in bandKeys {
                var ids = try lookup.bind([key]).rows(upTo: perKey) { row in
                    let id = LongTermMemoryID(row.int64(0))
                    return overlay.contains(id) ? nil : id
                }
                let recent = overlay.memories(under: key)
                if !recent.isEmpty { ids = Array((ids + recent).sorted(by: >).prefix(perKey)) }
                if !ids.isEmpty { byBandKey[key] = ids }
            }
            return byBandKey
        }
    }

    /// Long-term memories that may take merges from memories of `sessions` created between the
    /// two times: one of their created or merged sources is in that session and time span. Each
    /// with its session and the latest time of those sources (all of them, not only the span's).
    package func openLongTermMemories(sessions: [String: (from: Timestamp, to: Timestamp)]) throws
        -> [LongTermMemoryID: LongTermCandidates.Open]
    {
        try reading { connection in
            let members = try connection.prepare(
                """
                SELECT DISTINCT ls.ltm_id FROM short_term_memories s
                JOIN long_term_sources ls ON ls.stm_id = s.id AND ls.role <> 'reinforced'
                JOIN long_term_memories l ON l.id = ls.ltm_id AND l.forgotten_at IS NULL
                WHERE s.session = ? AND s.created_at BETWEEN ? AND ? AND s.status = 'consolidated'
                """)
            // CROSS JOIN keeps the sources as the outer loop. Left to itself, the planner (no
            // statistics) walked every consolidated memory on `short_term_memories_by_status` and
            // looked each up among the sources: 24 ms a memory at 258k, growing with the store.
            let latest = try connection.prepare(
                """
                SELECT max(s.created_at) FROM long_term_sources ls CROSS JOIN short_term_memories s ON s.id = ls.stm_id
                WHERE ls.ltm_id = ? AND ls.role <> 'reinforced' AND s.status = 'consolidated'
                """)
            var open: [LongTermMemoryID: LongTermCandidates.Open] = [:]
            for session in sessions.keys.sorted() {
                let span = sessions[session]!
                let ids = try members.bind([session, span.from.iso8601, span.to.iso8601])
                    .rows { LongTermMemoryID($0.int64(0)) }
                for id in ids {
                    guard let time = try latest.bind([id.rawValue]).firstRow({ Self.optionalTimestamp($0, 0) }) ?? nil else {
                        continue
                    }
                    open[id] = .init(session: session, lastMergedAt: time)
                }
            }
            return open
        }
    }

    /// The long-term memories with these ids, as consolidation compares them (without source counts).
    package func longTermMemories(_ ids: Set<LongTermMemoryID>) throws -> [LongTermMemoryID: LongTermMemory] {
        // Nothing to read (a recall of turns not yet consolidated): no transaction, no statement.
        guard !ids.isEmpty else { return [:] }
        return try reading { connection in
            let fetch = try connection.prepare(
                """
                SELECT summary, strength, importance, created_at, updated_at, last_reinforced_at
                FROM long_term_memories WHERE id = ?
                """)
            var memories: [LongTermMemoryID: LongTermMemory] = [:]
            for id in ids.sorted() {
                memories[id] = try fetch.bind([id.rawValue]).firstRow { row in
                    LongTermMemory(
                        id: id, summary: row.text(0), strength: row.double(1), importance: row.double(2),
                        createdAt: Self.timestamp(row, 3), updatedAt: Self.timestamp(row, 4),
                        lastReinforcedAt: Self.timestamp(row, 5), sourceCount: 0)
                }
            }
            return memories
        }
    }

    /// Writes one batch's plan and the pass's progress in one transaction. Returns the ids of the
    /// long-term memories written, in the order of the plan's writes. A changed summary's band
    /// keys are not written into `long_term_signatures` here: its memory is listed in
    /// `long_term_signatures_stale` and the look-ups read its keys from `signatureOverlay` until
    /// `writeStaleSignatures` writes them with many others, in key order.
    @discardableResult
    package func commit(_ plan: ConsolidationPlan, at now: Timestamp, progress: PassProgress, of pass: PassID) throws
        -> [LongTermMemoryID]
    {
        precondition(
            plan.writes.allSatisfy { $0.createdByPrevious == nil },
            "a plan made beside the commit before it is written once that commit's ids are resolved")
        let ids = try withConnection { connection in
            try connection.inTransaction {
                var created = try Self.insert(plan.writes.filter { $0.existing == nil }, connection).makeIterator()
                var ids: [LongTermMemoryID] = []
                let stale = try connection.prepare("INSERT OR IGNORE INTO long_term_signatures_stale(ltm_id) VALUES (?)")
                for write in plan.writes {
                    let id = try write.existing.map { try Self.update($0, to: write, connection) } ?? created.next()!
                    if write.summaryChanged { try stale.bind([id.rawValue]).run() }
                    ids.append(id)
                    for source in write.sources {
                        // First: a memory purged since the batch was read is a conflict here,
                        // before its provenance row would fail on the foreign key.
                        try Self.changePending(
                            source.stmID,
                            "status = 'consolidated', ltm_id = ?, status_changed_at = ?, reviewed_at = ?",
                            [id.rawValue, now.iso8601, now.iso8601], connection)
                        try connection.prepare(
                            "INSERT INTO long_term_sources(ltm_id, stm_id, role, joined_at) VALUES (?, ?, ?, ?)"
                        ).bind([id.rawValue, source.stmID.rawValue, source.role.rawValue, source.joinedAt.iso8601])
                            .run()
                    }
                }
                for id in plan.parked {
                    try Self.changePending(id, "reviewed_at = ?", [now.iso8601], connection)
                }
                try Self.record(progress, of: pass, connection)
                return ids
            }
        }
        signatureOverlay.set(
            zip(plan.writes, ids).filter { $0.0.summaryChanged }.map { ($0.1, $0.0.summary, $0.0.bandKeys) })
        return ids
    }

    /// Whether the overlay holds as many band keys as the store lets it (`signatureKeysHeld`).
    package var staleSignaturesAreDue: Bool { signatureOverlay.keyCount >= signatureKeysHeld }

    /// Lets the overlay hold up to `keys` band keys (`signatureKeysHeld`).
    package func holdSignatureKeys(upTo keys: Int) {
        signatureKeysHeld = max(0, keys)
    }

    /// Lets `writeStaleSignatures` write up to `rows` rows in one transaction.
    package func writeSignatures(rowsPerCommit rows: Int) {
        signatureRowsPerCommit = max(1, rows)
    }

    /// Writes band keys of the long-term memories listed in `long_term_signatures_stale` into
    /// `long_term_signatures`, at most `signatureRowsPerCommit` rows in one transaction, and
    /// returns whether all of them are written (and the list emptied). Their keys are the ones
    /// this store's commits hold, or, for a memory a stopped pass or another writer changed,
    /// `bandKeys` of its summary as stored (none for a forgotten memory).
    ///
    /// The rows go in key order, a slice at a time: written in one transaction they changed
    /// about 10,000 pages, and its COMMIT, which a stop request cannot interrupt, took 50 to
    /// 80 ms. The rows are worked out once, in the first slice's transaction, and again in any
    /// later one that finds the database changed since by another connection or by another job
    /// of this store, so no memory gets keys of a summary that is no longer its own. Left
    /// half-written, the list still names every memory, and the look-ups still read their keys
    /// from `signatureOverlay`; a stopped or killed pass leaves the list, and the next writes it.
    package func writeStaleSignatures(bandKeys: @Sendable (String) -> [Int64]) throws -> Bool {
        let overlay = signatureOverlay
        let rowsPerCommit = signatureRowsPerCommit
        let progress = try withConnection { connection -> SignatureWrite? in
            if signatureWrite == nil {
                // Most passes end with nothing left to write: no write lock for that.
                let listed = try connection.scalarInt("SELECT EXISTS (SELECT 1 FROM long_term_signatures_stale)") == 1
                guard listed || !overlay.isEmpty else { return nil }
            }
            var write = signatureWrite
            try connection.inTransaction {
                let version = try connection.scalarInt("PRAGMA data_version") ?? 0
                if write == nil || write!.version != version || write!.totalChanges != connection.totalChanges {
                    write = SignatureWrite(
                        changes: try Self.staleSignatureChanges(overlay, bandKeys, connection), version: version)
                }
                let end = min(write!.written + rowsPerCommit, write!.changes.count)
                try Self.apply(write!.changes[write!.written..<end], connection)
                write!.written = end
                if write!.isFinished { try connection.execute("DELETE FROM long_term_signatures_stale") }
            }
            write!.totalChanges = connection.totalChanges
            return write!.isFinished ? nil : write
        }
        signatureWrite = progress
        if progress == nil { signatureOverlay.removeAll() }
        return progress == nil
    }

    /// What makes the stored keys of each listed memory its current ones, in key order.
    private static func staleSignatureChanges(
        _ overlay: SignatureOverlay, _ bandKeys: (String) -> [Int64], _ connection: Connection
    ) throws -> [SignatureChange] {
        let stale = try connection.prepare("SELECT ltm_id FROM long_term_signatures_stale ORDER BY ltm_id")
            .rows { LongTermMemoryID($0.int64(0)) }
        let summary = try connection.prepare("SELECT summary FROM long_term_memories WHERE id = ? AND forgotten_at IS NULL")
        var changes: [SignatureChange] = []
        for id in stale {
            let keys: [Int64]
            if let text = try summary.bind([id.rawValue]).firstRow({ $0.text(0) }) {
                if let held = overlay.entries[id], held.isOf(text) { keys = held.keys } else { keys = bandKeys(text) }
            } else {
                keys = []  // forgotten
            }
            changes += try signatureChanges(of: id, to: keys, connection)
        }
        return changes.sorted()
    }

    /// The new long-term memories of a batch, in the order of the plan: a few rows per statement,
    /// not one. Each statement that writes the full-text index through its trigger first makes
    /// what the statement before it left in FTS5's memory a segment of its own, which later
    /// merges rewrite; one row per statement made a segment of every summary. The store gives
    /// each row the id after the largest, so the ids come out in the order of the rows.
    private static func insert(_ writes: [ConsolidationPlan.LongTermWrite], _ connection: Connection) throws
        -> [LongTermMemoryID]
    {
        var ids: [LongTermMemoryID] = []
        for start in stride(from: 0, to: writes.count, by: insertRows) {
            let rows = writes[start..<min(start + insertRows, writes.count)]
            let statement = try connection.prepare(
                """
                INSERT INTO long_term_memories(summary, strength, importance, created_at, updated_at, last_reinforced_at)
                VALUES \(Array(repeating: "(?, ?, ?, ?, ?, ?)", count: rows.count).joined(separator: ", ")) RETURNING id
                """, cached: rows.count == insertRows)
            let inserted = try statement.bind(rows.flatMap(values)).rows { LongTermMemoryID($0.int64(0)) }
            ids += inserted.sorted()
        }
        return ids
    }

    /// New long-term memories written per statement (six parameters each).
    static let insertRows = 128

    /// A long-term memory's columns as a write sets them.
    private static func values(_ write: ConsolidationPlan.LongTermWrite) -> [(any SQLiteBindable)?] {
        [
            write.summary, write.strength, write.importance, write.createdAt.iso8601,
            write.lastReinforcedAt.iso8601, write.lastReinforcedAt.iso8601,
        ]
    }

    /// Writes what a batch changed of a stored long-term memory, if it is still as the batch read it.
    private static func update(
        _ existing: LongTermMemoryID, to write: ConsolidationPlan.LongTermWrite, _ connection: Connection
    ) throws -> LongTermMemoryID {
        let expected: [(any SQLiteBindable)?] = [existing.rawValue, write.readSummary ?? write.summary]
        if write.summaryChanged {
            try connection.prepare(
                """
                UPDATE long_term_memories SET summary = ?, strength = ?, importance = ?, created_at = ?,
                    updated_at = ?, last_reinforced_at = ? WHERE id = ? AND forgotten_at IS NULL AND summary = ?
                """
            ).bind(values(write) + expected).run()
        } else {
            // Naming `summary` in the UPDATE would re-index it in FTS5 even if unchanged.
            try connection.prepare(
                """
                UPDATE long_term_memories SET strength = ?, importance = ?, created_at = ?,
                    updated_at = ?, last_reinforced_at = ? WHERE id = ? AND forgotten_at IS NULL AND summary = ?
                """
            ).bind(Array(values(write).dropFirst()) + expected).run()
        }
        try stillRemembered(existing, connection)
        return existing
    }

    /// Makes the stored band keys of `id` exactly `keys`, writing only the difference: a summary
    /// made again keeps most of its sentences, hence most of its keys, and every key deleted or
    /// inserted dirties a page of `long_term_signatures` at random.
    static func setSignatures(of id: LongTermMemoryID, to keys: [Int64], _ connection: Connection) throws {
        try apply(signatureChanges(of: id, to: keys, connection).sorted(), connection)
    }

    /// The rows of `long_term_signatures` that make the stored band keys of `id` exactly `keys`:
    /// those it has and lacks there, and those it has there and no longer should.
    private static func signatureChanges(of id: LongTermMemoryID, to keys: [Int64], _ connection: Connection) throws
        -> [SignatureChange]
    {
        let stored = Set(
            try connection.prepare("SELECT band_key FROM long_term_signatures WHERE ltm_id = ?")
                .bind([id.rawValue]).rows { $0.int64(0) })
        let kept = Set(keys)
        return stored.subtracting(kept).map { SignatureChange(key: $0, id: id.rawValue, inserted: false) }
            + kept.subtracting(stored).map { SignatureChange(key: $0, id: id.rawValue, inserted: true) }
    }

    private static func apply(_ changes: some Sequence<SignatureChange>, _ connection: Connection) throws {
        let delete = try connection.prepare("DELETE FROM long_term_signatures WHERE band_key = ? AND ltm_id = ?")
        let insert = try connection.prepare("INSERT INTO long_term_signatures(band_key, ltm_id) VALUES (?, ?)")
        for change in changes { try (change.inserted ? insert : delete).bind([change.key, change.id]).run() }
    }

    /// A long-term memory the batch reinforces was forgotten, purged or made again since the
    /// batch was read: the batch is rolled back rather than join a memory the user asked to
    /// forget, or bring back a forgotten sentence with a summary made from the old one.
    private static func stillRemembered(_ id: LongTermMemoryID, _ connection: Connection) throws {
        guard connection.changes == 1 else { throw ConsolidationConflict(memory: .longTerm(id)) }
    }

    /// Updates a memory that must still be pending; anything else means another writer changed
    /// it since the batch was read, and the batch is rolled back rather than overwrite that.
    private static func changePending(
        _ id: ShortTermMemoryID, _ assignments: String, _ values: [(any SQLiteBindable)?], _ connection: Connection
    ) throws {
        try connection.prepare("UPDATE short_term_memories SET \(assignments) WHERE id = ? AND status = 'pending'")
            .bind(values + [id.rawValue]).run()
        guard connection.changes == 1 else { throw ConsolidationConflict(memory: .shortTerm(id)) }
    }

    // MARK: Forgetting and purging

    /// Pending memories a pass looked at and kept back, created at or before `cutoff`, oldest first.
    package func parkedMemories(createdAtOrBefore cutoff: Timestamp, limit: Int) throws -> [ShortTermMemory] {
        try withConnection { connection in
            try connection.prepare(
                """
                SELECT \(Self.shortTermColumns) INDEXED BY short_term_memories_parked
                WHERE status = 'pending' AND reviewed_at IS NOT NULL AND created_at <= ? ORDER BY created_at, id LIMIT ?
                """
            ).bind([cutoff.iso8601, limit]).rows(Self.shortTermMemory)
        }
    }

    /// Forgets `forget` (soft: they stay, with status `forgotten`) and hands `reconsider` back to
    /// consolidation, in one transaction with the pass's progress.
    package func forget(
        _ forget: [ShortTermMemoryID], reconsider: [ShortTermMemoryID], at now: Timestamp, progress: PassProgress,
        of pass: PassID
    ) throws {
        try withConnection { connection in
            try connection.inTransaction {
                for id in forget {
                    try Self.changePending(
                        id, "status = 'forgotten', status_changed_at = ?", [now.iso8601], connection)
                }
                for id in reconsider { try Self.changePending(id, "reviewed_at = NULL", [], connection) }
                try Self.record(progress, of: pass, connection)
            }
        }
    }

    /// Forgotten memories whose retention ended at `cutoff`, oldest first.
    package func expiredForgottenMemories(forgottenAtOrBefore cutoff: Timestamp, limit: Int) throws -> [ShortTermMemoryID] {
        try withConnection { connection in
            try connection.prepare(
                """
                SELECT id FROM short_term_memories INDEXED BY short_term_memories_forgotten
                WHERE status = 'forgotten' AND status_changed_at <= ? ORDER BY status_changed_at, id LIMIT ?
                """
            ).bind([cutoff.iso8601, limit]).rows { ShortTermMemoryID($0.int64(0)) }
        }
    }

    /// Deletes forgotten memories for good, with everything derived from them
    /// (`purgeShortTerm`): a memory forgotten on request may still be the source of a summary.
    package func purge(
        _ ids: [ShortTermMemoryID], at now: Timestamp, rules: ForgettingRules, progress: PassProgress, of pass: PassID
    ) throws {
        let report = try withConnection { connection in
            try connection.inTransaction {
                let forgotten = try connection.prepare("SELECT status = 'forgotten' FROM short_term_memories WHERE id = ?")
                let expired = try ids.filter { try forgotten.bind([$0.rawValue]).firstRow { $0.int64(0) == 1 } ?? false }
                var report = ForgetReport(reference: "retention", purged: true)
                try Self.purgeShortTerm(expired, at: now, rules: rules, into: &report, connection)
                try Self.record(progress, of: pass, connection)
                return report
            }
        }
        signatureOverlay.drop(report.longTermWithNewSignatures)
    }
}

/// A memory of the batch was changed by someone else while the pass computed; the batch was
/// rolled back and the next pass will see the memory as it is now.
package struct ConsolidationConflict: Error, CustomStringConvertible {
    package let memory: MemoryReference
    package var description: String {
        "\(memory) was changed by another writer during the pass; the batch was rolled back, run the pass again"
    }

    package init(memory: MemoryReference) {
        self.memory = memory
    }
}
