import MemoryModel
import MemoryStorage

/// Full-text search (`memctl search`, the MCP `search` tool) over this device's store and its
/// peers' (docs/PEERS.md), a page at a time. Each database ranks its hits by its own BM25, as one
/// database already ranks its short- and long-term memories' two indexes together by theirs; the
/// pages are cut from all of them merged by that score.
package struct Searcher: Sendable {
    package let store: MemoryStore
    /// Other devices' databases searched beside it; none by default.
    package let peers: PeerStores

    package init(store: MemoryStore, peers: PeerStores = .none) {
        self.store = store
        self.peers = peers
    }

    /// The `limit` best hits of `query` (FTS5 syntax) after the first `offset`, whether more
    /// follow, and the peers skipped. Each store is asked for its first `offset + limit + 1`, so
    /// that the merged page is the one a single index holding them all would give.
    package func page(_ query: String, offset: Int, limit: Int, scope: ProjectScope?) async throws
        -> (hits: [SearchHit], more: Bool, skippedPeers: [SkippedPeer])
    {
        var peers = self.peers
        let hits = try await peers.reading(own: store) { devices in
            guard devices.stores.count > 1 else {
                return try await store.inspecting {
                    try $0.search(query, limit: limit + 1, offset: offset, scope: scope)
                }
            }
            let found = try await devices.each { index, store in
                try await store.inspecting {
                    try $0.search(query, limit: offset + limit + 1, offset: 0, scope: scope)
                }.map { hit in
                    var tagged = hit
                    tagged.device = devices.names[index]
                    return tagged
                }
            }
            // Best first; among equals, as one store orders them (kind, then id), this device's first.
            let merged = found.enumerated().flatMap { index, hits in hits.map { (index, $0) } }.sorted {
                (-$0.1.score, $0.1.kind, $0.0, $0.1.id) < (-$1.1.score, $1.1.kind, $1.0, $1.1.id)
            }
            return Array(merged.dropFirst(offset).prefix(limit + 1).map(\.1))
        }
        return (Array(hits.prefix(limit)), hits.count > limit, peers.skipped)
    }
}
