/// A short-term memory to be added; what `memctl add` and each import line carry.
public struct NewMemory: Sendable, Equatable {
    /// Largest content accepted, in UTF-8 bytes. Bigger entries are refused rather than
    /// truncated: a memory is stored whole or not at all.
    public static let maximumContentBytes = 4 * 1024 * 1024
    public static let defaultSession = "default"
    /// Who a memory is from when nobody says: the user. A chat's roles are sources too ("user",
    /// "assistant"), so recall takes "I" in a question for `user` and "you" for `assistant`.
    public static let defaultSource = "user"
    /// The assistant's role in a chat, as a source.
    public static let assistantSource = "assistant"

    public var content: String
    public var session: String
    public var source: String
    public var importance: Double?
    /// When it happened; nil means now.
    public var createdAt: Timestamp?
    /// The directory of the project it belongs to, absolute; nil: every project.
    public var project: String?

    public init(
        content: String, session: String? = nil, source: String? = nil, importance: Double? = nil,
        createdAt: Timestamp? = nil, project: String? = nil
    ) {
        self.project = project
        self.content = content
        self.session = session ?? Self.defaultSession
        self.source = source ?? Self.defaultSource
        self.importance = importance
        self.createdAt = createdAt
    }

    /// Checks what the schema would refuse, with reasons a person can act on.
    public func validate() throws(InvalidMemory) {
        if content.utf8.count > Self.maximumContentBytes {
            throw InvalidMemory(
                "content is \(content.utf8.count) bytes; the limit is \(Self.maximumContentBytes) bytes (4 MiB)")
        }
        if content.allSatisfy(\.isWhitespace) { throw InvalidMemory("content is empty") }
        if session.isEmpty { throw InvalidMemory("session is empty") }
        if source.isEmpty { throw InvalidMemory("source is empty") }
        if let importance, !(0...1).contains(importance) {
            throw InvalidMemory("importance must be between 0 and 1, got \(importance)")
        }
        if let project, !ProjectScope.isStorable(project) {
            throw InvalidMemory("project must be an absolute directory, got \"\(project)\"")
        }
    }
}

/// Why a memory was refused.
public struct InvalidMemory: Error, Equatable, Sendable, CustomStringConvertible {
    public let reason: String
    public init(_ reason: String) { self.reason = reason }
    public var description: String { reason }
}
