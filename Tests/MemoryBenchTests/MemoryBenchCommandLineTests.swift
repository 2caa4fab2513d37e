import Foundation
import TestFixtures
import Testing

/// memory-bench's command line, on the built program: a value that is not what an option takes
/// is a usage error (exit 64, one line naming the option and what it takes, and a pointer to the
/// help), never the default, and nothing starts.
@Suite("memory-bench's command line")
struct MemoryBenchCommandLineTests {
    /// Arguments, and a piece of the one-line reason.
    static let refused: [(arguments: [String], says: String)] = [
        (["import", "--rows", "abc"], "--rows must be a whole number of at least 1, got 'abc'"),
        (["import", "--rows", "0"], "--rows must be a whole number of at least 1, got '0'"),
        (["import", "--runs", "three"], "--runs must be a whole number of at least 1, got 'three'"),
        (["export-import", "--rows", "1.5"], "--rows must be a whole number of at least 1, got '1.5'"),
        (["consolidate", "--sizes", "10000,abc"], "--sizes must be whole numbers separated by commas"),
        (["consolidate", "--sizes", "10000,"], "--sizes must be whole numbers separated by commas"),
        (["consolidate", "--threads", "0"], "--threads must be a whole number from 1 to 256, got '0'"),
        (["cycle", "--threads", "lots"], "--threads must be a whole number from 1 to 256, got 'lots'"),
        (["cycle", "--sizes", "-5"], "--sizes must be whole numbers separated by commas, each of at least 1, got '-5'"),
        (["cycle", "--rows", "abc"], "memory-bench cycle: no option --rows (it takes --sizes, --chitchat, --threads"),
        (["extract", "--rows", "-3"], "--rows must be a whole number of at least 1, got '-3'"),
        (["extract", "--rows", "1e3"], "--rows must be a whole number of at least 1, got '1e3'"),
        (["locomo", "data.json", "--k", "0"], "--k must be whole numbers separated by commas, each of at least 1"),
        (["locomo", "data.json", "--budgets", "10,100"], "--budgets must be whole numbers separated by commas, each from 20 to 5000"),
        (["longmemeval", "data.json", "--haystacks", "few"], "--haystacks must be a whole number of at least 1"),
        (["longmemeval", "--k", "5"], "memory-bench longmemeval: give the LongMemEval file first"),
        (["locomo", "data.json", "extra"], "unexpected argument 'extra'"),
        (["torture", "--kills", "-1"], "--kills must be a whole number of at least 0, got '-1'"),
        (["torture", "--kills", "many"], "--kills must be a whole number of at least 0, got 'many'"),
        (["idle", "--seconds", "0"], "--seconds must be a whole number of at least 1, got '0'"),
        (["tenants", "--count", "two"], "--count must be a whole number of at least 1, got 'two'"),
        (["tenants", "--threads", "300"], "--threads must be a whole number from 1 to 256, got '300'"),
        (["tenants", "--runs", "0"], "--runs must be a whole number of at least 1, got '0'"),
        (["stop", "--runs", "0"], "--runs must be a whole number of at least 1, got '0'"),
        (["fresh", "--new", "some"], "--new must be a whole number of at least 1, got 'some'"),
        (["fresh", "--reuse"], "--reuse needs --keep DIR"),
        (["ui", "--rows", "1M"], "--rows must be a whole number of at least 1, got '1M'"),
        (["ui", "--load", "x"], "--load must be a whole number of at least 0, got 'x'"),
        (["follow", "--megabytes", "0"], "--megabytes must be a whole number of at least 1, got '0'"),
        (["follow", "--lines", "many"], "--lines must be a whole number of at least 1, got 'many'"),
        (["follow", "--files", "-2"], "--files must be a whole number of at least 1, got '-2'"),
        (["follow", "--runs", "3"], "memory-bench follow: no option --runs (it takes --megabytes, --lines"),
        (["peers", "--runs", "0"], "--runs must be a whole number of at least 1, got '0'"),
        (["peers", "--reuse"], "--reuse needs --keep DIR"),
        (["import", "--rows"], "--rows needs a value, a whole number of at least 1"),
        (["import", "--rows", "--runs", "3"], "--rows needs a value"),
        (["import", "--rows", "5", "--rows", "6"], "--rows is given twice"),
        (["import", "--frobnicate", "1"], "no option --frobnicate"),
        (["import", "--chitchat"], "--chitchat needs a value, a path"),
        (["frobnicate"], "memory-bench: unknown command 'frobnicate'"),
    ]

    @Test("a value an option does not take is a usage error, 64, with one line that names it", arguments: refused)
    func refusesBadValues(arguments: [String], says: String) throws {
        let dir = try TemporaryDirectory()
        let result = try MemoryBench.run(arguments, in: dir)
        #expect(result.status == 64, "\(arguments): \(result.stdout.prefix(500)) \(result.stderr)")
        #expect(result.stderrLines.first?.contains(says) == true, "\(arguments): \(result.stderr)")
        #expect(result.stderrLines.dropFirst() == ["Try 'memory-bench --help'."], "\(result.stderr)")
        // A run starts by naming the memctl it measures: nothing is printed before the check.
        #expect(result.stdout.isEmpty, "\(arguments) started: \(result.stdout.prefix(500))")
    }

    @Test("every option of every command is checked: a word where it takes a value is refused")
    func everyOptionChecked() throws {
        let dir = try TemporaryDirectory()
        let usage = try MemoryBench.run(["--help"], in: dir)
        #expect(usage.status == 0)
        // Each command's usage line, and the options with a value it names.
        for line in usage.stdout.split(separator: "\n") where line.contains("memory-bench ") && line.contains("[--") {
            let words = line.split(separator: " ").map(String.init)
            guard let at = words.firstIndex(of: "memory-bench") else { continue }
            let command = words[at + 1]
            let file = ["locomo", "longmemeval"].contains(command) ? ["data.json"] : []
            let options = words.indices.filter { words[$0].hasPrefix("[--") && $0 + 1 < words.count }
                .filter { !words[$0 + 1].hasPrefix("[") && !words[$0].hasSuffix("]") }
                .map { String(words[$0].dropFirst()) }
            #expect(!options.isEmpty, "\(line)")
            for option in options where option != "--keep" && option != "--chitchat" {
                let result = try MemoryBench.run([command] + file + [option, "nonsense"], in: dir)
                #expect(result.status == 64, "\(command) \(option) nonsense: \(result.stdout.prefix(300))")
                #expect(result.stderr.contains("\(option) must be"), "\(command) \(option): \(result.stderr)")
            }
        }
    }

    @Test("--help prints the usage and exits 0, whatever else is given; no arguments print it too")
    func help() throws {
        let dir = try TemporaryDirectory()
        for arguments in [["--help"], ["torture", "--help"], ["cycle", "--rows", "abc", "-h"], []] {
            let result = try MemoryBench.run(arguments, in: dir)
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
            #expect(result.stdout.hasPrefix("Usage: memory-bench import"), "\(arguments)")
        }
    }

    @Test("valid options are taken: a small extract runs to the end")
    func validOptionsRun() throws {
        let dir = try TemporaryDirectory()
        let result = try MemoryBench.run(["extract", "--rows", "20", "--keep", dir.path("kept")], in: dir)
        #expect(result.status == 0, "\(result.stdout) \(result.stderr)")
        #expect(result.stdout.contains("20 lines"), "\(result.stdout)")
    }
}
