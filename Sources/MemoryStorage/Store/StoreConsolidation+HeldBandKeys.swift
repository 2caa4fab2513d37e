import MemoryModel
import SQLiteKit

// MARK: - Band keys held by a consolidation pass

/// A consolidation pass holds the band keys its batches add in a table of its connection
/// (`temp.held_band_keys`) and writes them into `long_term_signatures` in key order once it holds
/// `heldBandKeysLimit` of them, and when its batches are done if it holds at least
/// `heldBandKeysLeftListed`, a slice of the key range per transaction with a checkpoint between
/// slices, so that the `-wal` stays within its bound however large the table is. Each batch's keys
/// fell on pages of `long_term_signatures` at random: the 258k Chit-Chat pass wrote 726,562 of its
/// 1,025,037 `-wal` pages there, rewriting the whole table some 90 times, and beside Litestream
/// each of those pages is shipped to the replica (docs/REPLICATION.md, "Bytes shipped").
///
/// Nothing is lost with the connection: each memory whose keys are held is listed in
/// `long_term_signatures_stale` in the batch's transaction, and the next pass holds a listed
/// memory's keys again from its summary before it starts (`beginHoldingBandKeys`). Look-ups read
/// both tables (`SQLiteLongTermIndex`), so a plan sees every key as if it were written. Another
/// connection that writes a memory's keys (`setBandKeys`, `memctl forget`) takes it off the list,
/// so that the keys a pass held for it are dropped, not written.
extension StoreConsolidation {
    /// Band keys a pass holds before it writes them: about 16 MiB in its connection's temporary
    /// database (SQLite keeps 2 MiB of it in memory and the rest in a temporary file), and 4
    /// writes of the table over the 258k Chit-Chat pass instead of 252.
    package static let heldBandKeysLimit = 524_288

    /// The pages of `long_term_signatures` a slice of held keys should dirty at most (16 MiB),
    /// so that its transaction stays well within the `-wal`'s bound.
    static let heldBandKeysSlicePages = 4_096

    /// Rows of `long_term_signatures` on a page, about (a band key and an id, packed).
    static let bandKeyRowsPerPage = 200

    /// A pass ends by writing the keys it holds only when it holds at least this many; fewer
    /// stay listed, and the next pass holds them again from the summaries. Each key written
    /// dirties a page of `long_term_signatures` at random, and beside Litestream each such page
    /// is shipped: 1,000 new Chit-Chat messages consolidated into a store of 258k wrote 469 keys
    /// on 542 pages of the table, a third of all the pages of the cycle. Written 131,072 at a
    /// time, nearly every page of the table (and part of its index) is written once per about
    /// 280 such cycles, about 0.2 KB per new memory. The start of the next pass pays for it: the
    /// keys of the listed memories made again, about 8,500 summaries at most (0.24 s at 258k).
    package static let heldBandKeysLeftListed = 131_072

    /// Starts a pass's holding: the table made (or emptied, after a pass that stopped), and the
    /// keys of every listed memory held again from its summary as it is now: those earlier
    /// passes left listed, those a stopped or killed pass held, and those a memoryd before
    /// version 8 of the schema left. Keys written that its summary no longer has are deleted,
    /// and a forgotten memory's keys with its place on the list.
    package func beginHoldingBandKeys(bandKeys: (String) -> [Int64]) throws {
        try StoreConsolidation.createHeldBandKeys(connection)
        try connection.execute("DELETE FROM temp.held_band_keys")
        guard try connection.scalarInt("SELECT EXISTS (SELECT 1 FROM long_term_signatures_stale)") == 1 else {
            return
        }
        try connection.inTransaction {
            let listed = try connection.prepare(
                """
                SELECT s.ltm_id, l.summary, l.forgotten_at IS NULL FROM long_term_signatures_stale s
                JOIN long_term_memories l ON l.id = s.ltm_id ORDER BY s.ltm_id
                """
            ).rows { (id: LongTermMemoryID($0.int64(0)), summary: $0.text(1), remembered: $0.int64(2) == 1) }
            var changes: [BandKeyChange] = []
            for memory in listed {
                guard memory.remembered else {
                    try StoreConsolidation.setBandKeys(of: memory.id, to: [], connection)
                    continue
                }
                let stored = Set(
                    try connection.prepare("SELECT band_key FROM long_term_signatures WHERE ltm_id = ?")
                        .bind([memory.id.rawValue]).rows { $0.int64(0) })
                changes += Self.changes(of: memory.id, from: stored, to: bandKeys(memory.summary))
            }
            try Self.hold(changes.sorted(), connection)
        }
    }

    /// How many band keys the pass holds.
    package func heldBandKeyCount() throws -> Int {
        guard try Self.holdsBandKeys(connection) else { return 0 }
        return Int(try connection.scalarInt("SELECT count(*) FROM temp.held_band_keys") ?? 0)
    }

