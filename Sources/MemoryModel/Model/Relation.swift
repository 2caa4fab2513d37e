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

    package init(
        id: RelationID, subjectID: EntityID, subjectName: String, predicate: String, objectID: EntityID,
        objectName: String, weight: Double, firstSeen: Timestamp, lastSeen: Timestamp, validFrom: Timestamp,
        validTo: Timestamp? = nil, evidence: [MemoryReference]
    ) {
        self.id = id
        self.subjectID = subjectID
        self.subjectName = subjectName
        self.predicate = predicate
        self.objectID = objectID
        self.objectName = objectName
        self.weight = weight
        self.firstSeen = firstSeen
        self.lastSeen = lastSeen
        self.validFrom = validFrom
        self.validTo = validTo
        self.evidence = evidence
    }
}
