import FoundationEssentials
import MemoryModel
import SQLiteKit

extension StoreInspection {
    /// Checks the file, its foreign keys, the full-text indexes against their tables, the
    /// provenance invariants and the schema version. Never changes anything.
    package func checkIntegrity() throws -> IntegrityReport {
        var checks: [IntegrityReport.Check] = []
        let version = try connection.schemaVersion()
        checks.append(
            .init(
                name: "schema version", ok: version == Schema.currentVersion,
                detail: "version \(version), this build expects \(Schema.currentVersion)"))
        // FTS5's check is written as an INSERT, and an immutable read-only view reports no
        // journal mode: on a read-only file those two are skipped, not failed.
        let readOnly = connection.isReadOnly
        let skipped = "skipped: the database is read-only"
        let journal = try connection.scalarText("PRAGMA journal_mode") ?? "?"
        checks.append(
            .init(name: "journal mode", ok: readOnly || journal == "wal", detail: readOnly ? skipped : journal))

        let integrity = try connection.prepare("PRAGMA integrity_check(20)").rows { $0.text(0) }
        checks.append(
            .init(name: "integrity", ok: integrity == ["ok"], detail: integrity.joined(separator: "; ")))

        let violations = try connection.prepare("PRAGMA foreign_key_check").rows { row in
            "\(row.text(0)) row \(row.int64(1)) → \(row.text(2))"
        }
        checks.append(
            .init(
                name: "foreign keys", ok: violations.isEmpty,
                detail: violations.isEmpty
                    ? "ok" : "\(violations.count) violation(s): " + violations.prefix(5).joined(separator: "; ")))

        checks.append(try Self.recordCountCheck(connection))

        checks.append(try Self.recallIndexCheck(connection))
        for index in ["long_term_memories_fts", "memory_recall"] {
            checks.append(
                readOnly
                    ? .init(name: "full-text \(index)", ok: true, detail: skipped)
                    : try Self.fullTextCheck(index, connection))
        }

        let unsourced = try connection.scalarInt(
            """
            SELECT count(*) FROM short_term_memories s WHERE s.status = 'consolidated'
            AND NOT EXISTS (SELECT 1 FROM long_term_sources p WHERE p.stm_id = s.id AND p.ltm_id = s.ltm_id)
            """) ?? 0
        let orphaned = try connection.scalarInt(
            """
            SELECT count(*) FROM long_term_memories l
            WHERE NOT EXISTS (SELECT 1 FROM long_term_sources p WHERE p.ltm_id = l.id)
            """) ?? 0
        checks.append(
            .init(
                name: "provenance", ok: unsourced == 0 && orphaned == 0,
                detail: unsourced == 0 && orphaned == 0
                    ? "ok"
                    : "\(unsourced) consolidated memories without a provenance row, "
                        + "\(orphaned) long-term memories without sources"))
        return IntegrityReport(checks: checks)
    }

    /// Every short-term memory has its row in the recall index, and every row its memory.
    private static func recallIndexCheck(_ connection: Connection) throws -> IntegrityReport.Check {
        let missing = try connection.scalarInt(
            "SELECT count(*) FROM short_term_memories s WHERE NOT EXISTS (SELECT 1 FROM memory_recall r WHERE r.rowid = s.id)"
        ) ?? 0
        let orphaned = try connection.scalarInt(
            "SELECT count(*) FROM memory_recall r WHERE NOT EXISTS (SELECT 1 FROM short_term_memories s WHERE s.id = r.rowid)"
        ) ?? 0
        var problems: [String] = []
        if missing > 0 { problems.append("\(missing) short-term memories missing from memory_recall") }
        if orphaned > 0 { problems.append("\(orphaned) rows of memory_recall for no short-term memory") }
        return .init(name: "recall index", ok: problems.isEmpty, detail: problems.isEmpty ? "ok" : problems.joined(separator: "; "))
    }

    /// Compares `record_counts` with real counts (the one check here that scans tables).
    private static func recordCountCheck(_ connection: Connection) throws -> IntegrityReport.Check {
        var wrong: [String] = []
        for record in Schema.countedRecords {
            let stored = try connection.scalarInt("SELECT count FROM record_counts WHERE name = ?", record.name)
            let actual = try connection.scalarInt(record.countQuery) ?? 0
            if stored != actual { wrong.append("\(record.name) is \(stored.map(String.init) ?? "missing"), actual \(actual)") }
        }
        return .init(name: "record counts", ok: wrong.isEmpty, detail: wrong.isEmpty ? "ok" : wrong.joined(separator: "; "))
    }

    /// FTS5's own check, with rank 1 so that it also compares the index with its content table.
    /// It is written as an INSERT and so needs the write lock: a writer that holds it past the
    /// busy timeout makes the whole check fail as "locked", rather than report a healthy index
    /// as broken.
    private static func fullTextCheck(_ index: String, _ connection: Connection) throws -> IntegrityReport.Check {
        do {
            try connection.execute("INSERT INTO \(index)(\(index), rank) VALUES ('integrity-check', 1)")
            return .init(name: "full-text \(index)", ok: true, detail: "ok")
        } catch let error as SQLiteError where error.resultCode == .corrupt {  // .corruptVirtualTable, extended
            return .init(
                name: "full-text \(index)", ok: false,
                detail: "the index does not match its table (rebuild: INSERT INTO \(index)(\(index)) VALUES ('rebuild'))")
        }
    }

    /// Every row a cycle decides, without the times it decided them at, one line per row: two
    /// databases that got the same memories and ran the same passes give the same lines, however
    /// often the passes were stopped or killed on the way (the kill, full-disk and torture runs
    /// compare them).
    package static func decisions(_ connection: Connection) throws -> [String] {
        var rows: [String] = []
        for query in [
            """
            SELECT id, status, ltm_id, reviewed_at IS NULL, extracted_at IS NULL, graphed_at IS NULL
            FROM short_term_memories ORDER BY id
            """,
            "SELECT id, summary, round(strength, 9), importance, created_at, last_reinforced_at FROM long_term_memories ORDER BY id",
            "SELECT ltm_id, stm_id, role, joined_at FROM long_term_sources ORDER BY ltm_id, stm_id",
            "SELECT id, name, kind, canonical_key FROM entities ORDER BY id",
            "SELECT entity_id, alias FROM entity_aliases ORDER BY entity_id, alias",
            """
            SELECT entity_id, stm_id, ltm_id, start_offset, end_offset FROM entity_mentions
            ORDER BY stm_id, ltm_id, start_offset, entity_id
            """,
            """
            SELECT id, subject_id, predicate, object_id, round(weight, 9), first_seen, last_seen, valid_from, valid_to
            FROM relations ORDER BY id
            """,
            "SELECT relation_id, stm_id, observed_at FROM relation_evidence ORDER BY relation_id, stm_id",
        ] {
            rows += try connection.prepare(query, cached: false).rows { row in
                (0..<Int32(9)).map { row.optionalText($0) ?? "∅" }.joined(separator: "|")
            }
        }
        return rows
    }
}
