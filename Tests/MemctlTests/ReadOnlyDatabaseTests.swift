import Foundation
import TestFixtures
import Testing

/// A database file the user may not write. Root ignores permissions, so when the tests run as
/// root memctl runs as user 65534 (nobody) through setpriv.
@Suite(
    "memctl on a read-only database",
    .enabled(if: Unprivileged.canRunTests, "running as root needs /usr/bin/setpriv to drop privileges"))
struct ReadOnlyDatabaseTests {
    /// A database with one memory in `dir/ro/memory.db`, the file mode 0444 and the `ro`
    /// directory `directoryMode`; everything on the way readable by the unprivileged user.
    private func readOnlyDatabase(directoryMode: Int) throws -> (TemporaryDirectory, db: String) {
        let dir = try TemporaryDirectory()
        let subdirectory = dir.path("ro")
        let db = subdirectory + "/memory.db"
        let created = try Memctl.run(["--db", db, "add", "written while writable"], in: dir)
        try #require(created.status == 0, "\(created.stderr)")
        let manager = FileManager.default
        try manager.setAttributes([.posixPermissions: 0o755], ofItemAtPath: dir.url.path)
        try manager.setAttributes([.posixPermissions: 0o444], ofItemAtPath: db)
        try manager.setAttributes([.posixPermissions: directoryMode], ofItemAtPath: subdirectory)
        return (dir, db)
    }

