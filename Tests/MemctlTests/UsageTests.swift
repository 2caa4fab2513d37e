import Foundation
import MemoryEngines
import MemoryModel
import MemoryPasses
import MemoryStorage
import TestFixtures
import Testing

@Suite("memctl usage and help")
struct UsageTests {
    static let commands = ["add", "import", "stats", "stm", "ltm", "show", "search", "entities", "passes", "check"]

    @Test("memctl alone is a usage error (64) that points to --help")
    func noCommand() throws {
        let dir = try TemporaryDirectory()
        let result = try Memctl.run([], in: dir)
        #expect(result.status == 64)
        #expect(result.stdout == "")
        #expect(result.stderrLines == ["memctl: no command given", "Try 'memctl --help'."])
    }

    @Test("an unknown command is a usage error (64) naming it")
    func unknownCommand() throws {
        let dir = try TemporaryDirectory()
        let result = try Memctl.run(["frobnicate"], in: dir)
        #expect(result.status == 64)
        #expect(result.stderrLines == ["memctl: unknown command 'frobnicate'", "Try 'memctl --help'."])
        let viaHelp = try Memctl.run(["help", "frobnicate"], in: dir)
        #expect(viaHelp.status == 64)
        #expect(viaHelp.stderr.contains("unknown command 'frobnicate'"))
    }

    @Test("--socket is global: before the command as after it, for every command that talks to memoryd", arguments: [
        "status", "pause", "resume", "reload", "consolidate",
    ])
    func globalSocket(_ command: String) throws {
        let dir = try TemporaryDirectory()
        let socket = dir.path("nobody.sock")
        for arguments in [["--socket", socket, command], [command, "--socket", socket], ["--socket=\(socket)", command]] {
            let result = try Memctl.run(arguments, in: dir)
            #expect(result.status == 1, "\(arguments): \(result.stderr)")
            #expect(result.stderrLines == ["memctl \(command): no memoryd is listening on \(socket) (start it, or give its socket with --socket)"])
        }
        let contradiction = try Memctl.run(["--socket", socket, "consolidate", "--local"], in: dir)
        #expect(contradiction.status == 64 && contradiction.stderr.contains("--local and --socket contradict each other"))
    }

    @Test("an unknown option is a usage error (64), before or after the command", arguments: [
        ["stats", "--frobnicate"], ["--frobnicate", "stats"], ["add", "-x", "text"], ["stm", "--verbose"],
    ])
    func unknownOption(_ arguments: [String]) throws {
        let dir = try TemporaryDirectory()
        let result = try Memctl.run(["--db", dir.path("memory.db")] + arguments, in: dir)
        #expect(result.status == 64)
        #expect(result.stdout == "")
        let lines = result.stderrLines
        try #require(lines.count == 2, "\(result.stderr)")
        #expect(lines[0].contains("unknown option"))
        #expect(lines[1].hasPrefix("Try 'memctl "))
        #expect(lines[1].hasSuffix(" --help'."))
        #expect(!FileManager.default.fileExists(atPath: dir.path("memory.db")))
    }

    @Test("--help on every command exits 0 and prints its Usage line", arguments: commands)
    func commandHelp(_ command: String) throws {
        let dir = try TemporaryDirectory()
        for arguments in [[command, "--help"], [command, "-h"], ["--help", command], ["help", command]] {
            let result = try Memctl.run(arguments, in: dir)
            #expect(result.status == 0, "\(arguments)")
            #expect(result.stderr == "")
            #expect(result.stdout.hasPrefix("Usage: memctl \(command)"), "\(arguments): \(result.stdout)")
        }
        #expect(!FileManager.default.fileExists(atPath: dir.path("xdg-data")), "help must not create a database")
    }

