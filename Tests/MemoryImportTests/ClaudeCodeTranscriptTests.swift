import Foundation
import MemoryModel
import MemoryStorage
import TestFixtures
import Testing

@testable import MemoryImport

/// Lines in the shapes Claude Code writes (2.0.x–2.1.x): the envelope, then what each kind holds.
private enum Claude {
    static let session = "7c1e2f4a-5b6d-4e8f-9a0b-1c2d3e4f5a6b"
    static let file = "projects/-Users-dev-app/\(session).jsonl"
    static let cwd = "/Users/dev/app"

    /// A time of the session, `seconds` after its start.
    static func time(_ seconds: Int) -> String {
        String(format: "2026-09-01T10:%02d:%02d.000Z", seconds / 60, seconds % 60)
    }

    static func envelope(
        _ type: String, at seconds: Int, session: String? = session, cwd: String? = cwd, _ extra: [String: Any]
    ) -> String {
        var line: [String: Any] = [
            "parentUuid": NSNull(), "isSidechain": false, "userType": "external", "version": "2.1.250",
            "gitBranch": "main", "type": type, "uuid": UUID().uuidString.lowercased(), "timestamp": time(seconds),
        ]
        if let session { line["sessionId"] = session }
        if let cwd { line["cwd"] = cwd }
        line.merge(extra) { $1 }
        return transcriptLine(line)
    }

    /// A user line: `content` is a string or an array of blocks.
    static func user(
        _ content: Any, at seconds: Int, session: String? = session, cwd: String? = cwd, _ extra: [String: Any] = [:]
    ) -> String {
        var fields: [String: Any] = ["message": ["role": "user", "content": content]]
        fields.merge(extra) { $1 }
        return envelope("user", at: seconds, session: session, cwd: cwd, fields)
    }

    /// One line of the reply `id`: Claude Code writes a line per content block.
    static func assistant(
        _ id: String, _ blocks: [[String: Any]], at seconds: Int, session: String? = session, cwd: String? = cwd,
        model: String = "claude-opus-4-6", _ extra: [String: Any] = [:]
    ) -> String {
        var fields: [String: Any] = [
            "message": [
                "model": model, "id": id, "type": "message", "role": "assistant", "content": blocks,
                "stop_reason": "tool_use", "stop_sequence": NSNull(),
            ],
            "requestId": "req_\(id)",
        ]
        fields.merge(extra) { $1 }
        return envelope("assistant", at: seconds, session: session, cwd: cwd, fields)
    }

    static func text(_ text: String) -> [String: Any] { ["type": "text", "text": text] }
    static func thinking(_ text: String) -> [String: Any] {
        ["type": "thinking", "thinking": text, "signature": "EpYC"]
    }
    static func toolUse(_ id: String) -> [String: Any] {
        ["type": "tool_use", "id": id, "name": "Read", "input": ["file_path": "/Users/dev/app/src/cli.py"]]
    }
    static func toolResult(_ id: String) -> [String: Any] {
        ["tool_use_id": id, "type": "tool_result", "content": "     1→import argparse\n"]
    }
    static func image() -> [String: Any] {
        ["type": "image", "source": ["type": "base64", "media_type": "image/png", "data": "iVBORw0KGgo="]]
    }

    /// A `queue-operation` line: no envelope, no uuid.
    static func queue(_ operation: String, _ content: Any? = nil, at seconds: Int, session: String = session) -> String
    {
        var line: [String: Any] = [
            "type": "queue-operation", "operation": operation, "timestamp": time(seconds), "sessionId": session,
        ]
        if let content { line["content"] = content }
        return transcriptLine(line)
    }

    /// An `attachment` line of a message typed while Claude was busy.
    static func queuedCommand(_ prompt: Any, at seconds: Int, mode: String = "prompt", origin: Any = "human") -> String
    {
        envelope(
            "attachment", at: seconds,
            ["attachment": ["type": "queued_command", "prompt": prompt, "commandMode": mode, "origin": origin]])
    }

