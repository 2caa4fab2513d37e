import JSONReading
import MemoryModel

/// A Codex CLI session: `$CODEX_HOME/sessions/YYYY/MM/DD/rollout-<time>-<session>.jsonl`, one
/// JSON object a line (docs/IMPORT.md, "Codex CLI", has the mapping and its sources).
///
/// Today's rollouts wrap each line as `{"timestamp", "type", "payload"}`: `session_meta` names
/// the session and its directory, `response_item` is what went to and came from the model, and
/// `event_msg` what the user saw. Every message is written twice, as a `response_item` and as an
/// `event_msg` (`user_message`, `agent_message`): the events are read, since the model's items
/// also carry what Codex injects (AGENTS.md, the environment, the permissions, shell output) and
/// a compaction's summary. A rollout without such events (older versions, and the earlier format
/// whose lines are bare items after a first line of session metadata) is read from its items,
/// without what Codex injects. A forked session starts with a copy of its parent's lines, written
/// at once (up to `thread_settings_applied`, or within `copyWindow` of its first line): those are
/// the parent's, and are left out.
///
/// Codex gives messages no ids: each is named by its line's time and its text.
struct CodexTranscript: TranscriptFormat {
    private enum Mode { case undecided, events, items }

    private let fileSession: String
    private var session: String?
    private var mode = Mode.undecided
    /// Bare items after a metadata line (the format before the wrapped lines).
    private var bare = false
    /// Items read before the file showed whether it has events.
    private var pending: [(source: String, text: String, time: String?, start: Int64)] = []
    /// A fork's copy of its parent: written at once, right after the fork's first line (whose time
    /// this is), and ended by `thread_settings_applied` where Codex writes one.
    private var copiedSince: Timestamp?
    /// How long after a fork's first line its copy may still be written; a person's first message
    /// in the fork comes later than this.
    static let copyWindow: Duration = .seconds(2)
    private var sawMetadata = false
    private var previousType: String?
    /// The session's start, for items that carry no time of their own (the bare format).
    private var sessionTime: String?
    /// How often each message of a bare item was said, so that the same words said twice are two.
    private var repeats: [String: Int] = [:]

    init(path: String) {
        fileSession = Self.sessionID(inFileName: path)
    }

    var needsFirstLine: Bool { true }
    var openSince: Int64? { pending.first?.start }

    func notATranscript() -> String? {
        sawMetadata ? nil : "is not a Codex CLI rollout: its first line is not the session's metadata"
    }

    mutating func read(_ line: JSONNode, number: Int, start: Int64, into output: inout TranscriptOutput)
        throws(InvalidTranscriptContent)
    {
        guard line.object != nil else { throw InvalidTranscriptContent("is not a JSON object") }
        if start == 0 {
            try first(line, into: &output)
            return
        }
        guard sawMetadata else { return }
        if bare { return item(line, time: nil, start: start, into: &output) }
        guard let type = line["type"]?.string, let payload = line["payload"] else {
            if line["record_type"] != nil { return }
            throw InvalidTranscriptContent("is not a Codex CLI rollout line: it has no \"type\" and \"payload\"")
        }
        let time = line["timestamp"]?.string
        if let copied = copiedSince {
            // The copy ends where the fork's own settings are applied (2026 on), or else with the
            // first line written later than the copy can be.
            if type == "event_msg", payload["type"]?.string == "thread_settings_applied" {
                copiedSince = nil
                return
            }
            let written = time.flatMap { Timestamp(iso8601: $0) }
            if let written, written.millisecondsSince1970 - copied.millisecondsSince1970
                <= Self.copyWindow.components.seconds * 1000
            {
                return
            }
            copiedSince = nil
        }
        defer { previousType = type == "event_msg" ? payload["type"]?.string ?? type : type }
        switch type {
        case "session_meta":
            meta(payload, into: &output)
        case "turn_context":
            if let directory = payload["cwd"]?.string, directory.hasPrefix("/"), output.projects[currentSession] == nil {
                output.projects[currentSession] = directory
            }
        case "response_item":
            item(payload, time: time, start: start, into: &output)
        case "event_msg":
            event(payload, time: time, into: &output)
        case "compacted":
            output.leftOut.add(.compaction)
        default:
            break
        }
    }

