/// A peer that a read went without, and why: missing, not yet or half restored, damaged, locked,
/// or of another schema version. Recall answers from the rest and says so.
public struct SkippedPeer: Codable, Sendable, Equatable {
    public let name: String
    public let path: String
    /// What was wrong with it, in plain words.
    public let reason: String

    public init(_ peer: Peer, reason: String) {
        name = peer.name
        path = peer.path
        self.reason = reason
    }

    /// `peer desktop (/srv/peers/desktop.db): skipped, …`: the note a reader gives.
    public var note: String { "peer \(name) (\(path)): skipped, \(reason)" }
}
