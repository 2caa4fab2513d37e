import Foundation
import TestFixtures
import Testing

@testable import MemoryEngines
@testable import MemoryModel
@testable import MemoryPasses
@testable import MemoryStorage
@testable import SQLiteKit

#if canImport(Glibc)
    import Glibc
#endif

@Suite("memctl consolidate")
struct ConsolidateCommandTests {
    /// A database of `count` conversational memories spread over the last weeks.
    private func sampleDatabase(count: Int, in dir: TemporaryDirectory) throws -> String {
        let db = dir.path("memory.db")
        let facts = [
            "My sister Leah lives in Lisbon", "I work at Globex as a designer", "Remember that Marcus is allergic to peanuts",
            "We are renovating the kitchen in May", "I moved to Berlin last month", "Priya's birthday is on October 3",
        ]
        let chatter = ["ok", "lol", "thanks!", "sure"]
        let end = Timestamp.now.millisecondsSince1970 - 3_600_000
        var lines = ""
        for index in 0..<count {
            let time = Timestamp(millisecondsSince1970: end - Int64(count - index) * 300_000)
            let content =
                index % 4 == 3 ? chatter[index % chatter.count] : "\(facts[index % facts.count]) (note \(index % 50))"
            lines += #"{"content": "\#(content)", "session": "s\#(index / 30)", "created_at": "\#(time.iso8601)"}"# + "\n"
        }
        let result = try Memctl.run(["--db", db, "import", "-"], stdin: Data(lines.utf8), in: dir)
        try #require(result.status == 0, "\(result.stderr)")
        return db
    }

    /// Starts `memctl consolidate` and waits until its pass has committed a batch.
    private func startPass(on db: String, arguments: [String] = []) throws -> Process {
        let process = Process()
        process.executableURL = Memctl.executable
        process.arguments = ["--db", db, "consolidate", "--min-age", "0", "--batch-size", "5"] + arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(20)
        while process.isRunning, Date() < deadline, try latestPass(db)?.batches ?? 0 < 2 { usleep(5_000) }
        return process
    }

    private func latestPass(_ db: String) throws -> PassRecord? {
        let connection = try Connection(path: db, mode: .readWrite, busyTimeoutMilliseconds: 1000)
        let row = try connection.prepare("SELECT outcome, batches FROM passes ORDER BY id DESC LIMIT 1").firstRow {
            ($0.text(0), $0.int(1))
        }
        return row.map {
            PassRecord(
                id: PassID(0), kind: .consolidation, startedAt: .now, finishedAt: nil,
                outcome: PassOutcome(rawValue: $0.0) ?? .failed, processed: 0, batches: $0.1, counts: PassCounts(), error: nil)
        }
    }

    /// Everything a consolidation decides, without the ledger and wall-clock bookkeeping.
    private func content(_ db: String) throws -> [String] {
        let connection = try Connection(path: db, mode: .readWrite, busyTimeoutMilliseconds: 1000)
        return try connection.textRows(
            [
                "SELECT id, status, ltm_id, importance FROM short_term_memories ORDER BY id",
                "SELECT id, summary, strength, importance, created_at, last_reinforced_at FROM long_term_memories ORDER BY id",
                "SELECT ltm_id, stm_id, role, joined_at FROM long_term_sources ORDER BY ltm_id, stm_id",
                "SELECT band_key, ltm_id FROM long_term_signatures ORDER BY band_key, ltm_id",
                "SELECT 'unwritten', ltm_id FROM long_term_signatures_stale ORDER BY ltm_id",
            ], columns: 6)
    }

    private func copyDatabase(_ db: String, to name: String, in dir: TemporaryDirectory) throws -> String {
        let copy = dir.path(name)
        try FileManager.default.copyItem(atPath: db, toPath: copy)
        return copy
    }

    @Test("--json reports the pass with its counts, and the results are listable")
    func jsonSummary() throws {
        let dir = try TemporaryDirectory()
        let db = try sampleDatabase(count: 120, in: dir)
        let result = try Memctl.run(["--db", db, "consolidate", "--min-age", "0", "--json"], in: dir)
        #expect(result.status == 0, "\(result.stderr)")
        let passes = try #require(try result.jsonObject()["passes"] as? [[String: Any]])
        let pass = try #require(passes.first)
        #expect(pass["kind"] as? String == "consolidation")
        #expect(pass["outcome"] as? String == "completed")
        #expect(pass["processed"] as? Int == 120)
        for key in ["created", "merged", "reinforced", "forgotten", "purged", "batches", "seconds"] {
            #expect(pass[key] != nil, "missing \(key)")
        }
        let created = try #require(pass["created"] as? Int)
        #expect(created > 0)
        let stats = try Memctl.run(["--db", db, "stats", "--json"], in: dir).jsonObject()
        #expect(stats["ltm"] as? Int == created)
        let ledger = try Memctl.run(["--db", db, "passes", "--json"], in: dir).jsonArray()
        #expect(ledger.first?["outcome"] as? String == "completed")
        let check = try Memctl.run(["--db", db, "check"], in: dir)
        #expect(check.status == 0, "\(check.stdout)")
    }

