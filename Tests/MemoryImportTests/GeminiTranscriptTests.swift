import TestFixtures
import Foundation
import MemoryModel
import Testing

@testable import MemoryImport

/// Gemini CLI sessions as gemini-cli writes them: a JSON document rewritten whole (up to v0.38),
/// or JSON Lines of records (message, `$set`, `$rewindTo`) after a metadata line.
private enum Gemini {
    static let session = "a41f0c7e-2b9d-4e63-8c15-7d0e3b6a9f24"
    static let projectHash = "0d7a30f9b2cd1a7517faf21fa7cf56424d7f99a71269e0048b6b8afb23c2d46f"
    static let file = "tmp/acme-api/chats/session-2026-08-19T16-00-a41f0c7e.jsonl"

    static func time(_ seconds: Int) -> String {
        String(format: "2026-08-19T16:%02d:%02d.000Z", seconds / 60, seconds % 60)
    }

    static func meta(kind: String = "main") -> String {
        transcriptLine([
            "sessionId": session, "projectHash": projectHash, "startTime": time(0), "lastUpdated": time(0),
            "kind": kind,
        ])
    }

    static func user(_ id: String, _ content: Any, at seconds: Int, _ extra: [String: Any] = [:]) -> [String: Any] {
        var record: [String: Any] = ["id": id, "timestamp": time(seconds), "type": "user", "content": content]
        record.merge(extra) { $1 }
        return record
    }

    static func user(_ id: String, text: String, at seconds: Int) -> [String: Any] {
        user(id, [["text": text]], at: seconds)
    }

    static func gemini(_ id: String, _ content: Any, at seconds: Int, toolCalls: Int = 0, thoughts: Int = 0) -> [String:
        Any]
    {
        [
            "id": id, "timestamp": time(seconds), "type": "gemini", "content": content, "model": "gemini-3-pro-preview",
            "thoughts": (0..<thoughts).map {
                ["subject": "Plan \($0)", "description": "…", "timestamp": time(seconds)]
            },
            "toolCalls": (0..<toolCalls).map {
                ["id": "call-\($0)", "name": "read_file", "args": [:], "status": "success"]
            },
        ]
    }

    static func record(_ type: String, _ id: String, at seconds: Int) -> [String: Any] {
        ["id": id, "timestamp": time(seconds), "type": type, "content": ""]
    }

    static func line(_ record: [String: Any]) -> String { transcriptLine(record) }
    static func set(_ fields: [String: Any]) -> String { transcriptLine(["$set": fields]) }
    static func rewind(to id: String) -> String { transcriptLine(["$rewindTo": id]) }
}

@Suite("Gemini CLI sessions")
struct GeminiTranscriptTests {
    private func read(_ lines: [String], name: String = Gemini.file) throws -> TranscriptRead {
        let directory = try TranscriptDirectory()
        return try readTranscript(try directory.write(name, lines: lines), .gemini)
    }

    @Test("a .json session: its messages in order under their ids; info, errors and tool-only turns left out")
    func document() throws {
        let session: [String: Any] = [
            "sessionId": Gemini.session, "projectHash": Gemini.projectHash, "startTime": Gemini.time(0),
            "lastUpdated": Gemini.time(9),
            "messages": [
                Gemini.user("u1", "How does the config loader work?", at: 1),
                Gemini.gemini("g1", "", at: 2, toolCalls: 2, thoughts: 1),
                Gemini.gemini("g2", "It reads config.toml, then the environment.", at: 3),
                Gemini.record("info", "i1", at: 4),
                Gemini.record("error", "e1", at: 5),
                Gemini.record("warning", "w1", at: 6),
                Gemini.gemini("g3", "Got it. Thanks for the additional context!", at: 7),
            ],
            "summary": "Config loading",
        ]
        let directory = try TranscriptDirectory()
        let data = try JSONSerialization.data(withJSONObject: session, options: [.prettyPrinted])
        let path = try directory.write("tmp/acme-api/chats/session-2026-03-02T14-05-7f3c2a91.json", data)
        let read = try readTranscript(path, .gemini, layout: .document)
        #expect(read.messages.map(\.id) == ["u1", "g2"])
        #expect(read.contents == ["How does the config loader work?", "It reads config.toml, then the environment."])
        #expect(read.messages.map(\.source) == ["user", "assistant"])
        #expect(read.messages.allSatisfy { $0.session == Gemini.session && $0.origin == "gemini" })
        #expect(read.messages[1].createdAt == Timestamp(iso8601: Gemini.time(3)))
        #expect(read.leftOut[.system] == 3)
        #expect(read.leftOut[.toolCall] == 2)
        #expect(read.leftOut[.thinking] == 1)
        #expect(read.resumeAt == Int64(data.count))
    }

