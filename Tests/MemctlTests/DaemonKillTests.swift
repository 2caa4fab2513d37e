import Foundation
import Testing

@testable import SQLiteKit

#if canImport(Glibc)
    import Glibc
#endif

/// memoryd killed with SIGKILL at random instants of its cycle, and started again as systemd
/// would: each start is READY and goes on with the work, and the end result is exactly that of
/// an uninterrupted run, with no pass left `running` in the ledger.
@Suite("memoryd under SIGKILL")
struct DaemonKillTests {
    static let kills = 20
    static let configuration = """
        consolidation_interval = 1h
        extraction_interval = 1h
        graph_interval = 1h
        min_age = 0
        batch_size = 8
        log_level = info
        """

    /// `count` memories of a few people, places and small talk, over the last 40 hours.
    private func importedDatabase(count: Int, in dir: TemporaryDirectory) throws -> String {
        let db = dir.path("memory.db")
        let people = ["Leah", "Marcus", "Priya", "Jonas", "Sofia", "Tom"]
        let places = ["Berlin", "Lisbon", "Munich", "Hamburg", "Toronto"]
        let end = Date().timeIntervalSince1970 - 3600
        var lines = ""
        for index in 0..<count {
            let person = people[index % people.count]
            let place = places[(index / 7) % places.count]
            let text =
                switch index % 4 {
                case 0: "\(person) moved to \(place) last week (note \(index))"
                case 1: "I met \(person) in \(place) today, we talked about the theremin"
                case 2: "my sister \(person) works at Siemens in \(place)"
                default: "ok, thanks \(index % 5 == 0 ? "a lot" : "")"
                }
            let time = Date(timeIntervalSince1970: end - Double(count - index) * 60)
            lines += try jsonLine([
                "content": text, "session": "s\(index / 30)", "source": index % 2 == 0 ? "alice" : "bob",
                "created_at": ISO8601DateFormatter().string(from: time),
            ]) + "\n"
        }
        let imported = try Memctl.run(["--db", db, "import", "-"], stdin: Data(lines.utf8), in: dir)
        try #require(imported.status == 0, "\(imported.stderr)")
        return db
    }

    /// What a cycle decides, without the times it was decided at.
    private func outcome(_ db: String) throws -> [String] {
        let connection = try Connection(path: db, mode: .readWrite, busyTimeoutMilliseconds: 1000)
        var rows: [String] = []
        for query in [
            "SELECT id, status, ltm_id, reviewed_at IS NULL, extracted_at IS NULL, graphed_at IS NULL FROM short_term_memories ORDER BY id",
            "SELECT id, summary, round(strength, 9), importance, created_at, last_reinforced_at FROM long_term_memories ORDER BY id",
            "SELECT ltm_id, stm_id, role, joined_at FROM long_term_sources ORDER BY ltm_id, stm_id",
            "SELECT id, name, kind, canonical_key FROM entities ORDER BY id",
            "SELECT entity_id, stm_id, ltm_id, start_offset, end_offset FROM entity_mentions ORDER BY stm_id, ltm_id, start_offset, entity_id",
            "SELECT id, subject_id, predicate, object_id, round(weight, 9), first_seen, last_seen, valid_from, valid_to FROM relations ORDER BY id",
            "SELECT relation_id, stm_id, observed_at FROM relation_evidence ORDER BY relation_id, stm_id",
        ] {
            rows += try connection.prepare(query).rows { row in
                (0..<Int32(9)).map { row.optionalText($0) ?? "∅" }.joined(separator: "|")
            }
        }
        return rows
    }

    private func ledger(_ db: String, in dir: TemporaryDirectory) throws -> [[String: Any]] {
        try Memctl.run(["--db", db, "passes", "--json", "--limit", "100000"], in: dir).jsonArray()
    }

    /// A memoryd as systemd starts it, once READY=1 has come (each start gets its own notify
    /// socket directory, so that one start's messages are not taken for the next one's).
    private func start(_ db: String, config: String, in dir: TemporaryDirectory) throws -> (DaemonProcess, TemporaryDirectory, NotifyListener) {
        let notifyDirectory = try TemporaryDirectory()
        let notify = try NotifyListener(in: notifyDirectory)
        let daemon = try DaemonProcess(
            database: db, socket: dir.path("control.sock"), in: dir, environment: ["NOTIFY_SOCKET": notify.path],
            arguments: ["--config", config])
        try #require(notify.wait(for: "READY=1", timeout: 10) != nil, "no READY=1 after a restart; log: \(daemon.log)")
        return (daemon, notifyDirectory, notify)
    }

    @Test("20 SIGKILLs at random instants of memoryd's cycle, each followed by a restart, end with the uninterrupted result")
    func killedAndRestarted() throws {
        let dir = try TemporaryDirectory()
        let db = try importedDatabase(count: 3_000, in: dir)
        let reference = dir.path("reference.db")
        try FileManager.default.copyItem(atPath: db, toPath: reference)
        let config = try dir.write("memoryd.conf", Self.configuration)
        let uninterrupted = try Memctl.run(
            ["--db", reference, "consolidate", "--local", "--min-age", "0", "--batch-size", "8"], in: dir)
        try #require(uninterrupted.status == 0, "\(uninterrupted.stderr)")

        var killedMidPass = 0
        for _ in 0..<Self.kills {
            let (daemon, _, _) = try start(db, config: config, in: dir)
            // At a random instant once a pass has started (the cycle runs at start).
            let deadline = Date().addingTimeInterval(5)
            while !daemon.log.contains("pass started") && Date() < deadline { usleep(2_000) }
            usleep(UInt32.random(in: 0...150_000))
            daemon.signal(SIGKILL)
            _ = daemon.waitForExit(timeout: 10)
            if !daemon.log.contains("graph pass completed") { killedMidPass += 1 }
        }
        #expect(killedMidPass == Self.kills, "every kill lands in the cycle: \(killedMidPass) of \(Self.kills)")

        // The last start finishes the work; memctl consolidate --wait follows it to the end.
        let (daemon, _, _) = try start(db, config: config, in: dir)
        let finish = try Memctl.run(["--db", db, "--socket", dir.path("control.sock"), "consolidate", "--wait"], in: dir)
        #expect(finish.status == 0, "\(finish.stderr)")
        daemon.signal(SIGTERM)
        #expect(daemon.waitForExit(timeout: 15) && daemon.process.terminationStatus == 0)

        let expected = try outcome(reference)
        #expect(expected.count > 2_000)
        #expect(try outcome(db) == expected)
        #expect(try !ledger(db, in: dir).contains { $0["outcome"] as? String == "running" })
        #expect(try Memctl.run(["--db", db, "check"], in: dir).status == 0)
    }
}
