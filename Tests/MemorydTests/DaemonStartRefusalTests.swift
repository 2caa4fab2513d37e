import Foundation
import TestFixtures
import Testing

/// memoryd refuses to start, with one line that says why and a non-zero exit, on a
/// configuration it cannot use or a database that is not its own, and changes nothing.
@Suite("memoryd refusing to start")
struct DaemonStartRefusalTests {
    private func start(_ dir: TemporaryDirectory, database: String, arguments: [String] = [], environment: [String: String] = [:])
        throws -> DaemonProcess
    {
        let daemon = try DaemonProcess(
            database: database, socket: dir.path("control.sock"), in: dir, environment: environment, arguments: arguments)
        #expect(daemon.waitForExit(timeout: 10), "memoryd still runs: \(daemon.log)")
        return daemon
    }

    @Test("a configuration file that is missing, a directory, or has a line without '=' stops memoryd with exit 78 and the reason")
    func badConfigurationFiles() throws {
        let dir = try TemporaryDirectory()
        let db = dir.path("memory.db")
        let noEquals = try dir.write("no-equals.conf", "log_level = info\nbogus line\n")
        let cases: [([String], [String: String], String)] = [
            (["--config", dir.path("missing.conf")], [:], "cannot read configuration file \(dir.path("missing.conf")): there is no such file"),
            (["--config", dir.url.path], [:], "cannot read configuration file \(dir.url.path): it is a directory"),
            (["--config", noEquals], [:], "no-equals.conf:2: expected 'key = value', got 'bogus line'"),
            ([], ["MEMORYD_CONFIG": dir.path("missing.conf")], "there is no such file"),
        ]
        for (arguments, environment, says) in cases {
            let daemon = try start(dir, database: db, arguments: arguments, environment: environment)
            #expect(daemon.process.terminationStatus == 78, "\(arguments) \(environment): \(daemon.log)")
            #expect(daemon.log.contains(says), "\(daemon.log)")
            #expect(!daemon.log.contains("could not be completed"), "no Foundation wording: \(daemon.log)")
        }
        #expect(!FileManager.default.fileExists(atPath: db), "no database is made before the settings are read")
    }

    @Test(
        "a file that is not SQLite, another program's database and one of a newer schema are refused untouched",
        .enabled(if: SQLiteShell.isAvailable, "needs the sqlite3 shell"))
    func foreignDatabases() throws {
        let dir = try TemporaryDirectory()
        let text = try dir.write("text.db", "hello, I am not a database\n")
        let foreign = dir.path("foreign.db")
        try SQLiteShell.run(foreign, "CREATE TABLE notes(x);")
        let newer = dir.path("newer.db")
        #expect(try Memctl.run(["--db", newer, "add", "Leah lives in Berlin"], in: dir).status == 0)
        try SQLiteShell.run(newer, "PRAGMA user_version = 99;")
        let cases = [
            (text, "is not a SQLite database"), (foreign, "is a SQLite database of another program"),
            (newer, "newer"),
        ]
        for (path, says) in cases {
            let before = try FileSnapshot(path)
            let daemon = try start(dir, database: path)
            #expect(daemon.process.terminationStatus == 1, "\(path): \(daemon.log)")
            #expect(daemon.log.contains("cannot open the database: \(path)") && daemon.log.contains(says), "\(daemon.log)")
            #expect(try FileSnapshot(path).contents == before.contents, "\(path) was changed")
        }
    }
}
