import JSONReading
import MemoryModel

/// A chat export to import, read one conversation at a time in bounded memory: its
/// `conversations.json`, or the export's `.zip` with `conversations.json` inside.
package final class ExportFile {
    /// One element of the export's array: its number (from 1), where it starts in the JSON, and
    /// the conversation it holds or why it is not one.
    package struct Element: Sendable {
        package let number: Int
        package let offset: Int
        package let conversation: Result<ExportedConversation, InvalidConversation>
    }

    package let format: ExportFormat
    /// What errors name: the file, or the archive and the file inside it.
    package let name: String
    private let reader: JSONArrayReader
    private var count = 0

    package init(source: ByteSource, name: String, format: ExportFormat) {
        self.format = format
        self.name = name
        reader = JSONArrayReader(source, name: name)
    }

    /// Opens `path`: a zip archive (a data export as downloaded) is read from its
    /// `conversations.json`, anything else as the JSON itself.
    package static func open(path: String, format: ExportFormat) throws -> ExportFile {
        if ZipArchive.isZip(path: path) {
            let archive = try ZipArchive(path: path)
            let entry = try archive.conversationsEntry()
            return ExportFile(
                source: try archive.open(entry), name: "\(path) (\(entry.name))", format: format)
        }
        return ExportFile(source: try FileByteSource(path: path), name: path, format: format)
    }

    /// The next element; nil after the last. Throws when the file is not JSON, is cut short, or
    /// cannot be read: nothing of such a file can be trusted.
    package func next() throws -> Element? {
        guard let node = try reader.next() else { return nil }
        count += 1
        return Element(
            number: count, offset: reader.offset,
            conversation: Result { () throws(InvalidConversation) in try format.conversation(node) })
    }
}

/// The conversations of an export, read, parsed and mapped on a thread of their own and handed to
/// the store in chunks of about `chunkMessages` messages: the store inserts one chunk while the
/// next is parsed.
enum DecodedConversations {
    static let chunkMessages = 2_048
    static let queued = 4

    /// Starts reading `file` on a new thread; from here on only that thread uses it.
    static func reading(_ file: sending ExportFile) -> ChunkQueue<[ExportFile.Element]> {
        nonisolated(unsafe) let file = file
        return ChunkQueue(capacity: queued, thread: "memory-import") { queue in
            var chunk: [ExportFile.Element] = []
            var messages = 0
            while let element = try file.next() {
                chunk.append(element)
                messages += 1 + ((try? element.conversation.get())?.messages.count ?? 0)
                if messages >= chunkMessages {
                    try queue.put(chunk)
                    chunk = []
                    messages = 0
                }
            }
            if !chunk.isEmpty { try queue.put(chunk) }
        }
    }
}

extension ChunkQueue where Chunk == [ExportFile.Element] {
    /// Calls `body` with each conversation, in order, once `report` has counted it; an element
    /// that is not a conversation is refused (`ExportRefused`) or, with `skipInvalid`, reported.
    func forEachConversation(
        into report: inout ExportReport, name: String, skipInvalid: Bool,
        _ body: (ExportedConversation, inout ExportReport) throws -> Void
    ) throws {
        while let chunk = try next() {
            for element in chunk {
                switch element.conversation {
                case .success(let conversation):
                    report.count(conversation)
                    try body(conversation, &report)
                case .failure(let invalid):
                    try report.refuse(element, invalid, name: name, skipInvalid: skipInvalid)
                }
            }
        }
    }
}
