import MemoryModel
import MemoryStorage

extension ExportFile {
    /// Imports the export into `store`, one short-term memory per message, in one transaction.
    ///
    /// A message keeps its export id (`export_origin`, `export_id`, unique together), so a message
    /// already in the database, from an earlier import of this or an earlier export, is counted as
    /// already present and not added again. Each conversation's title is kept by session.
    ///
    /// All-or-nothing: a file that is not JSON, is cut short or cannot be read throws, and so does
    /// the first element that is not a conversation of the format unless `skipInvalid`; then
    /// nothing is kept. Messages without a time get the time the import started.
    package static func importing(_ file: sending ExportFile, into store: MemoryStore, skipInvalid: Bool) async throws
        -> ExportReport
    {
        let startedAt = Timestamp.now
        let origin = file.format.rawValue
        let name = file.name
        let elements = DecodedConversations.reading(file)
        defer { elements.abandon() }
        return try await store.importing { writer in
            var report = ExportReport()
            try elements.forEachConversation(into: &report, name: name, skipInvalid: skipInvalid) { conversation, _ in
                for message in conversation.messages { try writer.insert(message, createdAt: startedAt) }
                if let title = conversation.title { try writer.setTitle(title, session: conversation.id, origin: origin) }
            }
            try writer.flush()
            report.imported = writer.messagesInserted
            report.alreadyPresent = writer.messagesAlreadyPresent
            return report
        }
    }

    /// What importing `file` would do, writing nothing: `imported` counts the messages that are
    /// not in the database yet (nor purged from it), `alreadyPresent` the others.
    package static func dryRun(_ file: sending ExportFile, against store: MemoryStore, skipInvalid: Bool) async throws
        -> ExportReport
    {
        let name = file.name
        let elements = DecodedConversations.reading(file)
        defer { elements.abandon() }
        return try await store.lookingUpImports { lookup in
            var report = ExportReport()
            try elements.forEachConversation(into: &report, name: name, skipInvalid: skipInvalid) {
                conversation, report in
                for message in conversation.messages {
                    if try lookup.isStored(origin: message.origin, id: message.id) {
                        report.alreadyPresent += 1
                    } else {
                        report.imported += 1
                    }
                }
            }
            return report
        }
    }
}
