import JSONReading
import MemoryModel
import SystemSupport

#if canImport(Glibc)
    import Glibc
#endif

/// A Gemini CLI session: `~/.gemini/tmp/<project>/chats/session-*.json`, one JSON document
/// rewritten whole at each change (up to v0.38), or `session-*.jsonl`, appended to (docs/IMPORT.md,
/// "Gemini CLI", has the mapping and its sources).
///
/// The JSON Lines form is read as gemini-cli reads it back: a line with an `id` is a message, and
/// the same id again replaces it where it stands; `{"$rewindTo": ID}` drops that message and every
/// later one (all of them when the id is unknown); `{"$set": {…}}` updates the session's metadata.
/// A `$set` of `messages` (a checkpoint, written at start, on compression, after a rewind) only
/// updates messages already written on lines of their own: a compaction's copies under new ids
/// would otherwise come twice, and what it summarised away would be lost. Since a later line can
/// take back earlier ones, the file is read whole each time; a message memoryd stored before it
/// was rewound is withdrawn (`TranscriptOutput.withdrawn`).
///
/// - What the user typed: `user` messages as typed (`displayContent`, else `content` up to the
///   referenced files' contents), without context the tool injects; tool results are left out.
/// - The assistant's text: `gemini` messages' text without thoughts; empty ones (tool calls only)
///   and compression acknowledgements are left out, as are `info`, `error` and `warning`.
struct GeminiTranscript: TranscriptFormat {
    private let path: String
    private var session: String?
    private var kind: String?
    /// The SHA-256 of the project's directory, and the directories the session worked in.
    private var projectHash: String?
    private var directories: [String] = []
    private var order: [String] = []
    private var records: [String: JSONNode] = [:]
    /// Ids written on lines of their own, not only in a checkpoint.
    private var own: Set<String> = []
    /// Ids of messages that stood on lines of their own and were rewound.
    private var rewound: Set<String> = []
    private var sawMetadata = false

    init(path: String) {
        self.path = path
    }

    var readsWhole: Bool { true }
    var openSince: Int64? { 0 }

    func notATranscript() -> String? {
        sawMetadata ? nil : "is not a Gemini CLI session: no line names its sessionId and projectHash"
    }

    mutating func read(_ line: JSONNode, number: Int, start: Int64, into output: inout TranscriptOutput)
        throws(InvalidTranscriptContent)
    {
        guard line.object != nil else { throw InvalidTranscriptContent("is not a JSON object") }
        if let target = line["$rewindTo"]?.string {
            let from = order.firstIndex(of: target) ?? 0
            for id in order[from...] {
                records[id] = nil
                if own.contains(id) { rewound.insert(id) }
            }
            order.removeSubrange(from...)
        } else if let id = line["id"]?.string {
            if records[id] == nil { order.append(id) }
            records[id] = line
            own.insert(id)
            rewound.remove(id)
        } else if let set = line["$set"], set.object != nil {
            metadata(set)
            for message in set["messages"]?.array ?? [] {
                guard let id = message["id"]?.string else { continue }
                if records[id] == nil { order.append(id) }
                records[id] = message
            }
        } else if line["sessionId"]?.string != nil, line["projectHash"]?.string != nil {
            sawMetadata = true
            metadata(line)
        } else {
            throw InvalidTranscriptContent("is not a Gemini CLI session record (no id, $set, $rewindTo or sessionId)")
        }
    }

    mutating func read(document: JSONNode, into output: inout TranscriptOutput) throws(InvalidTranscriptContent) {
        guard document.object != nil, document["sessionId"]?.string != nil, let messages = document["messages"]?.array
        else {
            throw InvalidTranscriptContent("is not a Gemini CLI session: it has no \"sessionId\" and \"messages\"")
        }
        sawMetadata = true
        metadata(document)
        for message in messages {
            guard let id = message["id"]?.string else { throw InvalidTranscriptContent("has a message without an \"id\"") }
            if records[id] == nil { order.append(id) }
            records[id] = message
            own.insert(id)
        }
    }

    private mutating func metadata(_ node: JSONNode) {
        if let id = node["sessionId"]?.string, !id.isEmpty { session = id }
        if let kind = node["kind"]?.string { self.kind = kind }
        if let hash = node["projectHash"]?.string { projectHash = hash.lowercased() }
        if let listed = node["directories"]?.array { directories = listed.compactMap(\.string) }
    }

    mutating func flush(final: Bool, into output: inout TranscriptOutput) {
        let session = session ?? Self.fileStem(path)
        if kind == "subagent" { return output.leftOut.add(.sidechain, order.count) }
        if let project = Self.projectRoot(of: path, hash: projectHash, directories: directories) {
            output.projects[session] = project
        }
        for id in order where own.contains(id) {
            guard let record = records[id] else { continue }
            message(record, id: id, session: session, into: &output)
        }
        output.withdrawn += rewound.sorted()
    }

    // MARK: - Messages

