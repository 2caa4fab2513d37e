import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A minimal Debian booted with systemd as its init in `systemd-nspawn`, for testing memoryd as
/// an installed service. The root filesystem is made once with debootstrap and cached; every
/// boot runs on a throwaway overlay of it (`--volatile=overlay`), so the cache stays clean and a
/// test starts from a fresh system in seconds. The repository is mounted read-only at /src, and
/// the host's Litestream, when it has one, at /usr/local/bin/litestream.
final class BootedSystem {
    /// Where the cached root filesystem lives (outside the repository; CI on a new machine
    /// makes it again, in about 35 s).
    static let cacheDirectory = "/var/cache/memoryd-tests"
    static let suite = "bookworm"
    static let packages = ["systemd", "systemd-sysv", "dbus", "libsqlite3-0"]
    static var rootFilesystem: String { "\(cacheDirectory)/debian-\(suite)-" + packages.joined(separator: "+") }

    static let nspawn = "/usr/bin/systemd-nspawn"
    static let debootstrap = "/usr/sbin/debootstrap"

    /// Why these tests cannot run here, or nil when they can: they boot a container, which
    /// takes root and systemd-nspawn (Debian: systemd-container, and debootstrap for the first
    /// run). `.ci/run` installs both when it runs as root.
    static var unavailableReason: String? {
        if getuid() != 0 { return "booting systemd in systemd-nspawn needs root" }
        if !FileManager.default.isExecutableFile(atPath: nspawn) { return "no \(nspawn) (apt-get install systemd-container)" }
        if !FileManager.default.fileExists(atPath: rootFilesystem + "/usr/lib/systemd/systemd")
            && !FileManager.default.isExecutableFile(atPath: debootstrap)
        {
            return "no cached root filesystem and no \(debootstrap) (apt-get install debootstrap)"
        }
        return nil
    }

    /// The repository this test file belongs to.
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    /// The README's build step, into a build folder of its own (`swift test` holds `.build`).
    static let buildFolder = ".build-systemd"

    /// Builds the release binaries as the README says, once per test run.
    static let builtBinaries: Result<String, TestFailure> = {
        let result = run(
            "/usr/bin/env",
            ["swift", "build", "-c", "release", "--static-swift-stdlib", "--scratch-path", buildFolder],
            directory: repository, timeout: 900)
        guard result.status == 0 else { return .failure(TestFailure("swift build failed:\n\(result.output)")) }
        return .success("/src/\(buildFolder)/release")
    }()

    /// Makes the cached root filesystem if it is missing: debootstrap into a temporary folder
    /// beside it, then a rename, so an interrupted run never leaves half a system behind.
    static let preparedRoot: Result<String, TestFailure> = {
        let root = rootFilesystem
        if FileManager.default.fileExists(atPath: root + "/usr/lib/systemd/systemd") { return .success(root) }
        let partial = root + ".partial-\(getpid())"
        try? FileManager.default.createDirectory(atPath: cacheDirectory, withIntermediateDirectories: true)
        let result = run(
            debootstrap, ["--variant=minbase", "--include=" + packages.joined(separator: ","), suite, partial],
            directory: cacheDirectory, timeout: 900)
        guard result.status == 0, rename(partial, root) == 0 else {
            _ = run("/bin/rm", ["-rf", partial], directory: cacheDirectory, timeout: 120)
            return .failure(TestFailure("debootstrap failed:\n\(result.output.suffix(4000))"))
        }
        return .success(root)
    }()

