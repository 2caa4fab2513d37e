// What runs the built programs reports through Swift Testing, which a release build (linked
// with the static standard library, which has no Testing module) cannot import; only the
// tests use it.
#if canImport(Testing)

import Foundation
import SystemSupport
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
    ///
    /// Started with `posix_spawn` and waited for with `waitpid`, not with Foundation's `Process`:
    /// on Linux, `Process` learns that a child ended when a socket it gave the child closes, and a
    /// long-lived program another test started at the same moment (Litestream, memoryd) could
    /// inherit that socket. `waitUntilExit` then waited for that program instead, with the child
    /// a zombie: a CI run hung for good in the replication kill test
    /// (swift-corelibs-foundation issue 4795).
    package static func run(
        _ arguments: [String], stdin: Data? = nil, environment: [String: String] = [:],
        in directory: TemporaryDirectory, launcher: [String] = [], program: URL = executable, timeout: Double? = nil,
        workingDirectory: String? = nil
    ) throws -> MemctlResult {
        let argv = launcher.isEmpty ? [program.path] + arguments : launcher + [program.path] + arguments
        var env = ProcessInfo.processInfo.environment
        env["MEMORYD_DB"] = nil
        env["COLUMNS"] = nil
        env["XDG_DATA_HOME"] = directory.path("xdg-data")
        // The settings memctl reads (the peers) are the test's, never those of whoever runs it.
        env["XDG_CONFIG_HOME"] = directory.path("xdg-config")
        env["MEMORYD_PEERS"] = nil
        env["MEMORYD_CONFIG"] = nil
        for (key, value) in environment { env[key] = value }
        // Files rather than pipes: no deadlock however much a command prints.
        let id = UUID().uuidString
        let outPath = directory.path(".out-\(id)")
        let errPath = directory.path(".err-\(id)")
        let inPath = try stdin.map { try directory.write(".in-\(id)", $0) }
        defer {
            for path in [outPath, errPath, directory.path(".in-\(id)")] { try? FileManager.default.removeItem(atPath: path) }
        }
        let pid = try spawn(
            argv, environment: env.map { "\($0)=\($1)" }, stdin: inPath ?? "/dev/null", stdout: outPath, stderr: errPath,
            workingDirectory: workingDirectory)
        var status: Int32 = 0
        if let timeout {
            let deadline = Date().addingTimeInterval(timeout)
            while waitpid(pid, &status, WNOHANG) == 0 {
                guard Date() < deadline else {
                    kill(pid, SIGKILL)
                    Issue.record("\(program.lastPathComponent) \(arguments) still ran after \(Int(timeout)) s: killed")
                    status = try reaped(pid)
                    break
                }
                usleep(10_000)
            }
        } else {
            status = try reaped(pid)
        }
        return MemctlResult(
            // As Foundation's `terminationStatus` has it: the exit status, or the signal that ended it.
            status: status & 0x7F == 0 ? (status >> 8) & 0xFF : status & 0x7F,
            stdout: String(decoding: try Data(contentsOf: URL(fileURLWithPath: outPath)), as: UTF8.self),
            stderr: String(decoding: try Data(contentsOf: URL(fileURLWithPath: errPath)), as: UTF8.self))
    }

    /// Starts `argv` with standard input, output and error from and to those files, signals
    /// unblocked (a test's thread may block some); in `workingDirectory` through `env -C`, as
    /// glibc's `posix_spawn_file_actions_addchdir_np` is not visible from Swift.
    private static func spawn(
        _ argv: [String], environment: [String], stdin: String, stdout: String, stderr: String,
        workingDirectory: String?
    ) throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, stdin, O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, stdout, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, stderr, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        // No other descriptor of the test process: a file another test is filling, or a socket, held
        // open by this child would outlive what that test does with it.
        GlibcExtras.closeDescriptors(from: 3, in: &actions)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        posix_spawnattr_setsigmask(&attributes, &unblocked)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK))
        let argv = workingDirectory.map { ["/usr/bin/env", "-C", $0] + argv } ?? argv
        let cArguments = argv.map { strdup($0) } + [nil]
        let cEnvironment = environment.map { strdup($0) } + [nil]
        defer { (cArguments + cEnvironment).forEach { free($0) } }
        var pid: pid_t = 0
        let rc = posix_spawnp(&pid, argv[0], &actions, &attributes, cArguments, cEnvironment)
        guard rc == 0 else {
            throw CocoaError(.fileReadUnknown, userInfo: [NSLocalizedDescriptionKey: "cannot start \(argv[0]): \(String(cString: strerror(rc)))"])
        }
        return pid
    }

    /// Waits for `pid` to end and returns its wait status.
    private static func reaped(_ pid: pid_t) throws -> Int32 {
        var status: Int32 = 0
        guard retryingInterrupts({ waitpid(pid, &status, 0) }) >= 0 else {
            throw CocoaError(.fileReadUnknown, userInfo: [NSLocalizedDescriptionKey: "waitpid: \(String(cString: strerror(errno)))"])
        }
        return status
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
