import Foundation
import Testing

@testable import MemoryModel
@testable import MemoryPasses
@testable import MemoryStorage
@testable import SQLiteKit
import TestFixtures

@Suite("A stop request during a batch's commit")
struct CommitInterruptionTests {
    @Test("interrupts the commit: the batch is rolled back whole and the pass ends as cancelled")
    func stopDuringCommit() async throws {
        let fixture = try StoreFixture()
        let store = try fixture.open()
        let before = try await store.consolidating { try $0.unreviewedCount() }
        let pass = try await store.recordingPasses { try $0.beginPass(.consolidation, at: .now) }
        let commit = Task {
            let ledger = PassLedger(id: pass, total: 1, store: store) { _ in }
            // A commit that would write for minutes: a billion memories from a recursive CTE.
            try await ledger.commitBatch(processed: 1, counts: PassCounts()) { _ in
                try await store.withConnection { connection in
                    try connection.inTransaction {
                        try connection.prepare(
                            """
                            INSERT INTO short_term_memories(content, session, source, created_at)
                            WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n WHERE x < 1000000000)
                            SELECT 'memory ' || x, 's', 'user', '2024-01-01T00:00:00.000Z' FROM n
                            """
                        ).run()
                    }
                }
            }
            return ledger.progress
        }
        try await Task.sleep(for: .milliseconds(300))
        commit.cancel()
        await #expect(throws: CancellationError.self) { try await commit.value }
        #expect(try await store.consolidating { try $0.unreviewedCount() } == before)
        // The store goes on working after the interrupt.
        _ = try await store.add(NewMemory(content: "still here", session: "s", source: "user", importance: nil))
        #expect(try await store.consolidating { try $0.unreviewedCount() } == before + 1)
    }
}
