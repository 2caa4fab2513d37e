import FoundationEssentials
import MemoryModel
import SQLiteKit

/// What every feature of the store reads its rows with: the columns of a table's records, and
/// the records made from them.
package enum StoreRows {
    package static let shortTermColumns =
        "id, content, session, source, importance, created_at, status, ltm_id, project FROM short_term_memories"

    /// A short-term memory from the nine columns of `shortTermColumns`, starting at `first`.
    package static func shortTermMemory(_ row: Row, from first: Int32) -> ShortTermMemory {
        ShortTermMemory(
            id: ShortTermMemoryID(row.int64(first)), content: row.text(first + 1), session: row.text(first + 2),
            source: row.text(first + 3), importance: row.optionalDouble(first + 4),
            createdAt: timestamp(row, first + 5), status: MemoryStatus(rawValue: row.text(first + 6)) ?? .pending,
            ltmID: row.optionalInt64(first + 7).map(LongTermMemoryID.init), project: row.optionalText(first + 8))
    }

    package static func shortTermMemory(_ row: Row) -> ShortTermMemory { shortTermMemory(row, from: 0) }

    static let longTermColumns = """
        l.id, l.summary, l.strength, l.importance, l.created_at, l.updated_at, l.last_reinforced_at,
        (SELECT count(*) FROM long_term_sources s WHERE s.ltm_id = l.id), l.forgotten_at, l.project
        FROM long_term_memories l
        """

    static func longTermMemory(_ row: Row) -> LongTermMemory {
        LongTermMemory(
            id: LongTermMemoryID(row.int64(0)), summary: row.text(1), strength: row.double(2),
            importance: row.double(3), createdAt: timestamp(row, 4), updatedAt: timestamp(row, 5),
            lastReinforcedAt: timestamp(row, 6), sourceCount: row.int(7), forgottenAt: optionalTimestamp(row, 8),
            project: row.optionalText(9))
    }

    /// Reads a stored time. The schema's CHECKs keep the form; a value a tool wrote around them
    /// reads as the epoch rather than failing the whole listing.
    package static func timestamp(_ row: Row, _ column: Int32) -> Timestamp {
        row.withUTF8(column) { Timestamp(iso8601UTF8: $0) } ?? Timestamp(millisecondsSince1970: 0)
    }

    package static func optionalTimestamp(_ row: Row, _ column: Int32) -> Timestamp? {
        row.isNull(column) ? nil : timestamp(row, column)
    }

    package static let entityColumns = """
        e.id, e.name, e.kind, e.canonical_key,
        (SELECT count(*) FROM entity_mentions m WHERE m.entity_id = e.id) AS mention_count FROM entities e
        """

    package static func entity(_ row: Row) -> Entity {
        Entity(
            id: EntityID(row.int64(0)), name: row.text(1), kind: row.text(2), canonicalKey: row.text(3),
            mentionCount: row.int(4))
    }

    /// SQL that holds for a row whose project `column` is in `scope` (every row without one), as
    /// `ProjectScope.contains` decides: no project, the directory or one of its parents, or a
    /// directory inside the project's root. The directories are SQL literals (a stored project
    /// has no NUL), so the statement is not one to cache.
    package static func inScope(_ column: String, _ scope: ProjectScope?) -> String {
        guard let scope, scope.root != "/" else { return "1" }
        let listed = scope.ancestors.map(literal).joined(separator: ", ")
        // Inside the root: after "ROOT/" and before "ROOT0" ('0' follows '/').
        return "(\(column) IS NULL OR \(column) IN (\(listed)) OR (\(column) > \(literal(scope.root + "/"))"
            + " AND \(column) < \(literal(scope.root + "0"))))"
    }

    /// `text` as an SQL string literal.
    private static func literal(_ text: String) -> String {
        "'" + text.replacing("'", with: "''") + "'"
    }
}