    /// The host's Litestream, bound into the container at /usr/local/bin/litestream for the
    /// replication unit's test (a static Go program, it needs nothing else there): `litestream`
    /// on PATH when that is the program itself, else the one pip put in python3's scripts
    /// directory (PATH may hold a wrapper script there, as pyenv's shims are). Nil without one.
    static let litestream: String? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        let scripts = run(
            "/usr/bin/env", ["python3", "-c", "import sysconfig; print(sysconfig.get_path('scripts'))"],
            directory: "/", timeout: 30)
        let candidates =
            path.split(separator: ":").map { "\($0)/litestream" }
            + (scripts.status == 0
                ? ["\(scripts.output.trimmingCharacters(in: .whitespacesAndNewlines))/litestream"] : [])
        return candidates.first { candidate in
            guard let file = FileHandle(forReadingAtPath: candidate) else { return false }
            defer { try? file.close() }
            return FileManager.default.isExecutableFile(atPath: candidate)
                && (try? file.read(upToCount: 4)) == Data([0x7F, 0x45, 0x4C, 0x46])
        }
    }()

    private let container = Process()
    private let logPath: String
    /// The container's init (systemd), whose namespaces commands enter.
    let leader: pid_t

    /// Boots the cached system and waits until systemd says it is up.
    init() throws {
        let root = try Self.preparedRoot.get()
        logPath = NSTemporaryDirectory() + "memoryd-nspawn-\(UUID().uuidString.prefix(8)).log"
        _ = FileManager.default.createFile(atPath: logPath, contents: nil)
        container.executableURL = URL(fileURLWithPath: Self.nspawn)
        container.arguments = [
            "--directory=\(root)", "--volatile=overlay", "--bind-ro=\(Self.repository):/src",
            // No systemd runs this machine, so the container is neither registered nor given
            // a scope unit of its own.
            "--register=no", "--keep-unit",
            // A host's systemd may configure the loopback device of a PrivateNetwork= service;
            // nspawn withholds that capability by default.
            "--capability=CAP_NET_ADMIN",
            "--console=passive", "--boot",
        ] + (Self.litestream.map { ["--bind-ro=\($0):/usr/local/bin/litestream"] } ?? [])
        container.standardInput = FileHandle.nullDevice
        container.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: logPath))
        container.standardError = container.standardOutput
        try container.run()
        var found: pid_t?
        let deadline = Date().addingTimeInterval(30)
        while found == nil && container.isRunning && Date() < deadline {
            found = Self.child(of: container.processIdentifier)
            if found == nil { usleep(50_000) }
        }
        guard let found else {
            container.terminate()
            container.waitUntilExit()
            throw TestFailure("the container did not start:\n\(Self.contents(of: logPath))")
        }
        leader = found
        // Until systemd's bus socket exists, systemctl cannot even ask.
        let booted = waitFor("systemctl is-system-running --wait", timeout: 60) { $0 == "running\n" || $0 == "degraded\n" }
        guard booted.0 else { throw TestFailure("systemd did not finish booting (\(booted.1)):\n\(log)") }
    }

    deinit {
        guard container.isRunning else { return }
        // nspawn answers SIGTERM by asking the container's systemd to power off.
        container.terminate()
        let deadline = Date().addingTimeInterval(15)
        while container.isRunning && Date() < deadline { usleep(50_000) }
        if container.isRunning { kill(container.processIdentifier, SIGKILL) }
        container.waitUntilExit()
        try? FileManager.default.removeItem(atPath: logPath)
    }

    var log: String { Self.contents(of: logPath) }

    private static func contents(of path: String) -> String { (try? String(contentsOfFile: path, encoding: .utf8)) ?? "" }

    /// Runs `command` with /bin/sh inside the container as root, in a clean environment.
    @discardableResult
    func shell(_ command: String, timeout: Double = 120) -> ProcessResult {
        Self.run("/usr/bin/nsenter", Self.enter(leader, command), directory: "/", timeout: timeout)
    }

    /// Runs `command` inside the container as `user`, with that user's groups.
    @discardableResult
    func shell(as user: String, _ command: String, environment: [String: String] = [:], timeout: Double = 120)
        -> ProcessResult
    {
        shell(Self.asUser(user, command, environment: environment), timeout: timeout)
    }

    /// Starts `command` inside the container as `user` and returns at once; the caller waits
    /// for the process (its output is dropped).
    func start(as user: String, _ command: String, environment: [String: String] = [:]) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/nsenter")
        process.arguments = Self.enter(leader, Self.asUser(user, command, environment: environment))
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }

    private static func asUser(_ user: String, _ command: String, environment: [String: String]) -> String {
        let variables = (["HOME=/home/\(user)"] + environment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" })
            .map(quote).joined(separator: " ")
        return "setpriv --reuid=\(user) --regid=\(user) --init-groups env \(variables) /bin/sh -c \(quote(command))"
    }

    /// nsenter's arguments for running `command` with /bin/sh in the container, as root, in a
    /// clean environment.
    private static func enter(_ leader: pid_t, _ command: String) -> [String] {
        [
            "--target=\(leader)", "--all", "/usr/bin/env", "-i",
            "PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin", "LANG=C.UTF-8", "/bin/sh", "-c", command,
        ]
    }

    /// Waits until `condition` holds for the output of `command`, polling; returns the last
    /// output either way.
    func waitFor(_ command: String, timeout: Double, until condition: (String) -> Bool) -> (Bool, String) {
        let deadline = Date().addingTimeInterval(timeout)
        var output = ""
        repeat {
            output = shell(command).output
            if condition(output) { return (true, output) }
            usleep(200_000)
        } while Date() < deadline
        return (false, output)
    }

    static func quote(_ text: String) -> String { "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'" }

    /// The child process of `pid` that runs systemd: nspawn forks before the container's
    /// namespaces are set up, and that child only becomes systemd once it has exec'd it.
    private static func child(of pid: pid_t) -> pid_t? {
        let path = "/proc/\(pid)/task/\(pid)/children"
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return nil }
        return text.split(separator: " ").compactMap { pid_t($0) }.first { child in
            contents(of: "/proc/\(child)/comm").trimmingCharacters(in: .whitespacesAndNewlines) == "systemd"
        }
    }

    /// Runs a program to its end (killed after `timeout` seconds), with its output and errors
    /// in one string.
    static func run(_ program: String, _ arguments: [String], directory: String, timeout: Double) -> ProcessResult {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        let outputPath = NSTemporaryDirectory() + "memoryd-run-\(UUID().uuidString.prefix(8)).out"
        _ = FileManager.default.createFile(atPath: outputPath, contents: nil)
        defer { try? FileManager.default.removeItem(atPath: outputPath) }
        do {
            let output = try FileHandle(forWritingTo: URL(fileURLWithPath: outputPath))
            process.standardOutput = output
            process.standardError = output
            process.standardInput = FileHandle.nullDevice
            try process.run()
        } catch {
            return ProcessResult(status: -1, output: "cannot run \(program): \(error)")
        }
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { usleep(20_000) }
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            return ProcessResult(status: -1, output: "timed out after \(Int(timeout)) s: \(program) \(arguments)")
        }
        process.waitUntilExit()
        let text = (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
        return ProcessResult(status: process.terminationStatus, output: text)
    }
}

@available(*, unavailable)
extension BootedSystem: Sendable {}

struct ProcessResult {
    let status: Int32
    let output: String
}

struct TestFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
