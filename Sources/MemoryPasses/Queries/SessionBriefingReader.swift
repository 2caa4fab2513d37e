import MemoryModel
import MemoryStorage

/// What a new session's briefing (`SessionBriefing`, `memctl context` without a query) is made
/// of, read from this device's store and its peers' (docs/PEERS.md): every store's candidates,
/// each marked with its device, and the facts about the user from every graph.
package struct SessionBriefingReader: Sendable {
    package let store: MemoryStore
    /// Other devices' databases read beside it; none by default.
    package let peers: PeerStores

    package init(store: MemoryStore, peers: PeerStores = .none) {
        self.store = store
        self.peers = peers
    }

    /// The candidates of `scope`, this device's first (the briefing tells a text said on two
    /// devices once, as the first has it), and at most `userFacts` facts about the user: this
    /// device's, then each peer's that no store before it has.
    package func read(scope: ProjectScope?, userFacts: Int) async throws
        -> (candidates: [BriefingCandidate], userFacts: [Recall.Fact], skippedPeers: [SkippedPeer])
    {
        var peers = self.peers
        let (candidates, facts) = try await peers.reading(own: store) { devices in
            let read = try await devices.each { index, store in
                let candidates = try await store.recalling {
                    try $0.briefingCandidates(scope: scope)
                }.map { candidate in
                    var tagged = candidate
                    tagged.device = devices.names[index]
                    return tagged
                }
                return (candidates, try await store.recalling {
                    try $0.facts(aboutSpeaker: NewMemory.defaultSource, limit: userFacts)
                })
            }
            return (read.flatMap(\.0), devices.merged(facts: read.map(\.1), limit: userFacts))
        }
        return (candidates, facts, peers.skipped)
    }
}
