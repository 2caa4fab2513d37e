/// One message that came from outside with an id of its own: a message of a chat export, or of
/// a coding agent's session transcript. `origin` and `id` together name it, so that reading the
/// same export or transcript again adds nothing.
public struct ImportedMessage: Sendable, Equatable {
    /// Where it came from: `chatgpt`, `claude`, `claude-code`, `codex` or `gemini`.
    public let origin: String
    /// The origin's own id of the message (or, where the origin gives none, one made from what
    /// the message is: docs/IMPORT.md says how for each).
    public let id: String
    /// The conversation or session it belongs to.
    public let session: String
    /// `user` or `assistant`.
    public let source: String
    public let content: String
    /// Its own time; nil when the origin gives none (the import's time is used).
    public let createdAt: Timestamp?

    public init(origin: String, id: String, session: String, source: String, content: String, createdAt: Timestamp?) {
        self.origin = origin
        self.id = id
        self.session = session
        self.source = source
        self.content = content
        self.createdAt = createdAt
    }
}
