import SQLiteKit

/// A feature of the store: the SQL of one thing the store does, over the store's connection,
/// as `SQLiteLongTermIndex` is for consolidation's planner. `MemoryStore` owns the connection
/// and runs a feature's calls on it (`MemoryStore.inspecting` and the others below); a test of
/// one feature can build it over a `Connection` of its own.
package protocol StoreFeature {
    init(_ connection: Connection)
}

// MARK: - Features

/// Each runs `body` with one feature over the store's connection, in the store, and turns SQLite
/// failures into `StoreError`s: `try await store.inspecting { try $0.statistics() }`. What `body`
/// returns crosses to the caller; the feature itself never leaves the store.
extension MemoryStore {
    /// Listing and showing records, counts, search and the integrity check (`StoreInspection`).
    package func inspecting<T>(_ body: (StoreInspection) throws -> T) throws -> T { try running(body) }

    /// The web page's reads and the knowledge graph (`StoreBrowsing`).
    package func browsing<T>(_ body: (StoreBrowsing) throws -> T) throws -> T { try running(body) }

    /// Recall's and the session briefing's reads (`StoreRecall`).
    package func recalling<T>(_ body: (StoreRecall) throws -> T) throws -> T { try running(body) }

    /// Forgetting and purging (`StoreForgetting`).
    package func forgetting<T>(_ body: (StoreForgetting) throws -> T) throws -> T { try running(body) }

    /// The consolidation pass's reads and writes (`StoreConsolidation`).
    package func consolidating<T>(_ body: (StoreConsolidation) throws -> T) throws -> T { try running(body) }

    /// The extraction pass's reads and writes (`StoreExtraction`).
    package func extracting<T>(_ body: (StoreExtraction) throws -> T) throws -> T { try running(body) }

    /// The graph pass's reads and writes (`StoreGraph`).
    package func graphing<T>(_ body: (StoreGraph) throws -> T) throws -> T { try running(body) }

    /// The ledger of passes (`StorePasses`).
    package func recordingPasses<T>(_ body: (StorePasses) throws -> T) throws -> T { try running(body) }

    /// `memctl export`'s reads (`StoreExport`).
    package func exporting<T>(_ body: (StoreExport) throws -> T) throws -> T { try running(body) }

    private func running<Feature: StoreFeature, T>(_ body: (Feature) throws -> T) throws -> T {
        try withConnection { try body(Feature($0)) }
    }
}
