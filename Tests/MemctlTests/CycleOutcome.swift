import Foundation
import Testing

@testable import SQLiteKit

/// What a cycle decided on a database, for tests that compare an interrupted run (killed, out of
/// space) with an uninterrupted one.
enum CycleOutcome {
    /// Every row a cycle writes, without the times it was written at.
    static func rows(_ db: String) throws -> [String] {
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

    /// `count` memories of a few people, places and small talk, over the last 40 hours.
    static func importedDatabase(count: Int, in dir: TemporaryDirectory, name: String = "memory.db") throws -> String {
        let db = dir.path(name)
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

}
