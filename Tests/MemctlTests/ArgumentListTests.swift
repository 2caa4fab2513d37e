import Testing

@testable import memctl

/// memctl's command-line parsing, called directly rather than through the binary.
@Suite("ArgumentList")
struct ArgumentListTests {
    /// Runs `body` on a list made of `arguments`; returns the usage error's text, or nil when
    /// nothing was thrown.
    private func refusal(_ arguments: [String], _ body: (inout ArgumentList) throws -> Void) -> String? {
        var list = ArgumentList(arguments)
        do {
            try body(&list)
            return nil
        } catch let error as UsageError {
            return error.reason
        } catch {
            return "not a usage error: \(error)"
        }
    }

    // MARK: Flags

    @Test("a flag is found under any of its names, removed wherever it is, and false when absent")
    func flags() throws {
        var list = ArgumentList(["stats", "-h", "--json", "--help", "extra"])
        let help = list.flag("-h", "--help")
        let json = list.flag("--json")
        let verbose = list.flag("--verbose")
        #expect(help && json && !verbose)
        #expect(try list.positionals() == ["stats", "extra"])
    }

    @Test("after -- nothing is a flag or an option")
    func terminator() throws {
        var list = ArgumentList(["--json", "--", "--json", "--db", "x", "-"])
        let json = list.flag("--json")
        #expect(json)
        #expect(try list.option("--db") == nil)
        let again = list.flag("--json")
        #expect(!again)
        #expect(try list.positionals() == ["--json", "--db", "x", "-"])
    }

    // MARK: Options

    @Test("an option takes its value from the next argument or after '='", arguments: [
        (["--db", "a.db"], "a.db"), (["--db=a.db"], "a.db"), (["--db="], ""), (["--db", "-"], "-"),
        (["--db", "--json"], "--json"), (["--db=x=y"], "x=y"),
    ])
    func optionValue(arguments: [String], value: String) throws {
        var list = ArgumentList(arguments)
        #expect(try list.option("--db") == value)
        #expect(try list.positionals() == [])
    }

    @Test("a repeated option gives its last value and every occurrence is removed")
    func repeatedOption() throws {
        var list = ArgumentList(["--db", "one", "add", "--db=two", "text", "--db", "three"])
        #expect(try list.option("--db") == "three")
        #expect(try list.positionals() == ["add", "text"])
    }

    @Test("an option is matched by its whole name, not a prefix of another")
    func wholeNames() throws {
        var list = ArgumentList(["--dbx", "1", "--db-path=2"])
        #expect(try list.option("--db") == nil)
        #expect(refusal(["--dbx"]) { list in _ = try list.positionals() } == "unknown option '--dbx'")
    }

    @Test("an absent option is nil and leaves the rest alone")
    func absentOption() throws {
        var list = ArgumentList(["add", "text"])
        #expect(try list.option("--source") == nil)
        #expect(try list.positionals() == ["add", "text"])
    }

    @Test("an option at the end without its value is refused by name")
    func missingValue() {
        #expect(refusal(["stats", "--db"]) { list in _ = try list.option("--db") } == "--db needs a value")
        // The terminator ends the options: what follows it is not the option's value.
        #expect(refusal(["--db", "--", "x.db"]) { list in _ = try list.option("--db") } == "--db needs a value")
    }

