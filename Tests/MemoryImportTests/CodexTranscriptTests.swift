import TestFixtures
import Foundation
import MemoryModel
import Testing

@testable import MemoryImport

/// Rollout lines in the shapes Codex CLI writes: the wrapped lines of today (`timestamp`, `type`,
/// `payload`), and the bare items before them.
private enum Codex {
    static let session = "019ac3f2-6b1e-7c3a-9f47-2d8e5b1c0a94"
    static let file = "sessions/2026/08/20/rollout-2026-08-20T07-03-12-\(session).jsonl"
    static let cwd = "/Users/dana/src/acme-api"

    /// A time of the session, `tenths` of a second after its start.
    static func time(_ tenths: Int, minute: Int = 3) -> String {
        String(format: "2026-08-20T14:%02d:%02d.%03dZ", minute, tenths / 10, (tenths % 10) * 100)
    }

    static func line(_ type: String, _ payload: [String: Any], at time: String) -> String {
        transcriptLine(["timestamp": time, "type": type, "payload": payload])
    }

    static func meta(id: String? = session, cwd: String? = cwd, forkedFrom: String? = nil, at time: String) -> String {
        var payload: [String: Any] = [
            "timestamp": time, "originator": "codex_cli_rs", "cli_version": "0.141.0", "source": "cli",
            "model_provider": "openai", "base_instructions": ["text": "You are Codex."],
        ]
        if let id { payload["id"] = id }
        if let cwd { payload["cwd"] = cwd }
        if let forkedFrom { payload["forked_from_id"] = forkedFrom }
        return line("session_meta", payload, at: time)
    }

    static func message(_ role: String, _ parts: [[String: Any]], at time: String) -> String {
        line("response_item", ["type": "message", "role": role, "content": parts], at: time)
    }

    static func userItem(_ texts: String..., at time: String) -> String {
        message("user", texts.map { ["type": "input_text", "text": $0] }, at: time)
    }

    static func assistantItem(_ text: String, at time: String) -> String {
        message("assistant", [["type": "output_text", "text": text]], at: time)
    }

    static func event(_ type: String, _ fields: [String: Any] = [:], at time: String) -> String {
        var payload = fields
        payload["type"] = type
        return line("event_msg", payload, at: time)
    }

    static func userEvent(_ text: String, at time: String) -> String {
        event("user_message", ["message": text, "images": [], "local_images": [], "text_elements": []], at: time)
    }

    static func agentEvent(_ text: String, at time: String) -> String {
        event("agent_message", ["message": text, "phase": "final_answer"], at: time)
    }

    /// What a user typed, written twice as Codex writes it: the model's item, then the event.
    static func typed(_ text: String, at tenths: Int, minute: Int = 3) -> [String] {
        [userItem(text, at: time(tenths, minute: minute)), userEvent(text, at: time(tenths, minute: minute))]
    }

    static func replied(_ text: String, at tenths: Int, minute: Int = 3) -> [String] {
        [assistantItem(text, at: time(tenths, minute: minute)), agentEvent(text, at: time(tenths + 1, minute: minute))]
    }

    static func item(_ type: String, _ fields: [String: Any] = [:], at time: String) -> String {
        var payload = fields
        payload["type"] = type
        return line("response_item", payload, at: time)
    }

    static func id(_ source: String, _ text: String, at time: String, session: String = session) -> String {
        TranscriptText.contentID("\(source):\(session)", time: time, text: text)
    }
}

@Suite("Codex CLI rollouts")
struct CodexTranscriptTests {
    private func read(_ lines: [String], name: String = Codex.file, final: Bool = true) throws -> TranscriptRead {
        let directory = try TranscriptDirectory()
        return try readTranscript(try directory.write(name, lines: lines), .codex, final: final)
    }

