import CSQLite
import Foundation
import Testing

@testable import SQLiteKit

/// The SQLite wrapper on its own: no schema of memories, a file in a temporary directory.
@Suite("SQLite wrapper")
struct ConnectionTests {
    let scratch = ScratchDatabase("sqlitekit")

    @Test("a statement that changes megabytes of pages inside a transaction commits: its journal spills to a file whole")
    func largeStatementJournal() throws {
        defer { scratch.remove() }
        let connection = try scratch.open()
        try connection.enableWriteAheadLog()
        try connection.execute(
            """
            CREATE TABLE t(x TEXT NOT NULL CHECK (length(x) > 0));
            CREATE TABLE changes(n INTEGER);
            CREATE TRIGGER t_changed AFTER UPDATE ON t BEGIN INSERT INTO changes VALUES (1); END;
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 12000)
            INSERT INTO t SELECT printf('%01000d', i) FROM n;
            """)
        // One UPDATE with a trigger and a CHECK, in a transaction of several statements: SQLite
        // journals the 12 MB of pages it changes, past the part it keeps in memory.
        try connection.inTransaction {
            try connection.execute("INSERT INTO changes VALUES (0)")
            try connection.execute("UPDATE t SET x = x || 'y'")
        }
        #expect(try connection.scalarInt("SELECT count(*) FROM t WHERE x LIKE '%y'") == 12_000)
        #expect(try connection.scalarInt("SELECT count(*) FROM changes") == 12_001)
    }

    @Test("the migrator applies each migration once, in order, and records it through the caller's closure")
    func migrates() throws {
        defer { scratch.remove() }
        let connection = try scratch.open()
        let migrations = [
            Migration(version: 1, name: "one", sql: "CREATE TABLE a(x)"),
            Migration(version: 2, name: "two", sql: "CREATE TABLE b(y)"),
        ]
        var recorded: [String] = []
        try connection.migrate(migrations) { _, migration in recorded.append(migration.name) }
        try connection.migrate(migrations) { _, migration in recorded.append(migration.name) }
        #expect(recorded == ["one", "two"])
        #expect(try connection.schemaVersion() == 2)
        #expect(try connection.scalarInt("SELECT count(*) FROM sqlite_master WHERE type = 'table'") == 2)
    }

    @Test("reads in one read transaction see one snapshot, and the transaction ends with them")
    func readingSeesOneSnapshot() throws {
        defer { scratch.remove() }
        let reader = try scratch.open()
        try reader.enableWriteAheadLog()
        try reader.execute("CREATE TABLE t(x); INSERT INTO t VALUES (1)")
        let writer = try Connection(
            path: reader.path, mode: .readWrite, busyTimeoutMilliseconds: 100)
        let counts = try reader.reading {
            let before = try reader.scalarInt("SELECT count(*) FROM t")
            try writer.execute("INSERT INTO t VALUES (2)")
            return [before, try reader.scalarInt("SELECT count(*) FROM t")]
        }
        #expect(counts == [1, 1])
        #expect(!reader.isInTransaction)
        #expect(try reader.scalarInt("SELECT count(*) FROM t") == 2)
        // Inside a transaction already, it runs in that one.
        try reader.inTransaction {
            try reader.reading { try reader.execute("INSERT INTO t VALUES (3)") }
            #expect(reader.isInTransaction)
        }
        #expect(try writer.scalarInt("SELECT count(*) FROM t") == 3)
    }

    @Test("a failing migration leaves the version and the tables as they were")
    func failedMigrationRollsBack() throws {
        defer { scratch.remove() }
        let connection = try scratch.open()
        let broken = [Migration(version: 1, name: "broken", sql: "CREATE TABLE a(x); CREATE TABLE a(x)")]
        #expect(throws: SQLiteError.self) { try connection.migrate(broken) }
        #expect(try connection.schemaVersion() == 0)
        #expect(try connection.scalarInt("SELECT count(*) FROM sqlite_master") == 0)
    }

    @Test("statements made for one call are not cached; fixed ones are, once")
    func statementCache() throws {
        defer { scratch.remove() }
        let connection = try scratch.open(executing: "CREATE TABLE t(x)")
        let before = connection.cachedStatements
        for id in 0..<50 {
            _ = try connection.prepare("SELECT count(*) FROM t WHERE x IN (\(id), \(id + 1))", cached: false).bind([])
                .firstRow { $0.int64(0) }
        }
        #expect(connection.cachedStatements == before)
        for _ in 0..<3 { _ = try connection.scalarInt("SELECT count(*) FROM t") }
        #expect(connection.cachedStatements == before + 1)
    }

    @Test("rows(upTo:) keeps the rows its closure maps until it has enough, steps no further, and leaves the statement reusable")
    func rowsUpTo() throws {
        defer { scratch.remove() }
        let connection = try scratch.open(
            executing: "CREATE TABLE t(x INTEGER); INSERT INTO t VALUES (1), (2), (3), (4), (5), (6)")
        var stepped: [Int64] = []
        let statement = try connection.prepare("SELECT x FROM t WHERE x > ? ORDER BY x DESC")
        let odd = try statement.bind([1]).rows(upTo: 2) { row -> Int64? in
            stepped.append(row.int64(0))
            return row.int64(0) % 2 == 1 ? row.int64(0) : nil
        }
        #expect(odd == [5, 3] && stepped == [6, 5, 4, 3])
        #expect(try statement.bind([4]).rows(upTo: 10) { $0.int64(0) } == [6, 5])
        #expect(try statement.bind([0]).rows(upTo: 0) { $0.int64(0) } == [])
    }

    @Test("a closed connection refuses every call with a plain error")
    func close() throws {
        defer { scratch.remove() }
        let connection = try scratch.open()
        connection.close()
        connection.close()
        #expect(connection.isClosed)
        let error = #expect(throws: SQLiteError.self) { try connection.execute("SELECT 1") }
        #expect(error?.message == "the database is closed")
        #expect(throws: SQLiteError.self) { _ = try connection.prepare("SELECT 1") }
    }
}
