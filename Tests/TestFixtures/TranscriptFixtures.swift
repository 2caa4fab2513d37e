import Foundation
import MemoryModel

#if canImport(Glibc)
    import Glibc
#endif

// Coding agents' session transcripts made for the tests of `memctl import --from
// claude-code|codex|gemini` and memoryd's `follow`: one JSON line each, without its newline, in
// the shapes the tools write (the envelope fields, the one-block-per-line replies, the event and
// item pairs, the records a later line replaces or takes back), so that the importer is tried on
// the real shape, not a simplified one. Ids, texts and paths are made up.

/// One line of JSON, keys sorted.
package func transcriptLine(_ fields: [String: Any]) -> String {
    // Only a test's own mistake (a value JSON has no form for) can make this fail.
    let data = try! JSONSerialization.data(withJSONObject: fields, options: [.sortedKeys, .withoutEscapingSlashes])
    return String(decoding: data, as: UTF8.self)
}

/// A time `seconds` before now, as the tools write it (`2026-08-20T14:03:15.913Z`).
package func transcriptTime(secondsAgo seconds: Double) -> String {
    Timestamp(millisecondsSince1970: Timestamp.now.millisecondsSince1970 - Int64(seconds * 1000)).iso8601
}

// MARK: - Claude Code

/// A Claude Code session: `~/.claude/projects/<directory>/<session>.jsonl`, one line per event,
/// each reply written as a line per content block that all share the reply's `message.id`.
package struct ClaudeCodeSession {
    package let id: String
    package let cwd: String

    package init(id: String, cwd: String) {
        self.id = id
        self.cwd = cwd
    }

    /// The project's directory under `~/.claude/projects`: the working directory with every
    /// character that is not a letter or a digit as `-`.
    package var directoryName: String {
        String(cwd.map { $0.isASCII && ($0.isLetter || $0.isNumber) ? $0 : "-" })
    }

    package var fileName: String { id + ".jsonl" }

    /// `<directory>/<session>.jsonl`, relative to `~/.claude/projects`.
    package var relativePath: String { directoryName + "/" + fileName }

    private func envelope(_ type: String, at time: String, sidechain: Bool = false, _ fields: [String: Any]) throws
        -> String
    {
        var line: [String: Any] = [
            "parentUuid": NSNull(), "isSidechain": sidechain, "userType": "external", "cwd": cwd, "sessionId": id,
            "version": "2.1.250", "gitBranch": "main", "type": type, "uuid": UUID().uuidString.lowercased(),
            "timestamp": time,
        ]
        line.merge(fields) { $1 }
        return transcriptLine(line)
    }

    /// A prompt the user typed, as a plain string.
    package func user(_ text: String, at time: String, extra: [String: Any] = [:]) throws -> String {
        try envelope(
            "user", at: time,
            ["message": ["role": "user", "content": text], "promptSource": "typed", "permissionMode": "default"]
                .merging(extra) { $1 })
    }

    /// A user line whose content is an array of blocks (text, image, tool_result).
    package func user(blocks: [[String: Any]], at time: String, extra: [String: Any] = [:]) throws -> String {
        try envelope("user", at: time, ["message": ["role": "user", "content": blocks]].merging(extra) { $1 })
    }

    /// A pasted screenshot and the prompt about it.
    package func userWithImage(_ text: String, at time: String) throws -> String {
        try user(
            blocks: [
                [
                    "type": "image",
                    "source": ["type": "base64", "media_type": "image/png", "data": "iVBORw0KGgoAAAANSUhEUg=="],
                ],
                ["type": "text", "text": text],
            ], at: time)
    }

    /// A line the harness wrote as the user's (`isMeta`): a local command's caveat, a skill's body.
    package func meta(_ text: String, at time: String) throws -> String {
        try user(text, at: time, extra: ["isMeta": true])
    }

    /// A tool's result, as a user line.
    package func toolResult(_ output: String, toolUseID: String, at time: String) throws -> String {
        try user(
            blocks: [["tool_use_id": toolUseID, "type": "tool_result", "content": output, "is_error": false]], at: time,
            extra: ["toolUseResult": ["stdout": output, "stderr": "", "interrupted": false, "isImage": false]])
    }

    /// One content block of the reply `messageID`.
    package func assistant(_ messageID: String, block: [String: Any], at time: String, sidechain: Bool = false)
        throws -> String
    {
        try envelope(
            "assistant", at: time, sidechain: sidechain,
            [
                "message": [
                    "model": "claude-opus-5", "id": messageID, "type": "message", "role": "assistant",
                    "content": [block], "stop_reason": NSNull(), "stop_sequence": NSNull(),
                    "usage": ["input_tokens": 2, "output_tokens": 40],
                ] as [String: Any],
                "requestId": "req_" + messageID,
            ])
    }

    /// A text block of the reply `messageID`.
    package func reply(_ messageID: String, _ text: String, at time: String) throws -> String {
        try assistant(messageID, block: ["type": "text", "text": text], at: time)
    }

    /// A thinking block of the reply `messageID`.
    package func thinking(_ messageID: String, _ text: String, at time: String) throws -> String {
        try assistant(
            messageID, block: ["type": "thinking", "thinking": text, "signature": "EpYBCkYIBRgCKkA="], at: time)
    }

    /// A tool call of the reply `messageID`.
    package func toolUse(_ messageID: String, toolUseID: String, command: String, at time: String) throws -> String {
        try assistant(
            messageID,
            block: ["type": "tool_use", "id": toolUseID, "name": "Bash", "input": ["command": command]], at: time)
    }

    /// A sub-agent's prompt and reply (`isSidechain`), inline in the session as Claude Code 1.0 wrote them.
    package func sidechain(_ prompt: String, _ answer: String, messageID: String, at time: String) throws -> [String] {
        [
            try envelope(
                "user", at: time, sidechain: true,
                ["message": ["role": "user", "content": prompt], "agentId": "a3f9c21"]),
            try assistant(messageID, block: ["type": "text", "text": answer], at: time, sidechain: true),
        ]
    }

    /// A `system` line (`turn_duration`, `compact_boundary`, `local_command`, ...).
    package func system(_ subtype: String, content: String = "", at time: String) throws -> String {
        try envelope("system", at: time, ["subtype": subtype, "content": content, "level": "info", "isMeta": false])
    }

    /// The summary a compaction puts in as the user's.
    package func compactSummary(_ text: String, at time: String) throws -> String {
        try user(
            "This session is being continued from a previous conversation that ran out of context. " + text, at: time,
            extra: ["isCompactSummary": true, "isVisibleInTranscriptOnly": true])
    }

    /// An `attachment` line: context the harness adds (`nested_memory` holds a CLAUDE.md).
    package func attachment(_ attachment: [String: Any], at time: String) throws -> String {
        try envelope("attachment", at: time, ["attachment": attachment])
    }

    /// The attachment that holds a message typed while Claude was busy and read into its turn.
    package func queuedCommand(_ prompt: String, at time: String) throws -> String {
        try attachment(
            ["type": "queued_command", "prompt": prompt, "commandMode": "prompt", "origin": ["kind": "human"]], at: time
        )
    }

    /// A `queue-operation` line: `enqueue`, `dequeue`, `remove` or `popAll`.
    package func queue(_ operation: String, _ content: String? = nil, reason: String? = nil, at time: String) throws
        -> String
    {
        var line: [String: Any] = [
            "type": "queue-operation", "operation": operation, "timestamp": time, "sessionId": id,
        ]
        if let content { line["content"] = content }
        if let reason { line["reason"] = reason }
        return transcriptLine(line)
    }

    /// The first line of a 2.x session: a snapshot of the files it tracks, no envelope.
    package func fileHistorySnapshot(at time: String) throws -> String {
        let messageID = UUID().uuidString.lowercased()
        return transcriptLine([
            "type": "file-history-snapshot", "messageId": messageID,
            "snapshot": ["messageId": messageID, "trackedFileBackups": [String: Any](), "timestamp": time],
            "isSnapshotUpdate": false,
        ])
    }
}

