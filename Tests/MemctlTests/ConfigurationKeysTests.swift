import Foundation
import MemoryDaemon
import MemoryEngines
import MemoryModel
import SystemSupport
import TestFixtures
import Testing

/// memoryd's settings are written down in several places: `DaemonConfiguration.keys` (which its
/// `set` switches over), memoryd's `--help`, the example file systemd/memoryd.conf, the
/// MEMORYD_<KEY> environment variables, and memctl's help where it names daemon settings. These
/// tests fail when any of them disagree with the table.
@Suite("Configuration keys agree everywhere")
struct ConfigurationKeysTests {
    static let keys = DaemonConfiguration.keys
    static let names = keys.map(\.name)

    /// A value other than the default for every key, to see that each one takes effect.
    static let samples: [String: String] = [
        "db": "/srv/other.db", "socket": "/srv/other.sock", "log_level": "debug", "consolidation_interval": "7m",
        "extraction_interval": "7m", "graph_interval": "7m", "retry_base": "7s", "min_age": "7m", "batch_size": "7",
        "threads": "\(Processors.defaultThreads + 1)", "follow": "claude-code",
        "peers": "desktop=/srv/peers/desktop.db",
    ]

    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static func repositoryFile(_ path: String) throws -> String {
        try String(contentsOf: repository.appendingPathComponent(path), encoding: .utf8)
    }

    /// The configuration memoryd starts from, outside systemd, before any file, variable or flag.
    static func defaults() -> DaemonConfiguration { DaemonConfiguration(environment: ["HOME": "/home/someone"]) }

    /// What the built memoryd prints for `--help`.
    static func memorydHelpText() throws -> String { try helpText(["--help"], program: DaemonProcess.executable) }

    /// What the built memctl prints for `arguments`, a `--help`.
    static func memctlHelpText(_ arguments: [String]) throws -> String {
        try helpText(arguments, program: Memctl.executable)
    }

    private static func helpText(_ arguments: [String], program: URL) throws -> String {
        let dir = try TemporaryDirectory()
        let result = try Memctl.run(arguments, in: dir, program: program)
        try #require(result.status == 0, "\(program.lastPathComponent) \(arguments): \(result.stderr)")
        return result.stdout
    }

