import FoundationEssentials
import MemoryModel
import SQLiteKit

extension StoreBrowsing {
    /// Entities with this alias or canonical key, or this name lower-cased, most mentioned first.
    package func entities(key: String, name: String) throws -> [Entity] {
        try connection.prepare(
            """
            SELECT \(StoreRows.entityColumns) WHERE e.id IN (
                SELECT entity_id FROM entity_aliases WHERE alias_key = ?1 OR alias_key = ?2
                UNION SELECT id FROM entities WHERE canonical_key = ?1 OR canonical_key = ?2)
            ORDER BY mention_count DESC, e.id
            """
        ).bind([key, name.lowercased()]).rows(StoreRows.entity)
    }

    private static let edgeColumns =
        "id, subject_id, object_id, predicate, weight, last_seen, valid_from, valid_to FROM relations"

    /// An edge as stored: its weight as of its last observation (`lastSeen`).
    private static func storedEdge(_ row: Row) -> GraphEdgeRow {
        GraphEdgeRow(
            id: row.int64(0),
            edge: KnowledgeGraph.Edge(
                source: EntityID(row.int64(1)), target: EntityID(row.int64(2)), predicate: row.text(3),
                weight: row.double(4), validFrom: StoreRows.timestamp(row, 6), validTo: StoreRows.optionalTimestamp(row, 7)),
            lastSeen: StoreRows.timestamp(row, 5))
    }

    /// The edges touching each of `nodes`, node by node in the order given.
    package func edges(touching nodes: [EntityID]) throws -> [GraphEdgeRow] {
        let around = try connection.prepare("SELECT \(Self.edgeColumns) WHERE subject_id = ?1 OR object_id = ?1")
        return try nodes.flatMap { try around.bind([$0.rawValue]).rows(Self.storedEdge) }
    }

    /// The `limit` edges with the highest stored weight (co-occurrences only when asked), of one
    /// predicate or of every one. Each predicate's heaviest come from `relations_by_predicate`
    /// and are merged here: a walk down an index per predicate, where sorting every edge by weight
    /// took a scan of the whole table.
    package func heaviestEdges(limit: Int, coOccurrence: Bool, predicate: String? = nil) throws -> [GraphEdgeRow] {
        let predicates =
            predicate.map { [$0] }
            ?? Predicate.allCases.filter { coOccurrence || $0 != .coOccurs }.map(\.rawValue)
        let heaviest = try connection.prepare(
            "SELECT \(Self.edgeColumns) WHERE predicate = ? ORDER BY weight DESC, id LIMIT ?")
        var rows: [GraphEdgeRow] = []
        for predicate in predicates { rows += try heaviest.bind([predicate, limit]).rows(Self.storedEdge) }
        rows.sort { ($0.edge.weight, $1.id) > ($1.edge.weight, $0.id) }
        return Array(rows.prefix(limit))
    }

    /// Names and kinds of these entities, by id; ids of no entity are left out.
    package func entityNames(_ ids: [EntityID]) throws -> [EntityName] {
        let node = try connection.prepare("SELECT name, kind FROM entities WHERE id = ?")
        return try ids.compactMap { id in
            try node.bind([id.rawValue]).firstRow { EntityName(id: id, name: $0.text(0), kind: $0.text(1)) }
        }
    }
}

/// One stored edge, for the graph's queries.
package struct GraphEdgeRow: Sendable {
    package let id: Int64
    /// With its stored weight.
    package let edge: KnowledgeGraph.Edge
    package let lastSeen: Timestamp
}