    @Test("--help wins over bad arguments to the command")
    func helpWithBadArguments() throws {
        let dir = try TemporaryDirectory()
        let result = try Memctl.run(["show", "not-a-reference", "--help"], in: dir)
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("Usage: memctl show"))
    }

    @Test("memctl --help and memctl help list every command")
    func globalHelp() throws {
        let dir = try TemporaryDirectory()
        for arguments in [["--help"], ["-h"], ["help"]] {
            let result = try Memctl.run(arguments, in: dir)
            #expect(result.status == 0)
            #expect(result.stdout.contains("Usage: memctl [--db PATH]"))
            for command in Self.commands {
                #expect(result.stdoutLines.contains { $0.hasPrefix("  \(command) ") }, "\(command) not listed")
            }
        }
    }

    @Test("--version prints the version and schema version")
    func version() throws {
        let dir = try TemporaryDirectory()
        let result = try Memctl.run(["--version"], in: dir)
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("memctl "))
        #expect(result.stdout.contains("(schema version \(MemoryStore.schemaVersion))"))
    }

    @Test("--busy-timeout must be a whole number of milliseconds", arguments: ["x", "-1", "1.5", ""])
    func badBusyTimeout(_ value: String) throws {
        let dir = try TemporaryDirectory()
        let result = try Memctl.run(["--db", dir.path("memory.db"), "--busy-timeout", value, "stats"], in: dir)
        #expect(result.status == 64)
        #expect(result.stderrLines.first?.contains("--busy-timeout must be a whole number of milliseconds") == true)
        #expect(result.stderrLines.last == "Try 'memctl --help'.")
    }

    @Test("a duration too long to count is a usage error, not a crash")
    func durationTooLong() throws {
        let dir = try TemporaryDirectory()
        let result = try Memctl.run(
            ["--db", dir.path("memory.db"), "consolidate", "--local", "--min-age", "9999999999999999d"], in: dir)
        #expect(result.status == 64, "\(result.stderr)")
        #expect(result.stderrLines.first?.contains("--min-age must be a duration") == true, "\(result.stderr)")
    }

    @Test("an empty --db path is a usage error (64), not a misleading 'read-only' failure")
    func emptyDatabasePath() throws {
        let dir = try TemporaryDirectory()
        let result = try Memctl.run(["--db", "", "add", "x"], in: dir)
        #expect(result.status == 64, "\(result.stderr)")
        #expect(!result.stderr.contains("read-only"), "\(result.stderr)")
        #expect(result.stderr.contains("--db"), "\(result.stderr)")
    }

    @Test("a global option without its value is a usage error", arguments: [["--db"], ["stats", "--db"], ["--busy-timeout"]])
    func missingValue(_ arguments: [String]) throws {
        let dir = try TemporaryDirectory()
        let result = try Memctl.run(arguments, in: dir)
        #expect(result.status == 64)
        #expect(result.stderrLines.first?.contains("needs a value") == true, "\(result.stderr)")
    }

    @Test("usage errors print a reason line, then \"Try 'memctl COMMAND --help'.\"", arguments: [
        (["add"], "memctl add: missing TEXT", "add"),
        (["add", "one", "two"], "memctl add: unexpected argument 'two' (quote text that contains spaces)", "add"),
        (["import"], "memctl import: missing FILE", "import"),
        (["stats", "extra"], "memctl stats: unexpected argument 'extra'", "stats"),
        (["check", "extra"], "memctl check: unexpected argument 'extra'", "check"),
        (["show"], "memctl show: missing REFERENCE", "show"),
    ])
    func usageErrorShape(_ arguments: [String], _ reason: String, _ command: String) throws {
        let dir = try TemporaryDirectory()
        let result = try Memctl.run(["--db", dir.path("memory.db")] + arguments, in: dir)
        #expect(result.status == 64)
        #expect(result.stdout == "")
        #expect(result.stderrLines == [reason, "Try 'memctl \(command) --help'."])
        #expect(!FileManager.default.fileExists(atPath: dir.path("memory.db")))
    }
}
