import Foundation
import TestFixtures
import Testing

/// Input that `add` must refuse before it stores anything.
@Suite("memctl add: bad input")
struct BadInputTests {
    @Test("bad option values and missing or extra text are usage errors (64) and create no database", arguments: [
        (["--importance", "1.5", "x"], "--importance must be a number from 0 to 1, got '1.5'"),
        (["--importance", "-0.1", "x"], "--importance must be a number from 0 to 1, got '-0.1'"),
        (["--importance", "high", "x"], "--importance must be a number from 0 to 1, got 'high'"),
        (["--importance", "nan", "x"], "--importance must be a number from 0 to 1, got 'nan'"),
        (["--at", "yesterday", "x"], "--at must be an ISO-8601 time"),
        (["--at", "2026-02-30T10:00:00Z", "x"], "--at must be an ISO-8601 time"),
        (["--at", "2026-11-02T25:00:00Z", "x"], "--at must be an ISO-8601 time"),
        ([""], "TEXT is empty"),
        ([], "missing TEXT"),
        (["one", "two"], "unexpected argument 'two'"),
        (["--session"], "--session needs a value"),
    ])
    func usageErrors(_ arguments: [String], _ reason: String) throws {
        let fixture = try MemctlFixture()
        let result = try fixture.run(["add"] + arguments)
        #expect(result.status == 64)
        #expect(result.stdout == "")
        #expect(result.stderrLines.count == 2, "\(result.stderr)")
        #expect(result.stderrLines.first?.contains(reason) == true, "\(result.stderr)")
        #expect(result.stderrLines.last == "Try 'memctl add --help'.")
        #expect(!fixture.databaseExists)
    }

    @Test("bad values are refused and nothing is stored in an existing database", arguments: [
        ["--importance", "2", "x"], ["--at", "soon", "x"], ["--session", "", "x"], ["--source", "", "x"],
        ["   "], ["\n\t"],
    ])
    func nothingStored(_ arguments: [String]) throws {
        let fixture = try MemctlFixture()
        try fixture.add("existing")
        let result = try fixture.run(["add"] + arguments)
        #expect(result.status != 0)
        #expect(result.stdout == "")
        #expect(result.stderrLines.first?.hasPrefix("memctl add: ") == true, "\(result.stderr)")
        #expect(try fixture.pendingCount() == 1)
    }

    @Test("whitespace-only text is refused and creates no database", arguments: ["   ", "\n", " \t "])
    func whitespaceOnlyText(_ text: String) throws {
        let fixture = try MemctlFixture()
        let result = try fixture.run(["add", text])
        #expect(result.status != 0)
        #expect(result.hasOneCleanErrorLine || result.stderrLines.count == 2, "\(result.stderr)")
        #expect(result.stderr.contains("empty"), "\(result.stderr)")
        #expect(!fixture.databaseExists, "a refused add created \(fixture.db)")
    }

    @Test("add - with empty standard input is refused and creates no database")
    func emptyStandardInput() throws {
        let fixture = try MemctlFixture()
        let result = try fixture.run(["add", "-"], stdin: Data())
        #expect(result.status != 0)
        #expect(result.stderr.contains("empty"), "\(result.stderr)")
        #expect(!fixture.databaseExists, "a refused add created \(fixture.db)")
    }

    @Test("add - with invalid UTF-8 on standard input is refused with one line and creates no database")
    func invalidUTF8StandardInput() throws {
        let fixture = try MemctlFixture()
        let result = try fixture.run(["add", "-"], stdin: Data([0x68, 0x69, 0xFF, 0x0A]))
        #expect(result.status == 1)
        #expect(result.hasOneCleanErrorLine, "\(result.stderr)")
        #expect(result.stderr.contains("not valid UTF-8"), "\(result.stderr)")
        #expect(!fixture.databaseExists)
    }

    @Test("content over 4 MiB from standard input is refused and nothing is stored")
    func tooLargeStandardInput() throws {
        let fixture = try MemctlFixture()
        try fixture.add("existing")
        let big = Data(repeating: UInt8(ascii: "x"), count: 4 * 1024 * 1024 + 1)
        let result = try fixture.run(["add", "-"], stdin: big)
        #expect(result.status == 1)
        #expect(result.hasOneCleanErrorLine, "\(result.stderr)")
        #expect(result.stderr.contains("the limit is 4194304 bytes"), "\(result.stderr)")
        #expect(try fixture.pendingCount() == 1)
    }
}
