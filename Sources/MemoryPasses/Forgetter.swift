import MemoryEngines
import MemoryModel
import MemoryStorage

/// Forgetting on request: `memctl forget` and the MCP `forget` tool. The store does it in one
/// transaction; the rules it applies (how a summary is made again) come from the engines.
package struct Forgetter: Sendable {
    package let store: MemoryStore
    package let policy: ConsolidationPolicy

    package init(store: MemoryStore, policy: ConsolidationPolicy = ConsolidationPolicy()) {
        self.store = store
        self.policy = policy
    }

    /// Forgets `reference` (soft: hidden from recall, search and consolidation, kept and
    /// listable), or with `purge` removes its text and everything derived from it.
    package func forget(_ reference: MemoryReference, purge: Bool, now: Timestamp = .now) async throws -> ForgetReport {
        try await store.forgetting { try $0.forget(reference, purge: purge, at: now, rules: .standard(policy: policy)) }
    }
}

extension ForgettingRules {
    /// The consolidation engine's summaries and the graph's edge weights, as the passes use them.
    static func standard(policy: ConsolidationPolicy, settings: PassSettings = PassSettings()) -> ForgettingRules {
        let engine = ConsolidationEngine(policy: policy)
        let halfLife = settings.weightHalfLife
        return ForgettingRules(
            rebuildSummary: engine.rebuiltSummary,
            edgeWeight: { EdgeWeight.of(observationsAt: $0, halfLife: halfLife)?.value ?? 0 })
    }
}