    @Test("today's rollouts are read from their events: each message once, what Codex injects left out")
    func events() throws {
        let read = try read(
            [
                Codex.meta(at: Codex.time(0)),
                Codex.event("task_started", ["turn_id": "t1"], at: Codex.time(1)),
                Codex.message(
                    "developer", [["type": "input_text", "text": "<permissions instructions>\nNo sandbox."]],
                    at: Codex.time(2)),
                Codex.userItem(
                    "# AGENTS.md instructions for /Users/dana/src/acme-api\n\n"
                        + "<INSTRUCTIONS>\n- Run tests.\n</INSTRUCTIONS>",
                    "<environment_context>\n  <cwd>/Users/dana/src/acme-api</cwd>\n</environment_context>",
                    at: Codex.time(3)),
                Codex.line("turn_context", ["cwd": Codex.cwd, "model": "gpt-5.4"], at: Codex.time(4)),
            ] + Codex.typed("Cap the retry loop at 5 attempts.", at: 5) + [
                Codex.item(
                    "reasoning", ["summary": [["type": "summary_text", "text": "Locating"]]], at: Codex.time(7)),
                Codex.event("agent_reasoning", ["text": "Locating"], at: Codex.time(8)),
                Codex.item(
                    "function_call", ["name": "exec_command", "arguments": "{}", "call_id": "c1"], at: Codex.time(9)),
                Codex.item("function_call_output", ["call_id": "c1", "output": "ok"], at: Codex.time(10)),
                Codex.item(
                    "custom_tool_call", ["name": "apply_patch", "input": "*** Begin", "call_id": "c2"],
                    at: Codex.time(11)),
                Codex.item("custom_tool_call_output", ["call_id": "c2", "output": "Success"], at: Codex.time(12)),
                Codex.event("token_count", ["info": NSNull()], at: Codex.time(13)),
            ] + Codex.replied("Capped it at 5.", at: 14) + [
                Codex.event("task_complete", ["turn_id": "t1"], at: Codex.time(16))
            ])
        #expect(read.contents == ["Cap the retry loop at 5 attempts.", "Capped it at 5."])
        #expect(read.messages.map(\.source) == ["user", "assistant"])
        #expect(read.messages.allSatisfy { $0.session == Codex.session && $0.origin == "codex" })
        // Named by the event's line: its time and its text.
        #expect(read.messages[0].id == Codex.id("user", "Cap the retry loop at 5 attempts.", at: Codex.time(5)))
        #expect(read.messages[1].id == Codex.id("assistant", "Capped it at 5.", at: Codex.time(15)))
        #expect(read.messages[1].createdAt == Timestamp(iso8601: Codex.time(15)))
        #expect(read.output.projects == [Codex.session: Codex.cwd])
        #expect(read.leftOut[.system] == 1)
        #expect(read.leftOut[.injected] == 1)
        #expect(read.leftOut[.thinking] == 1)
        #expect(read.leftOut[.toolCall] == 2)
        #expect(read.leftOut[.tool] == 2)
    }

    @Test("the same words said twice are two messages")
    func repeated() throws {
        let read = try read(
            [Codex.meta(at: Codex.time(0))] + Codex.typed("continue", at: 1) + Codex.replied("Done.", at: 3)
                + Codex.typed("continue", at: 5) + Codex.replied("Done.", at: 7))
        #expect(read.contents == ["continue", "Done.", "continue", "Done."])
        #expect(Set(read.messages.map(\.id)).count == 4)
    }

    @Test("a message an editor's extension prefixed with its context is cut to the request")
    func ideContext() throws {
        let typed =
            "# Context from my IDE setup:\n\n## Active file: src/http/retry.rs\n\n"
            + "## My request for Codex:\nRename the loop variable."
        let read = try read([Codex.meta(at: Codex.time(0))] + Codex.typed(typed, at: 1))
        #expect(read.contents == ["Rename the loop variable."])
        #expect(read.leftOut[.injected] == 1)
    }

