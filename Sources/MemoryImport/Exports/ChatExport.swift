import JSONReading
import MemoryModel

/// The data exports memoryd imports: what ChatGPT and Claude hand a user who asks for their data.
/// Each is a `conversations.json` holding one JSON array of conversations; docs/SCHEMA.md, "Chat
/// exports", has the mapping.
package enum ExportFormat: String, CaseIterable, Sendable {
    case chatgpt
    case claude

    /// The name people know it by.
    package var displayName: String {
        switch self {
        case .chatgpt: "ChatGPT"
        case .claude: "Claude"
        }
    }

    /// One element of the export's array as memoryd imports it. Throws when it is not a
    /// conversation of this format.
    package func conversation(_ node: JSONNode) throws(InvalidConversation) -> ExportedConversation {
        switch self {
        case .chatgpt: try ChatGPTExport.conversation(node)
        case .claude: try ClaudeExport.conversation(node)
        }
    }
}

/// A conversation of an export: its messages in the order they were said, and how many of each
/// kind of thing were left out.
package struct ExportedConversation: Sendable {
    package let origin: String
    package let id: String
    package let title: String?
    package var messages: [ImportedMessage] = []
    package var leftOut = LeftOutCounts()

    package init(origin: String, id: String, title: String?) {
        self.origin = origin
        self.id = id
        self.title = title
    }
}

/// What an import leaves out, and why.
package enum LeftOut: String, CaseIterable, Sendable, Codable {
    /// Messages of the system: instructions the service put before the conversation.
    case system
    /// Messages of tools (code output, web pages read, image tools), and Claude's tool blocks.
    case tool
    /// Messages the service does not show in the conversation (`is_visually_hidden_from_conversation`).
    case hidden
    /// Assistant messages addressed to a tool (code sent to python, an image prompt), not to the user.
    case toolCall = "tool_call"
    /// The model's thinking: ChatGPT's `thoughts` and `reasoning_recap`, Claude's `thinking` blocks.
    case thinking
    /// Images (ChatGPT's image parts, Claude's files).
    case image
    /// Other parts that are not text (code-interpreter output, web-browsing displays, quotes, …).
    case nonText = "non_text"
    /// Messages with no text left.
    case empty
    /// Messages longer than a memory may be (4 MiB).
    case tooLong = "too_long"
    /// Messages of branches the user did not last see: regenerated answers, edited-away prompts.
    case otherBranch = "other_branch"
    /// Context a coding agent puts into a user turn: reminders, environment, AGENTS.md or
    /// CLAUDE.md instructions, IDE selections, hook output, notifications.
    case injected
    /// Slash commands, shell commands run from the prompt, and what they printed.
    case command
    /// Sub-agents' conversations (Claude Code's sidechains).
    case sidechain
    /// The summaries a coding agent writes when it compacts a long session.
    case compaction
    /// Messages typed while the agent was busy and taken back before it read them.
    case unsent
}

/// When the earliest and the latest of the messages read were said.
package struct MessageSpan: Sendable, Equatable {
    package private(set) var first: Timestamp?
    package private(set) var last: Timestamp?

    package init() {}

    mutating func include(_ time: Timestamp) {
        if first.map({ time < $0 }) ?? true { first = time }
        if last.map({ $0 < time }) ?? true { last = time }
    }

    mutating func include(_ other: MessageSpan) {
        for time in [other.first, other.last].compactMap({ $0 }) { include(time) }
    }
}

/// How many of each kind were left out; encoded as an object of the kinds that occurred.
package struct LeftOutCounts: Sendable, Equatable, Encodable {
    package private(set) var counts: [LeftOut: Int] = [:]

    package init() {}

    package mutating func add(_ kind: LeftOut, _ count: Int = 1) {
        guard count > 0 else { return }
        counts[kind, default: 0] += count
    }

    package mutating func add(_ other: LeftOutCounts) {
        for (kind, count) in other.counts { add(kind, count) }
    }

    package subscript(kind: LeftOut) -> Int { counts[kind] ?? 0 }

    package var total: Int { counts.values.reduce(0, +) }

    /// By name, in `LeftOut`'s order, only the kinds that occurred.
    package var named: [(name: String, count: Int)] {
        LeftOut.allCases.compactMap { kind in counts[kind].map { (kind.rawValue, $0) } }
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(Dictionary(uniqueKeysWithValues: named.map { ($0.name, $0.count) }))
    }
}

/// Why an element of an export is not a conversation memoryd can import.
package struct InvalidConversation: Error, Equatable, Sendable, CustomStringConvertible {
    package let reason: String
    package init(_ reason: String) { self.reason = reason }
    package var description: String { reason }
}

extension ExportedConversation {
    /// Adds a message, its text trimmed, or counts why it is left out: no text, or more than a
    /// memory may hold. A message whose only parts were left out (an image, thinking, a tool call)
    /// was counted as those parts, not again as empty.
    mutating func append(id: String, source: String, text: String, createdAt: Timestamp?, partsLeftOut: Bool) {
        let content = text.trimmed
        if content.isEmpty {
            if !partsLeftOut { leftOut.add(.empty) }
            return
        }
        if content.utf8.count > NewMemory.maximumContentBytes { return leftOut.add(.tooLong) }
        messages.append(
            ImportedMessage(origin: origin, id: id, session: self.id, source: source, content: content, createdAt: createdAt))
    }
}

extension Timestamp {
    /// A time given as seconds since 1970 (ChatGPT's `create_time`); nil when out of range.
    init?(secondsSince1970 seconds: Double) {
        guard seconds.isFinite, abs(seconds) < 1e13 else { return nil }
        let time = Timestamp(millisecondsSince1970: Int64((seconds * 1000).rounded()))
        guard Self.range.contains(time) else { return nil }
        self = time
    }
}
