import JSONReading
import MemoryModel

/// What one tool's transcript says, line by line: the messages the user typed and the
/// assistant's replies, the directory each session ran in, and what was left out.
protocol TranscriptFormat {
    /// One complete line of a JSON Lines transcript, parsed; `start` is where it begins in the file.
    mutating func read(_ line: JSONNode, number: Int, start: Int64, into output: inout TranscriptOutput)
        throws(InvalidTranscriptContent)

    /// A whole JSON transcript (`TranscriptLayout.document`).
    mutating func read(document: JSONNode, into output: inout TranscriptOutput) throws(InvalidTranscriptContent)

    /// Hands over what is still open (a reply whose next part may follow, a rewindable
    /// conversation): closed for good when `final` (an import's end), as it stands otherwise.
    mutating func flush(final: Bool, into output: inout TranscriptOutput)

    /// Where the earliest line of what is still open begins: a later read must start there again
    /// to see it whole. Nil when nothing is open.
    var openSince: Int64? { get }

    /// Whether the transcript is read from its first line every time (a format in which a later
    /// line can take back an earlier one).
    var readsWhole: Bool { get }

    /// Whether reading from the middle needs the first line first (where the session is named).
    var needsFirstLine: Bool { get }

    /// After the whole file: why it is not a transcript of this tool, if nothing in it said it was.
    func notATranscript() -> String?
}

extension TranscriptFormat {
    var readsWhole: Bool { false }
    var needsFirstLine: Bool { false }
    var openSince: Int64? { nil }
    mutating func flush(final: Bool, into output: inout TranscriptOutput) {}
}

/// What a read of a transcript found.
package struct TranscriptOutput: Sendable {
    package var messages: [ImportedMessage] = []
    /// The directory each session ran in.
    package var projects: [String: String] = [:]
    package var leftOut = LeftOutCounts()
    /// Ids of messages the transcript took back (a Gemini CLI rewind): one stored from an earlier
    /// read is withdrawn.
    package var withdrawn: [String] = []

    /// Adds a message: its text without private parts and credentials (`Redaction`), trimmed;
    /// counted as empty or too long instead where it must be.
    mutating func add(
        origin tool: TranscriptTool, id: String, session: String, source: String, text: String, at time: Timestamp?
    ) {
        add(origin: tool, id: { _ in id }, session: session, source: source, text: text, at: time)
    }

    /// The same, for a message named by what it says: `id` is given the stored text, so that an id
    /// never holds what was redacted (a hash of a short private part could be searched for).
    mutating func add(
        origin tool: TranscriptTool, id: (String) -> String, session: String, source: String, text: String,
        at time: Timestamp?
    ) {
        let content = Redaction.apply(text).trimmed
        if content.isEmpty { return leftOut.add(.empty) }
        if content.utf8.count > NewMemory.maximumContentBytes { return leftOut.add(.tooLong) }
        messages.append(
            ImportedMessage(
                origin: tool.rawValue, id: id(content), session: session, source: source, content: content,
                createdAt: time))
    }
}

/// Why a line or a document is not what the tool writes.
struct InvalidTranscriptContent: Error {
    let reason: String
    init(_ reason: String) { self.reason = reason }
}

/// A transcript that cannot be read: the file, the line or byte, and why. Nothing of the file is
/// imported.
package struct InvalidTranscript: Error, Sendable, Equatable, CustomStringConvertible {
    package let path: String
    /// The line's number, when the file was read from its start.
    package let line: Int?
    /// Where the line starts in the file.
    package let byte: Int64
    package let reason: String

    package var description: String { "\(path): \(place)" }

    /// Where and what, without the path: "line 7: is not JSON: …".
    package var place: String {
        if let line { return "line \(line): \(reason)" }
        return byte > 0 ? "at byte \(byte): \(reason)" : reason
    }
}
