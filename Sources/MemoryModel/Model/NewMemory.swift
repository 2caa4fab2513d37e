/// A short-term memory to be added; what `memctl add` and each import line carry.
package struct NewMemory: Sendable, Equatable {
    /// Largest content accepted, in UTF-8 bytes. Bigger entries are refused rather than
    /// truncated: a memory is stored whole or not at all.
    package static let maximumContentBytes = 4 * 1024 * 1024
    package static let defaultSession = "default"
    /// Who a memory is from when nobody says: the user. A chat's roles are sources too ("user",
    /// "assistant"), so recall takes "I" in a question for `user` and "you" for `assistant`.
    package static let defaultSource = "user"
    /// The assistant's role in a chat, as a source.
    package static let assistantSource = "assistant"

    package var content: String
    package var session: String
    package var source: String
    package var importance: Double?
    /// When it happened; nil means now.
    package var createdAt: Timestamp?
    /// The directory of the project it belongs to, absolute; nil: every project.
    package var project: String?
    /// Where it came from and that origin's id of it, both or neither (`export_origin`,
    /// `export_id`): an import skips a memory whose id is stored already, or was purged.
    package var exportOrigin: String?
    package var exportID: String?
    /// When it was forgotten: a memory `memctl export` wrote as forgotten is imported forgotten.
    package var forgottenAt: Timestamp?

    /// The origins an export id may name: the chat exports, the coding agents, and `memoryd`.
    package static let exportOrigins: Set<String> = [
        "chatgpt", "claude", "claude-code", "codex", "gemini", memorydOrigin,
    ]
    /// The origin `memctl export` gives a memory that came from no other: its id names the
    /// database it was stored in (docs/IMPORT.md, "Exporting").
    package static let memorydOrigin = "memoryd"

    package init(
        content: String, session: String? = nil, source: String? = nil, importance: Double? = nil,
        createdAt: Timestamp? = nil, project: String? = nil, exportOrigin: String? = nil, exportID: String? = nil,
        forgottenAt: Timestamp? = nil
    ) {
        self.project = project
        self.content = content
        self.session = session ?? Self.defaultSession
        self.source = source ?? Self.defaultSource
        self.importance = importance
        self.createdAt = createdAt
        self.exportOrigin = exportOrigin
        self.exportID = exportID
        self.forgottenAt = forgottenAt
    }

    /// Checks what the schema would refuse, with reasons a person can act on.
    package func validate() throws(InvalidMemory) {
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
        if (exportOrigin == nil) != (exportID == nil) { throw InvalidMemory("export_origin and export_id go together") }
        if let exportOrigin, !Self.exportOrigins.contains(exportOrigin) {
            let origins = Self.exportOrigins.sorted().joined(separator: ", ")
            throw InvalidMemory("export_origin must be one of \(origins), got \"\(exportOrigin.prefix(40))\"")
        }
        if exportID?.isEmpty == true { throw InvalidMemory("export_id is empty") }
    }
}

/// Why a memory was refused.
package struct InvalidMemory: Error, Equatable, Sendable, CustomStringConvertible {
    package let reason: String
    package init(_ reason: String) { self.reason = reason }
    package var description: String { reason }
}
