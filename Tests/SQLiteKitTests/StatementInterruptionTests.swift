import CSQLite
import Foundation
import Testing

@testable import SQLiteKit

/// Stopping a connection's work from another thread (`StatementInterruption`).
@Suite("Interrupting a connection")
struct InterruptionTests {
    let scratch = ScratchDatabase("interrupt")

    func open() throws -> Connection { try scratch.open(executing: "CREATE TABLE t(x INTEGER)") }

    /// An INSERT that would run for minutes: a billion rows from a recursive CTE.
    static let endlessInsert = """
        INSERT INTO t WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n WHERE x < 1000000000)
        SELECT x FROM n
        """

    @Test("armed, an interrupt from another thread stops a long statement and rolls its transaction back")
    func interruptsARunningStatement() async throws {
        defer { scratch.remove() }
        let connection = try open()
        let interruption = connection.interruption
        try connection.execute("INSERT INTO t VALUES (0)")
        let interrupter = Thread {
            Thread.sleep(forTimeInterval: 0.2)
            interruption.interrupt()
        }
        var failure: SQLiteError?
        try await interruption.armed {
            interrupter.start()
            do {
                try connection.inTransaction { try connection.prepare(Self.endlessInsert).run() }
            } catch let error as SQLiteError {
                failure = error
            }
        }
        #expect(failure?.isInterruption == true, "\(String(describing: failure))")
        #expect(!connection.isInTransaction)
        #expect(try connection.scalarInt("SELECT count(*) FROM t") == 1)
        // Disarmed again: the connection works as before.
        try connection.execute("INSERT INTO t VALUES (1)")
        #expect(try connection.scalarInt("SELECT count(*) FROM t") == 2)
    }

    @Test("an interrupt between two statements refuses the next one and the commit")
    func interruptBetweenStatements() async throws {
        defer { scratch.remove() }
        let connection = try open()
        let interruption = connection.interruption
        var failure: SQLiteError?
        try await interruption.armed {
            do {
                try connection.inTransaction {
                    try connection.prepare("INSERT INTO t VALUES (1)").run()
                    interruption.interrupt()  // SQLite alone would forget this: no statement runs
                    try connection.prepare("INSERT INTO t VALUES (2)").run()
                }
            } catch let error as SQLiteError {
                failure = error
            }
        }
        #expect(failure?.isInterruption == true)
        #expect(try connection.scalarInt("SELECT count(*) FROM t") == 0)
    }

    @Test("a COMMIT is never interrupted: a request during it waits for the next statement")
    func commitIsNotInterrupted() async throws {
        defer { scratch.remove() }
        let connection = try open()
        let interruption = connection.interruption
        try connection.execute("BEGIN IMMEDIATE TRANSACTION")
        try connection.prepare("INSERT INTO t VALUES (1)").run()
        var refused: SQLiteError?
        try await interruption.armed {
            try interruption.committing {
                interruption.interrupt()
                try connection.execute("COMMIT TRANSACTION")
            }
            do { try connection.prepare("INSERT INTO t VALUES (2)").run() } catch let error as SQLiteError { refused = error }
        }
        #expect(try connection.scalarInt("SELECT count(*) FROM t") == 1)
        #expect(refused?.isInterruption == true)
    }

    @Test("disarmed, an interrupt does nothing, and a closed connection's handle is never touched")
    func disarmedAndClosed() throws {
        defer { scratch.remove() }
        let connection = try open()
        let interruption = connection.interruption
        interruption.interrupt()
        try connection.inTransaction { try connection.prepare("INSERT INTO t VALUES (1)").run() }
        #expect(try connection.scalarInt("SELECT count(*) FROM t") == 1)
        connection.close()
        interruption.interrupt()
    }
}
