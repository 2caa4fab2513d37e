import Foundation
import Testing

import MemoryModel
import MemoryStorage
import SQLiteKit
import TestFixtures

/// Each feature of the store is a type over a `Connection` (docs/ARCHITECTURE.md, "The store's
/// features"): a test of one feature opens a connection and builds that feature alone, without
/// the store's actor or any other feature.
@Suite("The store's features, each over a connection of its own")
struct StoreFeatureTests {
    /// A database of the current schema, opened as a bare connection.
    private static func connection(_ fixture: StoreFixture) throws -> Connection {
        let connection = try Connection(path: fixture.path, mode: .readWriteCreate, busyTimeoutMilliseconds: 1000)
        try connection.enableWriteAheadLog()
        try connection.migrate(Schema.migrations, record: Schema.record)
        return connection
    }

    private static let now = Timestamp(iso8601: "2026-11-29T10:00:00Z")!

    @Test("inspection lists, counts and searches what a bare connection wrote")
    func inspectionAlone() throws {
        let fixture = try StoreFixture()
        let connection = try Self.connection(fixture)
        let first = try MemoryStore.insert(
            NewMemory(content: "Maya repaired the red kayak.", session: "s"), createdAt: Self.now, into: connection)
        let second = try MemoryStore.insert(
            NewMemory(content: "The lighthouse opens at nine.", session: "s"), createdAt: Self.now.adding(.seconds(1)),
            into: connection)
        let inspection = StoreInspection(connection)
        #expect(try inspection.shortTermMemories(limit: 10).map(\.id) == [second, first])
        #expect(try inspection.statistics().stm.pending == 2)
        #expect(try inspection.search("kayak", limit: 5).map(\.id) == [first.rawValue])
        #expect {
            try inspection.search("kayak AND", limit: 5)
        } throws: { error in
            guard case .invalidSearchQuery(let query, _) = error as? StoreError else { return false }
            return query == "kayak AND"
        }
    }

    @Test("the ledger records a pass begun and ended, and inspection reads it back")
    func ledgerAlone() throws {
        let fixture = try StoreFixture()
        let connection = try Self.connection(fixture)
        let ledger = StorePasses(connection)
        let pass = try ledger.beginPass(.extraction, at: Self.now)
        var progress = PassProgress()
        progress.processed = 3
        progress.batches = 1
        let record = try ledger.finishPass(
            pass, outcome: .completed, error: nil, progress: progress, at: Self.now.adding(.seconds(2)))
        #expect(record.id == pass && record.outcome == .completed && record.processed == 3)
        #expect(try StoreInspection(connection).passes(limit: 5).map(\.id) == [pass])
    }

    @Test("forgetting on request marks the memory forgotten, and the count follows, with no other feature built")
    func forgettingAlone() throws {
        let fixture = try StoreFixture()
        let connection = try Self.connection(fixture)
        let id = try MemoryStore.insert(NewMemory(content: "My locker code is 4312."), createdAt: Self.now, into: connection)
        let rules = ForgettingRules(rebuildSummary: { _ in nil }, edgeWeight: { _ in 1 })
        let report = try StoreForgetting(connection).forget(.shortTerm(id), purge: false, at: Self.now, rules: rules)
        #expect(report.shortTerm == [id])
        let counts = try StoreInspection(connection).statistics().stm
        #expect(counts.pending == 0 && counts.forgotten == 1)
    }

    @Test("through the store, a feature's SQLite failure comes back as a StoreError naming the file, and the store goes on")
    func errorsThroughTheStore() async throws {
        let fixture = try StoreFixture()
        let store = try fixture.open(busyTimeout: 100)
        _ = try await store.add(NewMemory(content: "The kayak is red."))
        let other = try fixture.rawConnection()
        try other.execute("BEGIN IMMEDIATE")
        await #expect(throws: StoreError.locked(path: fixture.path, waitedMilliseconds: 100)) {
            try await store.recordingPasses { try $0.beginPass(.extraction, at: Self.now) }
        }
        try other.execute("COMMIT")
        let pass = try await store.recordingPasses { try $0.beginPass(.extraction, at: Self.now) }
        #expect(try await store.inspecting { try $0.passes(limit: 5) }.map(\.id) == [pass])
    }
}
