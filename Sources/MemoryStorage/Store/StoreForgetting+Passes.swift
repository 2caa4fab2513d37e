import MemoryModel
import SQLiteKit

// MARK: What the forgetting pass writes

extension StoreForgetting {
    /// Pending memories a pass looked at and kept back, created at or before `cutoff`, oldest first.
    package func parkedMemories(createdAtOrBefore cutoff: Timestamp, limit: Int) throws -> [ShortTermMemory] {
        try connection.prepare(
            """
            SELECT \(StoreRows.shortTermColumns) INDEXED BY short_term_memories_parked
            WHERE status = 'pending' AND reviewed_at IS NOT NULL AND created_at <= ? ORDER BY created_at, id LIMIT ?
            """
        ).bind([cutoff.iso8601, limit]).rows(StoreRows.shortTermMemory)
    }

    /// Forgets `forget` (soft: they stay, with status `forgotten`) and hands `reconsider` back to
    /// consolidation, in one transaction with the pass's progress.
    package func forget(
        _ forget: [ShortTermMemoryID], reconsider: [ShortTermMemoryID], at now: Timestamp, progress: PassProgress,
        of pass: PassID
    ) throws {
        try connection.inTransaction {
            for id in forget {
                try StoreConsolidation.changePending(
                    id, "status = 'forgotten', status_changed_at = ?", [now.iso8601], connection)
            }
            for id in reconsider { try StoreConsolidation.changePending(id, "reviewed_at = NULL", [], connection) }
            try StorePasses.record(progress, of: pass, connection)
        }
    }

    /// Forgotten memories whose retention ended at `cutoff`, oldest first.
    package func expiredForgottenMemories(forgottenAtOrBefore cutoff: Timestamp, limit: Int) throws -> [ShortTermMemoryID] {
        try connection.prepare(
            """
            SELECT id FROM short_term_memories INDEXED BY short_term_memories_forgotten
            WHERE status = 'forgotten' AND status_changed_at <= ? ORDER BY status_changed_at, id LIMIT ?
            """
        ).bind([cutoff.iso8601, limit]).rows { ShortTermMemoryID($0.int64(0)) }
    }

    /// Deletes forgotten memories for good, with everything derived from them
    /// (`purgeShortTerm`): a memory forgotten on request may still be the source of a summary.
    package func purge(
        _ ids: [ShortTermMemoryID], at now: Timestamp, rules: ForgettingRules, progress: PassProgress, of pass: PassID
    ) throws {
        try connection.inTransaction {
            let forgotten = try connection.prepare("SELECT status = 'forgotten' FROM short_term_memories WHERE id = ?")
            let expired = try ids.filter { try forgotten.bind([$0.rawValue]).firstRow { $0.int64(0) == 1 } ?? false }
            var report = ForgetReport(reference: "retention", purged: true)
            try Self.purgeShortTerm(expired, at: now, rules: rules, into: &report, connection)
            try StorePasses.record(progress, of: pass, connection)
        }
    }
}