// MARK: - Codex CLI

/// A Codex CLI rollout: `$CODEX_HOME/sessions/YYYY/MM/DD/rollout-<local time>-<session>.jsonl`, each
/// line `{"timestamp", "type", "payload"}`; every message is written twice, as a `response_item`
/// and as the `event_msg` the user saw.
package struct CodexRollout {
    package let id: String
    package let cwd: String

    package init(id: String, cwd: String) {
        self.id = id
        self.cwd = cwd
    }

    /// `2026/08/20/rollout-2026-08-20T07-03-12-<session>.jsonl`, relative to `~/.codex/sessions`.
    package var relativePath: String { "2026/08/20/rollout-2026-08-20T07-03-12-\(id).jsonl" }

    private func line(_ type: String, at time: String, _ payload: [String: Any]) throws -> String {
        transcriptLine(["timestamp": time, "type": type, "payload": payload])
    }

    private func item(_ payload: [String: Any], at time: String) throws -> String {
        try line("response_item", at: time, payload)
    }

    private func event(_ payload: [String: Any], at time: String) throws -> String {
        try line("event_msg", at: time, payload)
    }

    /// The first line: the session's id and directory.
    package func meta(at time: String) throws -> String {
        try line(
            "session_meta", at: time,
            [
                "session_id": id, "id": id, "timestamp": time, "cwd": cwd, "originator": "codex_cli_rs",
                "cli_version": "0.141.0", "source": "cli", "model_provider": "openai",
                "base_instructions": ["text": "You are Codex, a coding agent based on GPT-5."],
                "history_mode": "legacy",
            ])
    }

    package func taskStarted(at time: String) throws -> String {
        try event(["type": "task_started", "turn_id": "turn-1", "model_context_window": 258_400], at: time)
    }

    package func turnContext(at time: String) throws -> String {
        try line(
            "turn_context", at: time,
            [
                "turn_id": "turn-1", "cwd": cwd, "approval_policy": "never",
                "sandbox_policy": ["type": "danger-full-access"], "model": "gpt-5.4", "summary": "auto",
            ])
    }

    /// The permissions Codex tells the model, as a developer message.
    package func permissions(at time: String) throws -> String {
        try item(
            [
                "type": "message", "role": "developer",
                "content": [
                    [
                        "type": "input_text",
                        "text":
                            "<permissions instructions>\nApproval policy is currently never.\n</permissions instructions>",
                    ]
                ],
            ], at: time)
    }

    /// AGENTS.md and the environment, put in as a user message before the first prompt.
    package func context(at time: String) throws -> String {
        try item(
            [
                "type": "message", "role": "user",
                "content": [
                    [
                        "type": "input_text",
                        "text":
                            "# AGENTS.md instructions for \(cwd)\n\n<INSTRUCTIONS>\n- Run the tests before finishing.\n</INSTRUCTIONS>",
                    ],
                    [
                        "type": "input_text",
                        "text":
                            "<environment_context>\n  <cwd>\(cwd)</cwd>\n  <shell>zsh</shell>\n</environment_context>",
                    ],
                ],
            ], at: time)
    }

    /// What the user typed: the model's item, then the event.
    package func prompt(_ text: String, at time: String) throws -> [String] {
        [
            try item(
                ["type": "message", "role": "user", "content": [["type": "input_text", "text": text]]], at: time),
            try event(
                [
                    "type": "user_message", "message": text, "images": [Any](), "local_images": [Any](),
                    "text_elements": [Any](),
                ], at: time),
        ]
    }

    /// A prompt with a local image: the item wraps it in `<image>` tags; the event has the path.
    package func promptWithImage(_ text: String, at time: String) throws -> [String] {
        [
            try item(
                [
                    "type": "message", "role": "user",
                    "content": [
                        ["type": "input_text", "text": "<image name=[Image #1] path=\"/tmp/screenshot.png\">"],
                        ["type": "input_image", "image_url": "data:image/png;base64,iVBORw0KGgo="],
                        ["type": "input_text", "text": "</image>"], ["type": "input_text", "text": text],
                    ],
                ], at: time),
            try event(
                [
                    "type": "user_message", "message": text, "images": [Any](),
                    "local_images": ["/tmp/screenshot.png"], "text_elements": [Any](),
                ], at: time),
        ]
    }

    /// The assistant's answer: the model's item, then the event.
    package func answer(_ text: String, at time: String) throws -> [String] {
        [
            try item(
                ["type": "message", "role": "assistant", "content": [["type": "output_text", "text": text]]], at: time),
            try event(["type": "agent_message", "message": text], at: time),
        ]
    }

    /// The model's reasoning, as an item and as an event.
    package func reasoning(_ text: String, at time: String) throws -> [String] {
        [
            try item(
                [
                    "type": "reasoning", "summary": [["type": "summary_text", "text": text]], "content": NSNull(),
                    "encrypted_content": "gAAAAABoxVdR3q8n0cF1==",
                ], at: time),
            try event(["type": "agent_reasoning", "text": text], at: time),
        ]
    }

    /// A shell command the model ran, and what it printed.
    package func toolCall(_ command: String, output: String, at time: String) throws -> [String] {
        [
            try item(
                [
                    "type": "function_call", "name": "exec_command", "arguments": "{\"cmd\":\"\(command)\"}",
                    "call_id": "call_1",
                ], at: time),
            try item(["type": "function_call_output", "call_id": "call_1", "output": output], at: time),
        ]
    }

    /// A `!cmd` the user ran from the prompt: an item only.
    package func shellCommand(_ command: String, at time: String) throws -> String {
        try item(
            [
                "type": "message", "role": "user",
                "content": [
                    ["type": "input_text", "text": "<user_shell_command>\n\(command)\n</user_shell_command>"]
                ],
            ], at: time)
    }

    /// A local compaction: the summary item, the `compacted` line, the event.
    package func compaction(_ summary: String, at time: String) throws -> [String] {
        [
            try line("compacted", at: time, ["message": summary, "replacement_history": [Any]()]),
            try event(["type": "context_compacted"], at: time),
        ]
    }

    package func tokenCount(at time: String) throws -> String {
        try event(["type": "token_count", "info": NSNull(), "rate_limits": NSNull()], at: time)
    }
}