    /// Text with its line breaks and runs of spaces made single spaces.
    static func collapsed(_ text: some StringProtocol) -> String {
        text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    // MARK: The table and the code

    @Test("the table has each key once, in snake_case; only db, socket and threads have no fixed default")
    func table() {
        #expect(Set(Self.names).count == Self.names.count)
        #expect(Self.names.allSatisfy { $0.wholeMatch(of: /[a-z]+(_[a-z]+)*/) != nil })
        #expect(Self.keys.filter { $0.defaultValue == nil }.map(\.name) == ["db", "socket", "threads"])
        #expect(Set(Self.samples.keys) == Set(Self.names), "add a sample value for every new key")
        #expect(Self.keys.first { $0.name == "graph_interval" }?.environmentVariable == "MEMORYD_GRAPH_INTERVAL")
    }

    @Test(
        "each default in the table is the value memoryd really starts with",
        arguments: DaemonConfiguration.keys.map(\.name))
    func defaultsAreReal(name: String) throws {
        let key = try #require(Self.keys.first { $0.name == name })
        // The three without a fixed default have the one memoryd's --help gives, for
        // `defaults()`'s environment (HOME only: outside systemd, no XDG directories).
        let computed = [
            "db": "/home/someone/.local/share/memoryd/memory.db", "socket": "/tmp/memoryd-\(getuid())/control.sock",
            "threads": "\(Processors.defaultThreads)",
        ]
        let value = try #require(key.defaultValue ?? computed[name], "\(name) has no default to check")
        var configuration = Self.defaults()
        try configuration.set(name, value)
        #expect(configuration == Self.defaults(), "\(name) = \(value) is not the default")
        // And the sample value is not: setting it changes something.
        try configuration.set(name, try #require(Self.samples[name]))
        #expect(configuration != Self.defaults(), "\(name) = \(Self.samples[name]!) changed nothing")
    }

    @Test("the database and the socket default to systemd's directories, then the XDG ones, as --help says")
    func pathDefaults() {
        let systemd = DaemonConfiguration(environment: [
            "HOME": "/home/someone", "STATE_DIRECTORY": "/var/lib/memoryd", "RUNTIME_DIRECTORY": "/run/memoryd",
            "XDG_DATA_HOME": "/x/data", "XDG_RUNTIME_DIR": "/x/run",
        ])
        #expect(systemd.database == "/var/lib/memoryd/memory.db" && systemd.socket == "/run/memoryd/control.sock")
        let xdg = DaemonConfiguration(environment: [
            "HOME": "/home/someone", "XDG_DATA_HOME": "/x/data", "XDG_RUNTIME_DIR": "/x/run",
        ])
        #expect(xdg.database == "/x/data/memoryd/memory.db" && xdg.socket == "/x/run/memoryd/control.sock")
        #expect(Self.defaults().database == "/home/someone/.local/share/memoryd/memory.db")
        #expect(Self.defaults().socket == "/tmp/memoryd-\(getuid())/control.sock")
    }

    @Test("set() accepts exactly the table's keys, and names them all when it refuses one")
    func setAcceptsTheTable() throws {
        for name in Self.names {
            var configuration = Self.defaults()
            try configuration.set(name, try #require(Self.samples[name]))
        }
        // Only the table's spelling: not the flags' (--log-level), nor the environment's
        // (MEMORYD_LOG_LEVEL, which apply(environment:) turns into the key), nor `config`, which
        // names the file rather than a setting in it.
        let others = Self.names.flatMap { name in
            [
                name.uppercased(), name.replacingOccurrences(of: "_", with: "-"), "MEMORYD_" + name.uppercased(),
                " " + name,
            ]
        }
        for name in Set(others).subtracting(Self.names).sorted() + ["config", "colour", ""] {
            var configuration = Self.defaults()
            do {
                try configuration.set(name, "1")
                Issue.record("'\(name)' was accepted")
            } catch {
                let list = Self.names.joined(separator: ", ")
                #expect(error.description == "unknown setting '\(name)'; settings are \(list)")
            }
        }
    }

    @Test("MEMORYD_<KEY> sets each key as the file would", arguments: DaemonConfiguration.keys.map(\.name))
    func environmentVariables(name: String) throws {
        let key = try #require(Self.keys.first { $0.name == name })
        let value = try #require(Self.samples[name])
        #expect(key.environmentVariable == "MEMORYD_" + name.uppercased())
        var fromFile = Self.defaults()
        try fromFile.set(name, value)
        var fromEnvironment = Self.defaults()
        try fromEnvironment.apply(environment: [key.environmentVariable: value])
        #expect(fromEnvironment == fromFile)
        #expect(fromEnvironment != Self.defaults())
    }

    // MARK: memoryd --help

    @Test("memoryd --help lists every key in order, with the table's defaults")
    func memorydHelp() throws {
        let help = try Self.memorydHelpText()
        let paragraph = try #require(help.components(separatedBy: "\n\n").first { $0.hasPrefix("Settings (") })
        let text = Self.collapsed(paragraph)
        #expect(text.hasPrefix("Settings (file keys; environment MEMORYD_<KEY>;"))
        let list = try #require(text.components(separatedBy: "): ").dropFirst().first)
        #expect(list.hasSuffix("."))
        var listed: [(name: String, value: String?)] = []
        for item in list.dropLast().components(separatedBy: ", ") {
            let match = try #require(item.wholeMatch(of: /([a-z_]+)(?: \(([^)]+)\))?/), "not 'key (default)': \(item)")
            listed.append((String(match.output.1), match.output.2.map(String.init)))
        }
        #expect(listed.map(\.name) == Self.names)
        let lines = help.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        for (key, (_, shown)) in zip(Self.keys, listed) {
            if let shown {
                #expect(shown == key.defaultValue, "memoryd --help says \(key.name) (\(shown))")
            } else if let value = key.defaultValue {
                // Not in the list: then its flag's line gives the default.
                let flag = "--" + key.name.replacingOccurrences(of: "_", with: "-")
                let line = lines.first { $0.hasPrefix(flag + " ") }
                #expect(line?.contains("\(value) (default)") == true, "memoryd --help gives no default for \(key.name)")
            }
        }
    }

    @Test("every memoryd flag but --config sets the key of the same name")
    func memorydFlags() throws {
        let help = try Self.memorydHelpText()
        let usage = try #require(help.split(separator: "\n").first { $0.hasPrefix("Usage: memoryd") })
        let flags = usage.matches(of: /--([a-z-]+)/).map { String($0.output.1) }
        #expect(flags == ["db", "socket", "config", "log-level", "follow"])
        for flag in flags where flag != "config" {
            #expect(Self.names.contains(flag.replacingOccurrences(of: "-", with: "_")), "--\(flag)")
        }
    }

    // MARK: systemd/memoryd.conf

    @Test("systemd/memoryd.conf has every key in order: the defaults, and db and socket commented out")
    func exampleFile() throws {
        let text = try Self.repositoryFile("systemd/memoryd.conf")
        var settings: [(name: String, value: String, commented: Bool)] = []
        for line in text.split(separator: "\n") {
            guard let match = line.wholeMatch(of: /(#?)([a-z_]+) = (.*)/) else { continue }
            settings.append((String(match.output.2), String(match.output.3), !match.output.1.isEmpty))
        }
        #expect(settings.map(\.name) == Self.names)
        for (key, setting) in zip(Self.keys, settings) {
            if let value = key.defaultValue {
                #expect(!setting.commented && setting.value == value, "memoryd.conf: \(setting)")
            } else {
                #expect(setting.commented, "memoryd.conf sets \(key.name), whose default depends on the environment")
            }
        }
        #expect(text.contains("Environment variables MEMORYD_<KEY> override this file"))
    }

    @Test("reading systemd/memoryd.conf changes nothing: it is valid and restates the defaults")
    func exampleFileIsTheDefaults() throws {
        var configuration = Self.defaults()
        try configuration.apply(file: Self.repository.appendingPathComponent("systemd/memoryd.conf").path)
        #expect(configuration == Self.defaults())
    }

    // MARK: memctl's help

    @Test("memctl's --db and --socket name the same MEMORYD_ variables as memoryd reads")
    func memctlEnvironment() throws {
        let help = Self.collapsed(try Self.memctlHelpText(["--help"]))
        for name in ["db", "socket"] {
            let key = try #require(Self.keys.first { $0.name == name })
            // The option's own line ("--db PATH database file (default: …"), not the usage line's "[--db PATH]".
            let rest = try #require(help.components(separatedBy: "--\(name) PATH ").dropFirst().first)
            let description = rest.components(separatedBy: " --").first ?? rest
            #expect(description.contains("(default: $\(key.environmentVariable), else"), "\(description)")
        }
    }

    @Test("memctl consolidate's --min-age and --batch-size defaults are memoryd's min_age and batch_size")
    func memctlPolicyDefaults() throws {
        let lines = try Self.memctlHelpText(["consolidate", "--help"]).split(separator: "\n")
            .map { $0.trimmingCharacters(in: .whitespaces) }
        for name in ["min_age", "batch_size"] {
            let key = try #require(Self.keys.first { $0.name == name })
            let value = try #require(key.defaultValue)
            let flag = "--" + name.replacingOccurrences(of: "_", with: "-")
            let line = try #require(lines.first { $0.hasPrefix(flag + " ") })
            #expect(line.hasSuffix("(default \(value))") || line.hasSuffix("(\(value))"), "\(line)")
        }
        // Both sides start from the same policy.
        #expect(Self.defaults().policy == ConsolidationPolicy())
    }

    /// The keys a "what a reload changes" sentence names; "intervals" stands for every
    /// *_interval key.
    static func namedKeys(_ sentence: String) -> Set<String> {
        var named = Set(sentence.matches(of: /[a-z]+(?:_[a-z]+)+/).map { String($0.output) })
        if sentence.contains("intervals") { named.formUnion(names.filter { $0.hasSuffix("_interval") }) }
        if sentence.contains("log level") { named.insert("log_level") }
        for word in ["db", "socket", "threads", "follow", "peers"] where sentence.contains(word + " ") { named.insert(word) }
        return named
    }

    @Test("memctl reload's help and memoryd.conf name real keys for what a reload changes")
    func reloadSentences() throws {
        let reload = Self.collapsed(try Self.memctlHelpText(["reload", "--help"]))
        let memctl = try #require(reload.firstRange(of: /intervals, [^.]*next start/).map { String(reload[$0]) })
        let conf = Self.collapsed(try Self.repositoryFile("systemd/memoryd.conf"))
        let file = try #require(conf.firstRange(of: /intervals, [^)]*next start/).map { String(conf[$0]) })
        for sentence in [memctl, file] {
            let named = Self.namedKeys(sentence)
            #expect(named.isSubset(of: Set(Self.names)), "\(sentence): not keys: \(named.subtracting(Self.names))")
            // Every key is named: this fails when a key is added and not mentioned here.
            #expect(Set(Self.names).subtracting(named).isEmpty, "\(sentence)")
        }
    }
}