    @Test("a .json without sessionId and messages, or with a message without an id, is refused")
    func documentInvalid() throws {
        let directory = try TranscriptDirectory()
        let noSession = try directory.write("chats/session-a.json", "{\"messages\": []}")
        #expect(readError(noSession, .gemini, layout: .document)?.reason.contains("has no \"sessionId\"") == true)
        let noID = try directory.write(
            "chats/session-b.json", "{\"sessionId\": \"s\", \"messages\": [{\"type\": \"user\", \"content\": \"x\"}]}")
        #expect(readError(noID, .gemini, layout: .document)?.reason.contains("without an \"id\"") == true)
        let notJSON = try directory.write("chats/session-c.json", "{\n  \"sessionId\": \"s\",\n  oops\n}")
        let error = try #require(readError(notJSON, .gemini, layout: .document))
        #expect(error.line == 3)
        #expect(error.reason.contains("is not JSON"))
    }

    @Test("a message written again replaces it where it stood")
    func replacedInPlace() throws {
        let read = try read([
            Gemini.meta(),
            Gemini.line(Gemini.user("u1", text: "List every TODO in src.", at: 1)),
            Gemini.set(["lastUpdated": Gemini.time(1)]),
            Gemini.line(Gemini.gemini("g1", "", at: 2, toolCalls: 1)),
            Gemini.line(Gemini.user("u2", text: "Only the auth module.", at: 4)),
            // Tool calls merged in, and late token counts: the same id again.
            Gemini.line(Gemini.gemini("g1", "There are 14 TODOs.", at: 2, toolCalls: 2)),
        ])
        #expect(read.messages.map(\.id) == ["u1", "g1", "u2"])
        #expect(read.contents == ["List every TODO in src.", "There are 14 TODOs.", "Only the auth module."])
        #expect(read.leftOut[.toolCall] == 2)
    }

    @Test("$rewindTo drops that message and every later one, and withdraws them")
    func rewind() throws {
        let read = try read([
            Gemini.meta(),
            Gemini.line(Gemini.user("u1", text: "first question", at: 1)),
            Gemini.line(Gemini.gemini("g1", "first answer", at: 2)),
            Gemini.line(Gemini.user("u2", text: "a question taken back", at: 3)),
            Gemini.line(Gemini.gemini("g2", "an answer taken back", at: 4)),
            Gemini.rewind(to: "u2"),
            Gemini.line(Gemini.user("u3", text: "the question asked instead", at: 5)),
        ])
        #expect(read.messages.map(\.id) == ["u1", "g1", "u3"])
        #expect(read.output.withdrawn == ["g2", "u2"])
    }

    @Test("$rewindTo an unknown id drops every message")
    func rewindUnknown() throws {
        let read = try read([
            Gemini.meta(),
            Gemini.line(Gemini.user("u1", text: "first", at: 1)),
            Gemini.line(Gemini.gemini("g1", "answer", at: 2)),
            Gemini.rewind(to: "nowhere"),
            Gemini.line(Gemini.user("u2", text: "after", at: 3)),
        ])
        #expect(read.contents == ["after"])
        #expect(read.output.withdrawn == ["g1", "u1"])
    }

    @Test("a message written again after it was rewound is no longer withdrawn")
    func rewoundThenWritten() throws {
        let read = try read([
            Gemini.meta(),
            Gemini.line(Gemini.user("u1", text: "first", at: 1)),
            Gemini.rewind(to: "u1"),
            Gemini.line(Gemini.user("u1", text: "first, again", at: 2)),
        ])
        #expect(read.contents == ["first, again"])
        #expect(read.output.withdrawn.isEmpty)
    }

