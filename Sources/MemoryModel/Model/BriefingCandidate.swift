/// A memory `memctl context` may tell a new session about.
package struct BriefingCandidate: Sendable, Equatable {
    /// `ltm` or `stm`.
    package let kind: String
    package let id: Int64
    package let text: String
    package let project: String?
    /// Who said it (a long-term memory's earliest source's).
    package let speaker: String?
    /// When it was last said: a long-term memory's latest reinforcement.
    package let saidAt: Timestamp
    /// A long-term memory's strength as of `saidAt` (1 for a pending memory).
    package let strength: Double
    package let importance: Double?
    /// The peer whose database it was read from; nil for this device's own.
    package var device: String?

    /// `ltm:3`, or `desktop:ltm:3` for a peer's.
    package var reference: String { DeviceReference.text("\(kind):\(id)", device: device) }

    package init(
        kind: String, id: Int64, text: String, project: String?, speaker: String?, saidAt: Timestamp, strength: Double,
        importance: Double?
    ) {
        self.kind = kind
        self.id = id
        self.text = text
        self.project = project
        self.speaker = speaker
        self.saidAt = saidAt
        self.strength = strength
        self.importance = importance
    }
}