    @Test("the text summary names every count, and a second pass has nothing left to do")
    func textSummary() throws {
        let dir = try TemporaryDirectory()
        let db = try sampleDatabase(count: 60, in: dir)
        let first = try Memctl.run(["--db", db, "consolidate", "--min-age", "0"], in: dir)
        #expect(first.status == 0)
        for word in ["processed 60", "created", "merged", "reinforced", "forgotten", "purged", "batch"] {
            #expect(first.stdout.contains(word), "\(first.stdout)")
        }
        let second = try Memctl.run(["--db", db, "consolidate", "--min-age", "0", "--json"], in: dir)
        let pass = try #require((try second.jsonObject()["passes"] as? [[String: Any]])?.first)
        #expect(pass["processed"] as? Int == 0)
    }

    @Test("why ltm:ID lists every source memory with its time, session and how it joined")
    func why() throws {
        let dir = try TemporaryDirectory()
        let db = dir.path("memory.db")
        let weekAgo = Timestamp.now.subtracting(.seconds(7 * 86_400)).iso8601
        let yesterday = Timestamp.now.subtracting(.seconds(86_400)).iso8601
        for (text, session, time) in [
            ("My sister Leah lives in Lisbon", "monday", weekAgo), ("my sister Leah lives in Lisbon now", "sunday", yesterday),
        ] {
            #expect(try Memctl.run(["--db", db, "add", text, "--session", session, "--at", time], in: dir).status == 0)
        }
        #expect(try Memctl.run(["--db", db, "consolidate"], in: dir).status == 0)
        let text = try Memctl.run(["--db", db, "why", "ltm:1"], in: dir)
        #expect(text.status == 0)
        #expect(text.stdout.contains("monday") && text.stdout.contains("sunday"))
        #expect(text.stdout.contains("created") && text.stdout.contains("reinforced"))
        let json = try Memctl.run(["--db", db, "why", "ltm:1", "--json"], in: dir).jsonObject()
        let sources = try #require(json["sources"] as? [[String: Any]])
        #expect(sources.map { $0["role"] as? String } == ["created", "reinforced"])
        #expect(sources.compactMap { ($0["memory"] as? [String: Any])?["session"] as? String } == ["monday", "sunday"])
        let missing = try Memctl.run(["--db", db, "why", "ltm:99"], in: dir)
        #expect(missing.status == 1 && missing.stderr.contains("no record ltm:99"))
        #expect(try Memctl.run(["--db", db, "why", "stm:1"], in: dir).status == 64)
    }

    @Test("forgotten memories are listed by stm --status forgotten")
    func forgottenAreListed() throws {
        let dir = try TemporaryDirectory()
        let db = dir.path("memory.db")
        let old = Timestamp.now.subtracting(.seconds(10 * 86_400)).iso8601
        #expect(try Memctl.run(["--db", db, "add", "lol", "--at", old], in: dir).status == 0)
        #expect(try Memctl.run(["--db", db, "consolidate"], in: dir).status == 0)
        let forgotten = try Memctl.run(["--db", db, "stm", "--status", "forgotten", "--json"], in: dir).jsonArray()
        #expect(forgotten.map { $0["content"] as? String } == ["lol"])
    }

    @Test(
        "Ctrl-C (SIGINT) stops the pass after whole batches, records it as cancelled, exits 130 without copying the -wal, and a rerun converges"
    )
    func interrupt() throws {
        let dir = try TemporaryDirectory()
        let db = try sampleDatabase(count: 3000, in: dir)
        let reference = try copyDatabase(db, to: "reference.db", in: dir)
        let process = try startPass(on: db)
        try #require(process.isRunning, "the pass finished before it could be interrupted")
        kill(process.processIdentifier, SIGINT)
        process.waitUntilExit()
        #expect(process.terminationReason == .exit)
        #expect(process.terminationStatus == 130)
        // Stopping does not wait for the -wal to be copied: the next user of the database does it.
        #expect(FileManager.default.fileExists(atPath: db + "-wal"))
        let ledger = try Memctl.run(["--db", db, "passes", "--json"], in: dir).jsonArray()
        #expect(ledger.first?["outcome"] as? String == "cancelled")
        let processed = try #require(ledger.first?["processed"] as? Int)
        #expect(processed > 0 && processed < 3000 && processed % 5 == 0)
        #expect(try Memctl.run(["--db", db, "check"], in: dir).status == 0)
        for path in [db, reference] {
            let finished = try Memctl.run(["--db", path, "consolidate", "--local", "--min-age", "0", "--batch-size", "5"], in: dir)
            #expect(finished.status == 0, "\(finished.stderr)")
        }
        #expect(try content(db) == content(reference))
    }

