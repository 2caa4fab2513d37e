import Foundation
import TestFixtures
import Testing

@testable import MemoryStorage

#if canImport(Glibc)
    import Glibc
#endif

/// The database on a small filesystem that fills up: every write fails whole with a message that
/// names the file whose disk is full, nothing half-written stays, and once space is freed the
/// work converges to the result of a run that never failed.
@Suite(
    "a full disk", .serialized,
    .enabled(if: SmallFilesystem.canMount, "mounting a tmpfs is not allowed here (needs root or CAP_SYS_ADMIN)"))
struct FullDiskTests {
    /// Space left when the disk is "full": a few pages, so that starting a pass can still write
    /// its ledger row and a batch cannot.
    static let spare = 48 * 1024

    private func count(_ db: String, in dir: TemporaryDirectory) throws -> Int {
        let stats = try Memctl.run(["--db", db, "stats", "--json"], in: dir).jsonObject()
        return (stats["stm"] as? [String: Int])?.values.reduce(0, +) ?? -1
    }

    /// Frees exactly the space the README says a pass needs beside `db`, no more.
    private func free(_ fs: SmallFilesystem, for db: String) throws {
        try fs.free()
        let size = (try FileManager.default.attributesOfItem(atPath: db)[.size] as? Int) ?? 0
        try fs.fill(leaving: MemoryStore.freeSpaceNeeded(databaseBytes: size))
        #expect(fs.available >= MemoryStore.freeSpaceNeeded(databaseBytes: size))
        #expect(fs.available < MemoryStore.freeSpaceNeeded(databaseBytes: size) + 1_048_576)
    }

    private func expectFullDiskMessage(
        _ result: MemctlResult, _ db: String, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(result.status == 1, "exit \(result.status): \(result.stderr)", sourceLocation: sourceLocation)
        #expect(result.hasOneCleanErrorLine, "\(result.stderr)", sourceLocation: sourceLocation)
        #expect(result.stderr.contains("the disk that holds \(db) is full"), "\(result.stderr)", sourceLocation: sourceLocation)
    }

    @Test("an import that fills the disk fails whole: exit 1, the file named, nothing of it kept; with space it works")
    func importFillsTheDisk() throws {
        let fs = try SmallFilesystem(mebibytes: 2)
        let dir = try TemporaryDirectory()
        let db = fs.file("memory.db")
        #expect(try Memctl.run(["--db", db, "add", "Leah lives in Berlin"], in: dir).status == 0)
        var lines = ""
        for index in 0..<20_000 { lines += try jsonLine(["content": "note \(index) about the theremin lessons"]) + "\n" }
        let imported = try Memctl.run(["--db", db, "import", "-"], stdin: Data(lines.utf8), in: dir)
        expectFullDiskMessage(imported, db)
        #expect(imported.stderr.contains("none of it is in the database"))
        #expect(try count(db, in: dir) == 1)
        #expect(try Memctl.run(["--db", db, "check"], in: dir).status == 0)

        let small = lines.split(separator: "\n").prefix(500).joined(separator: "\n") + "\n"
        #expect(try Memctl.run(["--db", db, "import", "-"], stdin: Data(small.utf8), in: dir).status == 0)
        #expect(try count(db, in: dir) == 501)
    }

    @Test("an add on a full disk fails with the file named and stores nothing; once space is freed it works")
    func addOnAFullDisk() throws {
        let fs = try SmallFilesystem(mebibytes: 2)
        let dir = try TemporaryDirectory()
        let db = fs.file("memory.db")
        #expect(try Memctl.run(["--db", db, "add", "Leah lives in Berlin"], in: dir).status == 0)
        try fs.fill(leaving: 0)
        let added = try Memctl.run(["--db", db, "add", "Priya works at Globex"], in: dir)
        expectFullDiskMessage(added, db)
        #expect(added.stderr.contains("free some space there and run the command again"))
        try fs.free()
        #expect(try count(db, in: dir) == 1)
        #expect(try Memctl.run(["--db", db, "add", "Priya works at Globex"], in: dir).status == 0)
        #expect(try count(db, in: dir) == 2)
    }