    /// How many held keys to write per transaction: the held keys cut into as many slices of the
    /// key range as it takes for each to dirty about `heldBandKeysSlicePages` of the table (one at
    /// 258k memories, several in a store of millions). Each slice also dirties the pages of the
    /// table's index by memory where the held memories are, so slices are no smaller than that.
    package func heldBandKeySlice() throws -> Int {
        guard try Self.holdsBandKeys(connection) else { return 1 }
        let held = Int(try connection.scalarInt("SELECT count(*) FROM temp.held_band_keys") ?? 0)
        let written = Int(try connection.scalarInt("SELECT count(*) FROM long_term_signatures") ?? 0)
        let pages = written / Self.bandKeyRowsPerPage
        let slices = max(1, (pages + Self.heldBandKeysSlicePages - 1) / Self.heldBandKeysSlicePages)
        return max(1, (held + slices - 1) / slices)
    }

    /// Writes the first `slice` held keys in key order, of the memories still listed (one off
    /// the list had its keys written by another connection since), in a transaction of their
    /// own; with the last of them, the list is emptied. False when none was held.
    package func writeHeldBandKeys(slice size: Int = .max) throws -> Bool {
        guard try Self.holdsBandKeys(connection) else { return false }
        return try connection.inTransaction {
            // The slice's last key, then the slice written and dropped in SQL: no row of it
            // comes into memory.
            let count = min(size, Int(Int64.max))
            guard
                let last = try connection.prepare(
                    """
                    SELECT band_key, ltm_id FROM (
                        SELECT band_key, ltm_id FROM temp.held_band_keys ORDER BY band_key, ltm_id LIMIT ?
                    ) ORDER BY band_key DESC, ltm_id DESC LIMIT 1
                    """
                ).bind([count]).firstRow({ (key: $0.int64(0), id: $0.int64(1)) })
            else { return false }
            try connection.prepare(
                """
                INSERT OR IGNORE INTO long_term_signatures(band_key, ltm_id)
                    SELECT band_key, ltm_id FROM temp.held_band_keys
                    WHERE (band_key, ltm_id) <= (?1, ?2)
                        AND ltm_id IN (SELECT ltm_id FROM long_term_signatures_stale)
                    ORDER BY band_key, ltm_id
                """
            ).bind([last.key, last.id]).run()
            try connection.prepare("DELETE FROM temp.held_band_keys WHERE (band_key, ltm_id) <= (?, ?)")
                .bind([last.key, last.id]).run()
            if try connection.scalarInt("SELECT EXISTS (SELECT 1 FROM temp.held_band_keys)") == 0 {
                try connection.execute("DELETE FROM long_term_signatures_stale")
            }
            return true
        }
    }

    /// The table a pass holds keys in, on its connection only; `IF NOT EXISTS`, so that a
    /// batch written without `beginHoldingBandKeys` (tests, a pass of another kind) has it too.
    static func createHeldBandKeys(_ connection: Connection) throws {
        try connection.execute(
            """
            CREATE TEMP TABLE IF NOT EXISTS held_band_keys (
                band_key INTEGER NOT NULL,
                ltm_id   INTEGER NOT NULL,
                PRIMARY KEY (band_key, ltm_id)
            ) WITHOUT ROWID;
            CREATE INDEX IF NOT EXISTS temp.held_band_keys_by_ltm ON held_band_keys(ltm_id);
            """)
    }

    /// Whether this connection holds keys for a pass (has the table).
    static func holdsBandKeys(_ connection: Connection) throws -> Bool {
        try connection.scalarInt(
            "SELECT EXISTS (SELECT 1 FROM temp.sqlite_master WHERE type = 'table' AND name = 'held_band_keys')") == 1
    }

    /// A batch's key changes, in its transaction: inserted keys held and their memories listed,
    /// deleted ones removed wherever they are.
    static func hold(_ changes: [BandKeyChange], _ connection: Connection) throws {
        let insert = try connection.prepare("INSERT INTO temp.held_band_keys(band_key, ltm_id) VALUES (?, ?)")
        let list = try connection.prepare("INSERT OR IGNORE INTO long_term_signatures_stale(ltm_id) VALUES (?)")
        let deleteStored = try connection.prepare("DELETE FROM long_term_signatures WHERE band_key = ? AND ltm_id = ?")
        let deleteHeld = try connection.prepare("DELETE FROM temp.held_band_keys WHERE band_key = ? AND ltm_id = ?")
        var listed: Set<Int64> = []
        for change in changes {
            if change.inserted {
                try insert.bind([change.key, change.id]).run()
                if listed.insert(change.id).inserted { try list.bind([change.id]).run() }
            } else {
                try deleteStored.bind([change.key, change.id]).run()
                try deleteHeld.bind([change.key, change.id]).run()
            }
        }
    }

    /// The keys stored for `id`, written or held.
    static func storedBandKeys(of id: LongTermMemoryID, _ connection: Connection) throws -> Set<Int64> {
        let sql =
            try holdsBandKeys(connection)
            ? """
            SELECT band_key FROM long_term_signatures WHERE ltm_id = ?1
            UNION ALL SELECT band_key FROM temp.held_band_keys WHERE ltm_id = ?1
            """
            : "SELECT band_key FROM long_term_signatures WHERE ltm_id = ?1"
        return Set(try connection.prepare(sql).bind([id.rawValue]).rows { $0.int64(0) })
    }
}
