import Foundation
import Synchronization
import TestFixtures
import Testing

@testable import MemoryStorage

#if canImport(Glibc)
    import Glibc
#endif

/// The `-wal` beside the database: bounded while a pass runs, cut back when it ends, also while
/// memoryd keeps the database open (when the last connection closes, SQLite deletes it anyway).
@Suite("The -wal stays bounded")
struct WALBoundTests {
    private static func size(_ path: String) -> Int {
        var status = stat()
        return stat(path, &status) == 0 ? Int(status.st_size) : 0
    }

    @Test("a cycle in memoryd keeps the -wal under 64 MB and leaves it at most 4 MB, with memoryd still holding the database")
    func cycleInDaemon() throws {
        let dir = try TemporaryDirectory()
        let db = dir.path("memory.db")
        let imported = try Memctl.run(["--db", db, "import", "-"], stdin: Data(variedChat(3_000).utf8), in: dir)
        try #require(imported.status == 0, "\(imported.stderr)")
        let notify = try NotifyListener(in: dir)
        let socket = dir.path("control.sock")
        // Loops far apart: only the cycle asked for runs.
        let daemon = try DaemonProcess(
            database: db, socket: socket, in: dir,
            environment: ["NOTIFY_SOCKET": notify.path, "MEMORYD_CONSOLIDATION_INTERVAL": "1d"])
        try #require(notify.wait(for: "READY=1") != nil, "\(daemon.log)")

        let largest = Atomic<Int>(0)
        let watching = Atomic<Bool>(true)
        let watcher = Thread {
            while watching.load(ordering: .acquiring) {
                let now = Self.size(db + "-wal")
                if now > largest.load(ordering: .relaxed) { largest.store(now, ordering: .relaxed) }
                usleep(2_000)
            }
        }
        watcher.start()
        let cycle = try Memctl.run(["consolidate", "--socket", socket, "--wait", "--json"], in: dir)
        watching.store(false, ordering: .releasing)
        #expect(cycle.status == 0, "\(cycle.stderr)")
        let passes = try #require(try cycle.jsonObject()["passes"] as? [[String: Any]])
        #expect(passes.map { $0["outcome"] as? String } == ["completed", "completed", "completed"])

        // The passes wrote more than the -wal may keep: the cut is what kept it short.
        #expect(largest.load(ordering: .relaxed) > MemoryStore.walSizeLimitBytes, "\(largest.load(ordering: .relaxed))")
        #expect(largest.load(ordering: .relaxed) < 64 * 1_048_576)
        #expect(Self.size(db + "-wal") <= MemoryStore.walSizeLimitBytes, "\(Self.size(db + "-wal")) bytes left")
        #expect(FileManager.default.fileExists(atPath: db + "-wal"), "memoryd still has the database open")
        daemon.signal(SIGTERM)
        #expect(daemon.waitForExit(timeout: 10) && daemon.process.terminationStatus == 0)
    }
}