    @Test("a $set of messages only updates messages that stood on lines of their own")
    func checkpoint() throws {
        let environment = Gemini.user(
            "env", text: "<session_context>\nThis is the Gemini CLI.\n</session_context>", at: 0)
        let read = try read([
            Gemini.meta(),
            Gemini.set(["messages": [environment], "lastUpdated": Gemini.time(0)]),
            Gemini.line(Gemini.user("u1", text: "How does the loader work?", at: 1)),
            Gemini.line(Gemini.gemini("g1", "It reads config.toml.", at: 2)),
            Gemini.line(Gemini.user("u2", text: "And the environment?", at: 3)),
            Gemini.line(Gemini.gemini("g2", "It overrides the file.", at: 4)),
            // Compression: the summary, its acknowledgement, and the kept tail under new ids.
            Gemini.set([
                "messages": [
                    environment,
                    Gemini.user("s1", text: "<state_snapshot>The user asked about the loader.</state_snapshot>", at: 5),
                    Gemini.gemini("a1", "Got it. Thanks for the additional context!", at: 5),
                    Gemini.user("u2", [["text": "And the environment variables?"]], at: 3),
                    Gemini.user("copy-of-g2", text: "It overrides the file.", at: 4),
                ]
            ]),
            Gemini.line(Gemini.user("u3", text: "Thanks.", at: 6)),
        ])
        // What compression summarised away is kept; copies under new ids are not taken.
        #expect(read.messages.map(\.id) == ["u1", "g1", "u2", "g2", "u3"])
        #expect(read.contents[2] == "And the environment variables?")
        #expect(read.output.withdrawn.isEmpty)
    }

