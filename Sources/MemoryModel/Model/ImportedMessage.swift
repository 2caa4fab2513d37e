/// One message that came from outside with an id of its own: a message of a chat export, or of
/// a coding agent's session transcript. `origin` and `id` together name it, so that reading the
/// same export or transcript again adds nothing.
package struct ImportedMessage: Sendable, Equatable {
    /// Where it came from: `chatgpt`, `claude`, `claude-code`, `codex` or `gemini`.
    package let origin: String
    /// The origin's own id of the message (or, where the origin gives none, one made from what
    /// the message is: docs/IMPORT.md says how for each).
    package let id: String
    /// The conversation or session it belongs to.
    package let session: String
    /// `user` or `assistant`.
    package let source: String
    package let content: String
    /// Its own time; nil when the origin gives none (the import's time is used).
    package let createdAt: Timestamp?

    package init(origin: String, id: String, session: String, source: String, content: String, createdAt: Timestamp?) {
        self.origin = origin
        self.id = id
        self.session = session
        self.source = source
        self.content = content
        self.createdAt = createdAt
    }
}
