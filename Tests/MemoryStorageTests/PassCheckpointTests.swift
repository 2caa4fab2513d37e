import Foundation
import Testing

@testable import MemoryModel
@testable import MemoryStorage
@testable import SQLiteKit
import TestFixtures

@Suite("A store that runs passes checkpoints between batches")
struct PassCheckpointTests {
    @Test("its commits leave the -wal alone, and checkpointIfDue copies it once it holds 1,000 pages")
    func checkpointsBetweenBatches() async throws {
        let fixture = try StoreFixture()
        let store = try fixture.openForPasses()
        // About 6 MB of memories in one commit: well past SQLite's 1,000 pages of -wal.
        let text = String(repeating: "the quick brown fox jumps over the lazy dog ", count: 100)
        _ = try await store.add((0..<1_400).map { NewMemory(content: "\(text)\($0)", session: "s", source: "user") })
        let pending = try await store.withConnection { $0.walPages }
        #expect(pending >= MemoryStore.checkpointPages)
        // Nothing was copied inside the commit: the database file is still as small as before it.
        let before = try fixture.fileSize()
        #expect(before < 1 << 20)
        try await store.checkpointIfDue()
        #expect(try await store.withConnection { $0.walPages } == 0)
        #expect(try fixture.fileSize() > before + (4 << 20))
    }
}