    @Test("an event of injected context (a kind other than plain) is left out")
    func injectedEventKind() throws {
        let read = try read([
            Codex.meta(at: Codex.time(0)),
            Codex.event(
                "user_message", ["message": "<environment_context>…", "kind": "environment_context"],
                at: Codex.time(1)),
            Codex.event("user_message", ["message": "typed", "kind": "plain"], at: Codex.time(2)),
        ])
        #expect(read.contents == ["typed"])
        #expect(read.leftOut[.injected] == 1)
    }

    @Test("a compaction is left out: its line, its summary item, and the message Codex says right after it")
    func compaction() throws {
        let summary =
            "Another language model started to solve this problem and produced a summary of its thinking process."
        let read = try read(
            [Codex.meta(at: Codex.time(0))] + Codex.typed("Why is import slow?", at: 1)
                + Codex.replied("It re-parses the header.", at: 3) + [
                    Codex.assistantItem("Summary of the session so far.", at: Codex.time(10)),
                    Codex.line("compacted", ["message": summary + "\n<summary>…"], at: Codex.time(11)),
                    Codex.agentEvent("Compact task completed", at: Codex.time(12)),
                    Codex.line("compacted", ["message": ""], at: Codex.time(13)),
                    Codex.event("context_compacted", at: Codex.time(14)),
                    Codex.agentEvent("Compact task completed", at: Codex.time(15)),
                ])
        #expect(read.contents == ["Why is import slow?", "It re-parses the header."])
        #expect(read.leftOut[.compaction] == 4)
    }

    @Test("a rollout without events is read from its items, without what Codex injects")
    func itemsOnly() throws {
        let read = try read([
            Codex.meta(at: Codex.time(0)),
            Codex.userItem("<environment_context>\n  <cwd>/x</cwd>\n</environment_context>", at: Codex.time(1)),
            Codex.userItem(
                "Another language model started to solve this problem and produced a summary", at: Codex.time(2)),
            Codex.message(
                "user",
                [
                    ["type": "input_text", "text": "<image name=[Image #1] path=\"/tmp/a.png\">"],
                    ["type": "input_image", "image_url": "data:image/png;base64,iVBO"],
                    ["type": "input_text", "text": "</image>"], ["type": "input_text", "text": "What is in it?"],
                ], at: Codex.time(3)),
            Codex.assistantItem("A cat.", at: Codex.time(4)),
        ])
        #expect(read.contents == ["What is in it?", "A cat."])
        #expect(read.messages[0].id == Codex.id("user", "What is in it?", at: Codex.time(3)))
        #expect(read.leftOut[.injected] == 1)
        #expect(read.leftOut[.compaction] == 1)
        #expect(read.leftOut[.image] == 1)
    }

    @Test("paginated history: the messages of item_completed events")
    func paginated() throws {
        let read = try read([
            Codex.meta(at: Codex.time(0)),
            Codex.userItem("What does MAX_ATTEMPTS default to?", at: Codex.time(1)),
            Codex.event(
                "item_completed",
                [
                    "item": [
                        "type": "UserMessage", "id": "u1",
                        "content": [["type": "text", "text": "What does MAX_ATTEMPTS default to?"]],
                    ]
                ],
                at: Codex.time(2)),
            Codex.assistantItem("It defaults to 5.", at: Codex.time(3)),
            Codex.event(
                "item_completed",
                [
                    "item": [
                        "type": "AgentMessage", "id": "a1", "content": [["type": "Text", "text": "It defaults to 5."]],
                    ]
                ],
                at: Codex.time(4)),
            Codex.event("item_completed", ["item": ["type": "Plan", "id": "p1"]], at: Codex.time(5)),
        ])
        #expect(read.contents == ["What does MAX_ATTEMPTS default to?", "It defaults to 5."])
        #expect(read.messages[1].createdAt == Timestamp(iso8601: Codex.time(4)))
    }

