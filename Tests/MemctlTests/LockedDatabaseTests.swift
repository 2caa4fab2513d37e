import Foundation
import TestFixtures
import Testing

/// Another process (the sqlite3 shell) holds the write lock in an open transaction.
@Suite(
    "memctl on a database another process is writing",
    .enabled(if: SQLiteShell.isAvailable, "needs the sqlite3 shell at /usr/bin/sqlite3"))
struct LockedDatabaseTests {
    /// Starts a shell that holds the write lock with an uncommitted insert of 'uncommitted',
    /// and waits until memctl sees the lock. Returns the shell and the number of probe memories
    /// that got in before the lock was taken.
    private func holdWriteLock(on fixture: MemctlFixture) throws -> (InteractiveSQLiteShell, probes: Int) {
        let shell = try InteractiveSQLiteShell(database: fixture.db)
        shell.send("BEGIN IMMEDIATE;\nINSERT INTO short_term_memories(content) VALUES ('uncommitted');\n")
        var probes = 0
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline {
            let probe = try fixture.run(["--busy-timeout", "100", "add", "probe"])
            if probe.status != 0 {
                try #require(probe.stderr.contains("locked"), "probe failed otherwise: \(probe.stderr)")
                return (shell, probes)
            }
            probes += 1
            Thread.sleep(forTimeInterval: 0.05)
        }
        Issue.record("the sqlite3 shell never took the write lock")
        throw CancellationError()
    }

    @Test("add waits --busy-timeout, then exits 1 with 'locked'; readers still work; add works after release")
    func writeLock() throws {
        let fixture = try MemctlFixture()
        try fixture.add("committed before the lock")
        let (shell, probes) = try holdWriteLock(on: fixture)

        let started = Date()
        let blocked = try fixture.run(["--busy-timeout", "200", "add", "hello"])
        let waited = Date().timeIntervalSince(started)
        #expect(blocked.status == 1)
        #expect(blocked.stdout == "")
        #expect(blocked.hasOneCleanErrorLine, "\(blocked.stderr)")
        #expect(blocked.stderr.contains("locked"), "\(blocked.stderr)")
        #expect(blocked.stderr.contains("--busy-timeout"), "\(blocked.stderr)")
        #expect(waited >= 0.15, "add gave up after \(waited) s, before its busy timeout")

        // An import is refused the same way, and imports nothing.
        let file = try fixture.dir.write("two.jsonl", #"{"content": "i1"}"# + "\n" + #"{"content": "i2"}"# + "\n")
        let imported = try fixture.run(["--busy-timeout", "200", "import", file])
        #expect(imported.status == 1)
        #expect(imported.stderr.contains("locked"), "\(imported.stderr)")

        // WAL: readers see the committed memories and not the open transaction.
        let stats = try fixture.run(["stats", "--json"])
        #expect(stats.status == 0, "\(stats.stderr)")
        let stm = try #require(try stats.jsonObject()["stm"] as? [String: Any])
        #expect(stm["pending"] as? Int == 1 + probes)
        let listed = try fixture.run(["stm", "--json"])
        #expect(listed.status == 0)
        #expect(!listed.stdout.contains("uncommitted"))
        let search = try fixture.run(["search", "committed"])
        #expect(search.status == 0)

        // The shell exits at the end of its input without COMMIT: its insert is rolled back.
        #expect(shell.closeInputAndWait() == 0)
        let after = try fixture.run(["add", "after the lock"])
        #expect(after.status == 0, "\(after.stderr)")
        let contents = try fixture.shortTermMemories().compactMap { $0["content"] as? String }
        #expect(contents.first == "after the lock")
        #expect(!contents.contains("uncommitted"))
        #expect(!contents.contains("hello"))
        #expect(!contents.contains("i1"))
        #expect(contents.count == 2 + probes)
        #expect(try fixture.run(["check"]).status == 0)
    }

    @Test("check on a healthy database another process is writing does not report broken indexes")
    func checkWhileLocked() throws {
        let fixture = try MemctlFixture()
        try fixture.add("committed before the lock")
        let (shell, _) = try holdWriteLock(on: fixture)
        defer { shell.closeInputAndWait() }

        let result = try fixture.run(["--busy-timeout", "200", "check"])
        // Either the read-only checks pass, or memctl says the database is busy; it must not
        // claim that a healthy full-text index does not match its table.
        if result.status == 0 {
            #expect(!result.stdout.contains("FAILED"))
        } else {
            #expect(!result.stdout.contains("FAILED"), "check reported failures on a healthy database:\n\(result.stdout)")
            #expect(result.stderr.contains("locked"), "\(result.stderr)")
        }
    }
}