    @Test("killed with SIGKILL mid-pass, a rerun finishes with exactly the result of an uninterrupted pass")
    func killAndResume() throws {
        let dir = try TemporaryDirectory()
        let db = try sampleDatabase(count: 3000, in: dir)
        let reference = try copyDatabase(db, to: "reference.db", in: dir)
        let uninterrupted = try Memctl.run(
            ["--db", reference, "consolidate", "--min-age", "0", "--batch-size", "5"], in: dir)
        #expect(uninterrupted.status == 0)

        let process = try startPass(on: db)
        try #require(process.isRunning, "the pass finished before it could be killed")
        process.kill()
        #expect(try Memctl.run(["--db", db, "check"], in: dir).status == 0)

        let rerun = try Memctl.run(["--db", db, "consolidate", "--min-age", "0", "--batch-size", "5"], in: dir)
        #expect(rerun.status == 0, "\(rerun.stderr)")
        #expect(try content(db) == content(reference))
        let ledger = try Memctl.run(["--db", db, "passes", "--json"], in: dir).jsonArray()
        // The ledger, newest first: the rerun's graph, extraction and consolidation, then the killed pass.
        #expect(ledger.map { $0["outcome"] as? String } == ["completed", "completed", "completed", "failed"])
        #expect((ledger.last?["error"] as? String)?.hasPrefix("interrupted") == true)
    }

    @Test("--batch-size changes no decision: the same memories give the same database with batches of 7 and of 1,000")
    func batchSizeChangesNothing() throws {
        let dir = try TemporaryDirectory()
        let db = try sampleDatabase(count: 600, in: dir)
        let other = try copyDatabase(db, to: "other.db", in: dir)
        for (path, size) in [(db, "7"), (other, "1000")] {
            let result = try Memctl.run(["--db", path, "consolidate", "--min-age", "0", "--batch-size", size], in: dir)
            #expect(result.status == 0, "\(result.stderr)")
        }
        #expect(try content(db) == content(other))
    }

    @Test("--threads changes no decision: the same memories give the same database with 1, 2 and 16 threads")
    func threadsChangeNothing() throws {
        let dir = try TemporaryDirectory()
        let db = try sampleDatabase(count: 600, in: dir)
        var results: [[String]] = []
        for threads in ["1", "2", "16"] {
            let copy = try copyDatabase(db, to: "threads-\(threads).db", in: dir)
            let result = try Memctl.run(
                ["--db", copy, "consolidate", "--local", "--min-age", "0", "--threads", threads, "--json"], in: dir)
            #expect(result.status == 0, "\(result.stderr)")
            let passes = try #require(try result.jsonObject()["passes"] as? [[String: Any]])
            #expect(passes.map { $0["outcome"] as? String } == ["completed", "completed", "completed"])
            results.append(try content(copy) + knowledge(copy))
        }
        #expect(results[0].count > 600)
        #expect(results[1] == results[0])
        #expect(results[2] == results[0])
    }

    /// Entities, mentions and edges, by name.
    private func knowledge(_ db: String) throws -> [String] {
        let connection = try Connection(path: db, mode: .readWrite, busyTimeoutMilliseconds: 1000)
        return try connection.prepare(
            """
            SELECT kind || ':' || name FROM entities
            UNION ALL SELECT 'mention ' || ifnull(m.stm_id, '-') || ' ' || ifnull(m.ltm_id, '-') || ' ' || e.name
              FROM entity_mentions m JOIN entities e ON e.id = m.entity_id
            UNION ALL SELECT s.name || ' ' || r.predicate || ' ' || o.name || ' ' || round(r.weight, 6)
              FROM relations r JOIN entities s ON s.id = r.subject_id JOIN entities o ON o.id = r.object_id
            ORDER BY 1
            """
        ).rows { $0.text(0) }
    }

    @Test("a second consolidate on the same database while one runs is refused, and the first is unharmed")
    func oneAtATime() throws {
        let dir = try TemporaryDirectory()
        let db = try sampleDatabase(count: 3000, in: dir)
        let first = try startPass(on: db)
        try #require(first.isRunning, "the first pass finished too soon")
        let second = try Memctl.run(["--db", db, "consolidate", "--min-age", "0"], in: dir)
        #expect(second.status == 1)
        #expect(second.stderr.contains("already running"), "\(second.stderr)")
        first.waitUntilExit()
        #expect(first.terminationStatus == 0)
        let ledger = try Memctl.run(["--db", db, "passes", "--json"], in: dir).jsonArray()
        #expect(ledger.map { $0["outcome"] as? String } == ["completed", "completed", "completed"])
    }

    @Test(
        "bad policy options are usage errors",
        arguments: [
            ["--min-age", "soon"], ["--min-age", "-5m"], ["--batch-size", "0"], ["--merge-similarity", "2"],
            ["--capacity", "x"], ["--bogus"], ["--threads", "0"], ["--threads", "many"], ["--threads", "257"],
        ])
    func badOptions(_ options: [String]) throws {
        let dir = try TemporaryDirectory()
        let result = try Memctl.run(["--db", dir.path("memory.db"), "consolidate"] + options, in: dir)
        #expect(result.status == 64, "\(options): \(result.stderr)")
    }

    @Test("consolidate on a missing database says so and creates nothing")
    func missingDatabase() throws {
        let dir = try TemporaryDirectory()
        let result = try Memctl.run(["--db", dir.path("none.db"), "consolidate"], in: dir)
        #expect(result.status == 1 && result.stderr.contains("no memory database"))
        #expect(!FileManager.default.fileExists(atPath: dir.path("none.db")))
    }
}
