import CSQLite
import Testing

@testable import SQLiteKit

@Suite("Result codes")
struct ResultCodeTests {
    let scratch = ScratchDatabase("resultcode")

    @Test("an extended code's primary is its family; a primary code's is itself")
    func primary() {
        #expect(ResultCode.constraintCheck.primary == .constraint)
        #expect(ResultCode.constraintUnique.primary == .constraint)
        #expect(ResultCode.busySnapshot.primary == .busy)
        #expect(ResultCode.corruptVirtualTable.primary == .corrupt)
        #expect(ResultCode.full.primary == .full)
        #expect(ResultCode(rawValue: SQLITE_IOERR | 2 << 8).primary == .ioError)  // SQLITE_IOERR_SHORT_READ
    }

    @Test("the extended constants are sqlite3.h's values")
    func extendedValues() {
        #expect(ResultCode.busySnapshot.rawValue == 517)
        #expect(ResultCode.corruptVirtualTable.rawValue == 267)
        #expect(ResultCode.constraintCheck.rawValue == 275)
        #expect(ResultCode.constraintUnique.rawValue == 2067)
    }

    @Test("in a pattern, a primary code matches its extended codes, an extended code only itself")
    func patternMatching() {
        func family(_ code: ResultCode) -> String {
            switch code {
            case .constraintUnique: "unique"
            case .constraint: "constraint"
            case .busy, .locked: "locked"
            default: "other"
            }
        }
        #expect(family(.constraintUnique) == "unique")
        #expect(family(.constraintCheck) == "constraint")
        #expect(family(.constraint) == "constraint")
        #expect(family(.busySnapshot) == "locked")
        #expect(family(.locked) == "locked")
        #expect(family(.full) == "other")
        #expect(!(ResultCode.constraintCheck ~= .constraint))
        #expect(!(ResultCode.constraintCheck ~= .constraintUnique))
        #expect(ResultCode.constraint ~= .constraintCheck)
    }

    @Test("a real CHECK violation is a constraint error whose extended code says which constraint")
    func realConstraint() throws {
        defer { scratch.remove() }
        let connection = try scratch.open(executing: "CREATE TABLE t(x INTEGER CHECK (x > 0), y TEXT UNIQUE)")
        let check = #expect(throws: SQLiteError.self) { try connection.prepare("INSERT INTO t(x) VALUES (0)").run() }
        #expect(check?.resultCode == .constraint)
        #expect(check?.extendedResultCode == .constraintCheck)
        try connection.execute("INSERT INTO t(x, y) VALUES (1, 'a')")
        do {
            try connection.execute("INSERT INTO t(x, y) VALUES (2, 'a')")
            Issue.record("a duplicate was accepted")
        } catch let error as SQLiteError where error.resultCode == .constraint {
            switch error.extendedResultCode {
            case .constraintUnique: break
            default: Issue.record("not a UNIQUE violation: \(error)")
            }
            #expect(error.description.hasPrefix("SQLite error 19: UNIQUE constraint failed: t.y"))
        }
    }

    @Test("a statement on a closed connection fails as misuse")
    func misuse() throws {
        defer { scratch.remove() }
        let connection = try scratch.open()
        connection.close()
        let error = #expect(throws: SQLiteError.self) { try connection.execute("SELECT 1") }
        #expect(error?.resultCode == .misuse)
    }
}
