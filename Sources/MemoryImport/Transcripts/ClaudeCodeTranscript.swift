import JSONReading
import MemoryModel

/// A Claude Code session: `~/.claude/projects/<directory>/<session>.jsonl`, one JSON object a
/// line (docs/IMPORT.md, "Claude Code", has the mapping and its sources).
///
/// - What the user typed: `user` lines that are not the tool's own (`isMeta`, a compaction's
///   summary, tool results), without the context the tool puts in them (`<system-reminder>`, IDE
///   selections) and without slash commands, shell commands and what they printed. A message
///   typed while Claude was busy and read into the running turn is written only as a
///   `queue-operation` (`enqueue`, then `remove`) and, in newer versions, a `queued_command`
///   attachment on the line after the `remove`, which then says whether a person or a tool sent
///   it: it is taken once. One that waited for its own turn (`dequeue`) also appears as a `user`
///   line and is taken from that.
/// - The assistant's text: the `text` blocks of `assistant` lines. One reply is written as a line
///   per content block, each with the reply's `message.id`: they become one memory.
/// - Left out: tool calls and results, thinking, system lines, sub-agents (`isSidechain`),
///   compaction summaries, images.
///
/// Ids: a reply keeps its `message.id`; a typed message is named by its time and its redacted
/// text (`TranscriptText.contentID`), so that a copy of it (a resumed session's carried-over
/// lines, a compaction's replay under a new uuid) is stored once.
struct ClaudeCodeTranscript: TranscriptFormat {
    private let fileSession: String
    /// The reply being read: its lines may go on.
    private var reply: Reply?
    /// Messages typed while the agent was busy, not yet sent or taken back.
    private var queued: [Queued] = []
    /// One read into the running turn (`remove`), until the next line says whether a
    /// `queued_command` attachment tells more of it: whether a person or a tool sent it.
    private var absorbed: Queued?
    private var sawConversation = false
    private var lineCount = 0

    private struct Reply {
        let id: String
        let session: String
        let time: Timestamp?
        let start: Int64
        var pieces: [String] = []
    }

    private struct Queued {
        let text: String
        let time: String?
        let session: String
        let start: Int64
    }

    init(path: String) {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        fileSession = name.hasSuffix(".jsonl") ? String(name.dropLast(".jsonl".count)) : name
    }

    var openSince: Int64? {
        [reply?.start, queued.first?.start, absorbed?.start].compactMap { $0 }.min()
    }

    func notATranscript() -> String? {
        guard lineCount > 0, !sawConversation else { return nil }
        return "is not a Claude Code transcript: no line is of a kind Claude Code writes"
    }

    mutating func read(document: JSONNode, into output: inout TranscriptOutput) throws(InvalidTranscriptContent) {
        throw InvalidTranscriptContent("is not a Claude Code transcript, which is JSON Lines")
    }

    mutating func read(_ line: JSONNode, number: Int, start: Int64, into output: inout TranscriptOutput)
        throws(InvalidTranscriptContent)
    {
        guard line.object != nil else { throw InvalidTranscriptContent("is not a JSON object") }
        guard let type = line["type"]?.string else {
            throw InvalidTranscriptContent("has no \"type\"; a Claude Code transcript line always has one")
        }
        lineCount += 1
        let session = line["sessionId"]?.string.flatMap { $0.isEmpty ? nil : $0 } ?? fileSession
        if Self.knownTypes.contains(type) || type.hasPrefix("workflow-") { sawConversation = true }
        // A message read into the running turn is said by a person unless the attachment that
        // follows its `remove` says otherwise.
        if let message = absorbed, !(type == "attachment" && line["attachment"]?["type"]?.string == "queued_command") {
            absorbed = nil
            addQueued(message.text, time: message.time, session: message.session, into: &output)
        }
        if let directory = line["cwd"]?.string, directory.hasPrefix("/") { output.projects[session] = directory }
        switch type {
        case "user":
            guard line["isSidechain"]?.bool != true else { return output.leftOut.add(.sidechain) }
            typed(line, session: session, into: &output)
        case "assistant":
            guard line["isSidechain"]?.bool != true else { return output.leftOut.add(.sidechain) }
            assistant(line, session: session, start: start, into: &output)
        case "attachment":
            attachment(line, session: session, into: &output)
        case "queue-operation":
            queueOperation(line, session: session, start: start, into: &output)
        case "system":
            output.leftOut.add(.system)
        default:
            // summaries, file-history snapshots, progress, titles, and kinds newer versions add
            break
        }
    }

