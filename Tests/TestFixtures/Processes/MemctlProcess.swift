// What runs the built programs reports through Swift Testing, which a release build (linked
// with the static standard library, which has no Testing module) cannot import; only the
// tests use it.
#if canImport(Testing)

import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// What one run of the built `memctl` (or another of the package's programs) did.
package struct MemctlResult {
    package let status: Int32
    package let stdout: String
    package let stderr: String

    /// Standard output parsed as JSON.
    package func json() throws -> Any {
        try JSONSerialization.jsonObject(with: Data(stdout.utf8), options: [.fragmentsAllowed])
    }

    package func jsonObject() throws -> [String: Any] {
        try #require(try json() as? [String: Any], "stdout is not a JSON object: \(stdout)")
    }

    package func jsonArray() throws -> [[String: Any]] {
        try #require(try json() as? [[String: Any]], "stdout is not a JSON array: \(stdout)")
    }
}

/// A temporary directory for one test, removed when the test's value goes away.
package final class TemporaryDirectory: Sendable {
    package let url: URL

    package init() throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("memctl-tests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    package func path(_ name: String) -> String { url.appendingPathComponent(name).path }

    /// Writes `contents` to a file in the directory and returns its path.
    @discardableResult
    package func write(_ name: String, _ contents: Data) throws -> String {
        let path = path(name)
        try contents.write(to: URL(fileURLWithPath: path))
        return path
    }

    @discardableResult
    package func write(_ name: String, _ text: String) throws -> String { try write(name, Data(text.utf8)) }
}

/// Runs the `memctl` executable that `swift test` built next to the test bundle.
package enum Memctl {
    package static let executable: URL = {
        if let path = ProcessInfo.processInfo.environment["MEMCTL_BIN"] { return URL(fileURLWithPath: path) }
        let testBinary = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        var directory = testBinary.deletingLastPathComponent()
        // The test product may be a bundle directory (…/memorydPackageTests.xctest/…) on some setups.
        while !FileManager.default.fileExists(atPath: directory.appendingPathComponent("memctl").path),
            directory.path != "/"
        {
            directory.deleteLastPathComponent()
        }
        return directory.appendingPathComponent("memctl")
    }()

    /// Runs memctl with `arguments`, `stdin` as standard input, and the environment of the test
    /// process minus memctl's own variables plus `environment`. A `launcher` (a program and its
    /// arguments, e.g. setpriv) runs memctl through it; `workingDirectory`, where it runs.
    /// `program` is another of the package's programs to run the same way (`MemoryBench`); one
    /// that still runs after `timeout` seconds is killed, and the test fails.
    package static func run(
        _ arguments: [String], stdin: Data? = nil, environment: [String: String] = [:],
        in directory: TemporaryDirectory, launcher: [String] = [], program: URL = executable, timeout: Double? = nil,
        workingDirectory: String? = nil
    ) throws -> MemctlResult {
        let process = Process()
        if let workingDirectory { process.currentDirectoryURL = URL(fileURLWithPath: workingDirectory) }
        if let launcherProgram = launcher.first {
            process.executableURL = URL(fileURLWithPath: launcherProgram)
            process.arguments = launcher.dropFirst() + [program.path] + arguments
        } else {
            process.executableURL = program
            process.arguments = arguments
        }
        var env = ProcessInfo.processInfo.environment
        env["MEMORYD_DB"] = nil
        env["COLUMNS"] = nil
        env["XDG_DATA_HOME"] = directory.path("xdg-data")
        // The settings memctl reads (the peers) are the test's, never those of whoever runs it.
        env["XDG_CONFIG_HOME"] = directory.path("xdg-config")
        env["MEMORYD_PEERS"] = nil
        env["MEMORYD_CONFIG"] = nil
        for (key, value) in environment { env[key] = value }
        process.environment = env
        // Files rather than pipes: no deadlock however much a command prints.
        let id = UUID().uuidString
        let outPath = directory.path(".out-\(id)")
        let errPath = directory.path(".err-\(id)")
        _ = FileManager.default.createFile(atPath: outPath, contents: nil)
        _ = FileManager.default.createFile(atPath: errPath, contents: nil)
        let out = try FileHandle(forWritingTo: URL(fileURLWithPath: outPath))
        let err = try FileHandle(forWritingTo: URL(fileURLWithPath: errPath))
        process.standardOutput = out
        process.standardError = err
        if let stdin {
            let inPath = try directory.write(".in-\(id)", stdin)
            process.standardInput = try FileHandle(forReadingFrom: URL(fileURLWithPath: inPath))
        } else {
            process.standardInput = FileHandle.nullDevice
        }
        try process.run()
        if let timeout {
            let deadline = Date().addingTimeInterval(timeout)
            while process.isRunning && Date() < deadline { usleep(10_000) }
            if process.isRunning {
                kill(process.processIdentifier, SIGKILL)
                Issue.record("\(program.lastPathComponent) \(arguments) still ran after \(Int(timeout)) s: killed")
            }
        }
        process.waitUntilExit()
        try out.close()
        try err.close()
        defer {
            for path in [outPath, errPath, directory.path(".in-\(id)")] { try? FileManager.default.removeItem(atPath: path) }
        }
        return MemctlResult(
            status: process.terminationStatus,
            stdout: String(decoding: try Data(contentsOf: URL(fileURLWithPath: outPath)), as: UTF8.self),
            stderr: String(decoding: try Data(contentsOf: URL(fileURLWithPath: errPath)), as: UTF8.self))
    }
}

/// Runs the `memory-bench` that `swift test` built next to memctl.
package enum MemoryBench {
    package static let executable = Memctl.executable.deletingLastPathComponent().appendingPathComponent("memory-bench")

    /// Runs memory-bench; one that still runs after `timeout` seconds (a benchmark that started)
    /// is killed, and the test fails.
    package static func run(_ arguments: [String], in directory: TemporaryDirectory, timeout: Double = 120) throws
        -> MemctlResult
    {
        try Memctl.run(arguments, in: directory, program: executable, timeout: timeout)
    }
}

#endif