// MARK: - Gemini CLI

/// A Gemini CLI session as v0.44 on writes it: `~/.gemini/tmp/<project>/chats/session-<start>-<id>.jsonl`,
/// a metadata line, then a line per message (the same id again replaces it), `$set` updates and
/// `$rewindTo`; `tmp/<project>/.project_root` names the project's directory.
package struct GeminiSession {
    package let id: String
    package let project: String
    package let slug: String

    package init(id: String, project: String, slug: String) {
        self.id = id
        self.project = project
        self.slug = slug
    }

    /// `<project>/chats/session-2026-08-18T10-22-<id prefix>.jsonl`, relative to `~/.gemini/tmp`.
    package var relativePath: String { "\(slug)/chats/session-2026-08-18T10-22-\(id.prefix(8)).jsonl" }

    /// Writes `tmp/<project>/.project_root` under `root` (`~/.gemini/tmp`).
    package func writeProjectRoot(under root: String) throws {
        try TranscriptFile.write(project, to: root + "/" + slug + "/.project_root")
    }

    package func metadata(at time: String) throws -> String {
        transcriptLine([
            "sessionId": id, "projectHash": String(repeating: "0d7a30f9", count: 8), "startTime": time,
            "lastUpdated": time, "kind": "main",
        ])
    }

    /// The checkpoint written at start, with the environment's context turn.
    package func startCheckpoint(at time: String) throws -> String {
        transcriptLine([
            "$set": [
                "messages": [
                    [
                        "id": "d04923d38bb0f6017037e74183378ef4", "timestamp": time, "type": "user",
                        "content": [["text": "<session_context>\nThis is the Gemini CLI.\n</session_context>"]],
                    ]
                ],
                "lastUpdated": time,
            ] as [String: Any]
        ])
    }

    package func user(_ messageID: String, _ text: String, at time: String) throws -> String {
        transcriptLine(["id": messageID, "timestamp": time, "type": "user", "content": [["text": text]]])
    }

    /// A prompt with an `@file`: the file's content follows the typed text, which `displayContent` keeps.
    package func userWithFile(_ messageID: String, _ typed: String, file: String, content: String, at time: String)
        throws -> String
    {
        transcriptLine([
            "id": messageID, "timestamp": time, "type": "user",
            "content": [
                ["text": typed], ["text": "\n--- Content from referenced files ---"],
                ["text": "\nContent from @\(file):\n"], ["text": content], ["text": "\n--- End of content ---"],
            ],
            "displayContent": [["text": typed]],
        ])
    }

    /// The assistant's message, with `thoughts` and `toolCalls` when given.
    package func gemini(
        _ messageID: String, _ text: String, at time: String, thoughts: [String] = [], toolCalls: [String] = []
    ) throws -> String {
        var line: [String: Any] = [
            "id": messageID, "timestamp": time, "type": "gemini", "content": text,
            "thoughts": thoughts.map { ["subject": $0, "description": $0, "timestamp": time] },
            "tokens": ["input": 9521, "output": 38, "cached": 0, "thoughts": 96, "tool": 0, "total": 9655],
            "model": "gemini-3-pro-preview",
        ]
        if !toolCalls.isEmpty {
            line["toolCalls"] = toolCalls.map { name in
                [
                    "id": "\(name)_1", "name": name, "args": ["path": "src/config/loader.ts"], "status": "success",
                    "timestamp": time,
                ]
            }
        }
        return transcriptLine(line)
    }

    /// A tool's result, recorded as a user message.
    package func toolResult(_ messageID: String, _ output: String, at time: String) throws -> String {
        transcriptLine([
            "id": messageID, "timestamp": time, "type": "user",
            "content": [
                ["functionResponse": ["id": "read_file_1", "name": "read_file", "response": ["output": output]]]
            ],
        ])
    }

    /// What a slash command showed (`info`, `error`, `warning`).
    package func notice(_ messageID: String, _ text: String, type: String = "info", at time: String) throws -> String {
        transcriptLine(["id": messageID, "timestamp": time, "type": type, "content": text])
    }

    package func rewind(to messageID: String) throws -> String { transcriptLine(["$rewindTo": messageID]) }

    package func set(_ fields: [String: Any]) throws -> String { transcriptLine(["$set": fields]) }
}