    mutating func read(document: JSONNode, into output: inout TranscriptOutput) throws(InvalidTranscriptContent) {
        // The first Codex CLI (TypeScript) wrote a rollout as one document: {session, items}.
        guard let meta = document["session"], meta.object != nil, let items = document["items"]?.array else {
            throw InvalidTranscriptContent("is not a Codex CLI rollout: it has no \"session\" and \"items\"")
        }
        sawMetadata = true
        bare = true
        if let id = meta["id"]?.string, !id.isEmpty { session = id }
        sessionTime = meta["timestamp"]?.string
        for item in items { self.item(item, time: nil, start: 1, into: &output) }
        mode = .items
    }

    mutating func flush(final: Bool, into output: inout TranscriptOutput) {
        if final || mode == .items { emitPending(into: &output) }
    }

    private var currentSession: String { session ?? fileSession }

    // MARK: - Lines

    private mutating func first(_ line: JSONNode, into output: inout TranscriptOutput) throws(InvalidTranscriptContent) {
        if line["type"]?.string == "session_meta", let payload = line["payload"] {
            sawMetadata = true
            meta(payload, into: &output)
            // A fork's first lines copy its parent's.
            if payload["forked_from_id"]?.string != nil, let time = line["timestamp"]?.string {
                copiedSince = Timestamp(iso8601: time)
            }
        } else if line["payload"] == nil, line["id"]?.string != nil, line["timestamp"] != nil {
            // Before the wrapped lines: session metadata, then bare items.
            sawMetadata = true
            bare = true
            mode = .items
            if let id = line["id"]?.string, !id.isEmpty { session = id }
            sessionTime = line["timestamp"]?.string
        } else {
            throw InvalidTranscriptContent("is not a Codex CLI rollout: its first line is not the session's metadata")
        }
    }

    private mutating func meta(_ payload: JSONNode, into output: inout TranscriptOutput) {
        if session == nil, let id = payload["id"]?.string, !id.isEmpty { session = id }
        if let directory = payload["cwd"]?.string, directory.hasPrefix("/") { output.projects[currentSession] = directory }
    }

    /// Text Codex puts in a user item, not typed: instructions, the environment, shell commands.
    private static let injected = [
        "<user_instructions>", "# agents.md instructions", "<environment_context>", "<user_shell_command>",
        "<turn_aborted>", "<subagent_notification>", "<codex_internal_context", "<goal_context>",
        "<recommended_plugins>", "<skill>", "<user_action>", "<hook_prompt", "<permissions instructions>",
        "warning: your account was flagged", "warning: the maximum number of unified exec processes",
        "warning: apply_patch was requested via ",
    ]
    private static let compactionSummary = "Another language model started to solve this problem and produced a summary"

    private mutating func item(_ item: JSONNode, time: String?, start: Int64, into output: inout TranscriptOutput) {
        switch item["type"]?.string {
        case "message":
            let content = item["content"]?.array ?? []
            switch item["role"]?.string {
            case "user":
                var texts: [String] = []
                for part in content {
                    switch part["type"]?.string {
                    case "input_text": if let text = part["text"]?.string { texts.append(text) }
                    case "input_image": output.leftOut.add(.image)
                    default: output.leftOut.add(.nonText)
                    }
                }
                if texts.contains(where: { Self.isInjected($0) }) { return output.leftOut.add(.injected) }
                if texts.contains(where: { $0.hasPrefix(Self.compactionSummary) }) {
                    return output.leftOut.add(.compaction)
                }
                let text = texts.filter { !Self.isImageTag($0) }.joined()
                guard mode != .events else { return }
                pending.append((NewMemory.defaultSource, text, time, start))
            case "assistant":
                let text = content.compactMap { $0["type"]?.string == "output_text" ? $0["text"]?.string : nil }.joined()
                guard mode != .events else { return }
                pending.append((NewMemory.assistantSource, text, time, start))
                // A reply after a typed message with no event between: the file has no events.
                if pending.contains(where: { $0.source == NewMemory.defaultSource }) { mode = .items }
            default:
                output.leftOut.add(.system)
            }
            if mode == .items { emitPending(into: &output) }
        case "reasoning":
            output.leftOut.add(.thinking)
        case "function_call", "custom_tool_call", "local_shell_call", "web_search_call", "tool_search_call":
            output.leftOut.add(.toolCall)
        case "function_call_output", "custom_tool_call_output", "tool_search_output":
            output.leftOut.add(.tool)
        default:
            break
        }
    }

