import MemoryModel

/// How observations change the graph: the rules; the store reads and writes the edges inside
/// the batch's transaction (`RelationTable`).
///
/// - Weight is a sum over observations of 2^(−age / half-life), stored as of `last_seen`, so
///   that the order in which observations arrive does not change it (`EdgeWeight`).
/// - A single-valued predicate (`lives_in`, `works_at`) has one open edge per subject: a new
///   object closes the old edge at the time of the new observation (sets `valid_to`); an
///   observation older than the open edge is recorded as a closed, historical edge instead.
///   Nothing else is ever closed: other subjects and other predicates are not touched.
/// - Validity follows the event, where the memory says when it happened ("last month I moved
///   to Lisbon": `GraphObservation.since`); weight and evidence follow when it was said.
package struct GraphWriter: Sendable {
    package let halfLife: Duration

    package init(halfLife: Duration) { self.halfLife = halfLife }

    package func apply(
        _ observation: GraphObservation, at time: Timestamp, evidence: ShortTermMemoryID, to table: some RelationTable
    ) throws {
        let subject = try entity(observation.subject, table)
        let object = try entity(observation.object, table)
        let predicate = observation.predicate.rawValue
        // Whether a fact is current or past is decided by when it was said; its dates, by when
        // it happened. An edge never closes before it began.
        let event = min(observation.since ?? time, time)
        if observation.ends {
            try table.closeOpenEdges(subject, predicate, object, at: event, saidAt: time)
            return
        }
        if observation.predicate.isSingleValued, let open = try table.openEdge(subject, predicate), open.object != object {
            if open.validFrom <= time {
                try table.close(edge: open.id, at: max(event, open.validFrom))
            } else {
                // Older than what holds now: a fact of the past, valid until the current one began.
                let id = try table.insertEdge(
                    subject, predicate, object, at: time, validFrom: event, validTo: open.validFrom)
                try table.addEvidence(id, memory: evidence, at: time)
                return
            }
        }
        let id: Int64
        if let edge = try table.openEdge(subject, predicate, object) {
            id = edge.id
            let weight = EdgeWeight(value: edge.weight, lastSeen: edge.lastSeen)
                .adding(observationAt: time, halfLife: halfLife)
            try table.updateEdge(
                id, weight: weight.value, firstSeen: min(edge.firstSeen, time), lastSeen: weight.lastSeen,
                validFrom: min(edge.validFrom, event))
        } else {
            id = try table.insertEdge(subject, predicate, object, at: time, validFrom: event, validTo: nil)
        }
        try table.addEvidence(id, memory: evidence, at: time)
    }

    /// The stored entity for a node; the speaker is an entity of kind `speaker` named after the
    /// memory's source (its key is the source lower-cased), made on first use.
    private func entity(_ node: GraphNode, _ table: some RelationTable) throws -> EntityID {
        switch node {
        case .entity(let id): id
        case .speaker(let source): try table.speaker(name: source, key: source.lowercased())
        }
    }
}
