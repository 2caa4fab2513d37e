import FoundationEssentials
import MemoryEngines
import MemoryImport
import MemoryModel
import MemoryPasses
import MemoryStorage

/// memoryd's settings, from a file of `key = value` lines, `MEMORYD_*` environment variables and
/// flags, later sources winning. `keys` lists them, and `memoryd --help`'s list of settings is
/// made from it; the example file systemd/memoryd.conf (which the README points to) lists them
/// with their defaults too, and Tests/MemctlTests/ConfigurationKeysTests.swift fails when it and
/// the table disagree.
package struct DaemonConfiguration: Equatable {
    package var database: String
    package var socket: String
    package var logLevel = LogLevel.info
    package var loops = LoopSettings()
    package var policy = ConsolidationPolicy()
    /// The coding agents whose transcripts memoryd follows, each with its directory.
    package var follow: [FollowedSource] = []
    /// Other devices' databases, which memctl's recall, search and context read beside this one
    /// (docs/PEERS.md). memoryd never opens them: it accepts the key so that one file serves both
    /// programs, and refuses a setting memctl could not read, at start and at a reload.
    package var peers: [Peer] = []
    /// Where each tool writes its sessions in this environment, for a `follow` that names no directory.
    private let defaultRoots: [TranscriptTool: String]
    /// The home directory, for a `peers` path given as `~/…`.
    private let home: String?

    /// One setting: its name in the file (the raw value), its default as the file would write it
    /// (nil when it depends on the environment), and what it takes. `set` switches over the cases,
    /// so a key is listed here exactly when memoryd reads it.
    package enum Key: String, CaseIterable, Sendable {
        case db
        case socket
        case logLevel = "log_level"
        case consolidationInterval = "consolidation_interval"
        case extractionInterval = "extraction_interval"
        case graphInterval = "graph_interval"
        case retryBase = "retry_base"
        case minAge = "min_age"
        case batchSize = "batch_size"
        case threads
        case follow
        case peers

        /// The key as the file, the help and messages write it.
        package var name: String { rawValue }

        /// The environment variable that sets it: MEMORYD_ + the key in capitals.
        package var environmentVariable: String { "MEMORYD_" + name.uppercased() }

        package var defaultValue: String? { entry.defaultValue }
        package var meaning: String { entry.meaning }

        private var entry: (defaultValue: String?, meaning: String) {
            switch self {
            case .db: (nil, "database file")
            case .socket: (nil, "control socket path")
            case .logLevel: ("info", "error, warning, notice, info or debug")
            case .consolidationInterval: ("5m", "a duration such as 90s, 5m, 2h, 1d")
            case .extractionInterval: ("10m", "a duration")
            case .graphInterval: ("30m", "a duration")
            case .retryBase: ("30s", "a duration")
            case .minAge: ("10m", "a duration (0 allowed)")
            case .batchSize: ("1024", "a whole number of at least 1")
            case .threads: (nil, "threads a pass runs on, 1 to 256 (the cores available, at most 8)")
            case .follow:
                (
                    "none",
                    "coding agents whose sessions to follow: claude-code, codex, gemini, each as TOOL or TOOL=DIR, "
                        + "comma-separated, or none"
                )
            case .peers:
                (
                    "none",
                    "other devices' databases that memctl's recall, search and context read too, each as "
                        + "NAME=PATH or PATH, comma-separated, or none; memoryd only checks it"
                )
            }
        }
    }

    /// Every key, in the order memoryd --help and systemd/memoryd.conf list them.
    package static let keys = Key.allCases

    /// The defaults: under systemd `$STATE_DIRECTORY/memory.db` and
    /// `$RUNTIME_DIRECTORY/control.sock`, else memctl's defaults.
    package init(environment: [String: String]) {
        database = Self.defaultDatabase(environment)
        socket = Self.defaultSocket(environment)
        var roots: [TranscriptTool: String] = [:]
        for tool in TranscriptTool.allCases { roots[tool] = tool.defaultRoot(environment: environment) }
        defaultRoots = roots
        home = environment["HOME"]
    }

    /// `claude-code, codex=/srv/codex/sessions, gemini`: each tool at its own directory, or at
    /// its default one (`TranscriptTool.defaultRoot`); `none` follows nothing.
    static func parseFollow(_ value: String, defaultRoots: [TranscriptTool: String]) throws(ConfigurationError)
        -> [FollowedSource]
    {
        let expected = "expected none, or claude-code, codex and gemini, each as TOOL or TOOL=DIR, comma-separated"
        let items = value.split(separator: ",").map { $0.trimmed }.filter { !$0.isEmpty }
        if items.isEmpty || items == ["none"] { return [] }
        var sources: [FollowedSource] = []
        for item in items {
            let parts = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map { $0.trimmed }
            guard let tool = TranscriptTool(rawValue: parts[0]) else {
                throw ConfigurationError("follow = \(value): '\(parts[0])' is not a tool; \(expected)")
            }
            guard !sources.contains(where: { $0.tool == tool }) else {
                throw ConfigurationError("follow = \(value): \(tool.rawValue) is named twice")
            }
            let root: String
            if parts.count == 2 {
                guard !parts[1].isEmpty else { throw ConfigurationError("follow = \(value): \(tool.rawValue)= needs a directory") }
                let given = parts[1]
                // Relative to the working directory, and without "//", "." or a trailing slash,
                // so that a root is one string however it was written.
                root = DaemonPaths.normalized(given.hasPrefix("/") ? given : FileManager.default.currentDirectoryPath + "/" + given)
            } else if let defaultRoot = defaultRoots[tool] {
                root = DaemonPaths.normalized(defaultRoot)
            } else {
                throw ConfigurationError(
                    "follow = \(value): \(tool.rawValue) has no default directory without $HOME; give one as \(tool.rawValue)=DIR")
            }
            sources.append(FollowedSource(tool: tool, root: root))
        }
        return sources
    }

    package static func defaultDatabase(_ environment: [String: String]) -> String {
        if let state = environment["STATE_DIRECTORY"]?.split(separator: ":").first, state.hasPrefix("/") {
            return state + "/memory.db"
        }
        return DaemonPaths.defaultDatabase(environment: environment)
    }

    package static func defaultSocket(_ environment: [String: String]) -> String {
        if let runtime = environment["RUNTIME_DIRECTORY"]?.split(separator: ":").first, runtime.hasPrefix("/") {
            return runtime + "/control.sock"
        }
        return DaemonPaths.defaultSocket(environment: environment)
    }

    /// Applies one setting; throws a message naming the key and what it takes, or, for a name
    /// that is not a key, every key.
    package mutating func set(_ name: String, _ value: String) throws(ConfigurationError) {
        guard let key = Key(rawValue: name) else {
            throw ConfigurationError(
                "unknown setting '\(name)'; settings are " + Self.keys.map(\.name).joined(separator: ", "))
        }
        func duration(allowZero: Bool = false) throws(ConfigurationError) -> Duration {
            guard let parsed = DaemonPaths.parseDuration(value), allowZero || parsed > .zero else {
                throw ConfigurationError("\(name) = \(value): expected a duration such as 90s, 5m, 2h or 1d")
            }
            return parsed
        }
        switch key {
        case .db:
            guard !value.isEmpty else { throw ConfigurationError("db is empty") }
            database = value
        case .socket:
            guard !value.isEmpty else { throw ConfigurationError("socket is empty") }
            socket = value
        case .logLevel:
            guard let level = LogLevel(name: value) else {
                throw ConfigurationError("log_level = \(value): expected error, warning, notice, info or debug")
            }
            logLevel = level
        case .consolidationInterval: loops.intervals[.consolidation] = try duration()
        case .extractionInterval: loops.intervals[.extraction] = try duration()
        case .graphInterval: loops.intervals[.graph] = try duration()
        case .retryBase: loops.retryBase = try duration()
        case .minAge: policy.minimumAge = try duration(allowZero: true)
        case .batchSize:
            guard let size = Int(value), size >= 1 else {
                throw ConfigurationError("batch_size = \(value): expected a whole number of at least 1")
            }
            policy.batchSize = size
        case .threads:
            guard let threads = PassSettings.threads(value) else {
                throw ConfigurationError("threads = \(value): expected \(PassSettings.threadsExpected)")
            }
            policy.threads = threads
        case .follow:
            follow = try Self.parseFollow(value, defaultRoots: defaultRoots)
        case .peers:
            do {
                peers = try Peer.list(value, home: home)
            } catch {
                throw ConfigurationError("peers = \(value): \(error)")
            }
        }
    }

    /// Reads `key = value` lines; `#` starts a comment; blank lines are skipped.
    package mutating func apply(file path: String) throws(ConfigurationError) {
        var isDirectory = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw ConfigurationError("cannot read configuration file \(path): there is no such file")
        }
        guard !isDirectory, let data = FileManager.default.contents(atPath: path) else {
            let reason = isDirectory ? "it is a directory" : "permission denied"
            throw ConfigurationError("cannot read configuration file \(path): \(reason)")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw ConfigurationError("configuration file \(path) is not UTF-8 text")
        }
        try apply(contents: text, path: path)
    }

    /// The lines of a configuration file already read (`SettingsFile`); `path` names it in messages.
    package mutating func apply(contents text: String, path: String) throws(ConfigurationError) {
        for line in SettingsFile.lines(of: text) {
            guard let key = line.key else {
                throw ConfigurationError("\(path):\(line.number): expected 'key = value', got '\(line.value)'")
            }
            do {
                try set(key, line.value)
            } catch {
                throw ConfigurationError("\(path):\(line.number): \(error)")
            }
        }
    }

    /// MEMORYD_DB, MEMORYD_SOCKET, MEMORYD_LOG_LEVEL, MEMORYD_CONSOLIDATION_INTERVAL, …
    /// (MEMORYD_CONFIG names the file and is read by `load`).
    package mutating func apply(environment: [String: String]) throws(ConfigurationError) {
        for (name, value) in environment.sorted(by: { $0.key < $1.key }) where name.hasPrefix("MEMORYD_") {
            let key = name.dropFirst("MEMORYD_".count).lowercased()
            if key == "config" { continue }
            do {
                try set(key, value)
            } catch {
                throw ConfigurationError("environment \(name): \(error)")
            }
        }
    }

    /// File, then environment, then flags.
    package static func load(file: String?, environment: [String: String], flags: [(String, String)]) throws(ConfigurationError)
        -> DaemonConfiguration
    {
        var configuration = DaemonConfiguration(environment: environment)
        if let file = file ?? environment["MEMORYD_CONFIG"] { try configuration.apply(file: file) }
        try configuration.apply(environment: environment)
        for (key, value) in flags { try configuration.set(key, value) }
        // Relative paths are the working directory's, as in memctl.
        configuration.database = DaemonPaths.absolute(configuration.database)
        configuration.socket = DaemonPaths.absolute(configuration.socket)
        return configuration
    }
}

package struct ConfigurationError: Error, CustomStringConvertible {
    package let description: String
    package init(_ description: String) { self.description = description }
}

