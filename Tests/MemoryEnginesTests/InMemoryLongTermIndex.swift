@testable import MemoryEngines
@testable import MemoryModel

/// Long-term memories held in memory, answering as the store does (`SQLiteLongTermIndex`), and
/// written as the store writes a plan: what the planner's tests plan against.
final class InMemoryLongTermIndex: LongTermIndex {
    private(set) var memories: [LongTermMemoryID: LongTermMemory] = [:]
    /// Each memory's created and merged sources: session and time.
    private(set) var merged: [LongTermMemoryID: [(session: String, at: Timestamp)]] = [:]
    private var keys: [LongTermMemoryID: [Int64]] = [:]
    /// How many times the planner asked for the newest under a key.
    private(set) var newestAsked = 0

    init(_ stored: [LongTermMemory] = [], merging: [LongTermMemoryID: Merging] = [:]) {
        for memory in stored {
            memories[memory.id] = memory
            keys[memory.id] = ConsolidationEngine.summaryBandKeys(memory.summary)
            if let merging = merging[memory.id] { merged[memory.id] = [(merging.session, merging.lastMergedAt)] }
        }
    }

    func newest(under key: Int64, project: String?, limit: Int, excluding excluded: Set<LongTermMemoryID>)
        -> [LongTermMemoryID]
    {
        newestAsked += 1
        let ids = keys.filter {
            $0.value.contains(key) && !excluded.contains($0.key) && memories[$0.key]?.project == project
        }.map(\.key)
        return Array(ids.sorted(by: >).prefix(limit))
    }

    func open(session: String, from: Timestamp, to: Timestamp) -> [LongTermMemoryID: Merging] {
        var open: [LongTermMemoryID: Merging] = [:]
        for (id, sources) in merged where sources.contains(where: { $0.session == session && $0.at >= from && $0.at <= to }) {
            open[id] = merging(of: id)
        }
        return open
    }

    func memory(_ id: LongTermMemoryID) -> LongTermMemory? { memories[id] }

    private func merging(of id: LongTermMemoryID) -> Merging? {
        (merged[id] ?? []).max { $0.at < $1.at }.map { Merging(session: $0.session, lastMergedAt: $0.at) }
    }

    /// Writes a plan of `batch` as the store does: new memories get the next ids, in order.
    func apply(_ plan: ConsolidationPlan, of batch: [ShortTermMemory]) {
        let sessions = Dictionary(uniqueKeysWithValues: batch.map { ($0.id, $0.session) })
        for write in plan.writes {
            let id = write.existing ?? LongTermMemoryID((memories.keys.map(\.rawValue).max() ?? 0) + 1)
            memories[id] = LongTermMemory(
                id: id, summary: write.summary, strength: write.strength, importance: write.importance,
                createdAt: write.createdAt, updatedAt: write.lastReinforcedAt, lastReinforcedAt: write.lastReinforcedAt,
                sourceCount: 0, project: write.existing.flatMap { memories[$0]?.project } ?? write.project)
            if write.summaryChanged { keys[id] = write.bandKeys }
            for source in write.sources where source.role != .reinforced {
                merged[id, default: []].append((sessions[source.stmID]!, source.joinedAt))
            }
        }
    }
}
