import Foundation
import SystemSupport
import TestFixtures
import Testing


#if canImport(Glibc)
    import Glibc
#endif

/// The `threads` setting: how many threads a pass takes, in memctl and memoryd, and what that
/// costs in memory.
@Suite("Pass threads: the setting and its bounds")
struct PassThreadsSettingTests {
    /// Runs memctl to its end and returns its exit status and peak resident memory, the
    /// `VmHWM` of its `/proc` status read until it exits. Not `wait4`'s: a child started from
    /// this process (a big one while the whole suite runs) takes its high-water mark at exec.
    private func peak(_ arguments: [String]) throws -> (status: Int32, kilobytes: Int) {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for descriptor: Int32 in [0, 1, 2] {
            posix_spawn_file_actions_addopen(&actions, descriptor, "/dev/null", descriptor == 0 ? O_RDONLY : O_WRONLY, 0)
        }
        let argv = ([Memctl.executable.path] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid = pid_t()
        let started = posix_spawn(&pid, Memctl.executable.path, &actions, nil, argv, environ)
        try #require(started == 0, "cannot start memctl: \(started)")
        var status: Int32 = 0
        var kilobytes = 0
        while waitpid(pid, &status, WNOHANG) == 0 {
            let text = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? ""
            if let line = text.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
                let value = line.split(whereSeparator: \.isWhitespace).dropFirst().first.flatMap({ Int($0) })
            {
                kilobytes = max(kilobytes, value)
            }
            usleep(5_000)
        }
        return ((status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F), kilobytes)
    }

    @Test("a pass with 16 threads on this machine stays under 100 MB: its threads share two malloc arenas")
    func sixteenThreadsPeak() throws {
        let dir = try TemporaryDirectory()
        let db = dir.path("memory.db")
        let imported = try Memctl.run(["--db", db, "import", "-"], stdin: Data(variedChat(4_000).utf8), in: dir)
        try #require(imported.status == 0, "\(imported.stderr)")
        let run = try peak([
            "--db", db, "consolidate", "--local", "--only", "consolidation", "--min-age", "0", "--threads", "16",
            "--batch-size", "4096",
        ])
        #expect(run.status == 0)
        #expect(run.kilobytes > 10_000 && run.kilobytes <= 100_000, "peak \(run.kilobytes) KB")
        let stats = try Memctl.run(["--db", db, "stats", "--json"], in: dir).jsonObject()
        #expect((stats["ltm"] as? Int ?? 0) > 1_000, "\(stats)")
    }

    @Test("memoryd runs its passes on the threads of its setting; by default on the cores it may use (taskset)")
    func memorydThreads() throws {
        let dir = try TemporaryDirectory()
        let taskset = ["/usr/bin/taskset", "/bin/taskset"].first { FileManager.default.isExecutableFile(atPath: $0) }
        for (environment, launcher, expected) in [
            (["MEMORYD_THREADS": "3"], [String](), 3),
            ([:], taskset.map { [$0, "-c", "0"] } ?? [], taskset == nil ? Processors.defaultThreads : 1),
        ] {
            let daemon = try DaemonProcess(
                database: dir.path("memory-\(expected).db"), socket: dir.path("control-\(expected).sock"), in: dir,
                environment: environment, launcher: launcher)
            let deadline = Date().addingTimeInterval(10)
            while !daemon.log.contains("serving"), Date() < deadline { usleep(10_000) }
            #expect(daemon.log.contains("; \(expected) pass threads)"), "\(daemon.log)")
            daemon.signal(SIGTERM)
            #expect(daemon.waitForExit(timeout: 10))
        }
    }

    @Test("a threads setting out of range stops memoryd with a clear message and status 78", arguments: ["0", "lots", "300"])
    func badThreadsSetting(value: String) throws {
        let dir = try TemporaryDirectory()
        let daemon = try DaemonProcess(
            database: dir.path("memory.db"), socket: dir.path("control.sock"), in: dir,
            environment: ["MEMORYD_THREADS": value])
        #expect(daemon.waitForExit(timeout: 10))
        #expect(daemon.process.terminationStatus == 78)
        #expect(daemon.log.contains("threads = \(value): expected a whole number from 1 to 256"), "\(daemon.log)")
    }

    @Test("memctl mcp takes --threads, and refuses a bad one before serving")
    func mcpThreads() throws {
        let dir = try TemporaryDirectory()
        let bad = try Memctl.run(["--db", dir.path("memory.db"), "mcp", "--threads", "0"], in: dir)
        #expect(bad.status == 64)
        #expect(bad.stderr.contains("--threads must be a whole number from 1 to 256, got '0'"), "\(bad.stderr)")
    }
}
