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
    ]

    /// The last migration's version (a test checks). A constant, so that opening a store that is
    /// up to date does not build the migrations' SQL (about a million instructions per process).
    package static let currentVersion = 9

    /// `PRAGMA application_id` of a memoryd database: "MEMD" in ASCII. Files with another id,
    /// or with tables but no id, belong to another program and are refused.
    package static let applicationID: Int64 = 0x4D45_4D44

    /// SQL for the current time in the stored form (`2026-11-02T09:30:00.000Z`).
    package static let now = "strftime('%Y-%m-%dT%H:%M:%fZ', 'now')"

    /// A CHECK that keeps a time column in the stored form, so that text order is time order.
    private static func time(_ column: String) -> String {
        "CHECK (\(column) GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]T[0-2][0-9]:[0-5][0-9]:[0-5][0-9].[0-9][0-9][0-9]Z')"
    }

    /// An external-content FTS5 index over `column` of `table`, kept in step by triggers.
    private static func fullTextIndex(_ index: String, over table: String, column: String) -> String {
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
    private static func recordCountTriggers() -> String {
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

    private static let version1 = """
        PRAGMA application_id = \(applicationID);

        CREATE TABLE schema_migrations (
            version    INTEGER PRIMARY KEY,
            name       TEXT NOT NULL,
            applied_at TEXT NOT NULL DEFAULT (\(now))
        );

        CREATE TABLE long_term_memories (
            id                 INTEGER PRIMARY KEY,
            summary            TEXT NOT NULL CHECK (length(CAST(summary AS BLOB)) > 0),
            strength           REAL NOT NULL DEFAULT 1.0 CHECK (strength >= 0),
            importance         REAL NOT NULL DEFAULT 0.5 CHECK (importance BETWEEN 0 AND 1),
            created_at         TEXT NOT NULL DEFAULT (\(now)) \(time("created_at")),
            updated_at         TEXT NOT NULL DEFAULT (\(now)) \(time("updated_at")),
            last_reinforced_at TEXT NOT NULL DEFAULT (\(now)) \(time("last_reinforced_at"))
        );
        CREATE INDEX long_term_memories_by_created ON long_term_memories(created_at);

        CREATE TABLE short_term_memories (
            id                INTEGER PRIMARY KEY,
            content           TEXT NOT NULL CHECK (typeof(content) = 'text' AND length(CAST(content AS BLOB)) > 0),
            session           TEXT NOT NULL DEFAULT 'default' CHECK (length(session) > 0),
            source            TEXT NOT NULL DEFAULT 'user' CHECK (length(source) > 0),
            importance        REAL CHECK (importance IS NULL OR importance BETWEEN 0 AND 1),
            created_at        TEXT NOT NULL DEFAULT (\(now)) \(time("created_at")),
            status            TEXT NOT NULL DEFAULT 'pending'
                              CHECK (status IN ('pending', 'consolidated', 'forgotten')),
            ltm_id            INTEGER REFERENCES long_term_memories(id),
            status_changed_at TEXT \(time("status_changed_at")),
            CHECK ((status = 'consolidated') = (ltm_id IS NOT NULL))
        );
        CREATE INDEX short_term_memories_by_status ON short_term_memories(status, created_at);
        CREATE INDEX short_term_memories_by_session ON short_term_memories(session, created_at);
        CREATE INDEX short_term_memories_by_created ON short_term_memories(created_at);

        CREATE TABLE long_term_sources (
            ltm_id    INTEGER NOT NULL REFERENCES long_term_memories(id),
            stm_id    INTEGER NOT NULL REFERENCES short_term_memories(id),
            role      TEXT NOT NULL CHECK (role IN ('created', 'merged', 'reinforced')),
            joined_at TEXT NOT NULL DEFAULT (\(now)) \(time("joined_at")),
            PRIMARY KEY (ltm_id, stm_id)
        ) WITHOUT ROWID;
        CREATE UNIQUE INDEX long_term_sources_by_stm ON long_term_sources(stm_id);

        CREATE TABLE entities (
            id            INTEGER PRIMARY KEY,
            name          TEXT NOT NULL CHECK (length(name) > 0),
            kind          TEXT NOT NULL CHECK (length(kind) > 0),
            canonical_key TEXT NOT NULL CHECK (length(canonical_key) > 0),
            created_at    TEXT NOT NULL DEFAULT (\(now)) \(time("created_at")),
            updated_at    TEXT NOT NULL DEFAULT (\(now)) \(time("updated_at")),
            UNIQUE (kind, canonical_key)
        );

        CREATE TABLE entity_aliases (
            entity_id INTEGER NOT NULL REFERENCES entities(id) ON DELETE CASCADE,
            alias     TEXT NOT NULL CHECK (length(alias) > 0),
            alias_key TEXT NOT NULL CHECK (length(alias_key) > 0),
            PRIMARY KEY (entity_id, alias)
        ) WITHOUT ROWID;
        CREATE INDEX entity_aliases_by_key ON entity_aliases(alias_key);

        CREATE TABLE entity_mentions (
            id           INTEGER PRIMARY KEY,
            entity_id    INTEGER NOT NULL REFERENCES entities(id) ON DELETE CASCADE,
            stm_id       INTEGER REFERENCES short_term_memories(id) ON DELETE CASCADE,
            ltm_id       INTEGER REFERENCES long_term_memories(id) ON DELETE CASCADE,
            start_offset INTEGER NOT NULL CHECK (start_offset >= 0),
            end_offset   INTEGER NOT NULL CHECK (end_offset > start_offset),
            text         TEXT NOT NULL,
            CHECK ((stm_id IS NULL) <> (ltm_id IS NULL))
        );
        CREATE INDEX entity_mentions_by_entity ON entity_mentions(entity_id);
        CREATE UNIQUE INDEX entity_mentions_in_stm ON entity_mentions(stm_id, start_offset, entity_id)
            WHERE stm_id IS NOT NULL;
        CREATE UNIQUE INDEX entity_mentions_in_ltm ON entity_mentions(ltm_id, start_offset, entity_id)
            WHERE ltm_id IS NOT NULL;

        CREATE TABLE relations (
            id         INTEGER PRIMARY KEY,
            subject_id INTEGER NOT NULL REFERENCES entities(id) ON DELETE CASCADE,
            predicate  TEXT NOT NULL CHECK (length(predicate) > 0),
            object_id  INTEGER NOT NULL REFERENCES entities(id) ON DELETE CASCADE,
            weight     REAL NOT NULL DEFAULT 1.0 CHECK (weight >= 0),
            first_seen TEXT NOT NULL \(time("first_seen")),
            last_seen  TEXT NOT NULL \(time("last_seen")),
            valid_from TEXT NOT NULL \(time("valid_from")),
            valid_to   TEXT \(time("valid_to")),
            CHECK (valid_to IS NULL OR valid_to >= valid_from)
        );
        CREATE INDEX relations_by_subject ON relations(subject_id, predicate);
        CREATE INDEX relations_by_object ON relations(object_id);
        CREATE UNIQUE INDEX relations_open ON relations(subject_id, predicate, object_id) WHERE valid_to IS NULL;

        CREATE TABLE relation_evidence (
            relation_id INTEGER NOT NULL REFERENCES relations(id) ON DELETE CASCADE,
            stm_id      INTEGER REFERENCES short_term_memories(id) ON DELETE CASCADE,
            ltm_id      INTEGER REFERENCES long_term_memories(id) ON DELETE CASCADE,
            observed_at TEXT NOT NULL \(time("observed_at")),
            CHECK ((stm_id IS NULL) <> (ltm_id IS NULL))
        );
        CREATE UNIQUE INDEX relation_evidence_from_stm ON relation_evidence(relation_id, stm_id)
            WHERE stm_id IS NOT NULL;
        CREATE UNIQUE INDEX relation_evidence_from_ltm ON relation_evidence(relation_id, ltm_id)
            WHERE ltm_id IS NOT NULL;
        CREATE INDEX relation_evidence_by_stm ON relation_evidence(stm_id) WHERE stm_id IS NOT NULL;
        CREATE INDEX relation_evidence_by_ltm ON relation_evidence(ltm_id) WHERE ltm_id IS NOT NULL;

        CREATE TABLE passes (
            id          INTEGER PRIMARY KEY,
            kind        TEXT NOT NULL CHECK (kind IN ('consolidation', 'extraction', 'graph')),
            started_at  TEXT NOT NULL DEFAULT (\(now)) \(time("started_at")),
            finished_at TEXT \(time("finished_at")),
            outcome     TEXT NOT NULL DEFAULT 'running'
                        CHECK (outcome IN ('running', 'completed', 'cancelled', 'failed')),
            processed   INTEGER NOT NULL DEFAULT 0 CHECK (processed >= 0),
            batches     INTEGER NOT NULL DEFAULT 0 CHECK (batches >= 0),
            counts      TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(counts)),
            error       TEXT,
            CHECK ((outcome = 'running') = (finished_at IS NULL))
        );
        CREATE INDEX passes_by_kind ON passes(kind, started_at);

        CREATE TABLE record_counts (
            name  TEXT PRIMARY KEY,
            count INTEGER NOT NULL CHECK (count >= 0)
        ) WITHOUT ROWID;
        \(recordCountTriggers())

        \(fullTextIndex("short_term_memories_fts", over: "short_term_memories", column: "content"))

        \(fullTextIndex("long_term_memories_fts", over: "long_term_memories", column: "summary"))
        """

    /// Consolidation: memories looked at but kept pending (`reviewed_at`), MinHash band keys of
    /// long-term summaries for finding restatements through an index, and partial indexes for
    /// each step of the pass so that none of them scans.
    private static let version2 = """
        ALTER TABLE short_term_memories ADD COLUMN reviewed_at TEXT \(time("reviewed_at"));
        CREATE INDEX short_term_memories_unreviewed ON short_term_memories(created_at, id)
            WHERE status = 'pending' AND reviewed_at IS NULL;
        CREATE INDEX short_term_memories_parked ON short_term_memories(created_at, id)
            WHERE status = 'pending' AND reviewed_at IS NOT NULL;
        CREATE INDEX short_term_memories_forgotten ON short_term_memories(status_changed_at, id)
            WHERE status = 'forgotten';

        CREATE TABLE long_term_signatures (
            band_key INTEGER NOT NULL,
            ltm_id   INTEGER NOT NULL REFERENCES long_term_memories(id) ON DELETE CASCADE,
            PRIMARY KEY (band_key, ltm_id)
        ) WITHOUT ROWID;
        CREATE INDEX long_term_signatures_by_ltm ON long_term_signatures(ltm_id);
        """

    /// Extraction and the graph: which memories each pass has done (`extracted_at`,
    /// `graphed_at`), with partial indexes so that finding the rest never scans. A long-term
    /// memory whose summary changes is extracted again. The graph pass reads short-term memories
    /// in time order, so that a later statement replaces an earlier one.
    private static let version3 = """
        ALTER TABLE short_term_memories ADD COLUMN extracted_at TEXT \(time("extracted_at"));
        ALTER TABLE short_term_memories ADD COLUMN graphed_at TEXT \(time("graphed_at"));
        ALTER TABLE long_term_memories ADD COLUMN extracted_at TEXT \(time("extracted_at"));
        CREATE INDEX short_term_memories_unextracted ON short_term_memories(id) WHERE extracted_at IS NULL;
        CREATE INDEX short_term_memories_ungraphed ON short_term_memories(created_at, id)
            WHERE graphed_at IS NULL AND extracted_at IS NOT NULL;
        CREATE INDEX long_term_memories_unextracted ON long_term_memories(id) WHERE extracted_at IS NULL;
        CREATE TRIGGER long_term_memories_extract_again AFTER UPDATE OF summary ON long_term_memories
        WHEN old.summary IS NOT new.summary BEGIN
            UPDATE long_term_memories SET extracted_at = NULL WHERE id = new.id;
        END;
        CREATE INDEX relations_by_predicate ON relations(predicate, weight);
        """

    /// Date words of a stored time, as recall indexes them: "8 may 2023 monday".
    private static func dateWords(_ column: String) -> String {
        let days = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"]
        let day = days.enumerated().map { "WHEN '\($0.offset)' THEN '\($0.element)'" }.joined(separator: " ")
        return """
            CAST(strftime('%d', \(column)) AS INTEGER) || ' ' || \(monthWord(column)) || ' '
            || strftime('%Y', \(column)) || ' ' || (CASE strftime('%w', \(column)) \(day) END)
            """
    }

    /// The month of a stored time or day, as a word: "may".
    private static func monthWord(_ column: String) -> String {
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
    private static func ending(_ text: String) -> String {
        let tail = "substr(\(text), -\(contextCharacters))"
        return "CASE WHEN length(\(text)) <= \(contextCharacters) THEN \(text) ELSE substr(\(tail), instr(\(tail), ' ') + 1) END"
    }

    /// Recall: one document per short-term memory, with its text, who said it, the other
    /// person's turn before it in its session (a reply often completes it) and its date words,
    /// so that recall ranks what was said, by whom and when (docs/RECALL.md). Kept by triggers;
    /// existing memories are indexed here. `memctl search` reads its `text` column, so the
    /// version 1 index over `content` goes: one index per memory to keep up on every insert.
    private static let version4 = """
        CREATE VIRTUAL TABLE memory_recall USING fts5(
            text, speaker, context, dates, tokenize='porter unicode61 remove_diacritics 2'
        );
        INSERT INTO memory_recall(rowid, text, speaker, context, dates)
            SELECT s.id, s.content, s.source, \(previousTurn("s", whole: true)), \(dateWords("s.created_at"))
            FROM short_term_memories s;
        CREATE TRIGGER memory_recall_after_insert AFTER INSERT ON short_term_memories BEGIN
            INSERT INTO memory_recall(rowid, text, speaker, context, dates)
            VALUES (new.id, new.content, new.source, \(previousTurn("new", whole: true)), \(dateWords("new.created_at")));
        END;
        CREATE TRIGGER memory_recall_after_update AFTER UPDATE OF content, source, created_at ON short_term_memories
        BEGIN
            UPDATE memory_recall SET text = new.content, speaker = new.source, dates = \(dateWords("new.created_at"))
            WHERE rowid = new.id;
        END;
        CREATE TRIGGER memory_recall_after_delete AFTER DELETE ON short_term_memories BEGIN
            DELETE FROM memory_recall WHERE rowid = old.id;
        END;
        DROP TRIGGER short_term_memories_fts_after_insert;
        DROP TRIGGER short_term_memories_fts_after_delete;
        DROP TRIGGER short_term_memories_fts_after_update;
        DROP TABLE short_term_memories_fts;
        """

    /// Forgetting on request (`memctl forget`): a long-term memory can be forgotten as a whole
    /// (`forgotten_at`), and is then kept and listable but never recalled, searched or
    /// reinforced. Its signatures are removed at that moment, so the column needs no index.
    private static let version5 = """
        ALTER TABLE long_term_memories ADD COLUMN forgotten_at TEXT \(time("forgotten_at"));
        """

    /// Consolidation writes a long-term memory's band keys into `long_term_signatures` a batch
    /// of batches at a time, in key order (`MemoryStore.writeStaleSignatures`), instead of at
    /// every commit: one row per long-term memory whose summary changed since. The pass's own
    /// look-ups see those keys from its memory meanwhile; a pass that was stopped or killed
    /// leaves the rows, and the next one writes their keys first. A long-term memory that goes
    /// takes its row with it.
    private static let version6 = """
        CREATE TABLE long_term_signatures_stale (
            ltm_id INTEGER PRIMARY KEY REFERENCES long_term_memories(id) ON DELETE CASCADE
        );
        """

    /// Relative times ("yesterday", "last Friday", "two weeks ago") resolved against when each
    /// short-term memory was said (docs/TIME.md): one row per expression, written by the
    /// extraction pass, which resolves every memory whose `times_resolved_at` is not set (so a
    /// database from before this version has its memories resolved by its next pass). What an
    /// expression means is added to the memory's date words in the recall index, so "What did
    /// James do on 16 March 2022?" finds "yesterday I went bowling", said on the 17th.
    private static let version7 = """
        CREATE TABLE short_term_times (
            stm_id       INTEGER NOT NULL REFERENCES short_term_memories(id) ON DELETE CASCADE,
            start_offset INTEGER NOT NULL CHECK (start_offset >= 0),
            end_offset   INTEGER NOT NULL CHECK (end_offset > start_offset),
            phrase       TEXT NOT NULL,
            first_day    TEXT NOT NULL CHECK (first_day GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]'),
            last_day     TEXT NOT NULL CHECK (last_day GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]'),
            granularity  TEXT NOT NULL CHECK (granularity IN ('day', 'weekend', 'week', 'month', 'year')),
            since        INTEGER NOT NULL DEFAULT 0 CHECK (since IN (0, 1)),
            PRIMARY KEY (stm_id, start_offset)
        ) WITHOUT ROWID;
        ALTER TABLE short_term_memories ADD COLUMN times_resolved_at TEXT \(time("times_resolved_at"));
        CREATE INDEX short_term_memories_unresolved ON short_term_memories(id) WHERE times_resolved_at IS NULL;
        CREATE TRIGGER short_term_times_recall AFTER INSERT ON short_term_times BEGIN
            UPDATE memory_recall SET dates = dates || ' ' || (CASE new.granularity
                WHEN 'day' THEN \(dateWords("new.first_day"))
                WHEN 'month' THEN \(monthWord("new.first_day")) || ' ' || strftime('%Y', new.first_day)
                WHEN 'year' THEN strftime('%Y', new.first_day)
                ELSE \(dateWords("new.first_day")) || ' ' || \(dateWords("new.last_day")) END)
            WHERE rowid = new.stm_id;
        END;
        """

    /// A memory's context in the recall index is the end of the turn before it, not the whole
    /// turn: a short reply after a 300-word answer was a 330-word document, its own words lost
    /// to BM25's length normalisation and matched by whatever the answer said. The question a
    /// reply answers is at the end of the turn before (docs/RECALL.md, "The turn before").
    private static let version8 = """
        DROP TRIGGER memory_recall_after_insert;
        CREATE TRIGGER memory_recall_after_insert AFTER INSERT ON short_term_memories BEGIN
            INSERT INTO memory_recall(rowid, text, speaker, context, dates)
            VALUES (new.id, new.content, new.source, \(previousTurn("new")), \(dateWords("new.created_at")));
        END;
        UPDATE memory_recall SET context = \(ending("context")) WHERE length(context) > \(contextCharacters);
        """

    /// A message imported from a ChatGPT or Claude export keeps the service's id of it, unique per
    /// service, so that importing the same export again, or a later one, adds only what is new.
    /// A conversation's title is kept by session (its id). A purged message's export id is kept
    /// (`purged_exports`), so that an import does not bring back what the user purged.
    private static let version9 = """
        ALTER TABLE short_term_memories ADD COLUMN export_origin TEXT
            CHECK (export_origin IS NULL OR export_origin IN ('chatgpt', 'claude'));
        ALTER TABLE short_term_memories ADD COLUMN export_id TEXT
            CHECK ((export_id IS NULL) = (export_origin IS NULL));
        CREATE UNIQUE INDEX short_term_memories_by_export ON short_term_memories(export_origin, export_id)
            WHERE export_id IS NOT NULL;

        CREATE TABLE session_titles (
            session    TEXT PRIMARY KEY CHECK (length(session) > 0),
            title      TEXT NOT NULL CHECK (length(title) > 0),
            origin     TEXT NOT NULL CHECK (origin IN ('chatgpt', 'claude')),
            updated_at TEXT NOT NULL DEFAULT (\(now)) \(time("updated_at"))
        ) WITHOUT ROWID;

        CREATE TABLE purged_exports (
            export_origin TEXT NOT NULL,
            export_id     TEXT NOT NULL,
            purged_at     TEXT NOT NULL DEFAULT (\(now)) \(time("purged_at")),
            PRIMARY KEY (export_origin, export_id)
        ) WITHOUT ROWID;
        """
}
