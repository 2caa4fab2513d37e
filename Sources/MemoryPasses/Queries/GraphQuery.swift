import MemoryModel
import MemoryStorage

/// `memctl graph`: the strongest edges of the whole graph, or the edges within `depth` steps of
/// an entity; at most `limit`, strongest first, weights decayed to `now` with the passes' edge
/// half-life; `predicate` keeps one kind of edge. The walk and the ranking happen here; the store
/// reads edges and names.
package struct GraphQuery: Sendable {
    package let store: MemoryStore
    package let settings: PassSettings

    package init(store: MemoryStore, settings: PassSettings = PassSettings()) {
        self.store = store
        self.settings = settings
    }

    package func graph(
        around center: EntityID?, depth: Int, limit: Int, coOccurrence: Bool = true, predicate: String? = nil,
        now: Timestamp = .now
    ) async throws -> KnowledgeGraph {
        let coOccurrence = coOccurrence && (predicate == nil || predicate == Predicate.coOccurs.rawValue)
        var rows: [(id: Int64, edge: KnowledgeGraph.Edge)] = []
        if let center {
            guard try await !store.browsing({ try $0.entityNames([center]) }).isEmpty else {
                throw StoreError.notFound(.entity(center))
            }
            var frontier: Set<EntityID> = [center]
            var reached: Set<EntityID> = [center]
            var seen: Set<Int64> = []
            for _ in 0..<max(1, depth) {
                var next: Set<EntityID> = []
                let around = try await store.browsing {
                    try $0.edges(touching: frontier.sorted())
                }.map { decayed($0, to: now) }
                for row in around
                where seen.insert(row.id).inserted && (coOccurrence || row.edge.predicate != Predicate.coOccurs.rawValue)
                    && (predicate == nil || row.edge.predicate == predicate)
                {
                    rows.append(row)
                    for end in [row.edge.source, row.edge.target] where reached.insert(end).inserted { next.insert(end) }
                }
                frontier = next
                if frontier.isEmpty { break }
            }
        } else {
            // Stored weights are as of each edge's last observation: read more than needed, then
            // rank by the weight decayed to now.
            rows = try await store.browsing {
                try $0.heaviestEdges(limit: limit * 4, coOccurrence: coOccurrence, predicate: predicate)
            }
                .map { decayed($0, to: now) }
        }
        rows.sort { ($0.edge.weight, $1.id) > ($1.edge.weight, $0.id) }
        rows = Array(rows.prefix(limit))
        let ids = Set(rows.flatMap { [$0.edge.source, $0.edge.target] } + (center.map { [$0] } ?? []))
        let nodes = try await store.browsing { try $0.entityNames(ids.sorted()) }
        return KnowledgeGraph(nodes: nodes, edges: rows.map(\.edge))
    }

    private func decayed(_ row: GraphEdgeRow, to now: Timestamp) -> (id: Int64, edge: KnowledgeGraph.Edge) {
        let edge = row.edge
        let weight = Decay.decayed(edge.weight, from: row.lastSeen, to: now, halfLife: settings.weightHalfLife)
        return (
            row.id,
            KnowledgeGraph.Edge(
                source: edge.source, target: edge.target, predicate: edge.predicate, weight: weight,
                validFrom: edge.validFrom, validTo: edge.validTo)
        )
    }
}