    @Test("each pass run by memctl on a full disk stops with the file named, and resumes to the uninterrupted result")
    func passesOnAFullDisk() throws {
        // Room for what a pass needs (`MemoryStore.freeSpaceNeeded`) once space is freed.
        let fs = try SmallFilesystem(mebibytes: 96)
        let dir = try TemporaryDirectory()
        let db = try CycleOutcome.importedDatabase(count: 600, in: dir)
        let reference = dir.path("reference.db")
        try FileManager.default.copyItem(atPath: db, toPath: reference)
        let onSmallDisk = fs.file("memory.db")
        try FileManager.default.moveItem(atPath: db, toPath: onSmallDisk)
        let options = ["--local", "--min-age", "0", "--batch-size", "8"]
        #expect(try Memctl.run(["--db", reference, "consolidate"] + options, in: dir).status == 0)

        for kind in ["consolidation", "extraction", "graph"] {
            try fs.fill(leaving: Self.spare)
            let stopped = try Memctl.run(["--db", onSmallDisk, "consolidate", "--only", kind] + options, in: dir)
            expectFullDiskMessage(stopped, onSmallDisk)
            #expect(stopped.stderr.contains("resumes where it stopped once space is freed"), "\(stopped.stderr)")
            try free(fs, for: onSmallDisk)
            #expect(try Memctl.run(["--db", onSmallDisk, "check"], in: dir).status == 0, "\(kind)")
            let resumed = try Memctl.run(["--db", onSmallDisk, "consolidate", "--only", kind] + options, in: dir)
            #expect(resumed.status == 0, "\(kind): \(resumed.stderr)")
        }
        #expect(try CycleOutcome.rows(onSmallDisk) == CycleOutcome.rows(reference))
    }

    @Test("memoryd on a full disk logs each pass's failure as an error, keeps running, retries with backoff, and converges once space is freed")
    func daemonOnAFullDisk() throws {
        let fs = try SmallFilesystem(mebibytes: 96)
        let dir = try TemporaryDirectory()
        let db = try CycleOutcome.importedDatabase(count: 600, in: dir)
        let reference = dir.path("reference.db")
        try FileManager.default.copyItem(atPath: db, toPath: reference)
        #expect(
            try Memctl.run(["--db", reference, "consolidate", "--local", "--min-age", "0", "--batch-size", "8"], in: dir)
                .status == 0)
        let onSmallDisk = fs.file("memory.db")
        try FileManager.default.moveItem(atPath: db, toPath: onSmallDisk)
        try fs.fill(leaving: Self.spare)

        let notify = try NotifyListener(in: dir)
        let config = try dir.write(
            "memoryd.conf",
            "consolidation_interval = 1h\nextraction_interval = 1h\ngraph_interval = 1h\nmin_age = 0\nbatch_size = 8\nretry_base = 1s\n")
        let daemon = try DaemonProcess(
            database: onSmallDisk, socket: dir.path("control.sock"), in: dir,
            environment: ["NOTIFY_SOCKET": notify.path], arguments: ["--config", config])
        try #require(notify.wait(for: "READY=1") != nil, "no READY=1; log: \(daemon.log)")
        // Each kind of pass fails, is retried after 1 s, fails again and waits 2 s.
        let kinds = ["consolidation", "extraction", "graph"]
        let deadline = Date().addingTimeInterval(20)
        while !kinds.allSatisfy({ daemon.log.contains("\($0) pass failed (2 in a row)") }) && Date() < deadline {
            usleep(20_000)
        }
        let errors = daemon.log.split(separator: "\n").filter { $0.contains(" error: ") }
        #expect(errors.allSatisfy { $0.contains("the disk that holds \(onSmallDisk) is full") }, "\(errors)")
        for kind in kinds {
            for (failures, wait) in [(1, "1s"), (2, "2s")] {
                #expect(
                    errors.contains {
                        $0.contains("\(kind) pass failed (\(failures) in a row)")
                            && $0.contains("the \(kind) pass kept its last batch out whole, and resumes where it stopped")
                            && $0.hasSuffix("retrying in \(wait)")
                    }, "\(kind), failure \(failures): \(daemon.log)")
            }
        }
        #expect(daemon.process.isRunning)

        try free(fs, for: onSmallDisk)
        // The retries (after 1 s, 2 s, …) finish the cycle; consolidate --wait makes sure.
        let finish = try Memctl.run(["--db", onSmallDisk, "--socket", dir.path("control.sock"), "consolidate", "--wait"], in: dir)
        #expect(finish.status == 0, "\(finish.stderr)")
        #expect(try CycleOutcome.rows(onSmallDisk) == CycleOutcome.rows(reference))
        #expect(try Memctl.run(["--db", onSmallDisk, "check"], in: dir).status == 0)
        daemon.signal(SIGTERM)
        #expect(daemon.waitForExit(timeout: 15) && daemon.process.terminationStatus == 0)
    }
}
