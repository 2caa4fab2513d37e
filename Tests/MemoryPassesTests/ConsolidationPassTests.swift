import Foundation
import Testing

@testable import MemoryEngines
@testable import MemoryImport
import MemoryModel
@testable import MemoryPasses
@testable import MemoryStorage
@testable import SQLiteKit
import TestFixtures

@Suite("Consolidation pass")
struct ConsolidationPassTests {
    static let day: Int64 = 86_400_000
    let now = Timestamp(iso8601: "2026-06-01T12:00:00Z")!

    /// Conversations with repeated facts, small talk and restatements across sessions, all in the past.
    static func sampleLines(count: Int, endingBefore end: Timestamp) -> String {
        let facts = [
            "My sister Leah lives in Lisbon", "I work at Globex as a designer", "Remember that Marcus is allergic to peanuts",
            "my dentist appointment is on the 14th at 9:30", "We are renovating the kitchen in May",
            "I moved to Berlin last month", "Priya's birthday is on October 3",
        ]
        let chatter = ["ok", "lol", "thanks!", "sure", "hmm", "That sounds like a good plan."]
        var lines = ""
        for index in 0..<count {
            let time = Timestamp(millisecondsSince1970: end.millisecondsSince1970 - Int64(count - index) * 2_700_000)
            let content = index % 3 == 2 ? chatter[index % chatter.count] : facts[(index / 3) % facts.count]
            lines += #"{"content": "\#(content)", "session": "s\#(index / 25)", "created_at": "\#(time.iso8601)"}"# + "\n"
        }
        return lines
    }

    /// A store holding `lines`; keep the fixture alive as long as the store is used.
    private func store(with lines: String) async throws -> (StoreFixture, MemoryStore) {
        let fixture = try StoreFixture()
        let store = try fixture.open()
        let file = fixture.directory.appendingPathComponent("in.jsonl").path
        try Data(lines.utf8).write(to: URL(fileURLWithPath: file))
        _ = try await LineReader.importing(LineReader(path: file, maximumLineBytes: 16 << 20), into: store, skipInvalid: false)
        return (fixture, store)
    }

    private func policy(batchSize: Int = 40) -> ConsolidationPolicy {
        var policy = ConsolidationPolicy()
        policy.batchSize = batchSize
        return policy
    }

    /// Runs a pass in its own task; `cancelAfter` cancels it once that many batches are committed.
    private func runPass(_ store: MemoryStore, policy: ConsolidationPolicy, at now: Timestamp, cancelAfter: Int? = nil)
        async throws -> PassRecord
    {
        let pass = ConsolidationPass(store: store, policy: policy, now: now)
        return try await Task {
            try await pass.run { progress in
                if let cancelAfter, progress.batches == cancelAfter { withUnsafeCurrentTask { $0?.cancel() } }
            }
        }.value
    }

    /// What a pass decides, as rows: everything but the pass's own bookkeeping (the ledger, and
    /// the wall-clock `status_changed_at` / `reviewed_at`).
    static func content(of fixture: StoreFixture) throws -> [String] {
        let connection = try fixture.rawConnection()
        return try connection.textRows(
            [
                "SELECT id, content, session, importance, created_at, status, ltm_id FROM short_term_memories ORDER BY id",
                "SELECT id, summary, strength, importance, created_at, updated_at, last_reinforced_at FROM long_term_memories ORDER BY id",
                "SELECT ltm_id, stm_id, role, joined_at FROM long_term_sources ORDER BY ltm_id, stm_id",
                "SELECT band_key, ltm_id FROM long_term_signatures ORDER BY band_key, ltm_id",
                "SELECT name, count FROM record_counts WHERE name <> 'passes' ORDER BY name",
            ], columns: 7)
    }

