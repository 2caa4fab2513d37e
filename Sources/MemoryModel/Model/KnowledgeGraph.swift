/// A part of the knowledge graph, as `memctl graph` prints it.
public struct KnowledgeGraph: Codable, Sendable, Equatable {
    public typealias Node = EntityName

    public struct Edge: Codable, Sendable, Equatable {
        public let source: EntityID
        public let target: EntityID
        public let predicate: String
        /// The stored weight decayed to the time of the query.
        public let weight: Double
        public let validFrom: Timestamp
        @ExplicitNull public var validTo: Timestamp?

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

    public let nodes: [Node]
    public let edges: [Edge]

    package init(nodes: [Node], edges: [Edge]) {
        self.nodes = nodes
        self.edges = edges
    }
}