    private static let referencedFiles = "\n--- Content from referenced files ---"
    private static let injectedParts = ["<hook_context>", "<system_note>", "<loaded_context>", "<session_context>"]
    private static let injectedTurns = [
        "<session_context>", "<hook_context>", "<state_snapshot>", "<loaded_context>",
        "Here is the user's editor context", "Here is a summary of changes in the user's editor context",
        "I ran the following shell command:", "- **Workspace Directories:**",
    ]
    private static let acknowledgements: Set<String> = [
        "Got it. Thanks for the additional context!", "Got it. Thanks for the context!",
    ]

    private func message(_ record: JSONNode, id: String, session: String, into output: inout TranscriptOutput) {
        let time = record["timestamp"]?.string.flatMap { Timestamp(iso8601: $0) }
        switch record["type"]?.string {
        case "user":
            let parts = Self.parts(record["content"])
            if parts.contains(where: { $0["functionResponse"] != nil }) { return output.leftOut.add(.tool) }
            var texts: [String] = []
            if let display = record["displayContent"], !Self.text(of: display).isEmpty {
                texts = [Self.text(of: display)]
            } else {
                for part in parts {
                    if let text = part.string ?? part["text"]?.string {
                        if text == Self.referencedFiles { break }
                        if TranscriptText.starts(text, withAnyOf: Self.injectedParts) {
                            output.leftOut.add(.injected)
                            continue
                        }
                        // A string content (before v0.28) holds the files' contents in the same string.
                        let cut = text.firstRange(of: Self.referencedFiles).map { String(text[..<$0.lowerBound]) }
                        texts.append(cut ?? text)
                        if cut != nil { break }
                    } else if part["inlineData"] != nil || part["fileData"] != nil {
                        output.leftOut.add(.image)
                    } else {
                        output.leftOut.add(.nonText)
                    }
                }
            }
            // Nothing typed: only what the tool put in, or only images (counted above).
            if texts.isEmpty { return }
            let text = texts.joined()
            if TranscriptText.starts(text, withAnyOf: Self.injectedTurns) { return output.leftOut.add(.injected) }
            output.add(
                origin: .gemini, id: Self.storedID(id, record), session: session, source: NewMemory.defaultSource,
                text: text, at: time)
        case "gemini":
            if !(record["thoughts"]?.array ?? []).isEmpty { output.leftOut.add(.thinking) }
            output.leftOut.add(.toolCall, record["toolCalls"]?.array?.count ?? 0)
            let content = record["content"]
            let text =
                content?.string
                ?? Self.parts(content).filter { $0["thought"]?.bool != true }.compactMap { $0["text"]?.string }.joined()
            let trimmed = text.trimmed
            if trimmed.isEmpty || Self.acknowledgements.contains(trimmed) { return }
            output.add(
                origin: .gemini, id: Self.storedID(id, record), session: session, source: NewMemory.assistantSource,
                text: text, at: time)
        default:
            output.leftOut.add(.system)
        }
    }

    /// The id a message is stored under: its own, or, for one written with an empty id (which
    /// gemini-cli would read as any other), its time and text, as for a tool that gives none.
    private static func storedID(_ id: String, _ record: JSONNode) -> (String) -> String {
        guard id.isEmpty else { return { _ in id } }
        let time = record["timestamp"]?.string
        return { TranscriptText.contentID("gemini", time: time, text: $0) }
    }

    /// A content's parts: a string is one part.
    private static func parts(_ content: JSONNode?) -> [JSONNode] {
        if let content, content.string != nil { return [content] }
        if let parts = content?.array { return parts }
        if let content, content.object != nil { return [content] }
        return []
    }

    private static func text(of content: JSONNode) -> String {
        parts(content).compactMap { $0.string ?? $0["text"]?.string }.joined()
    }

    // MARK: - The project

    /// The project directory of a session in `tmp/<project>/chats/`: what `tmp/<project>/.project_root`
    /// says (gemini-cli 0.29 on), else `~/.gemini/projects.json` read backwards. Older directories
    /// are named by the SHA-256 of the path (`projectHash`): then the path is the one of
    /// projects.json's and the session's own directories whose hash it is, if any.
    static func projectRoot(of path: String, hash: String? = nil, directories: [String] = []) -> String? {
        var components = path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard components.count >= 3, components[components.count - 2] == "chats" else { return nil }
        components.removeLast(2)
        let projectDirectory = components.joined(separator: "/")
        if let root = readSmallFile(projectDirectory + "/.project_root")?.trimmed, root.hasPrefix("/") { return root }
        let slug = components.last ?? ""
        components.removeLast(2)
        var projects: [(key: String, value: JSONNode)] = []
        if let text = readSmallFile(components.joined(separator: "/") + "/projects.json"),
            let registry = try? Array(text.utf8).withUnsafeBufferPointer({ bytes in
                try JSONArrayReader.value(of: bytes, name: "projects.json")
            })
        {
            projects = registry["projects"]?.object ?? []
        }
        if let named = projects.first(where: { $0.value.string == slug })?.key { return named }
        guard let hash, hash.count == 64 else { return nil }
        return (projects.map { $0.key } + directories).first { SHA256.hex($0) == hash }
    }

    private static func readSmallFile(_ path: String) -> String? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        return (try? StandardStream.readAll(descriptor)).flatMap { String(validating: $0, as: UTF8.self) }
    }

    static func fileStem(_ path: String) -> String {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        return String(name.prefix { $0 != "." })
    }
}
