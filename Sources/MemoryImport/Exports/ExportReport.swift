import MemoryModel

/// What an import of a chat export did, or with `--dry-run` would do.
package struct ExportReport: Sendable, Encodable {
    /// A conversation that could not be imported, and why.
    package struct ConversationError: Sendable, Encodable, CustomStringConvertible {
        /// Its place in the export's array, from 1.
        package let conversation: Int
        /// Where it starts in the JSON.
        package let byte: Int
        package let error: String

        package var description: String { "conversation \(conversation) (byte \(byte)): \(error)" }
    }

    package internal(set) var conversations = 0
    /// Messages new to the database (with `--dry-run`: messages that would be imported, before
    /// any already present are known).
    package internal(set) var imported = 0
    /// Messages an earlier import of this or an earlier export already brought in.
    package internal(set) var alreadyPresent = 0
    /// What was left out, by kind (`LeftOut`).
    package internal(set) var skipped = LeftOutCounts()
    /// Conversations skipped with `--skip-invalid`; the first `maximumReportedImportErrors`
    /// are listed in `errors`.
    package internal(set) var invalidConversations = 0
    package internal(set) var errors: [ConversationError] = []
    /// When the earliest and latest message read were said.
    package internal(set) var said = MessageSpan()

    package init() {}

    /// Counts a conversation's messages and what it left out.
    mutating func count(_ conversation: ExportedConversation) {
        conversations += 1
        skipped.add(conversation.leftOut)
        for time in conversation.messages.compactMap(\.createdAt) { said.include(time) }
    }

    /// Counts a conversation that is not one, or throws `ExportRefused` when invalid ones are not
    /// to be skipped.
    mutating func refuse(_ element: ExportFile.Element, _ invalid: InvalidConversation, name: String, skipInvalid: Bool)
        throws(ExportRefused)
    {
        let error = ConversationError(conversation: element.number, byte: element.offset, error: invalid.reason)
        guard skipInvalid else { throw ExportRefused(name: name, error: error) }
        invalidConversations += 1
        if errors.count < maximumReportedImportErrors { errors.append(error) }
    }

    /// Reads the whole export without writing anything, with no database to compare it with:
    /// what `memctl import --dry-run` shows before the first import.
    package static func scan(_ file: sending ExportFile, skipInvalid: Bool) throws -> ExportReport {
        let name = file.name
        let elements = DecodedConversations.reading(file)
        defer { elements.abandon() }
        var report = ExportReport()
        try elements.forEachConversation(into: &report, name: name, skipInvalid: skipInvalid) { conversation, report in
            report.imported += conversation.messages.count
        }
        return report
    }

    private enum CodingKeys: String, CodingKey {
        case conversations, imported
        case alreadyPresent = "already_present"
        case skipped
        case invalidConversations = "invalid_conversations"
        case errors
        case firstMessageAt = "first_message_at"
        case lastMessageAt = "last_message_at"
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(conversations, forKey: .conversations)
        try container.encode(imported, forKey: .imported)
        try container.encode(alreadyPresent, forKey: .alreadyPresent)
        try container.encode(skipped, forKey: .skipped)
        try container.encode(invalidConversations, forKey: .invalidConversations)
        try container.encode(errors, forKey: .errors)
        try container.encode(said.first?.iso8601, forKey: .firstMessageAt)
        try container.encode(said.last?.iso8601, forKey: .lastMessageAt)
    }
}

/// An all-or-nothing import of an export met a conversation it cannot import; nothing was
/// imported.
package struct ExportRefused: Error, Sendable, CustomStringConvertible {
    package let name: String
    package let error: ExportReport.ConversationError
    package var description: String { "\(name): \(error); nothing was imported" }
}
