import Foundation
import Testing

@testable import MemoryModel
@testable import MemoryStorage
@testable import SQLiteKit
import TestFixtures

@Suite("A store that runs passes checkpoints between batches")
struct PassCheckpointTests {
    /// Writes `pages` pages of zeros to the `-wal` in one commit: a stand-in for a pass's batches,
    /// without indexing 32 MiB of text.
    private static func writePages(_ pages: Int, to store: MemoryStore) async throws {
        try await store.withConnection { connection in
            try connection.execute(
                """
                CREATE TABLE IF NOT EXISTS padding(page BLOB);
                WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < \(pages))
                INSERT INTO padding SELECT zeroblob(4000) FROM n;
                """)
        }
    }

    @Test("its commits leave the -wal alone; it is copied past 8,192 pages between batches, past 1,000 at a pass's end")
    func checkpointsBetweenBatches() async throws {
        let fixture = try StoreFixture()
        let store = try fixture.openForPasses()
        // About 6 MB in one commit: past SQLite's 1,000 pages, short of the passes' 8,192.
        try await store.addLargeMemories(1_400)
        let pending = try await store.withConnection { $0.walPages }
        #expect(pending >= MemoryStore.checkpointPagesAtEnd)
        #expect(pending < MemoryStore.checkpointPagesBetweenBatches)
        // Nothing was copied inside the commit: the database file is still as small as before it.
        let before = try fixture.fileSize()
        #expect(before < 1 << 20)
        try await store.checkpointIfDue()
        #expect(try await store.withConnection { $0.walPages } == pending)
        #expect(try fixture.fileSize() == before)
        try await store.checkpointAtPassEnd()
        #expect(try await store.withConnection { $0.walPages } == 0)
        #expect(try fixture.fileSize() > before + (4 << 20))

        // Just short of the threshold, left alone; past it, copied between batches.
        try await Self.writePages(MemoryStore.checkpointPagesBetweenBatches - 300, to: store)
        let short = try await store.withConnection { $0.walPages }
        #expect(short < MemoryStore.checkpointPagesBetweenBatches)
        let grown = try fixture.fileSize()
        try await store.checkpointIfDue()
        #expect(try await store.withConnection { $0.walPages } == short)
        #expect(try fixture.fileSize() == grown)
        try await Self.writePages(400, to: store)
        #expect(try await store.withConnection { $0.walPages } >= MemoryStore.checkpointPagesBetweenBatches)
        try await store.checkpointIfDue()
        #expect(try await store.withConnection { $0.walPages } == 0)
        #expect(try fixture.fileSize() > grown + (30 << 20))
    }

    @Test("an everyday writer leaves a -wal of 1,000 pages and more to the passes")
    func writersLeaveCheckpointsToPasses() async throws {
        let fixture = try StoreFixture()
        let store = try fixture.open()
        // SQLite alone would copy these 6 MB into the database inside the commit.
        try await store.addLargeMemories(1_400)
        #expect(try fixture.fileSize() < 1 << 20)
        let log = try FileManager.default.attributesOfItem(atPath: fixture.path + "-wal")[.size] as? NSNumber
        #expect((log?.intValue ?? 0) > 4 << 20)
        // Closing the last connection still copies it all and removes the -wal.
        await store.close()
        #expect(try fixture.fileSize() > 4 << 20)
        #expect(!FileManager.default.fileExists(atPath: fixture.path + "-wal"))
    }
}
