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

@Suite("Extraction and graph passes under SIGKILL and SIGINT")
struct KnowledgePassKillTests {
    /// `count` memories naming people, places and organizations, consolidated.
    private func consolidatedDatabase(count: Int, in dir: TemporaryDirectory) throws -> String {
        let db = dir.path("memory.db")
        let people = ["Leah", "Marcus", "Priya", "Jonas", "Sofia", "Tom"]
        let places = ["Berlin", "Lisbon", "Munich", "Hamburg", "Toronto"]
        let end = Timestamp.now.millisecondsSince1970 - 3_600_000
        var lines = ""
        for index in 0..<count {
            let person = people[index % people.count]
            let place = places[(index / 7) % places.count]
            let text =
                switch index % 4 {
                case 0: "\(person) moved to \(place) (note \(index))"
                case 1: "I met \(person) in \(place) today, entry \(index)"
                case 2: "my sister \(person) works at Siemens, entry \(index)"
                default: "ok \(index)"
                }
            let time = Timestamp(millisecondsSince1970: end - Int64(count - index) * 300_000)
            lines += try jsonLine(["content": text, "session": "s\(index / 30)", "created_at": time.iso8601]) + "\n"
        }
        #expect(try Memctl.run(["--db", db, "import", "-"], stdin: Data(lines.utf8), in: dir).status == 0)
        let consolidated = try Memctl.run(["--db", db, "consolidate", "--only", "consolidation", "--min-age", "0"], in: dir)
        try #require(consolidated.status == 0, "\(consolidated.stderr)")
        return db
    }

    private func batches(of kind: PassKind, in db: String) throws -> Int {
        let connection = try Connection(path: db, mode: .readWrite, busyTimeoutMilliseconds: 1000)
        return Int(try connection.scalarInt("SELECT max(batches) FROM passes WHERE kind = ? AND outcome = 'running'", kind.rawValue) ?? 0)
    }

    /// Starts `memctl consolidate --only KIND` and waits until its pass has committed two batches.
    private func start(_ kind: PassKind, on db: String) throws -> Process {
        let process = Process()
        process.executableURL = Memctl.executable
        process.arguments = ["--db", db, "consolidate", "--only", kind.rawValue, "--batch-size", "5"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(20)
        while process.isRunning, Date() < deadline, try batches(of: kind, in: db) < 2 { usleep(2_000) }
        return process
    }

    @Test("killed with SIGKILL mid-pass, extraction and graph reruns end with exactly the uninterrupted result")
    func killAndResume() throws {
        let dir = try TemporaryDirectory()
        let db = try consolidatedDatabase(count: 2400, in: dir)
        let reference = dir.path("reference.db")
        try FileManager.default.copyItem(atPath: db, toPath: reference)
        for kind in ["extraction", "graph"] {
            let run = try Memctl.run(["--db", reference, "consolidate", "--only", kind, "--batch-size", "5"], in: dir)
            #expect(run.status == 0, "\(run.stderr)")
        }
        for kind in [PassKind.extraction, .graph] {
            let process = try start(kind, on: db)
            try #require(process.isRunning, "the \(kind) pass finished before it could be killed")
            process.kill()
            #expect(try Memctl.run(["--db", db, "check"], in: dir).status == 0)
            let rerun = try Memctl.run(["--db", db, "consolidate", "--only", kind.rawValue, "--batch-size", "5"], in: dir)
            #expect(rerun.status == 0, "\(rerun.stderr)")
        }
        let expected = try CycleOutcome.rows(reference)
        #expect(expected.count > 1000)
        #expect(try CycleOutcome.rows(db) == expected)
        let ledger = try Memctl.run(["--db", db, "passes", "--json"], in: dir).jsonArray()
        #expect(ledger.compactMap { $0["outcome"] as? String }.filter { $0 == "failed" }.count == 2)
    }

    @Test("SIGINT during extraction stops after whole batches, skips the graph pass, and exits 130")
    func interrupt() throws {
        let dir = try TemporaryDirectory()
        let db = try consolidatedDatabase(count: 2400, in: dir)
        let process = Process()
        process.executableURL = Memctl.executable
        process.arguments = ["--db", db, "consolidate", "--batch-size", "5"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(20)
        while process.isRunning, Date() < deadline, try batches(of: .extraction, in: db) < 2 { usleep(2_000) }
        try #require(process.isRunning, "the cycle finished before it could be interrupted")
        kill(process.processIdentifier, SIGINT)
        process.waitUntilExit()
        #expect(process.terminationStatus == 130)
        let ledger = try Memctl.run(["--db", db, "passes", "--json"], in: dir).jsonArray()
        #expect(ledger.first?["kind"] as? String == "extraction")
        #expect(ledger.first?["outcome"] as? String == "cancelled")
        #expect((ledger.first?["processed"] as? Int ?? 1) % 5 == 0)
        #expect(!ledger.contains { $0["kind"] as? String == "graph" })
        #expect(try Memctl.run(["--db", db, "check"], in: dir).status == 0)
    }
}
