// What the graph's rules ask of the stored edges and speakers inside the transaction of a batch.
// The store answers with SQL (`MemoryStore`); the rules live in the engines (`GraphWriter`),
// which never see SQLite. Entity resolution's side is EntityDirectory.swift.

/// An edge of the knowledge graph as the graph's rules need it.
package struct StoredEdge: Sendable, Equatable {
    package let id: Int64
    package let object: EntityID
    package let weight: Double
    package let firstSeen: Timestamp
    package let lastSeen: Timestamp
    package let validFrom: Timestamp

    package init(
        id: Int64, object: EntityID, weight: Double, firstSeen: Timestamp, lastSeen: Timestamp, validFrom: Timestamp
    ) {
        self.id = id
        self.object = object
        self.weight = weight
        self.firstSeen = firstSeen
        self.lastSeen = lastSeen
        self.validFrom = validFrom
    }
}

/// The stored edges and speakers, as the graph's rules read and change them.
package protocol RelationTable {
    /// The speaker entity with this key, made (with `name` as its name and alias) when missing.
    func speaker(name: String, key: String) throws -> EntityID
    /// The open edge of `subject` and `predicate`, to any object (at most one for a
    /// single-valued predicate).
    func openEdge(_ subject: EntityID, _ predicate: String) throws -> StoredEdge?
    /// The open edge of `subject`, `predicate` and `object`.
    func openEdge(_ subject: EntityID, _ predicate: String, _ object: EntityID) throws -> StoredEdge?
    /// Closes the open edges of `subject`, `predicate` and `object` that began at or before
    /// `saidAt`, at `time` or, for one that began later than that, where it began.
    func closeOpenEdges(_ subject: EntityID, _ predicate: String, _ object: EntityID, at time: Timestamp, saidAt: Timestamp)
        throws
    func close(edge: Int64, at time: Timestamp) throws
    /// A new edge observed once at `time`, valid from `validFrom`, open unless `validTo` is given.
    func insertEdge(
        _ subject: EntityID, _ predicate: String, _ object: EntityID, at time: Timestamp, validFrom: Timestamp,
        validTo: Timestamp?
    ) throws -> Int64
    func updateEdge(_ id: Int64, weight: Double, firstSeen: Timestamp, lastSeen: Timestamp, validFrom: Timestamp) throws
    func addEvidence(_ edge: Int64, memory: ShortTermMemoryID, at time: Timestamp) throws
}
