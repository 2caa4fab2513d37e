/// A peer that a read went without, and why: missing, not yet or half restored, damaged, locked,
/// or of another schema version. Recall answers from the rest and says so.
package struct SkippedPeer: Codable, Sendable, Equatable {
    package let name: String
    package let path: String
    /// What was wrong with it, in plain words.
    package let reason: String

    package init(_ peer: Peer, reason: String) {
        name = peer.name
        path = peer.path
        self.reason = reason
    }

    /// `peer desktop (/srv/peers/desktop.db): skipped, …`: the note a reader gives.
    package var note: String { "peer \(name) (\(path)): skipped, \(reason)" }
}