    mutating func flush(final: Bool, into output: inout TranscriptOutput) {
        if let reply { emit(reply, into: &output) }
        if final {
            if let message = absorbed { addQueued(message.text, time: message.time, session: message.session, into: &output) }
            absorbed = nil
            reply = nil
            output.leftOut.add(.unsent, queued.count)
            queued = []
        }
    }

    // MARK: - What the user typed

    /// Spans of context the tool puts into a user turn, wherever they are.
    private static let injectedSpans = [
        "system-reminder", "ide_opened_file", "ide_selection", "post-tool-use-hook", "ide_diagnostics",
    ]
    /// A text block that starts so is a slash or shell command, or what one printed.
    private static let commandMarkers = [
        "<command-name>", "<command-message>", "<command-args>", "<command-contents>", "<local-command-stdout>",
        "<local-command-stderr>", "<local-command-caveat>", "Caveat: The messages below were generated by the user",
        "<bash-input>", "<bash-stdout>", "<bash-stderr>", "<user-memory-input>",
    ]
    /// A text block that starts so is the tool's, not the user's.
    private static let injectedMarkers = [
        "<task-notification>", "<user-prompt-submit-hook>", "<teammate-message", "<cross-session-message",
        "[Request interrupted by user", "Stop hook feedback:", "<system-reminder>",
    ]
    private static let compactionMarker = "This session is being continued from a previous conversation"
    /// The kinds of line Claude Code writes: a file of none of them is not its transcript (one of
    /// only summaries or snapshots, as older versions left behind, is, with no message).
    private static let knownTypes: Set<String> = [
        "user", "assistant", "system", "summary", "file-history-snapshot", "queue-operation", "attachment", "progress",
        "custom-title", "ai-title", "agent-name", "agent-setting", "permission-mode", "mode", "pr-link", "last-prompt",
        "bridge-session", "tag", "fork-context-ref", "rewind-pointer", "turn_end",
    ]

    private mutating func typed(_ line: JSONNode, session: String, into output: inout TranscriptOutput) {
        sawConversation = true
        if line["isCompactSummary"]?.bool == true { return output.leftOut.add(.compaction) }
        if line["isMeta"]?.bool == true || line["isVisibleInTranscriptOnly"]?.bool == true {
            return output.leftOut.add(.injected)
        }
        let content = line["message"]?["content"]
        var blocks: [String] = []
        if let text = content?.string {
            blocks = [text]
        } else if let parts = content?.array {
            for part in parts {
                switch part["type"]?.string {
                case "text": if let text = part["text"]?.string { blocks.append(text) }
                case "tool_result": output.leftOut.add(.tool)
                case "image": output.leftOut.add(.image)
                default: output.leftOut.add(.nonText)
                }
            }
            // A tool result's line is the tool's: text beside it is the harness's too.
            if parts.contains(where: { $0["type"]?.string == "tool_result" }) { return }
        }
        var kept: [String] = []
        for block in blocks {
            let (text, cut) = TranscriptText.removingSpans(of: Self.injectedSpans, from: block)
            if cut { output.leftOut.add(.injected) }
            if TranscriptText.starts(text, withAnyOf: Self.commandMarkers) {
                output.leftOut.add(.command)
            } else if TranscriptText.starts(text, withAnyOf: Self.injectedMarkers) {
                output.leftOut.add(.injected)
            } else if TranscriptText.starts(text, withAnyOf: [Self.compactionMarker]) {
                output.leftOut.add(.compaction)
            } else if !text.allSatisfy(\.isWhitespace) {
                kept.append(text)
            }
        }
        guard !kept.isEmpty else { return }
        let text = kept.joined(separator: "\n\n")
        closeReply(into: &output)
        addTyped(text, time: line["timestamp"]?.string, session: session, into: &output)
    }

    private func addTyped(_ text: String, time: String?, session: String, into output: inout TranscriptOutput) {
        output.add(
            origin: .claudeCode, id: { TranscriptText.contentID("user", time: time, text: $0) }, session: session,
            source: NewMemory.defaultSource, text: text, at: time.flatMap { Timestamp(iso8601: $0) })
    }

