import FoundationEssentials
import MemoryModel
import SQLiteKit

/// The reads behind the web page (`memctl ui`): a page at a time, by day, and the knowledge graph.
package struct StoreBrowsing: StoreFeature {
    package let connection: Connection

    package init(_ connection: Connection) { self.connection = connection }
}

// MARK: - Browsing (`memctl ui`)

/// Reads for the web page: each one bounded by what a page shows, so that a page costs the same
/// at 1M memories as at 1,000 (docs/UI.md, "Fast at 1M memories").
extension StoreBrowsing {
    /// How many short-term memories were said on each day from `first` through `last`, by their
    /// status now. Each day is one count over the `(status, created_at)` index: the rows of the
    /// window are counted, never the whole table.
    package func memoriesByDay(from first: CalendarDay, through last: CalendarDay) throws -> [DailyMemoryCounts] {
        guard first <= last else { return [] }
        let count = try connection.prepare(
            "SELECT count(*) FROM short_term_memories WHERE status = ? AND created_at >= ? AND created_at < ?")
        var days: [DailyMemoryCounts] = []
        var day = first
        while day <= last {
            let start = day.start.iso8601
            let end = day.adding(days: 1).start.iso8601
            func counted(_ status: MemoryStatus) throws -> Int {
                try count.bind([status.rawValue, start, end]).firstRow { $0.int(0) } ?? 0
            }
            days.append(
                DailyMemoryCounts(
                    day: day, pending: try counted(.pending), consolidated: try counted(.consolidated),
                    forgotten: try counted(.forgotten)))
            day = day.adding(days: 1)
        }
        return days
    }

    /// What the consolidation passes that started on each day from `first` through `last` did:
    /// short-term memories consolidated (into a new long-term memory, merged or reinforcing one)
    /// and forgotten, from the ledger's counts (`passes_by_kind`).
    package func passesByDay(from first: CalendarDay, through last: CalendarDay) throws -> [DailyPassCounts] {
        guard first <= last else { return [] }
        let rows = try connection.prepare(
            """
            SELECT substr(started_at, 1, 10),
                   sum(coalesce(json_extract(counts, '$.created'), 0) + coalesce(json_extract(counts, '$.merged'), 0)
                       + coalesce(json_extract(counts, '$.reinforced'), 0)),
                   sum(coalesce(json_extract(counts, '$.forgotten'), 0))
            FROM passes WHERE kind = 'consolidation' AND started_at >= ? AND started_at < ? GROUP BY 1
            """
        ).bind([first.start.iso8601, last.adding(days: 1).start.iso8601]).rows { row in
            (day: CalendarDay(iso: row.text(0)), consolidated: row.int(1), forgotten: row.int(2))
        }
        var byDay: [CalendarDay: (Int, Int)] = [:]
        for row in rows { if let day = row.day { byDay[day] = (row.consolidated, row.forgotten) } }
        return (0...Int(last.daysSince1970 - first.daysSince1970)).map { offset in
            let day = first.adding(days: offset)
            let counts = byDay[day] ?? (0, 0)
            return DailyPassCounts(day: day, consolidated: counts.0, forgotten: counts.1)
        }
    }

    /// When the newest short-term memory was said (an index look-up), nil for an empty store.
    package func newestMemoryTime() throws -> Timestamp? {
        try connection.prepare("SELECT max(created_at) FROM short_term_memories").firstRow { row in
            StoreRows.optionalTimestamp(row, 0)
        } ?? nil
    }

    /// The short-term memories a pass forgot, oldest first: a pass marks what it forgets with its
    /// own start time (`status_changed_at`), so they are found through the index of forgotten
    /// memories. One forgotten on request since, or purged, is no longer listed.
    package func memoriesForgotten(by pass: PassRecord, limit: Int) throws -> [ShortTermMemory] {
        try connection.prepare(
            """
            SELECT \(StoreRows.shortTermColumns)
            WHERE status = 'forgotten' AND status_changed_at = ? ORDER BY status_changed_at, id LIMIT ?
            """
        ).bind([pass.startedAt.iso8601, limit]).rows(StoreRows.shortTermMemory)
    }

    /// Long-term memories newest first, after `cursor`, by the `(created_at)` index.
    package func longTermMemories(before cursor: MemoryCursor?, limit: Int) throws -> [LongTermMemory] {
        let filter = cursor == nil ? "" : " WHERE l.created_at <= ?1 AND (l.created_at < ?1 OR l.id < ?2)"
        let arguments: [(any SQLiteBindable)?] = (cursor.map { [$0.createdAt.iso8601, $0.id] } ?? []) + [limit]
        let last = cursor == nil ? "?1" : "?3"
        return try connection.prepare(
            "SELECT \(StoreRows.longTermColumns)\(filter) ORDER BY l.created_at DESC, l.id DESC LIMIT \(last)"
        ).bind(arguments).rows(StoreRows.longTermMemory)
    }

    /// Entities in name order after `name` (the last name of the page before), each with its
    /// mention count: counted for the page's rows only, so the list costs the same with 100 or
    /// 100,000 entities.
    package func entities(kind: String?, after cursor: EntityCursor?, limit: Int) throws -> [Entity] {
        var conditions: [String] = []
        var arguments: [(any SQLiteBindable)?] = []
        if let kind {
            conditions.append("e.kind = ?")
            arguments.append(kind)
        }
        if let cursor {
            conditions.append("e.name >= ? AND (e.name > ? OR e.id > ?)")
            arguments += [cursor.name, cursor.name, cursor.id.rawValue]
        }
        let filter = conditions.isEmpty ? "" : " WHERE " + conditions.joined(separator: " AND ")
        arguments.append(limit)
        // The page is chosen first, so that mentions are counted for its rows alone.
        return try connection.prepare(
            """
            SELECT \(StoreRows.entityColumns) WHERE e.id IN (SELECT e.id FROM entities e\(filter) ORDER BY e.name, e.id LIMIT ?)
            ORDER BY e.name, e.id
            """
        ).bind(arguments).rows(StoreRows.entity)
    }

    /// The entity mentions in one memory, in text order.
    package func mentions(in memory: MemoryReference) throws -> [EntityMention] {
        try StoreInspection.mentions(in: memory, connection)
    }

    /// How many mentions each of these entities has (by the mentions' entity index).
    package func mentionCounts(_ ids: [EntityID]) throws -> [EntityID: Int] {
        let count = try connection.prepare("SELECT count(*) FROM entity_mentions WHERE entity_id = ?")
        var counts: [EntityID: Int] = [:]
        for id in ids { counts[id] = try count.bind([id.rawValue]).firstRow { $0.int(0) } ?? 0 }
        return counts
    }
}

/// Where a page of memories (short-term or long-term) ends: the next page starts after it.
package struct MemoryCursor: Sendable, Equatable {
    package let createdAt: Timestamp
    package let id: Int64

    package init(createdAt: Timestamp, id: Int64) {
        self.createdAt = createdAt
        self.id = id
    }
}

/// Where a page of entities ends.
package struct EntityCursor: Sendable, Equatable {
    package let name: String
    package let id: EntityID

    package init(name: String, id: EntityID) {
        self.name = name
        self.id = id
    }
}

/// The short-term memories said on one day, by their status now.
package struct DailyMemoryCounts: Sendable, Equatable {
    package let day: CalendarDay
    package let pending: Int
    package let consolidated: Int
    package let forgotten: Int

    package var total: Int { pending + consolidated + forgotten }
}

/// What the consolidation passes of one day did.
package struct DailyPassCounts: Sendable, Equatable {
    package let day: CalendarDay
    package let consolidated: Int
    package let forgotten: Int
}
