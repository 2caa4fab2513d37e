/// An edge of the knowledge graph: subject –predicate→ object, with its time of validity.
package struct Relation: Codable, Sendable, Equatable, Identifiable {
    package let id: RelationID
    package let subjectID: EntityID
    package let subjectName: String
    package let predicate: String
    package let objectID: EntityID
    package let objectName: String
    package let weight: Double
    package let firstSeen: Timestamp
    package let lastSeen: Timestamp
    package let validFrom: Timestamp
    /// When a later fact replaced this one; nil while it still holds.
    @ExplicitNull package var validTo: Timestamp?
    package let evidence: [MemoryReference]

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
