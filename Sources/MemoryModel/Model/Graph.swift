/// What the graph pass reads and writes: predicates, nodes, observations.

/// The predicates of the knowledge graph. docs/GRAPH.md lists the phrasings behind each.
package enum Predicate: String, Codable, Sendable, CaseIterable {
    case livesIn = "lives_in"
    case worksAt = "works_at"
    case siblingOf = "sibling_of"
    case spouseOf = "spouse_of"
    case parentOf = "parent_of"
    case friendOf = "friend_of"
    case knows
    case locatedIn = "located_in"
    case bornOn = "born_on"
    case likes
    /// A person does an activity: "we went camping", "I took up pottery" (docs/GRAPH.md).
    case does
    /// Named together in one memory; weighted by how often, decayed with time.
    case coOccurs = "co_occurs"

    /// A subject has one object at a time: a new one closes the old edge.
    package var isSingleValued: Bool { self == .livesIn || self == .worksAt }
}

/// A node as the graph builder sees it: a stored entity, or the author of a memory.
package enum GraphNode: Hashable, Sendable {
    case entity(EntityID)
    case speaker(String)
}

/// One fact read from one memory.
package struct GraphObservation: Hashable, Sendable {
    package let subject: GraphNode
    package let predicate: Predicate
    package let object: GraphNode
    /// "I quit Acme": the memory ends the relation rather than stating it.
    package var ends = false
    /// When it began (or, for `ends`, ended), when its sentence says so: "Last month I moved to
    /// Lisbon". Nil means as of when it was said. Never later than that.
    package var since: Timestamp?

    package init(subject: GraphNode, predicate: Predicate, object: GraphNode, ends: Bool = false, since: Timestamp? = nil) {
        self.subject = subject
        self.predicate = predicate
        self.object = object
        self.ends = ends
        self.since = since
    }
}

/// A short-term memory with its entity mentions, as the graph pass reads it.
package struct GraphInput: Sendable {
    package struct Mention: Sendable {
        package let entity: EntityID
        package let kind: EntityKind
        package let start: Int
        package let end: Int

        package init(entity: EntityID, kind: EntityKind, start: Int, end: Int) {
            self.entity = entity
            self.kind = kind
            self.start = start
            self.end = end
        }
    }

    package let memory: ShortTermMemoryID
    package let text: String
    package let source: String
    package let createdAt: Timestamp
    package let mentions: [Mention]
    /// Its relative times, as the extraction pass resolved and stored them (`short_term_times`).
    package let times: [ResolvedTime]

    package init(
        memory: ShortTermMemoryID, text: String, source: String, createdAt: Timestamp, mentions: [Mention],
        times: [ResolvedTime] = []
    ) {
        self.memory = memory
        self.text = text
        self.source = source
        self.createdAt = createdAt
        self.mentions = mentions
        self.times = times
    }
}
