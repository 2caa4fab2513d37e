import Foundation
import TestFixtures
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The database taken away under a running memoryd: it notices, logs one clear error, stops
/// its loops instead of writing to a file nobody sees, and exits non-zero so that systemd
/// restarts it; a restart never makes a new empty database in place of a lost one.
@Suite("memoryd when its database is taken away")
struct DatabaseLossTests {
    /// A daemon on `memory.db` in a new directory with one memory in it, once READY=1 came.
    private func servingDaemon(launcher: [String] = [], prepare: (TemporaryDirectory) throws -> Void = { _ in }) throws
        -> (TemporaryDirectory, DaemonProcess)
    {
        let dir = try TemporaryDirectory()
        try prepare(dir)
        let notify = try NotifyListener(in: dir)
        // memoryd run as another user must be able to send to the socket.
        chmod(notify.path, 0o777)
        let db = dir.path("memory.db")
        let added = try Memctl.run(["--db", db, "add", "Leah lives in Berlin"], in: dir, launcher: launcher)
        try #require(added.status == 0, "\(added.stderr)")
        let daemon = try DaemonProcess(
            database: db, socket: dir.path("control.sock"), in: dir, environment: ["NOTIFY_SOCKET": notify.path],
            launcher: launcher)
        try #require(notify.wait(for: "READY=1") != nil, "no READY=1; log: \(daemon.log)")
        return (dir, daemon)
    }

    private func errorLines(_ log: String, containing text: String) -> Int {
        log.split(separator: "\n").filter { $0.contains(text) }.count
    }

    @Test("a deleted database stops memoryd with one error and exit 1; a restart refuses to make an empty one")
    func deleted() throws {
        let (dir, daemon) = try servingDaemon()
        let db = daemon.database
        try FileManager.default.removeItem(atPath: db)
        #expect(daemon.waitForExit(timeout: 15), "memoryd still runs; log: \(daemon.log)")
        #expect(daemon.process.terminationStatus == 1)
        #expect(errorLines(daemon.log, containing: "was deleted while memoryd was using it") == 1, "\(daemon.log)")
        // Its WAL must not be applied to whatever is put at the path next.
        #expect(!FileManager.default.fileExists(atPath: db + "-wal") && !FileManager.default.fileExists(atPath: db + "-shm"))

        let restart = try DaemonProcess(database: db, socket: dir.path("control.sock"), in: dir)
        #expect(restart.waitForExit(timeout: 10))
        #expect(restart.process.terminationStatus == 1)
        #expect(restart.log.contains("is missing, but memoryd served one there before"), "\(restart.log)")
        #expect(!FileManager.default.fileExists(atPath: db))
    }

    @Test("a database replaced by another file stops memoryd; the restart serves the new file")
    func replaced() throws {
        let (dir, daemon) = try servingDaemon()
        let other = dir.path("other.db")
        #expect(try Memctl.run(["--db", other, "add", "Priya works at Globex"], in: dir).status == 0)
        #expect(rename(other, daemon.database) == 0)
        #expect(daemon.waitForExit(timeout: 15), "memoryd still runs; log: \(daemon.log)")
        #expect(daemon.process.terminationStatus == 1)
        #expect(errorLines(daemon.log, containing: "was replaced by another file") == 1, "\(daemon.log)")

        let notifyDirectory = try TemporaryDirectory()
        let notify = try NotifyListener(in: notifyDirectory)
        let restart = try DaemonProcess(
            database: daemon.database, socket: dir.path("control.sock"), in: dir,
            environment: ["NOTIFY_SOCKET": notify.path])
        #expect(notify.wait(for: "READY=1") != nil, "\(restart.log)")
        let listed = try Memctl.run(["--db", daemon.database, "stm", "--json"], in: dir)
        #expect(listed.stdout.contains("Globex") && !listed.stdout.contains("Berlin"))
    }

    @Test("a directory made read-only under memoryd stops it with one error and exit 1",
          .enabled(if: Unprivileged.canRunTests, "needs setpriv to drop root, which ignores permissions"))
    func readOnlyDirectory() throws {
        let launcher = Unprivileged.isRoot ? [Unprivileged.setpriv, "--reuid=65534", "--regid=65534", "--clear-groups"] : []
        let (dir, daemon) = try servingDaemon(launcher: launcher) { dir in
            if Unprivileged.isRoot { #expect(chown(dir.url.path, 65534, 65534) == 0) }
        }
        #expect(chmod(dir.url.path, 0o555) == 0)
        defer { chmod(dir.url.path, 0o755) }
        #expect(daemon.waitForExit(timeout: 15), "memoryd still runs; log: \(daemon.log)")
        #expect(daemon.process.terminationStatus == 1)
        #expect(errorLines(daemon.log, containing: "can no longer be written (its directory") == 1, "\(daemon.log)")
    }
}
