import MemoryModel
import SQLiteKit

/// The reads behind `memctl context` without a query: what a new session in a project should
/// know (`SessionBriefing` chooses from them).
extension StoreRecall {
    /// The newest long-term memories of each project `scope` holds (its directory, its parents,
    /// and those inside its root), and of no project, at most `perProject` of each; then the
    /// newest pending short-term memories in the scope, at most `pending`: what was said since the
    /// last consolidation. Forgotten ones are left out. Every project's when `scope` is nil.
    package func briefingCandidates(scope: ProjectScope?, perProject: Int = 100, pending: Int = 50) throws
        -> [BriefingCandidate]
    {
        try connection.reading {
            // Each project's newest through `long_term_memories_by_project`, without a sort: one
            // look-up per parent (those below the root are inside it), one range for the
            // projects inside the root.
            var selections: [(condition: String, arguments: [(any SQLiteBindable)?])] = []
            if let scope, scope.root != "/" {
                selections += scope.ancestors.filter { !$0.hasPrefix(scope.root + "/") }.map { ("project = ?", [$0]) }
                selections.append(("project > ? AND project < ?", [scope.root + "/", scope.root + "0"]))
            } else {
                selections.append(("project IS NOT NULL", []))
            }
            var candidates: [BriefingCandidate] = []
            // Who said it: its first source by id, one seek of the sources' primary key (a
            // much-restated memory has thousands, which an order by time would all read).
            let firstSource = try connection.prepare(
                """
                SELECT s.source FROM long_term_sources ls JOIN short_term_memories s ON s.id = ls.stm_id
                WHERE ls.ltm_id = ? ORDER BY ls.stm_id LIMIT 1
                """)
            for (condition, bound) in selections {
                let rows = try connection.prepare(
                    """
                    SELECT id, summary, strength, importance, last_reinforced_at, project FROM long_term_memories
                    WHERE \(condition) AND forgotten_at IS NULL ORDER BY last_reinforced_at DESC LIMIT ?
                    """, cached: false
                ).bind(bound + [perProject]).rows { row in
                    (
                        id: row.int64(0), summary: row.text(1), strength: row.double(2), importance: row.double(3),
                        at: StoreRows.timestamp(row, 4), project: row.optionalText(5)
                    )
                }
                for row in rows {
                    let speaker = try firstSource.bind([row.id]).firstRow { $0.text(0) }
                    candidates.append(
                        BriefingCandidate(
                            kind: "ltm", id: row.id, text: row.summary, project: row.project, speaker: speaker,
                            saidAt: row.at, strength: row.strength, importance: row.importance))
                }
            }
            // Of no project: the newest created (the index is partial: writing a store without
            // projects costs nothing), those of a project passed over, a bounded walk.
            candidates += try connection.prepare(
                """
                SELECT id, summary, strength, importance, last_reinforced_at, project FROM long_term_memories
                INDEXED BY long_term_memories_by_created WHERE forgotten_at IS NULL ORDER BY created_at DESC LIMIT ?
                """
            ).bind([perProject * 20]).rows(upTo: perProject) { row -> BriefingCandidate? in
                guard row.isNull(5) else { return nil }
                let id = row.int64(0)
                return BriefingCandidate(
                    kind: "ltm", id: id, text: row.text(1), project: nil,
                    speaker: try firstSource.bind([id]).firstRow { $0.text(0) }, saidAt: StoreRows.timestamp(row, 4),
                    strength: row.double(2), importance: row.double(3))
            }
            // Pending memories, newest first, until enough in the scope are found (or a bound read).
            let recent = try connection.prepare(
                """
                SELECT id, content, source, created_at, importance, project FROM short_term_memories
                INDEXED BY short_term_memories_by_status WHERE status = 'pending' ORDER BY created_at DESC LIMIT ?
                """
            ).bind([pending * 20]).rows(upTo: pending) { row -> BriefingCandidate? in
                let project = row.optionalText(5)
                guard scope?.contains(project) ?? true else { return nil }
                return BriefingCandidate(
                    kind: "stm", id: row.int64(0), text: row.text(1), project: project, speaker: row.text(2),
                    saidAt: StoreRows.timestamp(row, 3), strength: 1, importance: row.optionalDouble(4))
            }
            return candidates + recent
        }
    }

    /// The facts that hold now about the speaker `name` (the user is `user`), strongest first.
    package func facts(aboutSpeaker name: String, limit: Int) throws -> [Recall.Fact] {
        let speakers = try namedEntities(aliasKeys: [], speakers: true).filter { $0.name.lowercased() == name }
        return try facts(about: speakers.map(\.id), first: [], limit: limit)
    }
}
