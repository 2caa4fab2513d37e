/// An edge of the knowledge graph: subject –predicate→ object, with its time of validity.
public struct Relation: Codable, Sendable, Equatable, Identifiable {
    public let id: RelationID
    public let subjectID: EntityID
    public let subjectName: String
    public let predicate: String
    public let objectID: EntityID
    public let objectName: String
    public let weight: Double
    public let firstSeen: Timestamp
    public let lastSeen: Timestamp
    public let validFrom: Timestamp
    /// When a later fact replaced this one; nil while it still holds.
    @ExplicitNull public var validTo: Timestamp?
    public let evidence: [MemoryReference]
}