    /// Lets the directory be cleaned up by a user that is not root.
    private func restoreWritable(_ dir: TemporaryDirectory) {
        try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: dir.path("ro"))
    }

    @Test("add exits 1 saying the database is read-only, and the file is unchanged")
    func addIsRefused() throws {
        let (dir, db) = try readOnlyDatabase(directoryMode: 0o555)
        defer { restoreWritable(dir) }
        let before = try FileSnapshot(db)
        let result = try Unprivileged.run(["--db", db, "add", "hello"], in: dir)
        #expect(result.status == 1)
        #expect(result.stdout == "")
        #expect(result.hasOneCleanErrorLine, "\(result.stderr)")
        #expect(result.stderr.contains("read-only"), "\(result.stderr)")
        #expect(try FileSnapshot(db) == before)

        let file = try dir.write("one.jsonl", #"{"content": "x"}"# + "\n")
        let imported = try Unprivileged.run(["--db", db, "import", file], in: dir)
        #expect(imported.status == 1)
        #expect(imported.stderr.contains("read-only"), "\(imported.stderr)")
        #expect(try FileSnapshot(db) == before)
    }

    @Test("a new database in a directory the user may not write is refused in one plain line, and nothing is created")
    func newDatabaseInReadOnlyDirectory() throws {
        let (dir, _) = try readOnlyDatabase(directoryMode: 0o555)
        defer { restoreWritable(dir) }
        let db = dir.path("ro/new.db")
        let result = try Unprivileged.run(["--db", db, "add", "hello"], in: dir)
        #expect(result.status == 1)
        #expect(result.hasOneCleanErrorLine, "\(result.stderr)")
        #expect(result.stderr == "memctl add: cannot open \(db): cannot create it: Permission denied\n", "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: db))
    }

    @Test("add on a read-only file in a writable directory is refused too")
    func addInWritableDirectory() throws {
        let (dir, db) = try readOnlyDatabase(directoryMode: 0o777)
        defer { restoreWritable(dir) }
        let before = try Data(contentsOf: URL(fileURLWithPath: db))
        let result = try Unprivileged.run(["--db", db, "add", "hello"], in: dir)
        #expect(result.status == 1)
        #expect(result.hasOneCleanErrorLine, "\(result.stderr)")
        #expect(result.stderr.contains("read-only"), "\(result.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: db)) == before)
    }

    /// `stats` and `stm`, run as the unprivileged user, see the one memory written before.
    private func expectStatsAndListing(of db: String, in dir: TemporaryDirectory) throws {
        let stats = try Unprivileged.run(["--db", db, "stats", "--json"], in: dir)
        #expect(stats.status == 0, "\(stats.stderr)")
        #expect((try stats.jsonObject()["stm"] as? [String: Any])?["pending"] as? Int == 1)
        let stm = try Unprivileged.run(["--db", db, "stm", "--json"], in: dir)
        #expect(stm.status == 0, "\(stm.stderr)")
        #expect(try stm.jsonArray().map { $0["content"] as? String } == ["written while writable"])
    }

    /// A WAL database normally needs its -shm file to be read; in a directory the user cannot
    /// write, memctl reads the file as it is (immutable) rather than failing.
    @Test("inspect commands on a read-only file in a read-only directory work and change nothing")
    func inspectInReadOnlyDirectory() throws {
        let (dir, db) = try readOnlyDatabase(directoryMode: 0o555)
        defer { restoreWritable(dir) }
        let before = try FileSnapshot(db)

        try expectStatsAndListing(of: db, in: dir)

        let search = try Unprivileged.run(["--db", db, "search", "--json", "writable"], in: dir)
        #expect(search.status == 0, "\(search.stderr)")
        #expect(try search.jsonArray().map { $0["id"] as? Int } == [1])

        let show = try Unprivileged.run(["--db", db, "show", "stm:1"], in: dir)
        #expect(show.status == 0, "\(show.stderr)")

        let check = try Unprivileged.run(["--db", db, "check", "--json"], in: dir)
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
        #expect(try check.jsonObject()["ok"] as? Bool == true)

        #expect(try FileSnapshot(db) == before)
    }

    /// Committed memories can sit in the -wal file (a writer that did not checkpoint, a copy of
    /// memory.db and memory.db-wal). Reading the main file alone would silently miss them.
    @Test(
        "a read-only database whose committed memories are still in its -wal file is not read stale",
        .enabled(if: SQLiteShell.isAvailable, "needs the sqlite3 shell at /usr/bin/sqlite3"))
    func committedInWriteAheadLog() throws {
        let dir = try TemporaryDirectory()
        let subdirectory = dir.path("ro")
        let db = subdirectory + "/memory.db"
        try #require(try Memctl.run(["--db", db, "add", "in the main file"], in: dir).status == 0)
        try SQLiteShell.run(
            db,
            """
            .dbconfig no_ckpt_on_close on
            INSERT INTO short_term_memories(content) VALUES ('only in the wal');
            """)
        let walSize = try FileManager.default.attributesOfItem(atPath: db + "-wal")[.size] as? Int ?? 0
        try #require(walSize > 0, "the sqlite3 shell checkpointed on close; cannot set up the test")
        try? FileManager.default.removeItem(atPath: db + "-shm")
        let manager = FileManager.default
        try manager.setAttributes([.posixPermissions: 0o755], ofItemAtPath: dir.url.path)
        try manager.setAttributes([.posixPermissions: 0o444], ofItemAtPath: db)
        try manager.setAttributes([.posixPermissions: 0o444], ofItemAtPath: db + "-wal")
        try manager.setAttributes([.posixPermissions: 0o555], ofItemAtPath: subdirectory)
        defer { restoreWritable(dir) }

        let result = try Unprivileged.run(["--db", db, "stm", "--json"], in: dir)
        if result.status == 0 {
            let contents = try result.jsonArray().compactMap { $0["content"] as? String }
            #expect(contents.contains("only in the wal"), "stm silently missed a committed memory: \(contents)")
        } else {
            #expect(result.hasOneCleanErrorLine, "\(result.stderr)")
        }
    }

    @Test("inspect commands on a read-only file in a writable directory work")
    func inspectInWritableDirectory() throws {
        let (dir, db) = try readOnlyDatabase(directoryMode: 0o777)
        defer { restoreWritable(dir) }
        let before = try Data(contentsOf: URL(fileURLWithPath: db))
        try expectStatsAndListing(of: db, in: dir)
        #expect(try Data(contentsOf: URL(fileURLWithPath: db)) == before)
    }

    @Test("export reads a read-only database in a read-only directory, and cannot write there: one line, nothing left")
    func export() throws {
        let (dir, db) = try readOnlyDatabase(directoryMode: 0o555)
        defer { restoreWritable(dir) }
        let before = try FileSnapshot(db)
        let out = try Unprivileged.run(["--db", db, "export"], in: dir)
        #expect(out.status == 0, "\(out.stderr)")
        #expect(out.stdout.contains("written while writable"))
        let file = dir.path("ro/out.jsonl")
        let refused = try Unprivileged.run(["--db", db, "export", file], in: dir)
        #expect(refused.status == 1)
        #expect(refused.hasOneCleanErrorLine, "\(refused.stderr)")
        #expect(refused.stderr.contains(file) && refused.stderr.contains("Permission denied"), "\(refused.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path("ro")) == ["memory.db"])
        #expect(try FileSnapshot(db) == before)
    }
}