    private mutating func event(_ payload: JSONNode, time: String?, into output: inout TranscriptOutput) {
        switch payload["type"]?.string {
        case "user_message":
            guard mode != .items else { return }
            guard (payload["kind"]?.string ?? "plain") == "plain" else {
                if mode == .undecided { eventsFound() }
                return output.leftOut.add(.injected)
            }
            var text = payload["message"]?.string ?? ""
            if let request = Self.requestInIDEContext(text) {
                text = request
                output.leftOut.add(.injected)
            }
            eventMessage(NewMemory.defaultSource, text, time: time, into: &output)
        case "item_completed":
            // The paginated history: each message once, as an item.
            let item = payload["item"]
            let text = (item?["content"]?.array ?? []).compactMap { $0["text"]?.string }.joined()
            switch item?["type"]?.string {
            case "UserMessage": eventMessage(NewMemory.defaultSource, text, time: time, into: &output)
            case "AgentMessage": eventMessage(NewMemory.assistantSource, text, time: time, into: &output)
            default: break
            }
        case "agent_message":
            let text = payload["message"]?.string ?? ""
            // What Codex says once it has compacted the session is its own.
            if mode != .items, previousType == "compacted" || previousType == "context_compacted",
                text == "Compact task completed"
            {
                return output.leftOut.add(.compaction)
            }
            eventMessage(NewMemory.assistantSource, text, time: time, into: &output)
        default:
            break
        }
    }

    /// A message of an event: the file has events, and its items' copies are dropped.
    private mutating func eventMessage(_ source: String, _ text: String, time: String?, into output: inout TranscriptOutput) {
        guard mode != .items else { return }
        if mode == .undecided { eventsFound() }
        add(source, text, time: time, into: &output)
    }

    private mutating func eventsFound() {
        mode = .events
        pending = []
    }

    private mutating func emitPending(into output: inout TranscriptOutput) {
        for message in pending { add(message.source, message.text, time: message.time, into: &output) }
        pending = []
    }

    /// A message, named by its session, its line's time and its text; an item with no time of its
    /// own takes the session's start, and its place among the same words said before.
    private mutating func add(_ source: String, _ text: String, time: String?, into output: inout TranscriptOutput) {
        var stamp = time
        if time == nil {
            let key = source + "\u{0}" + text
            let count = repeats[key, default: 0]
            repeats[key] = count + 1
            stamp = "\(sessionTime ?? "-")#\(count)"
        }
        let prefix = "\(source):\(currentSession)"
        output.add(
            origin: .codex, id: { TranscriptText.contentID(prefix, time: stamp, text: $0) },
            session: currentSession, source: source, text: text,
            at: (time ?? sessionTime).flatMap { Timestamp(iso8601: $0) })
    }

    // MARK: - Text

    private static func isInjected(_ text: String) -> Bool {
        let start = text.drop { $0.isWhitespace }.prefix(64).lowercased()
        return injected.contains { start.hasPrefix($0) }
    }

    private static func isImageTag(_ text: String) -> Bool {
        let trimmed = text.trimmed
        return trimmed == "<image>" || trimmed == "</image>" || trimmed.hasPrefix("<image name=")
            || trimmed == "<audio>" || trimmed == "</audio>" || trimmed.hasPrefix("<audio name=")
    }

    /// The request in a message an editor's extension prefixed with its context
    /// ("# Context from my IDE setup: … ## My request for Codex: …").
    private static func requestInIDEContext(_ text: String) -> String? {
        guard text.hasPrefix("# Context from my IDE setup:"),
            let marker = text.firstRange(of: "## My request for Codex:")
        else { return nil }
        return String(text[marker.upperBound...])
    }

    /// The session id at the end of a rollout's name (`rollout-<time>-<uuid>.jsonl`).
    static func sessionID(inFileName path: String) -> String {
        let name = GeminiTranscript.fileStem(path)
        let parts = name.split(separator: "-")
        guard parts.count >= 5 else { return name }
        return parts.suffix(5).joined(separator: "-")
    }
}