    @Test("a typed option parses its value, or names the option, what it takes and what it got")
    func typedOption() throws {
        var list = ArgumentList(["--busy-timeout", "250"])
        #expect(try list.option("--busy-timeout", "a whole number of milliseconds") { Int($0) } == 250)
        var none = ArgumentList([])
        #expect(try none.option("--busy-timeout", "a whole number of milliseconds") { Int($0) } == nil)
        #expect(
            refusal(["--busy-timeout=soon"]) { list in
                _ = try list.option("--busy-timeout", "a whole number of milliseconds") { Int($0) }
            } == "--busy-timeout must be a whole number of milliseconds, got 'soon'")
    }

    // MARK: --limit

    @Test("--limit is a whole number of at least 1, with a default when absent", arguments: [
        ([], 20), (["--limit", "1"], 1), (["--limit=500"], 500), (["--limit", "3", "--limit", "4"], 4),
    ])
    func limit(arguments: [String], expected: Int) throws {
        var list = ArgumentList(arguments)
        #expect(try list.limit(default: 20) == expected)
        #expect(try list.positionals() == [])
    }

    @Test("--limit refuses what is not a whole number of at least 1", arguments: ["0", "-3", "2.5", "ten", "", " 5"])
    func badLimit(value: String) {
        #expect(
            refusal(["--limit", value]) { list in _ = try list.limit(default: 20) }
                == "--limit must be a whole number of at least 1, got '\(value)'")
    }

    // MARK: The command name

    @Test("the command name is the first argument that is not an option", arguments: [
        (["--json", "stats", "more"], "stats", ["more"]), (["-", "x"], "-", ["x"]), (["--", "add", "x"], "add", ["x"]),
        (["stm", "--", "--text"], "stm", ["--text"]),
    ])
    func commandName(arguments: [String], name: String, rest: [String]) throws {
        var list = ArgumentList(arguments)
        _ = list.flag("--json")
        #expect(list.takeCommandName() == name)
        #expect(try list.positionals() == rest)
    }

    @Test("no command name when only options are given")
    func noCommandName() {
        var list = ArgumentList(["--json", "-v"])
        #expect(list.takeCommandName() == nil)
        var empty = ArgumentList([])
        #expect(empty.takeCommandName() == nil)
    }

    @Test("an option's value counts as the command name until the option is taken (global options go first)")
    func optionsBeforeCommandName() throws {
        var untaken = ArgumentList(["--db", "x.db", "stats"])
        #expect(untaken.takeCommandName() == "x.db")
        var taken = ArgumentList(["--db", "x.db", "stats"])
        #expect(try taken.option("--db") == "x.db")
        #expect(taken.takeCommandName() == "stats")
    }

    // MARK: Positionals and leftovers

    @Test("positionals keep their order, the ones after -- last, and accept '-' and negative numbers")
    func positionals() throws {
        var list = ArgumentList(["a", "-5", "-", "b", "-0.5", "--", "-x", "c"])
        #expect(try list.positionals() == ["a", "-5", "-", "b", "-0.5", "-x", "c"])
        // Taken: nothing is left for a second call.
        #expect(try list.positionals() == [])
    }

    @Test("an option left over is refused as unknown, before or after the command", arguments: [
        ["--frobnicate"], ["stats", "-x"], ["-v", "stats"], ["a", "--limit=3"],
    ])
    func unknownOption(arguments: [String]) {
        let unknown = arguments.first { $0.hasPrefix("-") }!
        #expect(refusal(arguments) { list in _ = try list.positionals() } == "unknown option '\(unknown)'")
        #expect(refusal(arguments) { list in try list.finish() } == "unknown option '\(unknown)'")
    }

    @Test("finish() accepts an empty remainder and refuses the first leftover")
    func finish() {
        #expect(refusal([]) { list in try list.finish() } == nil)
        #expect(refusal(["--json"]) { list in _ = list.flag("--json"); try list.finish() } == nil)
        #expect(refusal(["one", "two"]) { list in try list.finish() } == "unexpected argument 'one'")
        #expect(refusal(["--", "--json"]) { list in try list.finish() } == "unexpected argument '--json'")
    }

    @Test("named positionals: exactly that many, or which are missing, or the first extra one")
    func namedPositionals() throws {
        var list = ArgumentList(["show", "ltm:3"])
        #expect(try list.positionals(named: "COMMAND", "REF") == ["show", "ltm:3"])
        #expect(refusal([]) { list in _ = try list.positionals(named: "TEXT") } == "missing TEXT")
        #expect(refusal(["a"]) { list in _ = try list.positionals(named: "A", "B", "C") } == "missing B C")
        #expect(
            refusal(["hello", "world"]) { list in _ = try list.positionals(named: "TEXT") }
                == "unexpected argument 'world' (quote text that contains spaces)")
        #expect(refusal(["x", "--nope"]) { list in _ = try list.positionals(named: "TEXT") } == "unknown option '--nope'")
    }

    @Test("a usage error reads as its reason and compares by it")
    func usageError() {
        #expect(UsageError("no command given").description == "no command given")
        #expect(UsageError("a") == UsageError("a"))
        #expect(UsageError("a") != UsageError("b"))
    }
}
