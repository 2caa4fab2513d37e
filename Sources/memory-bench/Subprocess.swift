import MemoryDaemon
import MemoryPasses
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Runs a program and measures it: wall time and peak resident memory (from `wait4`).
struct Subprocess {
    struct Measurement {
        let status: Int32
        let seconds: Double
        let peakResidentKilobytes: Int
    }

    /// Runs `path` with `arguments` to the end; standard input from `stdinPath` (else
    /// /dev/null), standard output and error to `outputPath` (else /dev/null).
    static func run(_ path: String, _ arguments: [String], stdinPath: String? = nil, outputPath: String? = nil) throws
        -> Measurement
    {
        let start = DispatchTime.now().uptimeNanoseconds
        let pid = try spawn(path, arguments, stdinPath: stdinPath, outputPath: outputPath)
        return try wait(pid, since: start)
    }

    /// Starts `path` and returns its process id.
    static func spawn(_ path: String, _ arguments: [String], stdinPath: String? = nil, outputPath: String? = nil)
        throws -> pid_t
    {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, stdinPath ?? "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outputPath ?? "/dev/null", O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid = pid_t()
        let rc = posix_spawn(&pid, path, &actions, nil, argv, environ)
        guard rc == 0 else { throw BenchmarkError("cannot start \(path): \(String(cString: strerror(rc)))") }
        return pid
    }

    /// Waits for `pid` to end; `since` is when the wall time started (uptime nanoseconds).
    static func wait(_ pid: pid_t, since start: UInt64) throws -> Measurement {
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 {
            guard errno == EINTR else { throw BenchmarkError("wait4 failed: \(String(cString: strerror(errno)))") }
        }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        let exitStatus = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        return Measurement(status: exitStatus, seconds: seconds, peakResidentKilobytes: usage.ru_maxrss)
    }

    /// The first executable named `name` on PATH.
    static func find(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(name)" }.first { access($0, X_OK) == 0 }
    }
}

struct BenchmarkError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
