// What runs the built programs reports through Swift Testing, which a release build (linked
// with the static standard library, which has no Testing module) cannot import; only the
// tests use it.
#if canImport(Testing)

import Foundation
import MemoryModel
import Testing

#if canImport(Glibc)
    import Glibc
#endif

// Shared helpers for the memctl end-to-end tests. They only add conveniences on top of
// `Memctl.run` (MemctlProcess.swift); every memctl run still goes through the built binary.

/// A temporary directory with a database path in it, and shortcuts for running memctl on it.
package struct MemctlFixture {
    package let dir: TemporaryDirectory
    package let db: String

    package init(database name: String = "memory.db") throws {
        dir = try TemporaryDirectory()
        db = dir.path(name)
    }

    /// Runs `memctl --db DB ARGS...`.
    package func run(
        _ arguments: [String], stdin: Data? = nil, environment: [String: String] = [:], workingDirectory: String? = nil
    ) throws -> MemctlResult {
        try Memctl.run(
            ["--db", db] + arguments, stdin: stdin, environment: environment, in: dir, workingDirectory: workingDirectory)
    }

    /// Adds a memory and returns its id; records an issue when `add` fails.
    @discardableResult
    package func add(_ text: String, _ options: [String] = [], sourceLocation: SourceLocation = #_sourceLocation) throws -> Int {
        let result = try run(["add", "--json"] + options + ["--", text])
        try #require(result.status == 0, "add failed: \(result.stderr)", sourceLocation: sourceLocation)
        return try #require(try result.jsonObject()["id"] as? Int, sourceLocation: sourceLocation)
    }

    /// `memctl stm --json` (all statuses) as an array of objects.
    package func shortTermMemories(_ options: [String] = [], sourceLocation: SourceLocation = #_sourceLocation) throws
        -> [[String: Any]]
    {
        let result = try run(["stm", "--json", "--limit", "1000"] + options)
        try #require(result.status == 0, "stm failed: \(result.stderr)", sourceLocation: sourceLocation)
        return try result.jsonArray()
    }

    /// `memctl stats --json`.
    package func stats(sourceLocation: SourceLocation = #_sourceLocation) throws -> [String: Any] {
        let result = try run(["stats", "--json"])
        try #require(result.status == 0, "stats failed: \(result.stderr)", sourceLocation: sourceLocation)
        return try result.jsonObject()
    }

    /// The number of pending short-term memories, as `stats --json` reports it.
    package func pendingCount(sourceLocation: SourceLocation = #_sourceLocation) throws -> Int {
        let stm = try #require(try stats()["stm"] as? [String: Any], sourceLocation: sourceLocation)
        return try #require(stm["pending"] as? Int, sourceLocation: sourceLocation)
    }

    package var databaseExists: Bool { FileManager.default.fileExists(atPath: db) }
}

extension MemctlResult {
    /// Standard error split into lines, without the empty string after the last newline.
    package var stderrLines: [String] { Self.lines(stderr) }
    package var stdoutLines: [String] { Self.lines(stdout) }

    private static func lines(_ text: String) -> [String] {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        return lines
    }

    /// True when standard error holds exactly one line and nothing that looks like a crash or a
    /// raw SQLite error.
    package var hasOneCleanErrorLine: Bool {
        stderrLines.count == 1 && !stderr.contains("Fatal error") && !stderr.contains("SQLite error")
            && !stderr.contains("while executing") && !stderr.contains("Stack") && !stderr.contains("backtrace")
    }
}

// MARK: - The sqlite3 shell

package enum SQLiteShell {
    package static let path = "/usr/bin/sqlite3"
    package static var isAvailable: Bool { FileManager.default.isExecutableFile(atPath: path) }

    /// Runs `sql` with the sqlite3 shell on `database`; returns the exit status and its output.
    @discardableResult
    package static func run(_ database: String, _ sql: String, sourceLocation: SourceLocation = #_sourceLocation) throws
        -> (status: Int32, output: String)
    {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = ["-batch", "-bail", database]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = output
        try process.run()
        input.fileHandleForWriting.write(Data((sql + "\n").utf8))
        try input.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self)
        #expect(process.terminationStatus == 0, "sqlite3 failed: \(text)", sourceLocation: sourceLocation)
        return (process.terminationStatus, text)
    }
}

/// A sqlite3 shell kept running with standard input open, e.g. to hold a write lock.
package final class InteractiveSQLiteShell {
    private let process = Process()
    private let input = Pipe()

    package init(database: String) throws {
        process.executableURL = URL(fileURLWithPath: SQLiteShell.path)
        process.arguments = ["-batch", database]
        process.standardInput = input
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
    }

    package func send(_ sql: String) {
        input.fileHandleForWriting.write(Data(sql.utf8))
    }

    /// Closes the shell's standard input and waits for it to exit; returns its exit status.
    @discardableResult
    package func closeInputAndWait() -> Int32 {
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
        return process.terminationStatus
    }

    deinit {
        if process.isRunning {
            try? input.fileHandleForWriting.close()
            process.terminate()
            process.waitUntilExit()
        }
    }
}

// MARK: - Running memctl as another user

package enum Unprivileged {
    package static let setpriv = "/usr/bin/setpriv"
    package static var isRoot: Bool { getuid() == 0 }
    /// Root ignores file permissions, so read-only tests drop to `nobody` with setpriv.
    package static var canRunTests: Bool { !isRoot || FileManager.default.isExecutableFile(atPath: setpriv) }

    /// Runs memctl like `Memctl.run` does, but as user and group 65534 when the tests run as root.
    package static func run(_ arguments: [String], in directory: TemporaryDirectory) throws -> MemctlResult {
        try Memctl.run(
            arguments, in: directory,
            launcher: isRoot ? [setpriv, "--reuid=65534", "--regid=65534", "--clear-groups"] : [])
    }
}

// MARK: - Files and text

/// Everything a command could have changed about a database file: its bytes, and whether
/// SQLite side files appeared next to it.
package struct FileSnapshot: Equatable {
    package let contents: Data
    package let sideFiles: [String]

    package init(contents: Data, sideFiles: [String]) {
        self.contents = contents
        self.sideFiles = sideFiles
    }

    package init(_ path: String) throws {
        contents = try Data(contentsOf: URL(fileURLWithPath: path))
        sideFiles = ["-wal", "-shm", "-journal"].filter { FileManager.default.fileExists(atPath: path + $0) }
    }
}

/// One JSONL line for `content` with optional extra fields, encoded by Foundation.
package func jsonLine(_ fields: [String: Any]) throws -> String {
    let data = try JSONSerialization.data(withJSONObject: fields, options: [.sortedKeys])
    return String(decoding: data, as: UTF8.self)
}

/// True when `text` is a stored time: `YYYY-MM-DDTHH:MM:SS.mmmZ`.
package func isStoredTimestamp(_ text: String) -> Bool {
    text.wholeMatch(of: /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z/) != nil
}

/// Chat that does not repeat itself, so that consolidation keeps most of it: `count` turns
/// of two speakers over `count / 40` conversations, each a different mix of words.
package func variedChat(_ count: Int) -> String {
    let words = """
        garden train coffee sister Berlin museum guitar recipe weekend doctor budget laptop
        holiday bakery river concert cousin Lisbon painting office marathon puppy novel
        kitchen ticket market festival camera bicycle tomato invoice meeting planet violin
        """.split(whereSeparator: \.isWhitespace)
    let verbs = ["loved", "booked", "fixed", "found", "missed", "painted", "cooked", "moved", "visited", "sold"]
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    func next(_ bound: Int) -> Int {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Int((state >> 33) % UInt64(bound))
    }
    let start = Timestamp.now.millisecondsSince1970 - Int64(count) * 60_000 - 86_400_000
    var lines = ""
    for index in 0..<count {
        let sentence = (0..<(6 + next(14))).map { _ in
            next(3) == 0 ? verbs[next(verbs.count)] : String(words[next(words.count)])
        }.joined(separator: " ")
        let time = Timestamp(millisecondsSince1970: start + Int64(index) * 60_000)
        lines +=
            #"{"content": "I \#(sentence) number \#(index).", "session": "c\#(index / 40)", "#
            + #""source": "\#(index % 2 == 0 ? "user" : "assistant")", "created_at": "\#(time.iso8601)"}"# + "\n"
    }
    return lines
}

#endif