    @Test("a pass cancelled after any batch keeps whole batches only, and a rerun ends with exactly the uninterrupted result")
    func cancelAndResume() async throws {
        let lines = Self.sampleLines(count: 400, endingBefore: now.subtracting(.seconds(3600)))
        let (reference, referenceStore) = try await store(with: lines)
        let complete = try await runPass(referenceStore, policy: policy(), at: now)
        #expect(complete.outcome == .completed)
        let expected = try Self.content(of: reference)
        #expect((complete.counts.created ?? 0) > 0 && (complete.counts.reinforced ?? 0) > 0)
        #expect((complete.counts.forgotten ?? 0) > 0)

        for cut in Set([1, 2, 3, complete.batches / 2, complete.batches - 1]).sorted() where cut >= 1 {
            let (fixture, store) = try await store(with: lines)
            let cancelled = try await runPass(store, policy: policy(), at: now, cancelAfter: cut)
            #expect(cancelled.outcome == .cancelled)
            #expect(cancelled.batches == cut)
            // The ledger and the rows agree: nothing half-written, nothing counted twice.
            let stats = try await store.inspecting { try $0.statistics() }
            let counts = cancelled.counts
            #expect(stats.ltm == (counts.created ?? 0))
            #expect(
                stats.stm.consolidated
                    == (counts.created ?? 0) + (counts.merged ?? 0) + (counts.reinforced ?? 0))
            #expect(stats.stm.forgotten == (counts.forgotten ?? 0))
            #expect(try await store.inspecting { try $0.checkIntegrity() }.ok)
            // Each batch wrote the band keys of what it wrote, or listed its memory for the next
            // pass to write them from its summary (the keys the pass held).
            #expect(try Self.bandKeyMismatches(fixture, exceptListed: true) == [])

            let resumed = try await runPass(store, policy: policy(), at: now)
            #expect(resumed.outcome == .completed)
            #expect(try Self.content(of: fixture) == expected, "after a cut at batch \(cut)")
            // The resumed pass held again the keys the stopped one left listed.
            #expect(try Self.bandKeyMismatches(fixture, exceptListed: true) == [])
            try await Self.writeHeldBandKeys(store)
            #expect(try Self.bandKeyMismatches(fixture) == [])
        }
    }

    /// Conversations of two people, a message a minute: each session comes back to a few topics
    /// with the same words (merges), later sessions restate earlier ones (reinforcements), and
    /// small talk sits between them.
    /// The newest source of a long-term memory (`?`) whose text no other source of it repeats: forgetting it
    /// changes the long-term memory's text, which keeps every sentence of its sources, each once.
    static let sourceSayingWhatNoOtherDoes = """
        SELECT p.stm_id FROM long_term_sources p JOIN short_term_memories s ON s.id = p.stm_id WHERE p.ltm_id = ?
          AND NOT EXISTS (SELECT 1 FROM long_term_sources q JOIN short_term_memories t ON t.id = q.stm_id
                          WHERE q.ltm_id = p.ltm_id AND q.stm_id <> p.stm_id AND lower(t.content) = lower(s.content))
        ORDER BY p.stm_id DESC LIMIT 1
        """

    static func conversationLines(sessions: Int, endingBefore end: Timestamp) -> String {
        let topics = [
            ("hiking", "We went hiking in the mountains near Innsbruck last weekend", "the hiking trail in the mountains was steep"),
            ("kitchen", "I am renovating the kitchen with new oak cabinets", "the kitchen renovation with oak cabinets takes months"),
            ("guitar", "My daughter Mia started guitar lessons on Tuesdays", "Mia practises the guitar lessons every evening"),
            ("job", "I started a new job at Globex as a data engineer", "the data engineer job at Globex is going well"),
            ("dog", "Our dog Rufus hurt his paw chasing a ball", "Rufus the dog is limping on his paw after the ball"),
        ]
        let chatter = ["haha nice", "Thanks, talk soon!", "oh really?", "That sounds great!", "ok"]
        var lines = ""
        var minute: Int64 = 0
        for session in 0..<sessions {
            for turn in 0..<12 {
                let topic = topics[(session + turn / 4) % topics.count]
                let content =
                    switch turn % 4 {
                    case 0: topic.1
                    case 1: chatter[(session + turn) % chatter.count]
                    case 2: topic.2
                    default: "Tell me more about the \(topic.0), \(session % 2 == 0 ? "it sounds fun" : "how was it")?"
                    }
                let time = Timestamp(millisecondsSince1970: end.millisecondsSince1970 - (100_000 - minute) * 60_000)
                let source = turn % 2 == 0 ? "Anna" : "Ben"
                lines += #"{"content": "\#(content)", "session": "c\#(session)", "source": "\#(source)", "created_at": "\#(time.iso8601)"}"#
                    + "\n"
                minute += 1
            }
            minute += 600
        }
        return lines
    }

    /// The first row where two contents differ, as "row: this ≠ that"; nil when they are equal.
    static func firstDifference(_ rows: [String], _ expected: [String]) -> String? {
        for (index, (row, other)) in zip(rows, expected).enumerated() where row != other {
            return "row \(index): \(row) ≠ \(other)"
        }
        return rows.count == expected.count ? nil : "\(rows.count) rows ≠ \(expected.count)"
    }

    @Test("the same memories give the same long-term memories whatever the batch size, and however passes split them")
    func batchSizeDoesNotMatter() async throws {
        let lines = Self.conversationLines(sessions: 24, endingBefore: now)
        var results: [Int: [String]] = [:]
        for batchSize in [1, 3, 17, 64, 1_000] {
            let (fixture, store) = try await store(with: lines)
            let record = try await ConsolidationPass(store: store, policy: policy(batchSize: batchSize), now: now).run()
            #expect(record.outcome == .completed)
            if batchSize == 1_000 {
                let counts = record.counts
                #expect((counts.merged ?? 0) > 0 && (counts.reinforced ?? 0) > 0 && (counts.parked ?? 0) > 0)
            }
            results[batchSize] = try Self.content(of: fixture)
        }
        for batchSize in [1, 3, 17, 64] {
            #expect(Self.firstDifference(results[batchSize]!, results[1_000]!) == nil, "batch size \(batchSize)")
        }

        // Passes that run while the conversations go on: each takes what is old enough by then,
        // and a session's merges go on across them.
        let (fixture, store) = try await store(with: lines)
        let start = now.millisecondsSince1970 - 100_000 * 60_000
        for minutes: Int64 in [5, 617, 618, 1_230, 3_065, 6_125, 9_000] {
            var early = policy(batchSize: 5)
            early.minimumAge = .seconds(0)
            let at = Timestamp(millisecondsSince1970: start + minutes * 60_000)
            _ = try await ConsolidationPass(store: store, policy: early, now: at).run()
        }
        _ = try await ConsolidationPass(store: store, policy: policy(batchSize: 7), now: now).run()
        // The forgetting and purging steps ran at other times; what was consolidated is the same.
        let consolidated = { (rows: [String]) in
            rows.filter { !$0.contains("|pending|") && !$0.contains("|forgotten|") && !$0.hasPrefix("stm_") }
        }
        #expect(Self.firstDifference(consolidated(try Self.content(of: fixture)), consolidated(results[1_000]!)) == nil)
    }

    /// Long-term memories whose written band keys are not those of their summary (none for a
    /// forgotten one), and memories listed as having keys unwritten. `exceptListed`: a listed
    /// memory's keys are held by passes, not all written, and only written keys that its
    /// summary does not have are a mismatch.
    static func bandKeyMismatches(_ fixture: StoreFixture, exceptListed: Bool = false) throws -> [String] {
        let connection = try fixture.rawConnection()
        let summaries = try connection.prepare(
            "SELECT id, summary, forgotten_at IS NOT NULL FROM long_term_memories ORDER BY id"
        ).rows { ($0.int64(0), $0.text(1), $0.int64(2) == 1) }
        let keys = try connection.prepare("SELECT band_key FROM long_term_signatures WHERE ltm_id = ?")
        let listedIDs = Set(try connection.prepare("SELECT ltm_id FROM long_term_signatures_stale").rows { $0.int64(0) })
        let listed = exceptListed ? [] : listedIDs.sorted().map { "listed: \($0)" }
        return try listed + summaries.compactMap { id, summary, forgotten in
            let stored = Set(try keys.bind([id]).rows { $0.int64(0) })
            let expected = forgotten ? [] : Set(ConsolidationEngine.summaryBandKeys(summary))
            if exceptListed, listedIDs.contains(id) { return stored.isSubset(of: expected) ? nil : "ltm \(id): \(summary)" }
            return stored == expected ? nil : "ltm \(id): \(summary)"
        }
    }

    /// Writes every band key `store` holds, as a pass that holds `heldBandKeysLeftListed` does.
    static func writeHeldBandKeys(_ store: MemoryStore) async throws {
        while try await store.consolidating({ try $0.writeHeldBandKeys() }) {}
    }

    @Test("band keys an older memoryd left listed are written by the next pass from the summaries as they are then, forgotten ones without")
    func listedBandKeysAreWritten() async throws {
        let (fixture, store) = try await store(with: Self.conversationLines(sessions: 12, endingBefore: now))
        let cancelled = try await runPass(store, policy: policy(batchSize: 1), at: now, cancelAfter: 60)
        #expect(cancelled.outcome == .cancelled)
        #expect(try Self.bandKeyMismatches(fixture, exceptListed: true) == [])
        // The keys the stopped pass held are held again from the summaries when the next one
        // starts, and written as they are.
        try await store.consolidating { try $0.beginHoldingBandKeys(bandKeys: ConsolidationEngine.summaryBandKeys) }
        #expect(try await store.consolidating { try $0.heldBandKeyCount() } > 0)
        try await Self.writeHeldBandKeys(store)
        #expect(try Self.bandKeyMismatches(fixture) == [])
        // As a pass of an older memoryd left them: keys listed as unwritten, some of them missing
        // or stale in the table.
        let raw = try fixture.rawConnection()
        let ids = try raw.prepare(
            """
            SELECT ltm_id, count(*) FROM long_term_sources GROUP BY ltm_id ORDER BY count(*) DESC, ltm_id LIMIT 6
            """
        ).rows { ($0.int64(0), $0.int64(1)) }
        try #require(ids.count == 6 && ids[0].1 >= 2)
        for (id, _) in ids {
            try raw.execute("INSERT INTO long_term_signatures_stale(ltm_id) VALUES (\(id))")
            try raw.execute("DELETE FROM long_term_signatures WHERE ltm_id = \(id) AND band_key % 2 = 0")
            try raw.execute("INSERT OR IGNORE INTO long_term_signatures(band_key, ltm_id) VALUES (\(id * 1_000_003), \(id))")
        }
        #expect(try Self.bandKeyMismatches(fixture).count == 12)
        // Another process forgets one of them, and a source of another, whose summary is made again.
        let (remade, gone) = (ids[0].0, ids[5].0)
        let source = try #require(try raw.scalarInt(Self.sourceSayingWhatNoOtherDoes, remade))
        let before = try #require(try raw.scalarText("SELECT summary FROM long_term_memories WHERE id = ?", remade))
        let other = try fixture.open()
        _ = try await Forgetter(store: other).forget(.longTerm(LongTermMemoryID(gone)), purge: false, now: now)
        _ = try await Forgetter(store: other).forget(.shortTerm(ShortTermMemoryID(source)), purge: false, now: now)
        #expect(try raw.scalarText("SELECT summary FROM long_term_memories WHERE id = ?", remade) != before)

        let resumed = try await runPass(store, policy: policy(batchSize: 1), at: now)
        #expect(resumed.outcome == .completed)
        // Written keys its summary lacks are gone; the pass holds the rest, as they are now.
        #expect(try Self.bandKeyMismatches(fixture, exceptListed: true) == [])
        try await Self.writeHeldBandKeys(store)
        #expect(try Self.bandKeyMismatches(fixture) == [])
    }

    @Test("keys a pass holds for a memory another process forgets, or whose summary it makes again, are dropped, not written")
    func heldBandKeysYieldToOtherWriters() async throws {
        let (fixture, store) = try await store(with: Self.conversationLines(sessions: 12, endingBefore: now))
        // Stopped after 60 batches of 1: the pass's connection still holds their keys, listed.
        let cancelled = try await runPass(store, policy: policy(batchSize: 1), at: now, cancelAfter: 60)
        #expect(cancelled.outcome == .cancelled)
        #expect(try await store.consolidating { try $0.heldBandKeyCount() } > 0)
        let raw = try fixture.rawConnection()
        let ids = try raw.prepare(
            "SELECT ltm_id FROM long_term_sources GROUP BY ltm_id HAVING count(*) >= 2 ORDER BY ltm_id"
        ).rows { $0.int64(0) }
        let sources = try ids.map { try raw.scalarInt(Self.sourceSayingWhatNoOtherDoes, $0) }
        let remadeAt = try #require(sources.firstIndex { $0 != nil })
        let (remade, source) = (ids[remadeAt], sources[remadeAt]!)
        let gone = try #require(ids.first { $0 != remade })
        #expect(try raw.scalarInt("SELECT count(*) FROM long_term_signatures WHERE ltm_id IN (?, ?)", remade, gone) == 0)
        let before = try #require(try raw.scalarText("SELECT summary FROM long_term_memories WHERE id = ?", remade))
        let other = try fixture.open()
        _ = try await Forgetter(store: other).forget(.longTerm(LongTermMemoryID(gone)), purge: false, now: now)
        _ = try await Forgetter(store: other).forget(.shortTerm(ShortTermMemoryID(source)), purge: false, now: now)
        #expect(try raw.scalarText("SELECT summary FROM long_term_memories WHERE id = ?", remade) != before)

        while try await store.consolidating({ try $0.writeHeldBandKeys() }) {}
        #expect(try await store.consolidating { try $0.heldBandKeyCount() } == 0)
        #expect(try Self.bandKeyMismatches(fixture) == [])
    }

    @Test("every remembered long-term memory has exactly the band keys of its summary, after merges, restatements and a forget")
    func bandKeysFollowSummaries() async throws {
        let trip = [
            "We went hiking in the Alps near Innsbruck last weekend.",
            "The hiking trail in the Alps near Innsbruck was steep and rocky.",
            "The hut on the hiking trail near Innsbruck served great dumplings.",
        ]
        let lines = trip.enumerated().map { minute, content in
            let time = now.subtracting(.seconds(7_200 - Int64(minute) * 60)).iso8601
            return #"{"content": "\#(content)", "session": "trip", "source": "Anna", "created_at": "\#(time)"}"# + "\n"
        }.joined()
        let (fixture, store) = try await store(with: Self.conversationLines(sessions: 12, endingBefore: now) + lines)
        // Batches of 1: a summary made again in a later batch has its stored keys changed.
        let record = try await runPass(store, policy: policy(batchSize: 1), at: now)
        #expect((record.counts.merged ?? 0) > 0 && (record.counts.reinforced ?? 0) > 0)

        func mismatches() throws -> [String] { try Self.bandKeyMismatches(fixture, exceptListed: true) }
        #expect(try mismatches() == [])
        // Fewer keys than `heldBandKeysLeftListed`: the pass wrote none, and left their memories
        // listed for the next pass to hold again.
        let raw = try fixture.rawConnection()
        #expect(try raw.scalarInt("SELECT count(*) FROM long_term_signatures") == 0)
        #expect(
            try raw.scalarInt("SELECT count(*) FROM long_term_signatures_stale")
                == raw.scalarInt("SELECT count(*) FROM long_term_memories"))
        // Forgetting a source makes its summary again, and its keys with it.
        let dumplings = try #require(
            try fixture.rawConnection().scalarInt("SELECT id FROM short_term_memories WHERE content = ?", trip[2]))
        #expect(
            try fixture.rawConnection().scalarInt(
                "SELECT count(*) FROM long_term_sources WHERE ltm_id = (SELECT ltm_id FROM short_term_memories WHERE id = ?)",
                dumplings) == 3)
        let report = try await Forgetter(store: store).forget(.shortTerm(ShortTermMemoryID(dumplings)), purge: false, now: now)
        #expect(!report.longTermRebuilt.isEmpty)
        #expect(try mismatches() == [])
        let connection = try fixture.rawConnection()
        #expect(
            try connection.scalarInt(
                "SELECT count(*) FROM long_term_signatures s JOIN long_term_memories l ON l.id = s.ltm_id WHERE l.forgotten_at IS NOT NULL"
            ) == 0)
        try await Self.writeHeldBandKeys(store)
        #expect(try Self.bandKeyMismatches(fixture) == [])
    }

    @Test("a memory merges into its conversation's long-term memory that another conversation restated just before, whatever the batch size")
    func mergeAfterRestatementElsewhere() async throws {
        let start = now.subtracting(.seconds(86_400))
        let turns = [
            ("trip", "Anna", "We went hiking in the Alps near Innsbruck last weekend."),
            ("bikes", "Carl", "My cousin Tobias bought a red bicycle in Munich."),
            ("other", "Ben", "We went hiking in the Alps near Innsbruck last weekend."),
            ("trip", "Anna", "The hiking trail in the Alps near Innsbruck was steep."),
        ]
        let lines = turns.enumerated().map { minute, turn in
            let time = start.adding(.seconds(Int64(minute) * 60)).iso8601
            return #"{"content": "\#(turn.2)", "session": "\#(turn.0)", "source": "\#(turn.1)", "created_at": "\#(time)"}"#
                + "\n"
        }.joined()
        var results: [[String]] = []
        // With batches of one, the restatement is planned while the bicycle is being committed,
        // and the trail while the restatement is.
        for batchSize in [1, 2, 1_000] {
            let (fixture, store) = try await store(with: lines)
            let record = try await runPass(store, policy: policy(batchSize: batchSize), at: now)
            #expect(record.counts.created == 2 && record.counts.reinforced == 1 && record.counts.merged == 1)
            results.append(try Self.content(of: fixture))
        }
        #expect(Self.firstDifference(results[0], results[2]) == nil)
        #expect(Self.firstDifference(results[1], results[2]) == nil)
    }

    @Test("hundreds of new long-term memories in one batch get the same ids, summaries and sources as one per batch")
    func manyNewMemoriesInOneBatch() async throws {
        let start = now.subtracting(.seconds(30 * 86_400))
        // Each in a conversation of its own, naming its own number: none merges or restates another.
        let lines = (0..<300).map { index in
            let time = start.adding(.seconds(Int64(index) * 3_600)).iso8601
            let content = "I parked the car on level \(index) of the garage near my office"
            return #"{"content": "\#(content)", "session": "c\#(index)", "created_at": "\#(time)"}"# + "\n"
        }.joined()
        var results: [[String]] = []
        for batchSize in [1_000, 1] {
            let (fixture, store) = try await store(with: lines)
            let record = try await runPass(store, policy: policy(batchSize: batchSize), at: now)
            #expect(record.counts.created == 300)
            results.append(try Self.content(of: fixture))
        }
        #expect(Self.firstDifference(results[0], results[1]) == nil)
        #expect(results[0].contains { $0.hasPrefix("300|I parked the car on level 299 of the garage") })
    }

    @Test("a pass over many batches copies the -wal into the database as it goes, and leaves it short")
    func checkpointsAsItGoes() async throws {
        let fixture = try StoreFixture()
        let store = try fixture.openForPasses()
        let text = String(repeating: "the quick brown fox jumps over the lazy dog ", count: 60)
        let start = now.subtracting(.seconds(86_400))
        _ = try await store.add(
            (0..<1_500).map {
                NewMemory(
                    content: "\(text)\($0)", session: "s\($0 / 50)", source: "user",
                    createdAt: start.adding(.seconds(Int64($0) * 10)))
            })
        let before = try fixture.fileSize()
        #expect(try await store.withConnection { $0.walPages } >= MemoryStore.checkpointPagesAtEnd)

        let record = try await runPass(store, policy: policy(batchSize: 100), at: now)
        #expect(record.outcome == .completed && record.batches >= 15)
        // Every memory row was rewritten, thousands of pages in all: they reached the database
        // file, and what is left in the -wal is less than one checkpoint's worth.
        #expect(try fixture.fileSize() > before + (4 << 20))
        #expect(try await store.withConnection { $0.walPages } < MemoryStore.checkpointPagesAtEnd)
        #expect(try await store.inspecting { try $0.checkIntegrity() }.ok)
    }

    @Test("a second pass of the same kind on the same database is refused while one holds the lock")
    func oneAtATime() async throws {
        let (fixture, store) = try await store(with: Self.sampleLines(count: 30, endingBefore: now))
        do {
            let held = try PassLock(database: fixture.path, kind: .consolidation)
            await #expect(throws: PassAlreadyRunning(kind: .consolidation, database: fixture.path, pid: getpid())) {
                try await ConsolidationPass(store: store, now: now).run()
            }
            // Another kind is not blocked by it.
            _ = try PassLock(database: fixture.path, kind: .graph)
            withExtendedLifetime(held) {}
        }
        #expect(try await ConsolidationPass(store: store, now: now).run().outcome == .completed)
        #expect(try await store.inspecting { try $0.passes(limit: 10) }.count == 1)
    }

    @Test("a pass left running by a process that died is closed as failed by the next one")
    func staleLedgerRow() async throws {
        let (fixture, store) = try await store(with: Self.sampleLines(count: 10, endingBefore: now))
        defer { withExtendedLifetime(fixture) {} }
        try fixture.rawConnection().execute(
            "INSERT INTO passes(kind, started_at, processed, batches) VALUES ('consolidation', '2026-05-31T10:00:00.000Z', 40, 1)")
        _ = try await ConsolidationPass(store: store, now: now).run()
        let passes = try await store.inspecting { try $0.passes(limit: 10) }
        #expect(passes.map(\.outcome) == [.completed, .failed])
        #expect(passes.last?.error?.hasPrefix("interrupted") == true)
        #expect(passes.last?.processed == 40)
    }

    @Test("only memories older than the minimum age are taken, unless pending memories exceed the capacity")
    func eligibility() async throws {
        let lines = (0..<5).map { index in
            #"{"content": "I moved to Berlin, note \#(index)", "created_at": "\#(now.subtracting(.seconds(Int64(60 * (5 - index)))).iso8601)"}"#
        }.joined(separator: "\n")
        let (fixture, store) = try await store(with: lines)
        #expect(try await ConsolidationPass(store: store, now: now).run().processed == 0)
        var overCapacity = ConsolidationPolicy()
        overCapacity.pendingCapacity = 3
        let record = try await ConsolidationPass(store: store, policy: overCapacity, now: now).run()
        #expect(record.processed == 2)
        #expect(try await store.inspecting {
            try $0.shortTermMemories(status: .pending, limit: 10)
        }.map(\.content).sorted() == [
            "I moved to Berlin, note 2", "I moved to Berlin, note 3", "I moved to Berlin, note 4",
        ])
        withExtendedLifetime(fixture) {}
    }

    @Test("memories kept back do not count towards the capacity, so they cannot rush a conversation in progress")
    func keptBackMemoriesDoNotCount() async throws {
        let day = now.subtracting(.seconds(86_400)).iso8601
        let chatter = (0..<6).map { _ in #"{"content": "lol", "session": "old", "created_at": "\#(day)"}"# }
        let fresh = #"{"content": "I moved to Berlin, still unpacking", "created_at": "\#(now.subtracting(.seconds(60)).iso8601)"}"#
        let (fixture, store) = try await store(with: (chatter + [fresh]).joined(separator: "\n"))
        var policy = ConsolidationPolicy()
        policy.pendingCapacity = 3
        let first = try await ConsolidationPass(store: store, policy: policy, now: now).run()
        #expect(first.counts.parked == 6 && first.processed == 6)
        let second = try await ConsolidationPass(store: store, policy: policy, now: now).run()
        #expect(second.processed == 0, "the fresh memory was taken before it was old enough")
        withExtendedLifetime(fixture) {}
    }

    @Test("old unneeded small talk is forgotten (soft), then purged after its retention; important memories never are")
    func forgetAndPurge() async throws {
        let old = now.subtracting(.seconds(10 * 86_400)).iso8601
        let recent = now.subtracting(.seconds(3 * 86_400)).iso8601
        let (fixture, store) = try await store(
            with: """
                {"content": "lol", "session": "a", "created_at": "\(old)"}
                {"content": "ok", "session": "b", "created_at": "\(recent)"}
                {"content": "k", "session": "c", "importance": 0.9, "created_at": "\(old)"}
                {"content": "Remember that Marcus is allergic to peanuts", "session": "d", "created_at": "\(old)"}
                """)
        let first = try await ConsolidationPass(store: store, now: now).run()
        #expect(first.counts.forgotten == 1 && first.counts.parked == 2 && first.counts.created == 2)
        #expect(try await store.inspecting {
            try $0.shortTermMemories(status: .forgotten, limit: 10)
        }.map(\.content) == ["lol"])
        #expect(try await store.inspecting {
            try $0.shortTermMemories(status: .pending, limit: 10)
        }.map(\.content) == ["ok"])

        // Forgotten memories stay listable until their retention ends, then go.
        let later = try await ConsolidationPass(store: store, now: now.adding(.seconds(20 * 86_400))).run()
        #expect(later.counts.forgotten == 1 && (later.counts.purged ?? 0) == 0)
        let muchLater = try await ConsolidationPass(store: store, now: now.adding(.seconds(60 * 86_400))).run()
        #expect(muchLater.counts.purged == 2)
        let stats = try await store.inspecting { try $0.statistics() }
        #expect(stats.stm == .init(pending: 0, consolidated: 2, forgotten: 0))
        #expect(try await store.inspecting { try $0.checkIntegrity() }.ok)
        withExtendedLifetime(fixture) {}
    }

    @Test("old filler of a conversation is forgotten in the same pass, named after the other person or not; a second pass has nothing to do")
    func fillerIsForgotten() async throws {
        func at(_ second: Int) -> String { now.subtracting(.seconds(30 * 86_400 - second)).iso8601 }
        let (fixture, store) = try await store(
            with: """
                {"content": "I went to a support group yesterday and it was so powerful.", "session": "c", "source": "Caroline", "created_at": "\(at(0))"}
                {"content": "Wow, that's great, Caroline! What happened?", "session": "c", "source": "Melanie", "created_at": "\(at(30))"}
                {"content": "Thanks, Mel! So glad.", "session": "c", "source": "Caroline", "created_at": "\(at(60))"}
                {"content": "Take care!", "session": "c", "source": "Melanie", "created_at": "\(at(90))"}
                """)
        let first = try await ConsolidationPass(store: store, policy: policy(batchSize: 1), now: now).run()
        #expect(first.counts.created == 1 && first.counts.parked == 3 && first.counts.forgotten == 3)
        #expect(try await store.inspecting { try $0.statistics() }.stm == .init(pending: 0, consolidated: 1, forgotten: 3))
        let second = try await ConsolidationPass(store: store, now: now).run()
        #expect(second.processed == 0 && (second.counts.forgotten ?? 0) == 0 && (second.counts.parked ?? 0) == 0)
        withExtendedLifetime(fixture) {}
    }

    @Test("a kept-back memory is reconsidered, not forgotten, when the policy now rates it important enough")
    func neverForgetImportant() async throws {
        let old = now.subtracting(.seconds(10 * 86_400)).iso8601
        let (fixture, store) = try await store(with: #"{"content": "see you", "importance": 0.2, "created_at": "\#(old)"}"#)
        var strict = ConsolidationPolicy()
        strict.forgetAfter = .seconds(30 * 86_400)
        _ = try await ConsolidationPass(store: store, policy: strict, now: now).run()
        #expect(try await store.inspecting { try $0.statistics() }.stm.pending == 1)
        var lenient = ConsolidationPolicy()
        lenient.forgetBelowImportance = 0.1
        let record = try await ConsolidationPass(store: store, policy: lenient, now: now).run()
        #expect(record.counts.forgotten == 0)
        _ = try await ConsolidationPass(store: store, policy: lenient, now: now).run()
        #expect(try await store.inspecting { try $0.statistics() }.stm.consolidated == 1)
        withExtendedLifetime(fixture) {}
    }

    @Test("awkward text (emoji, other scripts, NULs, a 1 MB entry, punctuation, CRLF) is consolidated without harm")
    func awkwardText() async throws {
        let contents = [
            "👍👍👍", "🎉 Congrats!!! 🎉", "東京に引っ越しました。来月から新しい仕事です。", "انتقلت إلى برلين الشهر الماضي",
            "Ünïcödé naïve café résumé", #"nul\u0000inside\u0000text"#, "...!!!???", "a", #"\r\nhello\r\n"#,
            #"line one\r\nline two\r\nline three"#, "I MOVED TO BERLIN LAST MONTH", "i moved to berlin last month",
            "Dr. Alvarez said 3.5 mg, twice a day. Remember!", String(repeating: "Remember the long note. ", count: 45_000),
        ]
        // JSON text: the \u0000 and \r\n escapes above reach the store as NULs and line breaks.
        let old = now.subtracting(.seconds(3600))
        let lines = contents.enumerated().map { index, content in
            #"{"content": "\#(content)", "session": "s\#(index % 3)", "created_at": "\#(old.iso8601)"}"#
        }
        let (fixture, store) = try await store(with: lines.joined(separator: "\n"))
        let record = try await ConsolidationPass(store: store, now: now).run()
        #expect(record.outcome == .completed, "\(record.error ?? "")")
        #expect(record.processed == contents.count)
        #expect(try await store.inspecting { try $0.checkIntegrity() }.ok)
        for memory in try await store.inspecting({ try $0.longTermMemories(limit: 100) }) {
            #expect(!memory.summary.isEmpty)
        }
        // The all-caps and lower-case versions of one statement end up in one long-term memory.
        let stms = try await store.inspecting { try $0.shortTermMemories(limit: 100) }
        let moved = stms.filter { $0.content.lowercased() == "i moved to berlin last month" }
        #expect(moved.count == 2 && Set(moved.map(\.ltmID)).count == 1 && moved[0].ltmID != nil)
        withExtendedLifetime(fixture) {}
    }

    @Test("a restatement a week later, in another session, reinforces the long-term memory")
    func reinforcementAcrossPasses() async throws {
        let weekAgo = now.subtracting(.seconds(7 * 86_400))
        let (fixture, store) = try await store(
            with: #"{"content": "My sister Leah lives in Lisbon", "session": "s1", "created_at": "\#(weekAgo.iso8601)"}"#)
        _ = try await ConsolidationPass(store: store, now: weekAgo.adding(.seconds(3600))).run()
        let id = try await store.add(
            NewMemory(content: "my sister Leah lives in Lisbon now", session: "s2", createdAt: now.subtracting(.seconds(3600))))
        let record = try await ConsolidationPass(store: store, now: now).run()
        #expect(record.counts.reinforced == 1 && record.counts.created == 0)
        let explanation = try await store.inspecting { try $0.explain(LongTermMemoryID(1)) }
        #expect(explanation.sources.map(\.role) == [.created, .reinforced])
        #expect(explanation.sources.last?.memory.id == id)
        #expect(explanation.memory.strength > 1.8)
        #expect(explanation.memory.lastReinforcedAt == now.subtracting(.seconds(3600)))
        #expect(try await store.inspecting { try $0.statistics() }.ltm == 1)
        withExtendedLifetime(fixture) {}
    }
}
