import MemoryModel
import SQLiteKit

/// What the consolidation pass reads and writes, and the band keys it holds between passes.
package struct StoreConsolidation: StoreFeature {
    package let connection: Connection

    package init(_ connection: Connection) { self.connection = connection }
}

// MARK: - What the consolidation pass reads and writes

extension StoreConsolidation {
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
        return try connection.prepare(
            """
            SELECT \(StoreRows.shortTermColumns) INDEXED BY short_term_memories_unreviewed
            WHERE status = 'pending' AND reviewed_at IS NULL\(bound) ORDER BY created_at, id LIMIT ?
            """
        ).bind(arguments).rows(StoreRows.shortTermMemory)
    }

    /// Pending memories no pass has looked at yet (kept-back ones excluded), counted on the
    /// partial index: what the capacity rule and the progress bar are about.
    package func unreviewedCount() throws -> Int {
        Int(
            try connection.scalarInt(
                """
                SELECT count(*) FROM short_term_memories INDEXED BY short_term_memories_unreviewed
                WHERE status = 'pending' AND reviewed_at IS NULL
                """) ?? 0)
    }

    /// Who spoke just before and just after each memory in its session: with the memory's own
    /// source, the people whose names are small talk in it ("Thanks, Mel!"). Two look-ups on
    /// the session index per memory, so the answer does not depend on what else is in a batch.
    package func neighbourSpeakers(of memories: [ShortTermMemory]) throws -> [ShortTermMemoryID: Set<String>] {
        try connection.reading {
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

    /// Plans and writes one batch in one transaction, so that what the plan reads of the
    /// long-term memories (`index`) is exact: the plan is written only on the state it was made
    /// on. `plan` gets the memories of `batch` that are still pending and unreviewed (another
    /// writer may have forgotten or purged one since the batch was read; it is left out), and
    /// the index. Then the plan is written with the pass's progress: `progress` gives it from
    /// the batch's counts, which are returned.
    ///
    /// The plan is made in a read transaction, which lets other writers in meanwhile (an
    /// assistant's `add` waited up to a second behind a pass that held the write lock while it
    /// planned); its first write takes the write lock, and fails if another writer committed
    /// since the plan began. Then the batch is planned again with the write lock held.
    package func consolidate(
        _ batch: [ShortTermMemoryID],
        plan: (_ stillPending: Set<ShortTermMemoryID>, _ index: SQLiteLongTermIndex) throws -> ConsolidationPlan,
        at now: Timestamp, progress: (PassCounts) -> PassProgress, of pass: PassID
    ) throws -> PassCounts {
        func attempt(_ kind: Connection.TransactionKind) throws -> PassCounts {
            try connection.inTransaction(kind) {
                let pending = try connection.prepare(
                    "SELECT 1 FROM short_term_memories WHERE id = ? AND status = 'pending' AND reviewed_at IS NULL")
                let stillPending = try Set(batch.filter { try pending.bind([$0.rawValue]).firstRow { _ in true } ?? false })
                let plan = try plan(stillPending, try SQLiteLongTermIndex(connection: connection))
                try Self.write(plan, at: now, connection)
                try StorePasses.record(progress(plan.counts), of: pass, connection)
                return plan.counts
            }
        }
        do {
            return try attempt(.deferred)
        } catch let error as SQLiteError where error.resultCode == .busy {
            return try attempt(.immediate)
        }
    }

    /// Writes a plan: the new long-term memories, the changed ones, their band keys by
    /// difference (in key order, so neighbouring keys share pages), and each source's status and
    /// provenance.
    private static func write(_ plan: ConsolidationPlan, at now: Timestamp, _ connection: Connection) throws {
        var created = try insert(plan.writes.filter { $0.existing == nil }, connection).makeIterator()
        var keyChanges: [BandKeyChange] = []
        let provenance = try connection.prepare(
            "INSERT INTO long_term_sources(ltm_id, stm_id, role, joined_at) VALUES (?, ?, ?, ?)")
        let consolidated = try connection.prepare(
            """
            UPDATE short_term_memories SET status = 'consolidated', ltm_id = ?, status_changed_at = ?, reviewed_at = ?
            WHERE id = ?
            """)
        for write in plan.writes {
            let id: LongTermMemoryID
            if let existing = write.existing {
                id = existing
                try update(existing, to: write, connection)
                if write.summaryChanged {
                    keyChanges += changes(of: id, from: try storedBandKeys(of: id, connection), to: write.bandKeys)
                }
            } else {
                id = created.next()!
                keyChanges += write.bandKeys.map { BandKeyChange(key: $0, id: id.rawValue, inserted: true) }
            }
            for source in write.sources {
                try consolidated.bind([id.rawValue, now.iso8601, now.iso8601, source.stmID.rawValue]).run()
                try provenance.bind([id.rawValue, source.stmID.rawValue, source.role.rawValue, source.joinedAt.iso8601])
                    .run()
            }
        }
        try hold(keyChanges.sorted(), connection)
        let reviewed = try connection.prepare("UPDATE short_term_memories SET reviewed_at = ? WHERE id = ?")
        for id in plan.parked { try reviewed.bind([now.iso8601, id.rawValue]).run() }
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
                INSERT INTO long_term_memories(summary, strength, importance, created_at, updated_at, last_reinforced_at,
                    project)
                VALUES \(Array(repeating: "(?, ?, ?, ?, ?, ?, ?)", count: rows.count).joined(separator: ", ")) RETURNING id
                """, cached: rows.count == insertRows)
            let inserted = try statement.bind(rows.flatMap { values($0) + [$0.project] }).rows {
                LongTermMemoryID($0.int64(0))
            }
            ids += inserted.sorted()
        }
        return ids
    }

    /// New long-term memories written per statement (seven parameters each).
    static let insertRows = 128

    /// A long-term memory's columns as a write sets them.
    private static func values(_ write: ConsolidationPlan.LongTermWrite) -> [(any SQLiteBindable)?] {
        [
            write.summary, write.strength, write.importance, write.createdAt.iso8601,
            write.lastReinforcedAt.iso8601, write.lastReinforcedAt.iso8601,
        ]
    }

    /// Writes what a batch changed of a stored long-term memory. A column named in an UPDATE
    /// rewrites its index entries even when its value stays: `summary` re-indexes it in FTS5, and
    /// `created_at` dirties a page of `long_term_memories_by_created` at random (162 of the 1,665
    /// pages that 1,000 new Chit-Chat messages wrote into a store of 258k, each shipped to a
    /// replica), so each is set only when it changes, which for `created_at` is rare: a memory
    /// older than those it holds.
    private static func update(
        _ existing: LongTermMemoryID, to write: ConsolidationPlan.LongTermWrite, _ connection: Connection
    ) throws {
        let reinforced: [(any SQLiteBindable)?] = [
            write.strength, write.importance, write.lastReinforcedAt.iso8601, write.lastReinforcedAt.iso8601,
        ]
        if write.summaryChanged {
            try connection.prepare(
                """
                UPDATE long_term_memories SET summary = ?, strength = ?, importance = ?, updated_at = ?,
                    last_reinforced_at = ? WHERE id = ?
                """
            ).bind([write.summary] + reinforced + [existing.rawValue]).run()
        } else {
            try connection.prepare(
                "UPDATE long_term_memories SET strength = ?, importance = ?, updated_at = ?, last_reinforced_at = ? WHERE id = ?"
            ).bind(reinforced + [existing.rawValue]).run()
        }
        try connection.prepare("UPDATE long_term_memories SET created_at = ?1 WHERE id = ?2 AND created_at <> ?1")
            .bind([write.createdAt.iso8601, existing.rawValue]).run()
    }

    /// Makes the stored band keys of `id` exactly `keys` in `long_term_signatures`, writing only
    /// the difference: a summary made again keeps most of its sentences, hence most of its keys,
    /// and every key deleted or inserted dirties a page of `long_term_signatures` at random. The
    /// memory goes off the list of held keys, so that a pass holding keys for it drops them.
    static func setBandKeys(of id: LongTermMemoryID, to keys: [Int64], _ connection: Connection) throws {
        let holds = try holdsBandKeys(connection)
        if holds {
            try connection.prepare("DELETE FROM temp.held_band_keys WHERE ltm_id = ?").bind([id.rawValue]).run()
        }
        let stored = Set(
            try connection.prepare("SELECT band_key FROM long_term_signatures WHERE ltm_id = ?")
                .bind([id.rawValue]).rows { $0.int64(0) })
        try apply(changes(of: id, from: stored, to: keys).sorted(), connection)
        try connection.prepare("DELETE FROM long_term_signatures_stale WHERE ltm_id = ?").bind([id.rawValue]).run()
    }

    /// The changes that make the band keys of `id` exactly `keys`: those it has and lacks among
    /// `stored`, and those it has there and no longer should.
    static func changes(of id: LongTermMemoryID, from stored: Set<Int64>, to keys: [Int64]) -> [BandKeyChange] {
        let kept = Set(keys)
        return stored.subtracting(kept).map { BandKeyChange(key: $0, id: id.rawValue, inserted: false) }
            + kept.subtracting(stored).map { BandKeyChange(key: $0, id: id.rawValue, inserted: true) }
    }

    private static func apply(_ changes: some Sequence<BandKeyChange>, _ connection: Connection) throws {
        let delete = try connection.prepare("DELETE FROM long_term_signatures WHERE band_key = ? AND ltm_id = ?")
        let insert = try connection.prepare("INSERT INTO long_term_signatures(band_key, ltm_id) VALUES (?, ?)")
        for change in changes { try (change.inserted ? insert : delete).bind([change.key, change.id]).run() }
    }

    /// Updates a memory that must still be pending; anything else means another writer changed
    /// it since the batch was read, and the batch is rolled back rather than overwrite that.
    static func changePending(
        _ id: ShortTermMemoryID, _ assignments: String, _ values: [(any SQLiteBindable)?], _ connection: Connection
    ) throws {
        try connection.prepare("UPDATE short_term_memories SET \(assignments) WHERE id = ? AND status = 'pending'")
            .bind(values + [id.rawValue]).run()
        guard connection.changes == 1 else { throw ConsolidationConflict(memory: .shortTerm(id)) }
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

/// A row of `long_term_signatures` to insert or to delete.
struct BandKeyChange: Comparable {
    let key: Int64
    let id: Int64
    let inserted: Bool

    static func < (a: BandKeyChange, b: BandKeyChange) -> Bool { (a.key, a.id) < (b.key, b.id) }
}
