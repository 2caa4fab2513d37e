// MARK: - The migrations' SQL, one script per schema version

extension Schema {
    static let version1 = """
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
    static let version2 = """
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
    static let version3 = """
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

    /// Recall: one document per short-term memory, with its text, who said it, the other
    /// person's turn before it in its session (a reply often completes it) and its date words,
    /// so that recall ranks what was said, by whom and when (docs/RECALL.md). Kept by triggers;
    /// existing memories are indexed here. `memctl search` reads its `text` column, so the
    /// version 1 index over `content` goes: one index per memory to keep up on every insert.
    static let version4 = """
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
    /// reinforced. Its band keys are removed at that moment, so the column needs no index.
    static let version5 = """
        ALTER TABLE long_term_memories ADD COLUMN forgotten_at TEXT \(time("forgotten_at"));
        """

    /// Consolidation writes a long-term memory's band keys into `long_term_signatures` a batch of
    /// batches at a time, in key order, instead of at every commit: one row per long-term memory
    /// whose keys the pass holds and has not written; a pass that was stopped or killed leaves
    /// the rows, and the next pass writes their keys from the summaries first
    /// (`StoreConsolidation.beginHoldingBandKeys`). A long-term memory that goes takes its row with it.
    static let version6 = """
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
    static let version7 = """
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
    static let version8 = """
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
    static let version9 = """
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

    /// Coding agents' session transcripts (`memctl import --from claude-code|codex|gemini`, and
    /// memoryd's `follow`): their messages keep the tool's id like an export's, so the CHECK on
    /// `export_origin` takes the three tools too (a looser constraint; no row changes). Each
    /// session keeps the directory it ran in, and each followed file how far it was read, written
    /// in the transaction of the rows read from it.
    static let version10 = """
        CREATE TABLE session_projects (
            session    TEXT PRIMARY KEY CHECK (length(session) > 0),
            project    TEXT NOT NULL CHECK (length(project) > 0),
            origin     TEXT NOT NULL CHECK (origin IN ('claude-code', 'codex', 'gemini')),
            updated_at TEXT NOT NULL DEFAULT (\(now)) \(time("updated_at"))
        ) WITHOUT ROWID;

        CREATE TABLE followed_files (
            path           TEXT PRIMARY KEY CHECK (length(path) > 0),
            tool           TEXT NOT NULL CHECK (tool IN ('claude-code', 'codex', 'gemini')),
            device         INTEGER NOT NULL,
            inode          INTEGER NOT NULL,
            read_to        INTEGER NOT NULL CHECK (read_to >= 0),
            messages       INTEGER NOT NULL DEFAULT 0 CHECK (messages >= 0),
            last_stored_at TEXT NULL \(time("last_stored_at")),
            error          TEXT NULL,
            updated_at     TEXT NOT NULL DEFAULT (\(now)) \(time("updated_at"))
        ) WITHOUT ROWID;
        """

    /// Memories scoped by project (docs/PROJECTS.md): each short-term memory may name the
    /// directory of its project, and each long-term memory the project of its sources. A memory
    /// already stored takes its session's directory (`session_projects`, a coding agent's
    /// transcript); a long-term memory the project of its earliest source that has one (before
    /// this version, reinforcement could join memories of different projects). The index serves
    /// `memctl context`: a project's newest long-term memories without a sort. It is partial, so
    /// that a store without projects (chat history) pays nothing for it when a pass writes.
    static let version11 = """
        ALTER TABLE short_term_memories ADD COLUMN project TEXT
            CHECK (project IS NULL OR (typeof(project) = 'text' AND substr(project, 1, 1) = '/'));
        ALTER TABLE long_term_memories ADD COLUMN project TEXT
            CHECK (project IS NULL OR (typeof(project) = 'text' AND substr(project, 1, 1) = '/'));
        UPDATE short_term_memories SET project = p.project
            FROM session_projects p WHERE p.session = short_term_memories.session;
        UPDATE long_term_memories SET project = (
            SELECT s.project FROM long_term_sources ls JOIN short_term_memories s ON s.id = ls.stm_id
            WHERE ls.ltm_id = long_term_memories.id AND s.project IS NOT NULL ORDER BY s.created_at, s.id LIMIT 1)
        WHERE id IN (
            SELECT ls.ltm_id FROM long_term_sources ls JOIN short_term_memories s ON s.id = ls.stm_id
            WHERE s.project IS NOT NULL);
        CREATE INDEX long_term_memories_by_project ON long_term_memories(project, last_reinforced_at)
            WHERE project IS NOT NULL;
        """

    /// `memctl export`: a memory that came from no export is named in one by this database's
    /// identity (a random UUID, made once, kept by every later version and by copies of the file)
    /// and its id, so that importing the export again adds nothing, and exports of two databases
    /// imported into one never take one's memory for the other's. Imported, it keeps that name
    /// under the origin `memoryd`, which the CHECK on `export_origin` takes from here on (a
    /// looser constraint, rewritten in place as version 10 did; no row changes).
    static let version12 = """
        CREATE TABLE database_identity (
            id         INTEGER PRIMARY KEY CHECK (id = 1),
            uuid       TEXT NOT NULL CHECK (length(uuid) = 36),
            created_at TEXT NOT NULL DEFAULT (\(now)) \(time("created_at"))
        );
        INSERT INTO database_identity(id, uuid) VALUES (1, \(randomUUID));
        """

    /// SQL for a random (version 4) UUID in its usual text form: 122 random bits from SQLite's
    /// own generator, the version and variant bits set.
    static let randomUUID = """
        lower(hex(randomblob(4)) || '-' || hex(randomblob(2)) || '-4' || substr(hex(randomblob(2)), 2) || '-'
            || substr('89AB', 1 + (abs(random()) % 4), 1) || substr(hex(randomblob(2)), 2) || '-' || hex(randomblob(6)))
        """

    /// The constraint on `short_term_memories.export_origin` as version 9 wrote it, as version
    /// 10 rewrote it, and as version 12 rewrites it.
    static let exportOriginsBefore10 = "export_origin IN ('chatgpt', 'claude')"
    static let exportOriginsBefore12 = "export_origin IN ('chatgpt', 'claude', 'claude-code', 'codex', 'gemini')"
    static let exportOrigins = "export_origin IN ('chatgpt', 'claude', 'claude-code', 'codex', 'gemini', 'memoryd')"
}
