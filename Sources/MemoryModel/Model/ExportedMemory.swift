/// A short-term memory as `memctl export` reads it: what `memctl import` needs to make it again,
/// and nothing a pass derived from it (its long-term memory is made again by the next
/// consolidation where it is imported).
public struct ExportedMemory: Sendable, Equatable {
    public let id: ShortTermMemoryID
    public let content: String
    public let session: String
    public let source: String
    /// As the writer gave it; nil: the consolidator estimates it.
    public let importance: Double?
    public let createdAt: Timestamp
    public let project: String?
    /// The origin and its id of a memory that came from a chat export, a coding agent's
    /// transcript or another database's export; nil for one added here.
    public let exportOrigin: String?
    public let exportID: String?
    /// When it was forgotten; nil while it is pending or consolidated.
    public let forgottenAt: Timestamp?

    package init(
        id: ShortTermMemoryID, content: String, session: String, source: String, importance: Double?,
        createdAt: Timestamp, project: String?, exportOrigin: String?, exportID: String?, forgottenAt: Timestamp?
    ) {
        self.id = id
        self.content = content
        self.session = session
        self.source = source
        self.importance = importance
        self.createdAt = createdAt
        self.project = project
        self.exportOrigin = exportOrigin
        self.exportID = exportID
        self.forgottenAt = forgottenAt
    }
}