// MARK: - Files

/// Writing transcripts as the tools do: whole lines appended, directories made on the way.
package enum TranscriptFile {
    /// Writes `text` to `path`, making its directories.
    package static func write(_ text: String, to path: String) throws {
        let url = URL(fileURLWithPath: path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    /// Writes `lines`, each with its newline.
    package static func write(lines: [String], to path: String) throws {
        try write(lines.map { $0 + "\n" }.joined(), to: path)
    }

    /// Appends `text` in one write, as `appendFileSync` does; creates the file when it is missing.
    package static func append(_ text: String, to path: String) throws {
        let url = URL(fileURLWithPath: path)
        if !FileManager.default.fileExists(atPath: path) {
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            guard FileManager.default.createFile(atPath: path, contents: nil) else {
                throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path])
            }
        }
        let handle = try FileHandle(forWritingTo: url)
        defer { try? handle.close() }
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(text.utf8))
    }

    /// Appends `lines`, each with its newline.
    package static func append(lines: [String], to path: String) throws {
        try append(lines.map { $0 + "\n" }.joined(), to: path)
    }
}

// MARK: - A conversation in each tool's transcript

/// A session of one of the three coding agents, for what the importer and the follower do the same
/// way for all of them: where its file lies under the tool's directory, the lines that open it,
/// and a line (or the pair of lines) for each message, the user's at even places and the
/// assistant's at odd ones.
package struct AgentSession: Sendable {
    package enum Tool: String, CaseIterable, Sendable {
        case claudeCode = "claude-code"
        case codex
        case gemini

        /// Where the tool writes its sessions, relative to `$HOME`.
        package var homeRoot: String {
            switch self {
            case .claudeCode: ".claude/projects"
            case .codex: ".codex/sessions"
            case .gemini: ".gemini/tmp"
            }
        }
    }

    package let tool: Tool
    package let id: String
    package let cwd: String

    /// Session `number` of `tool` (the numbers make distinct ids of the shape the tool uses).
    package init(_ tool: Tool, number: Int = 1, cwd: String = "/home/dana/src/acme-api") {
        self.tool = tool
        self.cwd = cwd
        func hex(_ value: Int, _ width: Int) -> String {
            let digits = String(value, radix: 16)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        let tail = hex(0x1c2d_3e4f_5a00 + number, 12)
        switch tool {
        case .claudeCode: id = "7c1e2f4a-5b6d-4e8f-9a0b-\(tail)"
        case .codex: id = "019ac3f2-6b1e-7c3a-9f47-\(tail)"
        case .gemini: id = "\(hex(0x5c1e_9d00 + number, 8))-8a7b-4f21-b3e6-\(tail)"
        }
    }

    private var claude: ClaudeCodeSession { ClaudeCodeSession(id: id, cwd: cwd) }
    private var codex: CodexRollout { CodexRollout(id: id, cwd: cwd) }
    private var gemini: GeminiSession {
        GeminiSession(id: id, project: cwd, slug: cwd.split(separator: "/").last.map(String.init) ?? "project")
    }

    /// The file, relative to the tool's directory.
    package var relativePath: String {
        switch tool {
        case .claudeCode: claude.relativePath
        case .codex: codex.relativePath
        case .gemini: gemini.relativePath
        }
    }

    /// The lines that open the file.
    package func header(at time: String) throws -> [String] {
        switch tool {
        case .claudeCode: [try claude.fileHistorySnapshot(at: time)]
        case .codex: [try codex.meta(at: time), try codex.turnContext(at: time)]
        case .gemini: [try gemini.metadata(at: time), try gemini.startCheckpoint(at: time)]
        }
    }

    /// The source message `index` is stored with.
    package static func source(_ index: Int) -> String { index % 2 == 0 ? "user" : "assistant" }

    /// Message `index`: the user's when even, the assistant's when odd.
    package func message(_ index: Int, _ text: String, at time: String) throws -> [String] {
        let user = index % 2 == 0
        switch tool {
        case .claudeCode:
            return [
                user
                    ? try claude.user(text, at: time) : try claude.reply("msg_\(id.suffix(6))_\(index)", text, at: time)
            ]
        case .codex:
            return user ? try codex.prompt(text, at: time) : try codex.answer(text, at: time)
        case .gemini:
            let messageID = "\(id.prefix(8))-m\(index)"
            return [user ? try gemini.user(messageID, text, at: time) : try gemini.gemini(messageID, text, at: time)]
        }
    }

    /// The header and `texts` as messages, a second apart from `start` (seconds before now).
    package func lines(_ texts: [String], startingSecondsAgo start: Double = 300) throws -> [String] {
        var lines = try header(at: transcriptTime(secondsAgo: start + 1))
        for (index, text) in texts.enumerated() {
            lines += try message(index, text, at: transcriptTime(secondsAgo: start - Double(index)))
        }
        return lines
    }

    /// Writes `lines` as the session's file under `root` (the tool's directory), with what the
    /// tool keeps beside it (Gemini CLI's `.project_root`); returns the file's path.
    @discardableResult
    package func write(_ lines: [String], under root: String) throws -> String {
        let path = root + "/" + relativePath
        try TranscriptFile.write(lines: lines, to: path)
        if tool == .gemini { try gemini.writeProjectRoot(under: root) }
        return path
    }
}
