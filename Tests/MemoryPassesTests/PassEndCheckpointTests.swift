import Foundation
import Testing

@testable import MemoryModel
@testable import MemoryPasses
@testable import MemoryStorage
@testable import SQLiteKit
import TestFixtures

@Suite("What a pass leaves in the -wal")
struct PassEndCheckpointTests {
    /// Runs a pass whose one batch writes about 6 MB (past SQLite's 1,000 pages of `-wal`, short
    /// of the 8,192 a pass lets it reach between batches), ending as `outcome`; returns the
    /// `-wal`'s pages after it and the pass's record.
    private func pass(endingAs outcome: PassOutcome) async throws -> (walPages: Int, record: PassRecord) {
        let fixture = try StoreFixture()
        _ = try fixture.open()
        let store = try fixture.openForPasses()
        let record = try await PassRunner(store: store, kind: .extraction, now: .now).run(total: 1, onProgress: { _ in }) {
            ledger in
            try await ledger.commitBatch(processed: 1, counts: PassCounts()) { _ in
                try await store.addLargeMemories(1_400)
            }
            #expect(try await store.withConnection { $0.walPages } >= MemoryStore.checkpointPagesAtEnd)
            if outcome == .cancelled { throw CancellationError() }
        }
        return (try await store.withConnection { $0.walPages }, record)
    }

    @Test("a completed pass copies it into the database once it holds 1,000 pages or more")
    func completedPassCheckpoints() async throws {
        let (pages, record) = try await pass(endingAs: .completed)
        #expect(record.outcome == .completed)
        #expect(pages == 0)
    }

    @Test("a stopped pass ends without copying it: that is left to the next checkpoint")
    func cancelledPassLeavesIt() async throws {
        let (pages, record) = try await pass(endingAs: .cancelled)
        #expect(record.outcome == .cancelled)
        #expect(pages >= MemoryStore.checkpointPagesAtEnd)
    }
}
