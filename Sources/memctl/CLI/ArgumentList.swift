import MemoryModel

/// A command line being taken apart: options are removed as they are read, and what is left
/// must be positional arguments. Everything after `--` is positional.
struct ArgumentList {
    private var options: [String]
    private var afterTerminator: [String]

    init(_ arguments: some Sequence<String>) {
        let all = Array(arguments)
        if let terminator = all.firstIndex(of: "--") {
            options = Array(all[..<terminator])
            afterTerminator = Array(all[(terminator + 1)...])
        } else {
            options = all
            afterTerminator = []
        }
    }

    /// Removes every occurrence of a flag; true when it was there.
    mutating func flag(_ names: String...) -> Bool {
        let before = options.count
        options.removeAll { names.contains($0) }
        return options.count != before
    }

    /// Removes `--name VALUE` or `--name=VALUE` and returns the value (the last one, if repeated).
    mutating func option(_ name: String) throws(UsageError) -> String? {
        var value: String?
        var index = 0
        while index < options.count {
            let argument = options[index]
            if argument == name {
                guard index + 1 < options.count else { throw UsageError("\(name) needs a value") }
                value = options[index + 1]
                options.removeSubrange(index...(index + 1))
            } else if argument.hasPrefix(name + "=") {
                value = String(argument.dropFirst(name.count + 1))
                options.remove(at: index)
            } else {
                index += 1
            }
        }
        return value
    }

    /// Removes every `--name VALUE` and `--name=VALUE` and returns their values in order: an
    /// option that may be given again and again (`--peer`).
    mutating func values(_ name: String) throws(UsageError) -> [String] {
        var values: [String] = []
        var index = 0
        while index < options.count {
            let argument = options[index]
            if argument == name {
                guard index + 1 < options.count else { throw UsageError("\(name) needs a value") }
                values.append(options[index + 1])
                options.removeSubrange(index...(index + 1))
            } else if argument.hasPrefix(name + "=") {
                values.append(String(argument.dropFirst(name.count + 1)))
                options.remove(at: index)
            } else {
                index += 1
            }
        }
        return values
    }

    /// An option whose value must parse; `what` describes acceptable values for the error.
    mutating func option<T>(_ name: String, _ what: String, _ parse: (String) -> T?) throws(UsageError) -> T? {
        guard let text = try option(name) else { return nil }
        guard let value = parse(text) else { throw UsageError("\(name) must be \(what), got '\(text)'") }
        return value
    }

    /// `--limit N`: a whole number of at least 1.
    mutating func limit(default defaultValue: Int) throws(UsageError) -> Int {
        try option("--limit", "a whole number of at least 1") { Int($0).flatMap { $0 >= 1 ? $0 : nil } }
            ?? defaultValue
    }

    /// `--threads N`: the threads a pass in this process runs on, 1 to
    /// 256 (`PassSettings.threadCounts`, memoryd's `threads` setting).
    mutating func threads() throws(UsageError) -> Int? {
        try option("--threads", PassSettings.threadsExpected, PassSettings.threads)
    }

    /// Removes and returns the first argument that is not an option: the command name.
    mutating func takeCommandName() -> String? {
        if let index = options.firstIndex(where: { !$0.hasPrefix("-") || $0 == "-" }) {
            return options.remove(at: index)
        }
        return afterTerminator.isEmpty ? nil : afterTerminator.removeFirst()
    }

    /// What is left: the positional arguments. Anything left that looks like an option is an
    /// option this command does not know.
    mutating func positionals() throws(UsageError) -> [String] {
        if let unknown = options.first(where: { $0.hasPrefix("-") && $0 != "-" && Double($0) == nil }) {
            throw UsageError("unknown option '\(unknown)'")
        }
        defer {
            options = []
            afterTerminator = []
        }
        return options + afterTerminator
    }

    /// Requires that nothing is left over.
    mutating func finish() throws(UsageError) {
        if let unexpected = try positionals().first {
            throw UsageError("unexpected argument '\(unexpected)'")
        }
    }

    /// Requires exactly `names.count` positional arguments.
    mutating func positionals(named names: String...) throws(UsageError) -> [String] {
        let values = try positionals()
        if values.count < names.count {
            throw UsageError("missing \(names[values.count...].joined(separator: " "))")
        }
        if values.count > names.count {
            throw UsageError("unexpected argument '\(values[names.count])' (quote text that contains spaces)")
        }
        return values
    }
}

/// The command line was wrong; exit 64 with the reason and a pointer to the help.
struct UsageError: Error, Equatable, CustomStringConvertible {
    let reason: String
    init(_ reason: String) { self.reason = reason }
    var description: String { reason }
}