    @Test("a user message is what was typed: displayContent, else the text up to the referenced files")
    func typedText() throws {
        let read = try read([
            Gemini.meta(),
            Gemini.line(
                Gemini.user(
                    "u1", [["text": "Review src/auth with the team's checklist: …expanded prompt…"]], at: 1,
                    ["displayContent": [["text": "/review src/auth"]]])),
            Gemini.line(
                Gemini.user(
                    "u2",
                    [
                        ["text": "Explain @src/config.ts"], ["text": "\n--- Content from referenced files ---"],
                        ["text": "\nContent from @src/config.ts:\n"], ["text": "export const x = 1"],
                        ["text": "\n--- End of content ---"],
                    ], at: 2)),
            Gemini.line(
                Gemini.user(
                    "u3", "Explain @a.ts\n--- Content from referenced files ---\nContent from @a.ts:\nlet a = 1", at: 3)
            ),
            Gemini.line(
                Gemini.user(
                    "u4", [["text": "Fix it."], ["text": "<hook_context>lint: 3 errors</hook_context>"]], at: 4)),
            Gemini.line(
                Gemini.user(
                    "u5", [["text": "What is this?"], ["inlineData": ["mimeType": "image/png", "data": "iVBO"]]], at: 5)
            ),
        ])
        #expect(
            read.contents == [
                "/review src/auth", "Explain @src/config.ts", "Explain @a.ts", "Fix it.", "What is this?",
            ])
        #expect(read.leftOut[.injected] == 1)
        #expect(read.leftOut[.image] == 1)
    }

    @Test("tool results sent as user turns, injected turns and compression acknowledgements are left out")
    func leftOutTurns() throws {
        let read = try read([
            Gemini.meta(),
            Gemini.set([
                "messages": [
                    Gemini.user("env", text: "<session_context>\nToday is Tuesday.\n</session_context>", at: 0)
                ]
            ]),
            Gemini.line(Gemini.user("env", text: "<session_context>\nToday is Tuesday.\n</session_context>", at: 0)),
            Gemini.line(Gemini.user("u1", text: "Read the README.", at: 1)),
            Gemini.line(Gemini.gemini("g1", "", at: 2, toolCalls: 1)),
            Gemini.line(
                Gemini.user(
                    "r1",
                    [["functionResponse": ["id": "call-0", "name": "read_file", "response": ["output": "# App"]]]],
                    at: 3)),
            Gemini.line(Gemini.user("ide", text: "Here is the user's editor context as a JSON object: {}", at: 4)),
            Gemini.line(Gemini.user("sh", text: "I ran the following shell command:\n```sh\nls\n```", at: 5)),
            Gemini.line(Gemini.gemini("g2", "Got it. Thanks for the context!", at: 6)),
            Gemini.line(
                Gemini.gemini(
                    "g3", [["text": "**Planning** read it", "thought": true], ["text": "The README says hello."]], at: 7
                )),
        ])
        #expect(read.contents == ["Read the README.", "The README says hello."])
        #expect(read.leftOut[.tool] == 1)
        #expect(read.leftOut[.injected] >= 3)
    }

    @Test("a sub-agent's session is left out whole")
    func subagent() throws {
        let read = try read(
            [
                Gemini.meta(kind: "subagent"),
                Gemini.line(Gemini.user("u1", text: "Investigate the codebase.", at: 1)),
                Gemini.line(Gemini.gemini("g1", "It is a CLI.", at: 2)),
            ], name: "tmp/acme-api/chats/\(Gemini.session)/agent-1.jsonl")
        #expect(read.messages.isEmpty)
        #expect(read.leftOut[.sidechain] == 2)
        #expect(read.output.projects.isEmpty)
    }

    @Test("the project is what .project_root says, else projects.json read backwards, or found by its SHA-256 there")
    func project() throws {
        let directory = try TranscriptDirectory()
        let lines = [Gemini.meta(), Gemini.line(Gemini.user("u1", text: "hi", at: 1))]
        try directory.write("gemini/tmp/acme-api/.project_root", "/Users/dana/src/acme-api\n")
        let withRoot = try directory.write("gemini/tmp/acme-api/chats/session-1.jsonl", lines: lines)
        #expect(try readTranscript(withRoot, .gemini).output.projects == [Gemini.session: "/Users/dana/src/acme-api"])

        try directory.write(
            "gemini/projects.json",
            "{\"projects\": {\"/Users/dana/src/other\": \"other\", \"/Users/dana/src/x\": \"x\"}}")
        let registered = try directory.write("gemini/tmp/other/chats/session-2.jsonl", lines: lines)
        #expect(try readTranscript(registered, .gemini).output.projects == [Gemini.session: "/Users/dana/src/other"])

        let hashed = try directory.write("gemini/tmp/\(Gemini.projectHash)/chats/session-3.jsonl", lines: lines)
        #expect(try readTranscript(hashed, .gemini).output.projects.isEmpty)

        // An older directory named by the path's SHA-256: the path is the registry's whose hash it is.
        let hash = SHA256.hex("/Users/dana/src/x")
        let older = try directory.write(
            "gemini/tmp/\(hash)/chats/session-4.jsonl",
            lines: [transcriptLine(["sessionId": Gemini.session, "projectHash": hash]), lines[1]])
        #expect(try readTranscript(older, .gemini).output.projects == [Gemini.session: "/Users/dana/src/x"])
    }

    @Test("SHA-256 gives the standard's digests", arguments: [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        ("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
         "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"),
        (String(repeating: "a", count: 1000),
         "41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3"),
    ])
    func sha256(text: String, digest: String) {
        #expect(SHA256.hex(text) == digest)
    }

    @Test("the session is the metadata's id, else the file's stem")
    func sessionID() throws {
        let read = try read([
            transcriptLine(["sessionId": "", "projectHash": Gemini.projectHash]),
            Gemini.line(Gemini.user("u1", text: "hi", at: 1)),
        ])
        #expect(read.messages.map(\.session) == ["session-2026-08-19T16-00-a41f0c7e"])
    }

    @Test("a file with no metadata line is not a Gemini CLI session; a record of no known kind is invalid")
    func invalid() throws {
        let directory = try TranscriptDirectory()
        let noMeta = try directory.write(
            "chats/session-a.jsonl", lines: [Gemini.line(Gemini.user("u1", text: "hi", at: 1))])
        #expect(readError(noMeta, .gemini)?.reason.contains("is not a Gemini CLI session") == true)
        let unknown = try directory.write(
            "chats/session-b.jsonl", lines: [Gemini.meta(), transcriptLine(["type": "user", "content": "no id"])])
        let error = try #require(readError(unknown, .gemini))
        #expect(error.line == 2)
        #expect(error.reason.contains("is not a Gemini CLI session record"))
    }
}

extension GeminiTranscriptTests {
    /// Found by FuzzTranscript (Tests/Fuzz/Corpus/FuzzTranscript/crash-empty-id.jsonl).
    @Test("a message written with an empty id is stored under one made of its time and text, not under none")
    func emptyID() throws {
        let one = try read([Gemini.meta(), Gemini.line(Gemini.user("", "an empty id", at: 1))])
        #expect(one.contents == ["an empty id"])
        #expect(one.messages.allSatisfy { !$0.id.isEmpty })
        // An empty id is an id to gemini-cli as any other: written again, it replaces the message.
        let two = try read([
            Gemini.meta(), Gemini.line(Gemini.user("", "an empty id", at: 1)),
            Gemini.line(Gemini.gemini("", "another", at: 2)),
        ])
        #expect(two.contents == ["another"])
        #expect(two.messages.allSatisfy { !$0.id.isEmpty })
    }
}
