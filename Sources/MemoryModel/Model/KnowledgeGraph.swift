/// A part of the knowledge graph, as `memctl graph` prints it.
package struct KnowledgeGraph: Codable, Sendable, Equatable {
    package typealias Node = EntityName

    package struct Edge: Codable, Sendable, Equatable {
        package let source: EntityID
        package let target: EntityID
        package let predicate: String
        /// The stored weight decayed to the time of the query.
        package let weight: Double
        package let validFrom: Timestamp
        @ExplicitNull package var validTo: Timestamp?

        package init(
            source: EntityID, target: EntityID, predicate: String, weight: Double, validFrom: Timestamp,
            validTo: Timestamp? = nil
        ) {
            self.source = source
            self.target = target
            self.predicate = predicate
            self.weight = weight
            self.validFrom = validFrom
            self.validTo = validTo
        }
    }

    package let nodes: [Node]
    package let edges: [Edge]

    package init(nodes: [Node], edges: [Edge]) {
        self.nodes = nodes
        self.edges = edges
    }
}
