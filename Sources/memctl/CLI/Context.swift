import MemoryModel
import MemoryStorage
import Foundation

/// What every command gets: the global options, where output goes, and the store.
struct Context {
    /// Where the database is, and how that was decided (for messages).
    let databasePath: String
    /// The path came from --db (not the environment or the default).
    var databaseGiven = false
    /// The control socket given with --socket, if it was.
    var socketGiven: String? = nil
    /// The control socket memctl talks to: --socket, else $MEMORYD_SOCKET, else memoryd's default.
    var socketPath: String
    let json: Bool
    let busyTimeoutMilliseconds: Int
    let terminal: Terminal
    var environment: [String: String] = [:]

    /// Opens the store; `create` for commands that write (the file is created on first write).
    func openStore(create: Bool = false, pageCacheMebibytes: Int? = nil) throws -> MemoryStore {
        try MemoryStore(
            .init(
                path: databasePath, createIfMissing: create, busyTimeoutMilliseconds: busyTimeoutMilliseconds,
                pageCacheMebibytes: pageCacheMebibytes))
    }

    /// Prints a value as JSON: snake_case keys, sorted, ISO-8601 times; indented for people.
    func printJSON(_ value: some Encodable) throws {
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        if terminal.isInteractive { encoder.outputFormatting.insert(.prettyPrinted) }
        StandardStream.out(String(decoding: try encoder.encode(value), as: UTF8.self))
    }

    func printTable(_ table: Table) {
        for line in table.render(width: terminal.width) { StandardStream.out(line) }
    }

    /// Prints `label: value` lines with the values aligned.
    func printFields(_ fields: [(String, String)]) {
        let width = fields.map { TextLayout.width(of: $0.0) }.max() ?? 0
        for (label, value) in fields {
            StandardStream.out(TextLayout.pad(label + ":", to: width + 1) + " " + value)
        }
    }
}

extension Double {
    /// Two decimals, for importance and strength columns.
    var twoDecimals: String { String(format: "%.2f", self) }
}
