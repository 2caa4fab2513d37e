import MemoryEngines
import MemoryModel

/// memory-bench's command line, checked before anything runs: the command, the options it takes,
/// and each option's value. A wrong one is a usage error (exit 64, as memctl's), never the default.
struct BenchCommandLine {
    /// What an option's value must be.
    enum Value {
        /// A whole number in the range.
        case number(ClosedRange<Int>)
        /// Whole numbers in the range, separated by commas.
        case numbers(ClosedRange<Int>)
        /// A path (or any text that is not another option).
        case path
        /// No value.
        case flag

        var expected: String {
            switch self {
            case .number(let range): "a whole number \(Self.bounds(range))"
            case .numbers(let range): "whole numbers separated by commas, each \(Self.bounds(range))"
            case .path: "a path"
            case .flag: "no value"
            }
        }

        private static func bounds(_ range: ClosedRange<Int>) -> String {
            range.upperBound == Int.max
                ? "of at least \(range.lowerBound)" : "from \(range.lowerBound) to \(range.upperBound)"
        }
    }

    static let options: [String: Value] = [
        "--rows": .number(1...Int.max), "--runs": .number(1...Int.max), "--sizes": .numbers(1...Int.max),
        "--threads": .number(PassSettings.threadCounts), "--chitchat": .path, "--keep": .path, "--reuse": .flag,
        "--load": .number(0...Int.max), "--k": .numbers(1...Int.max), "--budgets": .numbers(RecallContext.budgets),
        "--haystacks": .number(1...Int.max), "--dump": .path, "--kills": .number(0...Int.max),
        "--seconds": .number(1...Int.max), "--count": .number(1...Int.max), "--new": .number(1...Int.max),
        "--megabytes": .number(1...Int.max), "--lines": .number(1...Int.max), "--files": .number(1...Int.max),
        "--adds": .number(1...Int.max), "--restore": .number(1...Int.max),
    ]

    /// Every command and the options it takes besides `--keep` and `--load`, which all take.
    static let commands: KeyValuePairs<String, [String]> = [
        "import": ["--rows", "--runs", "--chitchat"],
        "export-import": ["--rows", "--chitchat"],
        "export": ["--rows", "--chitchat"],
        "consolidate": ["--sizes", "--chitchat", "--threads"],
        "cycle": ["--sizes", "--chitchat", "--threads"],
        "extract": ["--rows"],
        "locomo": ["--k", "--budgets", "--haystacks", "--dump", "--reuse"],
        "longmemeval": ["--k", "--budgets", "--haystacks", "--dump", "--reuse"],
        "torture": ["--kills", "--rows", "--chitchat"],
        "idle": ["--rows", "--seconds", "--chitchat"],
        "tenants": ["--count", "--rows", "--runs", "--threads", "--chitchat"],
        "stop": ["--runs", "--rows", "--chitchat"],
        "fresh": ["--rows", "--new", "--chitchat", "--reuse"],
        "ui": ["--rows", "--runs", "--chitchat", "--reuse"],
        "context": ["--rows", "--runs", "--chitchat", "--reuse"],
        "follow": ["--megabytes", "--lines", "--rows", "--seconds", "--files", "--chitchat"],
        "replication": ["--rows", "--adds", "--new", "--restore", "--chitchat", "--reuse"],
        "peers": ["--rows", "--runs", "--chitchat", "--reuse"],
    ]
    static let everyCommandTakes = ["--keep", "--load"]

    /// The command line was wrong: the command (when it was one) and the reason, for one line on
    /// standard error.
    struct UsageError: Error {
        var command: String?
        let reason: String

        var message: String { "memory-bench\(command.map { " \($0)" } ?? ""): \(reason)" }
    }

    let command: String
    /// The dataset file of `locomo` and `longmemeval`.
    let file: String?
    private var values: [String: String] = [:]

    /// Reads `arguments` (without the program's name): the command first, then its options.
    init(_ arguments: [String]) throws(UsageError) {
        guard let command = arguments.first else { throw UsageError(reason: "no command given") }
        guard let taken = Self.commands.first(where: { $0.key == command })?.value else {
            throw UsageError(reason: "unknown command '\(command)'")
        }
        self.command = command
        let allowed = taken + Self.everyCommandTakes
        var rest = arguments.dropFirst()
        if command == "locomo" || command == "longmemeval" {
            guard let file = rest.first, !file.hasPrefix("-") else {
                throw UsageError(
                    command: command, reason: "give the \(command == "locomo" ? "LoCoMo" : "LongMemEval") file first")
            }
            self.file = file
            rest = rest.dropFirst()
        } else {
            file = nil
        }
        while let name = rest.popFirst() {
            guard name.hasPrefix("-") else { throw UsageError(command: command, reason: "unexpected argument '\(name)'") }
            guard let kind = Self.options[name], allowed.contains(name) else {
                throw UsageError(
                    command: command, reason: "no option \(name) (it takes \(allowed.joined(separator: ", ")))")
            }
            guard values[name] == nil else { throw UsageError(command: command, reason: "\(name) is given twice") }
            if case .flag = kind {
                values[name] = ""
                continue
            }
            guard let value = rest.popFirst(), !value.hasPrefix("--") else {
                throw UsageError(command: command, reason: "\(name) needs a value, \(kind.expected)")
            }
            guard Self.isValid(value, kind) else {
                throw UsageError(command: command, reason: "\(name) must be \(kind.expected), got '\(value)'")
            }
            values[name] = value
        }
        if values["--reuse"] != nil, values["--keep"] == nil {
            throw UsageError(command: command, reason: "--reuse needs --keep DIR, the directory of an earlier run")
        }
    }

    private static func isValid(_ value: String, _ kind: Value) -> Bool {
        switch kind {
        case .number(let range): Int(value).map { range.contains($0) } ?? false
        case .numbers(let range):
            value.split(separator: ",", omittingEmptySubsequences: false).allSatisfy {
                Int($0).map { range.contains($0) } ?? false
            }
        case .path: !value.isEmpty
        case .flag: true
        }
    }

    /// The text of option `name`, if given.
    func value(_ name: String) -> String? { values[name] }

    /// The number option `name`, if given (checked when the line was read).
    func number(_ name: String) -> Int? { values[name].flatMap { Int($0) } }

    /// The list option `name`, if given (checked when the line was read).
    func numbers(_ name: String) -> [Int]? { values[name].map { $0.split(separator: ",").compactMap { Int($0) } } }

    /// Whether the flag `name` was given.
    func has(_ name: String) -> Bool { values[name] != nil }
}
