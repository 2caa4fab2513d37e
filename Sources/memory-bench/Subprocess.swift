import MemoryDaemon
import MemoryPasses
import Foundation
import SystemSupport

#if canImport(Glibc)
    import Glibc
#endif

/// Runs a program and measures it: wall time and peak resident memory (from `wait4`).
///
/// The program is started by a fresh memory-bench process (`measureFlag`), which times it and
/// writes its figures to a file. Started directly, its peak would be at least this process's:
/// `posix_spawn` starts the child on the parent's memory (vfork), and Linux carries that
/// memory's high-water mark into the child's peak RSS at exec, so the child of a memory-bench
/// holding the Chit-Chat corpus would report some 200 MiB for any command. A fresh memory-bench
/// passes on its own start-up size instead, about 17 MiB, below memctl's smallest run (20 MiB).
struct Subprocess {
    struct Measurement {
        let status: Int32
        let seconds: Double
        let peakResidentKilobytes: Int
    }

    /// The first argument that makes memory-bench the measuring process: `measureFlag REPORT
    /// PROGRAM ARGUMENTS...`.
    static let measureFlag = "--measure-subprocess"

    /// Runs `path` with `arguments` to the end; standard input from `stdinPath` (else
    /// /dev/null), standard output and error to `outputPath` (else /dev/null).
    static func run(_ path: String, _ arguments: [String], stdinPath: String? = nil, outputPath: String? = nil) throws
        -> Measurement
    {
        let report = FileManager.default.temporaryDirectory.appendingPathComponent("memory-bench-\(getpid()).measure")
            .path
        defer { try? FileManager.default.removeItem(atPath: report) }
        let measuring = [measureFlag, report, path] + arguments
        let measurer = try wait(spawn("/proc/self/exe", measuring, stdinPath: stdinPath, outputPath: outputPath))
        let fields = ((try? String(contentsOfFile: report, encoding: .utf8)) ?? "").split(separator: " ")
        guard measurer.status == 0, fields.count == 3, let status = Int32(fields[0]), let seconds = Double(fields[1]),
            let peak = Int(fields[2].trimmingCharacters(in: .whitespacesAndNewlines))
        else { throw BenchmarkError("cannot run \(path) (the measuring process exited \(measurer.status))") }
        return Measurement(status: status, seconds: seconds, peakResidentKilobytes: peak)
    }

    /// Runs the programs at once, each measured as `run` measures one, and waits for all of
    /// them; their output goes to /dev/null.
    static func runSideBySide(_ programs: [(path: String, arguments: [String])]) throws -> [Measurement] {
        let reports = programs.indices.map {
            FileManager.default.temporaryDirectory.appendingPathComponent("memory-bench-\(getpid())-\($0).measure").path
        }
        defer { reports.forEach { try? FileManager.default.removeItem(atPath: $0) } }
        let started = try zip(programs, reports).map { program, report in
            try spawn("/proc/self/exe", [measureFlag, report, program.path] + program.arguments)
        }
        return try zip(started, reports).map { process, report in
            let measurer = try wait(process)
            let fields = ((try? String(contentsOfFile: report, encoding: .utf8)) ?? "").split(separator: " ")
            guard measurer.status == 0, fields.count == 3, let status = Int32(fields[0]), let seconds = Double(fields[1]),
                let peak = Int(fields[2].trimmingCharacters(in: .whitespacesAndNewlines))
            else { throw BenchmarkError("a side-by-side run failed (the measuring process exited \(measurer.status))") }
            return Measurement(status: status, seconds: seconds, peakResidentKilobytes: peak)
        }
    }

    /// The measuring process: runs the program with this process's standard input, output and
    /// error, and writes "STATUS SECONDS PEAK-KB" to REPORT.
    static func measure(_ arguments: [String]) -> Never {
        guard arguments.count >= 2 else { exit(64) }
        do {
            let measurement = try wait(spawn(arguments[1], Array(arguments.dropFirst(2)), inheriting: true))
            let line = "\(measurement.status) \(measurement.seconds) \(measurement.peakResidentKilobytes)\n"
            try Data(line.utf8).write(to: URL(fileURLWithPath: arguments[0]))
            exit(0)
        } catch {
            print("memory-bench: \(error)")
            exit(1)
        }
    }

    /// Starts `path` and returns its process id and start time (uptime nanoseconds). Standard
    /// input comes from `stdinPath` (else /dev/null), standard output and error go to
    /// `outputPath` (else /dev/null); `inheriting`: all three are this process's.
    static func spawn(
        _ path: String, _ arguments: [String], inheriting: Bool = false, stdinPath: String? = nil,
        outputPath: String? = nil
    ) throws -> (pid: pid_t, start: UInt64) {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if !inheriting {
            posix_spawn_file_actions_addopen(&actions, 0, stdinPath ?? "/dev/null", O_RDONLY, 0)
            posix_spawn_file_actions_addopen(&actions, 1, outputPath ?? "/dev/null", O_WRONLY | O_CREAT | O_TRUNC, 0o644)
            posix_spawn_file_actions_adddup2(&actions, 1, 2)
        }
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid = pid_t()
        let start = DispatchTime.now().uptimeNanoseconds
        let rc = posix_spawn(&pid, path, &actions, nil, argv, environ)
        guard rc == 0 else { throw BenchmarkError("cannot start \(path): \(String(cString: strerror(rc)))") }
        return (pid, start)
    }

    /// Waits for a process to end.
    private static func wait(_ process: (pid: pid_t, start: UInt64)) throws -> Measurement {
        var status: Int32 = 0
        var usage = rusage()
        guard retryingInterrupts({ wait4(process.pid, &status, 0, &usage) }) >= 0 else {
            throw BenchmarkError("wait4 failed: \(String(cString: strerror(errno)))")
        }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - process.start) / 1e9
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
