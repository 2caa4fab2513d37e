// What runs the built programs reports through Swift Testing, which a release build (linked
// with the static standard library, which has no Testing module) cannot import; only the
// tests use it.
#if canImport(Testing)

import Foundation
import Testing

import MemoryStorage
import SQLiteKit

/// What a cycle decided on a database, for tests that compare an interrupted run (killed, out of
/// space) with an uninterrupted one.
package enum CycleOutcome {
    /// Every row a cycle decides, without the times (`StoreInspection.decisions`).
    package static func rows(_ db: String) throws -> [String] {
        try StoreInspection.decisions(try Connection(path: db, mode: .readWrite, busyTimeoutMilliseconds: 1000))
    }

    /// `count` memories of a few people, places and small talk, over the last 40 hours.
    package static func importedDatabase(count: Int, in dir: TemporaryDirectory, name: String = "memory.db") throws -> String {
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

#endif