    @Test("the format before wrapped lines: a metadata line, then bare items without times")
    func bareLegacy() throws {
        let start = "2025-08-20T10:15:31.044Z"
        let session = "5c0e9f3a-2b7d-4e1c-9a8f-6d4b2c0e8a17"
        let item: ([String: Any]) -> String = { transcriptLine($0) }
        func user(_ text: String) -> String {
            item([
                "type": "message", "id": NSNull(), "role": "user", "content": [["type": "input_text", "text": text]],
            ])
        }
        func assistant(_ text: String) -> String {
            item([
                "type": "message", "id": "msg_1", "role": "assistant",
                "content": [["type": "output_text", "text": text]],
            ])
        }
        let read = try read(
            [
                item(["id": session, "timestamp": start, "instructions": "Use `just test`.", "git": ["branch": "main"]]
                ),
                item(["record_type": "state"]),
                user("<user_instructions>\n\nUse `just test`.\n\n</user_instructions>"),
                user("<environment_context>\n  <cwd>/home/sam/work/ledger</cwd>\n</environment_context>"),
                user("List the subcommands."),
                item(["record_type": "state"]),
                item(["type": "reasoning", "id": "rs_1", "summary": [], "encrypted_content": NSNull()]),
                item(["type": "function_call", "name": "shell", "arguments": "{}", "call_id": "c1"]),
                item(["type": "function_call_output", "call_id": "c1", "output": "{}"]),
                assistant("There are four."),
                user("List the subcommands."),
                assistant("There are four."),
            ], name: "sessions/2025/08/20/rollout-2025-08-20T03-15-31-\(session).jsonl")
        #expect(
            read.contents == ["List the subcommands.", "There are four.", "List the subcommands.", "There are four."])
        #expect(read.messages.allSatisfy { $0.session == session && $0.createdAt == Timestamp(iso8601: start) })
        // No line has a time: the same words are told apart by how often they were said before.
        #expect(read.messages[0].id == Codex.id("user", "List the subcommands.", at: "\(start)#0", session: session))
        #expect(read.messages[2].id == Codex.id("user", "List the subcommands.", at: "\(start)#1", session: session))
        #expect(read.leftOut[.injected] == 2)
        #expect(read.leftOut[.thinking] == 1)
        #expect(read.output.projects.isEmpty)
    }

    @Test("the first TypeScript CLI's rollout is one JSON document of the session and its items")
    func typeScriptDocument() throws {
        let document: [String: Any] = [
            "session": [
                "timestamp": "2025-05-02T18:40:11.209Z", "id": "9b2f6c1e-4d3a-4f8b-a7e2-0c5d1b9e3f64",
                "instructions": "",
            ],
            "items": [
                [
                    "role": "user", "content": [["type": "input_text", "text": "what does this repo do?"]],
                    "type": "message",
                ],
                ["id": "rs_1", "type": "reasoning", "summary": []],
                ["id": "fc_1", "type": "function_call", "arguments": "{}", "call_id": "c1", "name": "shell"],
                ["type": "function_call_output", "call_id": "c1", "output": "{}"],
                [
                    "id": "msg_1", "type": "message", "role": "assistant",
                    "content": [["type": "output_text", "annotations": [], "text": "A double-entry ledger CLI."]],
                ],
            ],
        ]
        let data = try JSONSerialization.data(withJSONObject: document, options: [.prettyPrinted])
        let directory = try TranscriptDirectory()
        let path = try directory.write("sessions/rollout-2025-05-02-9b2f6c1e-4d3a-4f8b-a7e2-0c5d1b9e3f64.json", data)
        let read = try readTranscript(path, .codex, layout: .document)
        #expect(read.contents == ["what does this repo do?", "A double-entry ledger CLI."])
        #expect(read.messages.allSatisfy { $0.session == "9b2f6c1e-4d3a-4f8b-a7e2-0c5d1b9e3f64" })
        #expect(read.messages[0].createdAt == Timestamp(iso8601: "2025-05-02T18:40:11.209Z"))
        #expect(read.leftOut[.thinking] == 1 && read.leftOut[.toolCall] == 1 && read.leftOut[.tool] == 1)
        #expect(read.resumeAt == Int64(data.count))
        #expect(read.last?.atEnd == true)

        let other = try directory.write("sessions/rollout-2025-05-02-x.json", "{\"items\": []}")
        #expect(
            readError(other, .codex, layout: .document)?.reason.contains("has no \"session\" and \"items\"") == true)
    }

    @Test("the session is the metadata's id; without one, the id at the end of the file's name")
    func sessionID() throws {
        let named = try read(
            [Codex.meta(id: "0199ffff-0000-7000-8000-000000000001", at: Codex.time(0))] + Codex.typed("hi", at: 1))
        #expect(named.messages.map(\.session) == ["0199ffff-0000-7000-8000-000000000001"])
        let unnamed = try read([Codex.meta(id: nil, at: Codex.time(0))] + Codex.typed("hi", at: 1))
        #expect(unnamed.messages.map(\.session) == [Codex.session])
        #expect(unnamed.output.projects == [Codex.session: Codex.cwd])
        #expect(
            CodexTranscript.sessionID(inFileName: "/a/rollout-2026-08-20T07-03-12-\(Codex.session).jsonl")
                == Codex.session)
        #expect(
            CodexTranscript.sessionID(inFileName: "rollout-2026-08-20T07-03-12-\(Codex.session).jsonl.zst")
                == Codex.session)
        #expect(CodexTranscript.sessionID(inFileName: "rollout-short.jsonl") == "rollout-short")
    }

    @Test("the directory is the metadata's cwd, else the first turn's")
    func directory() throws {
        let fromTurn = try read([
            Codex.meta(cwd: nil, at: Codex.time(0)),
            Codex.line("turn_context", ["cwd": "/srv/app"], at: Codex.time(1)),
            Codex.line("turn_context", ["cwd": "/srv/app/sub"], at: Codex.time(2)),
        ])
        #expect(fromTurn.output.projects == [Codex.session: "/srv/app"])
        let fromMeta = try read([
            Codex.meta(at: Codex.time(0)), Codex.line("turn_context", ["cwd": "/elsewhere"], at: Codex.time(1)),
        ])
        #expect(fromMeta.output.projects == [Codex.session: Codex.cwd])
    }

    @Test("a forked rollout's copy of its parent is left out, up to the fork's own settings")
    func forkWithSettings() throws {
        let fork = "019ac401-1d2e-7f3a-8b4c-5d6e7f8a9b0c"
        let copied = { (tenths: Int) in String(format: "2026-08-20T15:10:00.1%02dZ", tenths) }
        let own = { (seconds: Int) in String(format: "2026-08-20T15:10:%02d.500Z", seconds) }
        let read = try read(
            [
                Codex.meta(id: fork, forkedFrom: Codex.session, at: copied(1)),
                Codex.meta(at: copied(10)),
                Codex.userItem("the parent's question", at: copied(16)),
                Codex.userEvent("the parent's question", at: copied(17)),
                Codex.assistantItem("the parent's answer", at: copied(26)),
                Codex.agentEvent("the parent's answer", at: copied(27)),
                Codex.event("thread_settings_applied", ["thread_settings": ["cwd": Codex.cwd]], at: copied(40)),
                Codex.event("task_started", at: own(20)),
                Codex.userItem("Make the cap configurable.", at: own(21)),
                Codex.userEvent("Make the cap configurable.", at: own(21)),
                Codex.assistantItem("Made it configurable.", at: own(30)),
                Codex.agentEvent("Made it configurable.", at: own(31)),
            ], name: "sessions/2026/08/20/rollout-2026-08-20T08-09-59-\(fork).jsonl")
        #expect(read.contents == ["Make the cap configurable.", "Made it configurable."])
        #expect(read.messages.allSatisfy { $0.session == fork })
    }

    @Test("a fork without a settings line: the copy is what was written in the second of its first line")
    func forkBySecond() throws {
        let fork = "019ac401-1d2e-7f3a-8b4c-5d6e7f8a9b0c"
        let read = try read(
            [
                Codex.meta(id: fork, forkedFrom: Codex.session, at: "2026-02-14T17:41:07.100Z"),
                Codex.meta(at: "2026-02-14T17:41:07.110Z"),
                Codex.userEvent("the parent's question", at: "2026-02-14T17:41:07.120Z"),
                Codex.agentEvent("the parent's answer", at: "2026-02-14T17:41:07.130Z"),
                Codex.userEvent("the fork's question", at: "2026-02-14T17:41:20.000Z"),
                Codex.agentEvent("the fork's answer", at: "2026-02-14T17:41:25.000Z"),
            ], name: "sessions/2026/02/14/rollout-2026-02-14T09-41-07-\(fork).jsonl")
        #expect(read.contents == ["the fork's question", "the fork's answer"])
    }

    @Test(
        "a fork's copy written across a second's boundary is left out up to its settings line")
    func forkAcrossSecond() throws {
        let fork = "019ac401-1d2e-7f3a-8b4c-5d6e7f8a9b0c"
        let read = try read(
            [
                Codex.meta(id: fork, forkedFrom: Codex.session, at: "2026-08-20T15:10:00.998Z"),
                Codex.meta(at: "2026-08-20T15:10:00.999Z"),
                Codex.userEvent("the parent's question", at: "2026-08-20T15:10:01.000Z"),
                Codex.agentEvent("the parent's answer", at: "2026-08-20T15:10:01.001Z"),
                Codex.event(
                    "thread_settings_applied", ["thread_settings": ["cwd": Codex.cwd]], at: "2026-08-20T15:10:01.002Z"),
                Codex.userEvent("the fork's question", at: "2026-08-20T15:10:20.000Z"),
                Codex.agentEvent("the fork's answer", at: "2026-08-20T15:10:25.000Z"),
            ], name: "sessions/2026/08/20/rollout-2026-08-20T08-09-59-\(fork).jsonl")
        #expect(read.contents == ["the fork's question", "the fork's answer"])
    }

    @Test("a file whose first line is not the session's metadata is not a rollout")
    func notARollout() throws {
        let directory = try TranscriptDirectory()
        let path = try directory.write(
            Codex.file, lines: [Codex.userEvent("hi", at: Codex.time(0)), Codex.meta(at: Codex.time(1))])
        let error = try #require(readError(path, .codex))
        #expect(error.line == 1)
        #expect(error.reason.contains("is not a Codex CLI rollout"))
    }

    @Test("a later line that is not a rollout line makes the file invalid; a state record is passed over")
    func invalidLine() throws {
        let directory = try TranscriptDirectory()
        let path = try directory.write(
            Codex.file,
            lines: [
                Codex.meta(at: Codex.time(0)), transcriptLine(["record_type": "state"]),
                transcriptLine(["type": "message"]),
            ])
        let error = try #require(readError(path, .codex))
        #expect(error.line == 3)
        #expect(error.reason.contains("no \"type\" and \"payload\""))
    }

    @Test("unknown kinds of line and event are passed over")
    func unknownKinds() throws {
        let read = try read(
            [
                Codex.meta(at: Codex.time(0)),
                Codex.line("world_state", ["full": true], at: Codex.time(1)),
                Codex.line("security_risk_score", ["score": 0], at: Codex.time(2)),
                Codex.event("sub_agent_activity", at: Codex.time(3)),
                Codex.item("ghost_snapshot", at: Codex.time(4)),
            ] + Codex.typed("still read", at: 5))
        #expect(read.contents == ["still read"])
    }
}