    // MARK: - Typed while the agent was busy

    private mutating func queueOperation(
        _ line: JSONNode, session: String, start: Int64, into output: inout TranscriptOutput
    ) {
        let time = line["timestamp"]?.string
        switch line["operation"]?.string {
        case "enqueue":
            queued.append(Queued(text: Self.text(of: line["content"]), time: time, session: session, start: start))
        case "dequeue":
            // It runs as a turn of its own, written as a user line: taken from there.
            if !queued.isEmpty { queued.removeFirst() }
        case "remove":
            // Read into the running turn: this is the only place (with a queued_command attachment)
            // that says what the user typed.
            let said = Self.text(of: line["content"])
            guard let index = queued.firstIndex(where: { said.isEmpty || $0.text == said }) else { return }
            absorbed = queued.remove(at: index)
        case "popAll":
            // Taken back into the prompt to edit: whatever is sent again comes again.
            output.leftOut.add(.unsent, queued.count)
            queued.removeAll()
        default:
            break
        }
    }

    private mutating func attachment(_ line: JSONNode, session: String, into output: inout TranscriptOutput) {
        guard let attachment = line["attachment"], attachment["type"]?.string == "queued_command" else {
            return output.leftOut.add(.injected)
        }
        // The `remove` just before was this message: the attachment says who sent it.
        absorbed = nil
        let mode = attachment["commandMode"]?.string ?? "prompt"
        let origin = attachment["origin"]?.string ?? attachment["origin"]?["kind"]?.string ?? "human"
        guard mode == "prompt", origin == "human" else { return output.leftOut.add(.injected) }
        addQueued(Self.text(of: attachment["prompt"]), time: line["timestamp"]?.string, session: session, into: &output)
    }

    /// A message typed while the agent was busy; one from a tool (a notification) is the tool's.
    private mutating func addQueued(_ text: String, time: String?, session: String, into output: inout TranscriptOutput)
    {
        guard !text.allSatisfy(\.isWhitespace) else { return }
        if TranscriptText.starts(text, withAnyOf: ["<"]) { return output.leftOut.add(.injected) }
        sawConversation = true
        addTyped(text, time: time, session: session, into: &output)
    }

    /// A string, or the text blocks of an array of blocks.
    private static func text(of node: JSONNode?) -> String {
        if let text = node?.string { return text }
        return (node?.array ?? []).compactMap { $0.string ?? ($0["type"]?.string == "text" ? $0["text"]?.string : nil) }
            .joined(separator: "\n\n")
    }

    // MARK: - The assistant's replies

    private mutating func assistant(
        _ line: JSONNode, session: String, start: Int64, into output: inout TranscriptOutput
    ) {
        sawConversation = true
        let message = line["message"]
        if message?["model"]?.string == "<synthetic>" || line["isApiErrorMessage"]?.bool == true {
            return output.leftOut.add(.system)
        }
        guard let id = message?["id"]?.string ?? line["uuid"]?.string else { return output.leftOut.add(.empty) }
        if reply?.id != id {
            closeReply(into: &output)
            reply = Reply(
                id: id, session: session, time: line["timestamp"]?.string.flatMap { Timestamp(iso8601: $0) }, start: start)
        }
        let content = message?["content"]
        if let text = content?.string { reply?.pieces.append(text) }
        for block in content?.array ?? [] {
            switch block["type"]?.string {
            case "text": if let text = block["text"]?.string { reply?.pieces.append(text) }
            case "thinking", "redacted_thinking": output.leftOut.add(.thinking)
            case "tool_use", "server_tool_use", "web_search_tool_result", "mcp_tool_use", "mcp_tool_result":
                output.leftOut.add(.toolCall)
            case "image": output.leftOut.add(.image)
            default: output.leftOut.add(.nonText)
            }
        }
    }

    private mutating func closeReply(into output: inout TranscriptOutput) {
        guard let reply else { return }
        emit(reply, into: &output)
        self.reply = nil
    }

    private func emit(_ reply: Reply, into output: inout TranscriptOutput) {
        guard !reply.pieces.isEmpty else { return }
        output.add(
            origin: .claudeCode, id: reply.id, session: reply.session, source: NewMemory.assistantSource,
            text: reply.pieces.joined(separator: "\n\n"), at: reply.time)
    }
}
