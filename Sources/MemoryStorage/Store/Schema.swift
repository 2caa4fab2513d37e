import MemoryModel
import SQLiteKit

/// The versioned schema. Each migration runs in its own transaction, sets
/// `PRAGMA user_version` and is recorded in `schema_migrations`. docs/SCHEMA.md documents it.
package enum Schema {

    /// Each applied migration is listed in `schema_migrations`, for people reading the file.
    package static func record(_ connection: Connection, _ migration: Migration) throws {
        try connection.prepare("INSERT INTO schema_migrations(version, name) VALUES (?, ?)")
            .bind([migration.version, migration.name]).run()
    }

    package static let migrations: [Migration] = [
        Migration(version: 1, name: "memories, entities, relations, passes, full-text indexes", sql: version1),
        Migration(version: 2, name: "consolidation: review marks, signature bands, pass indexes", sql: version2),
        Migration(version: 3, name: "extraction and graph: progress marks, edge look-ups", sql: version3),
        Migration(version: 4, name: "recall: every memory indexed with its speaker, the turn before it and its date", sql: version4),
        Migration(version: 5, name: "forgetting on request: forgotten long-term memories", sql: version5),
        Migration(version: 6, name: "consolidation: band keys written in key order, a batch of batches at a time", sql: version6),
        Migration(version: 7, name: "relative times resolved, stored and indexed for recall", sql: version7),
        Migration(version: 8, name: "recall: a memory's context is the end of the turn before it", sql: version8),
        Migration(version: 9, name: "chat exports: each imported message's export id, each conversation's title", sql: version9),
        Migration(
            version: 10, name: "coding agents' transcripts: their message ids, each session's project, followed files",
            sql: version10, after: loosenExportOrigins(from: exportOriginsBefore10, to: exportOriginsBefore12)),
        Migration(version: 11, name: "memories scoped by project", sql: version11),
        Migration(
            version: 12, name: "exports: the database's identity, memories imported from another memoryd's export",
            sql: version12, after: loosenExportOrigins(from: exportOriginsBefore12, to: exportOrigins)),
    ]

    /// Rewrites the CHECK on `short_term_memories.export_origin` in place: a looser constraint,
    /// which no stored row can break (`Connection.rewriteDefinition`).
    static func loosenExportOrigins(from old: String, to new: String) -> @Sendable (Connection) throws -> Void {
        { connection in
            try connection.rewriteDefinition(ofTable: "short_term_memories", replacing: old, with: new)
        }
    }

    /// The last migration's version (a test checks). A constant, so that opening a store that is
    /// up to date does not build the migrations' SQL (about a million instructions per process).
    package static let currentVersion = 12

    /// `PRAGMA application_id` of a memoryd database: "MEMD" in ASCII. Files with another id,
    /// or with tables but no id, belong to another program and are refused.
    package static let applicationID: Int64 = 0x4D45_4D44

    /// SQL for the current time in the stored form (`2026-11-02T09:30:00.000Z`).
    package static let now = "strftime('%Y-%m-%dT%H:%M:%fZ', 'now')"

    /// A CHECK that keeps a time column in the stored form, so that text order is time order.
    static func time(_ column: String) -> String {
        "CHECK (\(column) GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]T[0-2][0-9]:[0-5][0-9]:[0-5][0-9].[0-9][0-9][0-9]Z')"
    }

    /// An external-content FTS5 index over `column` of `table`, kept in step by triggers.
    static func fullTextIndex(_ index: String, over table: String, column: String) -> String {
        """
        CREATE VIRTUAL TABLE \(index) USING fts5(
            \(column), content='\(table)', content_rowid='id',
            tokenize='porter unicode61 remove_diacritics 2'
        );
        CREATE TRIGGER \(index)_after_insert AFTER INSERT ON \(table) BEGIN
            INSERT INTO \(index)(rowid, \(column)) VALUES (new.id, new.\(column));
        END;
        CREATE TRIGGER \(index)_after_delete AFTER DELETE ON \(table) BEGIN
            INSERT INTO \(index)(\(index), rowid, \(column)) VALUES ('delete', old.id, old.\(column));
        END;
        CREATE TRIGGER \(index)_after_update AFTER UPDATE OF \(column) ON \(table) BEGIN
            INSERT INTO \(index)(\(index), rowid, \(column)) VALUES ('delete', old.id, old.\(column));
            INSERT INTO \(index)(rowid, \(column)) VALUES (new.id, new.\(column));
        END;
        """
    }

    /// Tables whose rows `record_counts` counts, under `name` (or `name_<status>` per status).
    package static let countedTables: [(table: String, name: String, byStatus: Bool)] = [
        ("short_term_memories", "stm", true), ("long_term_memories", "ltm", false), ("entities", "entities", false),
        ("relations", "relations", false), ("passes", "passes", false),
    ]

    /// Every `record_counts` row with the query that counts it the slow way (for `check`).
    package static var countedRecords: [(name: String, countQuery: String)] {
        countedTables.flatMap { counted in
            counted.byStatus
                ? MemoryStatus.allCases.map {
                    ("\(counted.name)_\($0.rawValue)", "SELECT count(*) FROM \(counted.table) WHERE status = '\($0.rawValue)'")
                }
                : [(counted.name, "SELECT count(*) FROM \(counted.table)")]
        }
    }

    /// Triggers that keep `record_counts` exact, so that counting is a look-up and not a scan
    /// that grows with the store.
    static func recordCountTriggers() -> String {
        var sql = "INSERT INTO record_counts(name, count) VALUES "
        sql += countedRecords.map { "('\($0.name)', 0)" }.joined(separator: ", ") + ";\n"
        for counted in countedTables {
            func adjust(_ row: String, _ delta: String) -> String {
                let name = counted.byStatus ? "'\(counted.name)_' || \(row).status" : "'\(counted.name)'"
                return "UPDATE record_counts SET count = count \(delta) 1 WHERE name = \(name);"
            }
            sql += """
                CREATE TRIGGER record_counts_after_insert_\(counted.table) AFTER INSERT ON \(counted.table) BEGIN
                    \(adjust("new", "+"))
                END;
                CREATE TRIGGER record_counts_after_delete_\(counted.table) AFTER DELETE ON \(counted.table) BEGIN
                    \(adjust("old", "-"))
                END;

                """
            if counted.byStatus {
                sql += """
                    CREATE TRIGGER record_counts_after_update_\(counted.table) AFTER UPDATE OF status ON \(counted.table)
                    WHEN old.status <> new.status BEGIN
                        \(adjust("old", "-"))
                        \(adjust("new", "+"))
                    END;

                    """
            }
        }
        return sql
    }

    /// Date words of a stored time, as recall indexes them: "8 may 2023 monday".
    static func dateWords(_ column: String) -> String {
        let days = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"]
        let day = days.enumerated().map { "WHEN '\($0.offset)' THEN '\($0.element)'" }.joined(separator: " ")
        return """
            CAST(strftime('%d', \(column)) AS INTEGER) || ' ' || \(monthWord(column)) || ' '
            || strftime('%Y', \(column)) || ' ' || (CASE strftime('%w', \(column)) \(day) END)
            """
    }

    /// The month of a stored time or day, as a word: "may".
    static func monthWord(_ column: String) -> String {
        let month = CalendarDay.monthNames.enumerated()
            .map { "WHEN '\(String(format2: $0.offset + 1))' THEN '\($0.element.lowercased())'" }.joined(separator: " ")
        return "(CASE strftime('%m', \(column)) \(month) END)"
    }

    /// The turn before a memory in its session, as the database knows it when the memory
    /// arrives, when someone else said it: the question a reply answers. (A note after a note of
    /// the same writer gets no context: they need not be about the same thing.) Its end
    /// (`ending`) since version 8; version 4 indexed it `whole`.
    static func previousTurn(_ row: String, whole: Bool = false) -> String {
        """
        coalesce((SELECT CASE WHEN p.source <> \(row).source THEN \(whole ? "p.content" : ending("p.content")) ELSE '' END
                  FROM short_term_memories p
                  WHERE p.session = \(row).session AND (p.created_at, p.id) < (\(row).created_at, \(row).id)
                  ORDER BY p.created_at DESC, p.id DESC LIMIT 1), '')
        """
    }

    /// How much of the turn before a memory its recall document holds, in characters: about the
    /// last 25 words, where the question a reply answers is (docs/RECALL.md, "The turn before").
    package static let contextCharacters = 150

    /// The last `contextCharacters` of a text, from the first word that starts in them: SQL over
    /// `text`, which it names more than once (so a column, not a subquery).
    static func ending(_ text: String) -> String {
        let tail = "substr(\(text), -\(contextCharacters))"
        return "CASE WHEN length(\(text)) <= \(contextCharacters) THEN \(text) ELSE substr(\(tail), instr(\(tail), ' ') + 1) END"
    }
}
