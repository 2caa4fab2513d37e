import Foundation
import MemoryModel
import SQLiteKit

extension MemoryStore {
    /// Entities with this alias or canonical key, or this name lower-cased, most mentioned first.
    package func entities(key: String, name: String) throws -> [Entity] {
        try withConnection { connection in
            try connection.prepare(
                """
                SELECT \(Self.entityColumns) WHERE e.id IN (
                    SELECT entity_id FROM entity_aliases WHERE alias_key = ?1 OR alias_key = ?2
                    UNION SELECT id FROM entities WHERE canonical_key = ?1 OR canonical_key = ?2)
                ORDER BY mention_count DESC, e.id
                """
            ).bind([key, name.lowercased()]).rows(Self.entity)
        }
    }

    /// The strongest edges of the whole graph, or the edges within `depth` steps of `center`;
    /// at most `limit` edges, strongest first (weights decayed to `now`).
    public func graph(
        around center: EntityID?, depth: Int, limit: Int, coOccurrence: Bool = true, now: Timestamp = .now,
        halfLife: Duration = PassSettings().weightHalfLife
    ) throws -> KnowledgeGraph {
        try withConnection { connection in
            let columns = "id, subject_id, object_id, predicate, weight, last_seen, valid_from, valid_to FROM relations"
            var rows: [(Int64, KnowledgeGraph.Edge)] = []
            func edge(_ row: Row) -> (Int64, KnowledgeGraph.Edge) {
                let weight = Decay.decayed(row.double(4), from: Self.timestamp(row, 5), to: now, halfLife: halfLife)
                return (
                    row.int64(0),
                    KnowledgeGraph.Edge(
                        source: EntityID(row.int64(1)), target: EntityID(row.int64(2)), predicate: row.text(3),
                        weight: weight, validFrom: Self.timestamp(row, 6),
                        validTo: Self.optionalTimestamp(row, 7))
                )
            }
            if let center {
                guard try connection.scalarInt("SELECT count(*) FROM entities WHERE id = ?", center.rawValue) == 1 else {
                    throw StoreError.notFound(.entity(center))
                }
                var frontier: Set<EntityID> = [center]
                var reached: Set<EntityID> = [center]
                var seen: Set<Int64> = []
                let around = try connection.prepare("SELECT \(columns) WHERE subject_id = ?1 OR object_id = ?1")
                for _ in 0..<max(1, depth) {
                    var next: Set<EntityID> = []
                    for node in frontier.sorted() {
                        for (id, found) in try around.bind([node.rawValue]).rows(edge)
                        where seen.insert(id).inserted && (coOccurrence || found.predicate != "co_occurs") {
                            rows.append((id, found))
                            for end in [found.source, found.target] where reached.insert(end).inserted { next.insert(end) }
                        }
                    }
                    frontier = next
                    if frontier.isEmpty { break }
                }
                rows.sort { ($0.1.weight, $1.0) > ($1.1.weight, $0.0) }
                rows = Array(rows.prefix(limit))
            } else {
                // Stored weights are as of each edge's last observation: read more than needed,
                // then rank by the weight decayed to now.
                let filter = coOccurrence ? "" : " WHERE predicate <> 'co_occurs'"
                rows = try connection.prepare("SELECT \(columns)\(filter) ORDER BY weight DESC, id LIMIT ?")
                    .bind([limit * 4]).rows(edge)
                rows.sort { ($0.1.weight, $1.0) > ($1.1.weight, $0.0) }
                rows = Array(rows.prefix(limit))
            }
            let ids = Set(rows.flatMap { [$0.1.source, $0.1.target] } + (center.map { [$0] } ?? []))
            let node = try connection.prepare("SELECT name, kind FROM entities WHERE id = ?")
            let nodes = try ids.sorted().compactMap { id in
                try node.bind([id.rawValue]).firstRow { KnowledgeGraph.Node(id: id, name: $0.text(0), kind: $0.text(1)) }
            }
            return KnowledgeGraph(nodes: nodes, edges: rows.map(\.1))
        }
    }
}
