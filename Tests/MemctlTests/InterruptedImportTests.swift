import Foundation
import TestFixtures
import Testing

#if canImport(Glibc)
    import Glibc
#endif

@Suite("an interrupted import")
struct InterruptedImportTests {
    /// Starts `memctl import` of a large file, waits until it is writing, then sends `signal`.
    private func interruptImport(with signal: Int32) throws -> (TemporaryDirectory, String, Process) {
        let dir = try TemporaryDirectory()
        let db = dir.path("memory.db")
        // An existing memory, to show that an interrupted import keeps what was there before.
        #expect(try Memctl.run(["--db", db, "add", "kept from before"], in: dir).status == 0)
        var lines = ""
        for index in 0..<200_000 {
            lines += #"{"content": "line \#(index) about the weather in Berlin", "session": "s\#(index % 7)"}"# + "\n"
        }
        let file = try dir.write("big.jsonl", lines)
        let process = Process()
        process.executableURL = Memctl.executable
        process.arguments = ["--db", db, "import", file]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        // The import is under way once its write-ahead log grows.
        let deadline = Date().addingTimeInterval(20)
        while process.isRunning, Date() < deadline,
            ((try? FileManager.default.attributesOfItem(atPath: db + "-wal")[.size] as? Int) ?? 0) < 1_000_000
        {
            usleep(10_000)
        }
        try #require(process.isRunning, "the import finished before it could be interrupted")
        kill(process.processIdentifier, signal)
        process.waitUntilExit()
        return (dir, db, process)
    }

    @Test("SIGINT (Ctrl-C) or SIGKILL keeps nothing of it and leaves the database consistent", arguments: [SIGINT, SIGKILL])
    func keepsNothing(signal: Int32) throws {
        let (dir, db, process) = try interruptImport(with: signal)
        #expect(process.terminationReason == .uncaughtSignal)
        let stats = try Memctl.run(["--db", db, "stats", "--json"], in: dir)
        #expect(stats.status == 0)
        let pending = try #require(try stats.jsonObject()["stm"] as? [String: Any])["pending"] as? Int
        #expect(pending == 1)
        let check = try Memctl.run(["--db", db, "check"], in: dir)
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
        // And the database takes new writes at once.
        #expect(try Memctl.run(["--db", db, "add", "after"], in: dir).stdout == "2\n")
    }
}