    static func system(_ subtype: String, _ content: String, at seconds: Int) -> String {
        envelope("system", at: seconds, ["subtype": subtype, "content": content, "level": "info"])
    }

    /// The id a typed message gets: its time and its text.
    static func typedID(_ text: String, at seconds: Int) -> String {
        TranscriptText.contentID("user", time: time(seconds), text: text)
    }
}

@Suite("Claude Code transcripts")
struct ClaudeCodeTranscriptTests {
    private func read(_ lines: [String], name: String = Claude.file, final: Bool = true) throws -> TranscriptRead {
        let directory = try TranscriptDirectory()
        return try readTranscript(try directory.write(name, lines: lines), .claudeCode, final: final)
    }

    // MARK: - Replies

    @Test("a reply written a line per block is one message under its message id, tool results between its lines aside")
    func splitReply() throws {
        let read = try read([
            Claude.user("Add a --verbose flag to the CLI.", at: 0),
            Claude.assistant("msg_1", [Claude.thinking("Find the logger.")], at: 7),
            Claude.assistant("msg_1", [Claude.text("I'll look at the CLI entry point first.")], at: 14),
            Claude.assistant("msg_1", [Claude.toolUse("toolu_1")], at: 21),
            Claude.user([Claude.toolResult("toolu_1")], at: 28),
            Claude.assistant("msg_1", [Claude.text("Found where the parser is made.")], at: 35),
            Claude.assistant("msg_2", [Claude.text("Done: --verbose sets DEBUG."), Claude.text("Try it.")], at: 42),
        ])
        #expect(
            read.messages.map(\.id) == [Claude.typedID("Add a --verbose flag to the CLI.", at: 0), "msg_1", "msg_2"])
        #expect(
            read.contents == [
                "Add a --verbose flag to the CLI.",
                "I'll look at the CLI entry point first.\n\nFound where the parser is made.",
                "Done: --verbose sets DEBUG.\n\nTry it.",
            ])
        #expect(read.messages.map(\.source) == ["user", "assistant", "assistant"])
        #expect(read.messages.allSatisfy { $0.session == Claude.session && $0.origin == "claude-code" })
        // A reply takes the time of its first line.
        #expect(read.messages[1].createdAt == Timestamp(iso8601: Claude.time(7)))
        #expect(read.messages[0].createdAt == Timestamp(iso8601: Claude.time(0)))
    }

    @Test("thinking, tool calls, tool results and images are left out and counted")
    func leftOutBlocks() throws {
        let read = try read([
            Claude.user([Claude.image(), Claude.text("[Image #1] what is wrong here?")], at: 0),
            Claude.assistant("msg_1", [Claude.thinking("Hmm.")], at: 1),
            Claude.assistant("msg_1", [["type": "redacted_thinking", "data": "xyz"]], at: 2),
            Claude.assistant("msg_1", [Claude.toolUse("toolu_1")], at: 3),
            Claude.user([Claude.toolResult("toolu_1"), Claude.text("harness text beside a result")], at: 4),
            Claude.assistant("msg_1", [Claude.text("The margin is off.")], at: 5),
        ])
        #expect(read.contents == ["[Image #1] what is wrong here?", "The margin is off."])
        #expect(read.leftOut[.thinking] == 2)
        #expect(read.leftOut[.toolCall] == 1)
        #expect(read.leftOut[.tool] == 1)
        #expect(read.leftOut[.image] == 1)
    }

    @Test("a reply of tool calls only stores nothing")
    func toolOnlyReply() throws {
        let read = try read([
            Claude.user("Run the tests.", at: 0),
            Claude.assistant("msg_1", [Claude.toolUse("toolu_1")], at: 1),
            Claude.user([Claude.toolResult("toolu_1")], at: 2),
        ])
        #expect(read.contents == ["Run the tests."])
    }

    @Test("API errors and the tool's synthetic assistant lines are left out as system lines")
    func syntheticAssistant() throws {
        let read = try read([
            Claude.user("Hello?", at: 0),
            Claude.assistant("msg_s", [Claude.text("No response requested.")], at: 1, model: "<synthetic>"),
            Claude.assistant("msg_e", [Claude.text("API Error: 529 overloaded")], at: 2, ["isApiErrorMessage": true]),
            Claude.system("turn_duration", "", at: 3),
        ])
        #expect(read.contents == ["Hello?"])
        #expect(read.leftOut[.system] == 3)
    }

    // MARK: - What the user typed

    @Test("the tool's own user lines are left out: isMeta, compaction summaries, sub-agents")
    func toolsOwnLines() throws {
        let read = try read([
            Claude.user(
                "Caveat: The messages below were generated by the user while running local commands.", at: 0,
                ["isMeta": true]),
            Claude.user("Base directory for this skill: /x", at: 1, ["isMeta": true]),
            Claude.user(
                "This session is being continued from a previous conversation that ran out of context. Summary: …",
                at: 2,
                ["isCompactSummary": true, "isVisibleInTranscriptOnly": true]),
            Claude.user("Only in the transcript", at: 3, ["isVisibleInTranscriptOnly": true]),
            Claude.user("Warmup", at: 4, ["isSidechain": true, "agentId": "a3f9c21"]),
            Claude.assistant("msg_side", [Claude.text("Ready.")], at: 5, ["isSidechain": true, "agentId": "a3f9c21"]),
            Claude.user("This session is being continued from a previous conversation that ran out of context.", at: 6),
        ])
        #expect(read.messages.isEmpty)
        #expect(read.leftOut[.injected] == 3)
        #expect(read.leftOut[.compaction] == 2)
        #expect(read.leftOut[.sidechain] == 2)
    }

    @Test("slash commands, their output, shell commands and interruptions are not what the user typed")
    func commands() throws {
        let read = try read([
            Claude.user(
                "<command-name>/model</command-name>\n            <command-message>model</command-message>\n"
                    + "            <command-args></command-args>",
                at: 0),
            Claude.user(
                "<command-message>init is analyzing your codebase…</command-message>\n"
                    + "<command-name>/init</command-name>",
                at: 1),
            Claude.user("<local-command-stdout>Set model to opus</local-command-stdout>", at: 2),
            Claude.user("<local-command-caveat>Caveat: …</local-command-caveat>", at: 3),
            Claude.user("<bash-input>ls -la</bash-input>", at: 4),
            Claude.user("<bash-stdout>total 0</bash-stdout><bash-stderr></bash-stderr>", at: 5),
            Claude.user([Claude.text("[Request interrupted by user for tool use]")], at: 6),
            Claude.system("local_command", "<command-name>/cost</command-name>", at: 7),
            Claude.user("  the words after a command are typed", at: 8),
        ])
        #expect(read.contents == ["the words after a command are typed"])
        #expect(read.leftOut[.command] == 6)
        #expect(read.leftOut[.injected] == 1)
        #expect(read.leftOut[.system] == 1)
    }

    @Test("system reminders are cut out of typed text, and a turn that is only a reminder is left out")
    func systemReminders() throws {
        let read = try read([
            Claude.user("<system-reminder>\nThe user opened cli.py.\n</system-reminder>\nFix the failing test.", at: 0),
            Claude.user("<system-reminder>Only context.</system-reminder>", at: 1),
            Claude.user("Before <system-reminder>x</system-reminder>and after.", at: 2),
        ])
        #expect(read.contents == ["Fix the failing test.", "Before and after."])
        // The id is made of what is kept, so that the same words with another reminder are one message.
        #expect(read.messages[0].id == Claude.typedID("Fix the failing test.", at: 0))
        #expect(read.leftOut[.injected] == 3)
    }

    @Test("IDE context is cut, in a block of its own or before typed text")
    func ideTags() throws {
        let read = try read([
            Claude.user(
                [
                    Claude.text(
                        "<ide_opened_file>The user opened the file /Users/dev/app/a.py in the IDE.</ide_opened_file>"),
                    Claude.text("Why does this fail?"),
                ], at: 0),
            Claude.user(
                "<ide_selection>The user selected lines 3-4 from a.py:\nx = 1\n</ide_selection> explain this", at: 1),
            Claude.user(
                "<post-tool-use-hook><ide_diagnostics>[]</ide_diagnostics></post-tool-use-hook>and this", at: 2),
        ])
        #expect(read.contents == ["Why does this fail?", "explain this", "and this"])
        #expect(read.leftOut[.injected] == 3)
    }

    @Test("text blocks of one user line are one message")
    func blocksJoined() throws {
        let read = try read([Claude.user([Claude.text("first part"), Claude.text("second part")], at: 0)])
        #expect(read.contents == ["first part\n\nsecond part"])
    }

    @Test("private parts and credentials never reach a message")
    func redacted() throws {
        let key = "sk-ant-api03-" + String(repeating: "Ab9", count: 10)
        let read = try read([
            Claude.user("my pin is <private>4821</private>; the key is \(key)", at: 0),
            Claude.assistant("msg_1", [Claude.text("Use Authorization: Bearer abc123 for the call.")], at: 1),
        ])
        #expect(
            read.contents == [
                "my pin is ; the key is [redacted]", "Use Authorization: Bearer [redacted] for the call.",
            ])
    }

    @Test(
        "a typed message's id does not depend on its private parts")
    func idWithoutPrivateParts() throws {
        let read = try read([
            Claude.user("my pin is <private>4821</private>", at: 0),
            Claude.user("my pin is <private>0000</private>", at: 0, session: "other-session"),
        ])
        #expect(read.contents == ["my pin is", "my pin is"])
        #expect(read.messages[0].id == read.messages[1].id)
        #expect(read.messages[0].id == Claude.typedID("my pin is", at: 0))
    }

    // MARK: - Typed while Claude was busy

    @Test("a message read into the running turn is taken from its enqueue and remove, under the enqueue's time")
    func enqueueRemove() throws {
        let read = try read([
            Claude.user("the prompt that opened the turn", at: 0),
            Claude.assistant("msg_1", [Claude.toolUse("toolu_1")], at: 1),
            Claude.queue("enqueue", "also update the README", at: 2),
            Claude.user([Claude.toolResult("toolu_1")], at: 3),
            Claude.queue("remove", at: 4),
            Claude.assistant("msg_2", [Claude.text("Updating the README too.")], at: 5),
        ])
        #expect(
            read.contents == ["the prompt that opened the turn", "also update the README", "Updating the README too."])
        #expect(read.messages[1].id == Claude.typedID("also update the README", at: 2))
        #expect(read.messages[1].createdAt == Timestamp(iso8601: Claude.time(2)))
        #expect(read.messages[1].source == "user")
        #expect(read.leftOut[.unsent] == 0)
    }

    @Test("the queued_command attachment of the same message, at its enqueue's time, names the same message")
    func enqueueRemoveAttachment() async throws {
        let directory = try TranscriptDirectory()
        let path = try directory.write(
            Claude.file,
            lines: [
                Claude.user("the prompt that opened the turn", at: 0),
                Claude.queue("enqueue", "the first mid-turn message", at: 2),
                Claude.queue("remove", at: 4),
                Claude.queuedCommand("the first mid-turn message", at: 2),
                Claude.queuedCommand("a message with no queue line", at: 6, origin: ["kind": "human"]),
            ])
        let read = try readTranscript(path, .claudeCode)
        let queued = read.messages.filter { $0.content == "the first mid-turn message" }
        #expect(Set(queued.map(\.id)) == [Claude.typedID("the first mid-turn message", at: 2)])
        #expect(read.contents.contains("a message with no queue line"))

        let fixture = try StoreFixture()
        let store = try fixture.open()
        let report = await TranscriptImport.run(
            [TranscriptFiles.File(path: path, layout: .lines)], tool: .claudeCode, into: store, dryRun: false)
        #expect(report.failures.isEmpty)
        // The prompt, the queued message once (its attachment stands for its remove), and the one
        // from its attachment alone.
        #expect(report.imported == 3)
        #expect(report.alreadyPresent == 0)
    }

    @Test("a queued message that waited for its own turn is taken from its user line, not from the queue")
    func enqueueDequeue() throws {
        let read = try read([
            Claude.queue("enqueue", "skip the tests, just commit", at: 20),
            Claude.queue("dequeue", at: 21),
            Claude.user("skip the tests, just commit", at: 21, ["promptSource": "queued"]),
        ])
        #expect(read.contents == ["skip the tests, just commit"])
        #expect(read.messages[0].createdAt == Timestamp(iso8601: Claude.time(21)))
        #expect(read.leftOut[.unsent] == 0)
    }

    @Test("popAll takes the queued messages back to be edited: none is stored, each is counted unsent")
    func popAll() throws {
        let read = try read([
            Claude.queue("enqueue", "first try", at: 0),
            Claude.queue("enqueue", "second try", at: 1),
            Claude.queue("popAll", at: 2),
            Claude.queue("remove", at: 3),
            Claude.queue("enqueue", "never sent", at: 4),
        ])
        #expect(read.messages.isEmpty)
        // Two taken back, and one still queued when the file ended.
        #expect(read.leftOut[.unsent] == 3)
    }

    @Test("a remove takes the queued message with its text, or the oldest when it names none")
    func removeByText() throws {
        let read = try read([
            Claude.queue("enqueue", "first", at: 0),
            Claude.queue("enqueue", [["type": "text", "text": "second"]], at: 1),
            Claude.queue("remove", "second", at: 2),
            Claude.queue("remove", at: 3),
        ])
        #expect(read.contents == ["second", "first"])
    }

    @Test("what the tool queues itself is left out: notifications, task-notification commands, other origins")
    func machineQueue() throws {
        let read = try read([
            Claude.queue("enqueue", "<task-notification>build finished</task-notification>", at: 0),
            Claude.queue("remove", at: 1),
            Claude.queuedCommand("<task-notification>x</task-notification>", at: 2, mode: "task-notification"),
            Claude.queuedCommand("from a peer", at: 3, origin: ["kind": "peer"]),
            Claude.envelope("attachment", at: 4, ["attachment": ["type": "nested_memory", "path": "/x/CLAUDE.md"]]),
        ])
        // The notification's remove is told by its attachment, which follows it: counted once.
        #expect(read.messages.isEmpty)
        #expect(read.leftOut[.injected] == 3)
    }

    @Test(
        "a machine message taken from the queue is the tool's when its queued_command says so")
    func machineQueueWithAttachment() throws {
        let read = try read([
            Claude.queue("enqueue", "[monitor] build idle", at: 0),
            Claude.queue("remove", "[monitor] build idle", at: 1),
            Claude.queuedCommand("[monitor] build idle", at: 0, origin: ["kind": "monitor"]),
        ])
        #expect(read.messages.isEmpty)
    }

    @Test("a compaction's replay of a turn, under a new uuid, names the same messages")
    func replay() throws {
        let turn = [
            Claude.user("Rename the flag to --debug.", at: 0),
            Claude.assistant("msg_1", [Claude.text("Renamed.")], at: 1),
        ]
        let read = try read(turn + [Claude.system("compact_boundary", "Conversation compacted", at: 2)] + turn)
        #expect(read.messages.count == 4)
        #expect(read.messages[0].id == read.messages[2].id)
        #expect(read.messages[1].id == read.messages[3].id)
    }

    // MARK: - Sessions and projects

    @Test("lines carried over from an earlier session keep it, and each session keeps its directory")
    func carriedOver() throws {
        let earlier = "e1d2c3b4-0000-4000-8000-000000000001"
        let read = try read([
            transcriptLine(["type": "summary", "summary": "Earlier work", "leafUuid": "549b3502"]),
            Claude.user("the earlier question", at: 0, session: earlier, cwd: "/Users/dev/old"),
            Claude.assistant(
                "msg_0", [Claude.text("the earlier answer")], at: 1, session: earlier, cwd: "/Users/dev/old"),
            Claude.user("the new question", at: 2),
            Claude.assistant("msg_1", [Claude.text("the new answer")], at: 3),
        ])
        #expect(read.messages.map(\.session) == [earlier, earlier, Claude.session, Claude.session])
        #expect(read.output.projects == [earlier: "/Users/dev/old", Claude.session: Claude.cwd])
    }

    @Test("a line without a sessionId belongs to the file's session; a relative cwd names no project")
    func fileSession() throws {
        let read = try read(
            [
                Claude.user("first", at: 0, session: nil, cwd: "relative/dir"),
                Claude.user("second", at: 1, session: "", cwd: nil),
            ], name: "projects/x/0a0b0c0d-1111-4222-8333-444455556666.jsonl")
        #expect(read.messages.map(\.session) == Array(repeating: "0a0b0c0d-1111-4222-8333-444455556666", count: 2))
        #expect(read.output.projects.isEmpty)
    }

    // MARK: - What is not a transcript

    @Test("a line without a type makes the file invalid, naming the line")
    func lineWithoutType() throws {
        let lines = [Claude.user("fine", at: 0), transcriptLine(["message": "no type"]), Claude.user("after", at: 1)]
        let directory = try TranscriptDirectory()
        let path = try directory.write(Claude.file, lines: lines)
        let error = try #require(readError(path, .claudeCode))
        #expect(error.line == 2)
        #expect(error.byte == offset(after: Array(lines.prefix(1))))
        #expect(error.reason.contains("has no \"type\""))
        #expect(error.description.hasPrefix("\(path): line 2: "))
    }

    @Test("a line that is JSON but not an object makes the file invalid")
    func nonObjectLine() throws {
        for line in ["[1, 2, 3]", "\"text\"", "42", "null"] {
            let directory = try TranscriptDirectory()
            let path = try directory.write(Claude.file, lines: [Claude.user("fine", at: 0), line])
            let error = try #require(readError(path, .claudeCode), "\(line)")
            #expect(error.line == 2)
            #expect(error.reason.contains("is not a JSON object"))
        }
    }

    @Test("a file in which no line is a session's message is not a Claude Code transcript, once read to its end")
    func notATranscript() throws {
        let directory = try TranscriptDirectory()
        let path = try directory.write(
            "other.jsonl", lines: [transcriptLine(["type": "event"]), transcriptLine(["type": "metric"])])
        let error = try #require(readError(path, .claudeCode))
        #expect(error.reason.contains("is not a Claude Code transcript"))
        #expect(error.line == nil && error.byte == 0)
        // A follower, which may see more lines later, does not decide yet.
        #expect(readError(path, .claudeCode, final: false) == nil)
        // An empty file is no error: a session about to begin.
        let empty = try directory.write("empty.jsonl", "")
        #expect(try readTranscript(empty, .claudeCode).messages.isEmpty)
    }

    @Test("a JSON document is no Claude Code transcript")
    func document() throws {
        let directory = try TranscriptDirectory()
        let path = try directory.write("x.json", "{\"sessionId\": \"s\"}")
        let error = try #require(readError(path, .claudeCode, layout: .document))
        #expect(error.reason.contains("JSON Lines"))
    }
}
