import Foundation
import MemoryModel

/// Claude Code's session transcripts as Claude Code writes them, generated from a seed for
/// `memory-bench follow`: `<root>/<project>/<session>.jsonl`, one JSON object a line, with the
/// sub-agents' files in `<root>/<project>/<session>/subagents/agent-<id>.jsonl` beside a
/// `.meta.json`.
///
/// The proportions are a working session's: nearly all the bytes are tool output (a tool
/// result's text, and its copy in `toolUseResult`: a line of up to about 170 KB), tool inputs,
/// thinking with its signature, and the envelope and `usage` every line repeats; a few per cent
/// are what the user typed and what the assistant answered. Each reply is written a content
/// block a line, the lines sharing the reply's `message.id`.
struct ClaudeCodeTranscripts {
    /// One transcript file written.
    struct File {
        let path: String
        let bytes: Int
        /// Where memoryd's follower has read the file to once it has stored all of it: the end,
        /// or where the last reply began when that reply may go on (its next line would carry the
        /// same id), as the follower reads such a reply again with the lines that come.
        let readTo: Int
    }

    /// What a generated tree holds.
    struct Tree {
        var files: [File] = []
        var sessions = 0
        /// Messages an import stores: what the user typed, and each reply with text.
        var messages = 0
        /// Bytes of that text (JSON-escaped, as in the files).
        var textBytes = 0
        var bytes: Int { files.reduce(0) { $0 + $1.bytes } }
    }

    /// How the sessions look.
    enum Shape {
        /// Sessions of 30 KB to 24 MB, tool results of up to 80 KB, sub-agents.
        case working
        /// A turn or three with small tool results: about 15 KB a session.
        case idle
    }

    private var random: SeededGenerator
    /// 2026-06-01T08:00:00Z, and later for each session.
    private var clock: Int64 = 1_780_300_800_000
    private let codeLines: [[UInt8]]
    private let outputLines: [[UInt8]]

    static let projects = ["memoryd", "webshop", "infra-terraform", "ml-pipeline", "mobile-app", "docs-site"]

    init(seed: UInt64) {
        random = SeededGenerator(seed: seed)
        var pools = PoolGenerator(random: SeededGenerator(seed: seed ^ 0x5EED))
        codeLines = (0..<4096).map { _ in Self.escaped(pools.codeLine() + "\n") }
        outputLines = (0..<4096).map { _ in Self.escaped(pools.outputLine() + "\n") }
    }

    // MARK: - Trees

    /// Writes sessions under `root` until they hold at least `bytes` bytes; `fewest` sessions at
    /// least, whatever their size.
    mutating func writeTree(at root: String, bytes: Int, shape: Shape, fewest: Int = 1) throws -> Tree {
        var tree = Tree()
        while tree.bytes < bytes || tree.sessions < fewest {
            let remaining = max(bytes - tree.bytes, 0)
            let target: Int
            switch shape {
            case .working:
                let logSize = Double.random(in: log(30_000.0)...log(24_000_000.0), using: &random)
                target = max(min(Int(exp(logSize)), remaining), 20_000)
            case .idle:
                target = 2_000 + Int(random.next() % 6_000)
            }
            let project = Self.projects[Int(random.next() % UInt64(Self.projects.count))]
            let directory = root + "/-home-dev-src-" + project
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            var session = SessionLines(id: uuid(), cwd: "/home/dev/src/" + project, agent: nil, clock: clock)
            var file = try TranscriptFileWriter(path: directory + "/" + session.id + ".jsonl")
            let subagents = directory + "/" + session.id + "/subagents"
            while file.offset < target {
                try turn(&session, into: &file, shape: shape, subagents: subagents, tree: &tree)
                try file.flushIfFull()
            }
            tree.files.append(try file.close())
            clock = session.clock + Int64(60_000 + random.next() % 7_200_000)
            tree.sessions += 1
        }
        return tree
    }

    /// One turn: a snapshot of the files, what the user typed, and rounds of the assistant's
    /// replies and tool calls until its last answer.
    private mutating func turn(
        _ session: inout SessionLines, into file: inout TranscriptFileWriter, shape: Shape, subagents: String,
        tree: inout Tree
    ) throws {
        if chance(50) { session.fileHistorySnapshot(into: &file, random: &random) }
        let typed = Self.escaped(userText())
        tree.messages += 1
        tree.textBytes += typed.count
        session.typed(typed, into: &file, random: &random)
        let rounds = shape == .idle ? Int(random.next() % 3) : Int(random.next() % 8)
        let place = shape == .working ? subagents : nil
        for _ in 0..<rounds {
            try round(&session, into: &file, shape: shape, final: false, subagents: place, tree: &tree)
        }
        try round(&session, into: &file, shape: shape, final: true, subagents: place, tree: &tree)
        if chance(30) { session.turnDuration(into: &file, random: &random) }
    }

    /// A sub-agent's sidechain, started by a Task call of `session`: its transcript and meta file.
    private mutating func subagent(
        _ agent: String, prompt: [UInt8], of session: inout SessionLines, in directory: String, tree: inout Tree
    ) throws {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        var sidechain = SessionLines(id: session.id, cwd: session.cwd, agent: agent, clock: session.clock)
        var file = try TranscriptFileWriter(path: directory + "/agent-" + agent + ".jsonl")
        sidechain.typed(prompt, into: &file, random: &random)
        for _ in 0..<(2 + Int(random.next() % 8)) {
            try round(&sidechain, into: &file, shape: .working, final: false, subagents: nil, tree: &tree)
            try file.flushIfFull()
        }
        try round(&sidechain, into: &file, shape: .working, final: true, subagents: nil, tree: &tree)
        tree.files.append(try file.close())
        let meta = "{\"agentType\":\"Explore\",\"description\":\"Trace the call sites\",\"toolUseId\":\"x\"}\n"
        try Data(meta.utf8).write(to: URL(fileURLWithPath: directory + "/agent-" + agent + ".meta.json"))
        session.clock = sidechain.clock
    }

    /// One reply of the assistant (thinking, text, tool calls, a line each) and the results of
    /// its tool calls; the final one answers in text and calls nothing.
    private mutating func round(
        _ session: inout SessionLines, into file: inout TranscriptFileWriter, shape: Shape, final: Bool,
        subagents: String?, tree: inout Tree
    ) throws {
        let reply = Reply(id: "msg_01" + token(22), request: "req_011C" + token(20), usage: usage())
        let stop = final ? "end_turn" : "tool_use"
        if chance(final ? 20 : 45) {
            var block = Array("{\"type\":\"thinking\",\"thinking\":\"".utf8)
            block += Self.escaped(sentences(200 + Int(random.next() % 3_000)))
            block += Array("\",\"signature\":\"".utf8) + Array(token(300 + Int(random.next() % 900), base64: true).utf8)
            block += Array("\"}".utf8)
            session.assistant(reply, block: block, stop: stop, into: &file, random: &random)
        }
        if final || chance(40) {
            let text = Self.escaped(sentences(60 + Int(random.next() % 1_100)))
            if session.agent == nil {
                tree.messages += 1
                tree.textBytes += text.count
            }
            session.assistant(
                reply, block: Array("{\"type\":\"text\",\"text\":\"".utf8) + text + Array("\"}".utf8), stop: stop,
                into: &file, random: &random)
        }
        guard !final else { return }
        var calls: [(id: String, kind: Int, uuid: String)] = []
        for _ in 0..<(chance(20) ? 2 + Int(random.next() % 2) : 1) {
            let id = "toolu_01" + token(22)
            // A sub-agent now and then, only from a main session.
            let kind = subagents != nil && chance(2) ? 6 : Int(random.next() % 6)
            let uuid = session.assistant(
                reply, block: toolUse(id: id, kind: kind, cwd: session.cwd), stop: stop, into: &file, random: &random)
            calls.append((id, kind, uuid))
        }
        for call in calls {
            var result = ToolResult(kind: call.kind)
            if call.kind == 6, let subagents {
                let agent = token(7, hex: true)
                let prompt = Self.escaped(sentences(300 + Int(random.next() % 1_200)))
                try subagent(agent, prompt: prompt, of: &session, in: subagents, tree: &tree)
                result.agent = agent
            }
            session.toolResult(
                toolResult(result, shape: shape, cwd: session.cwd), toolUseID: call.id, assistantUUID: call.uuid,
                into: &file, random: &random)
        }
    }

    // MARK: - Tool calls and their results

    private static let tools = ["Bash", "Read", "Grep", "Edit", "Write", "TodoWrite", "Task"]

    private mutating func toolUse(id: String, kind: Int, cwd: String) -> [UInt8] {
        var input: String
        let path = cwd + "/Sources/" + PoolGenerator.types[Int(random.next() % 20)] + ".swift"
        switch kind {
        case 0:
            input =
                "{\"command\":\"swift test --filter \(PoolGenerator.types[Int(random.next() % 20)])Tests 2>&1 | tail -80\","
            input += "\"description\":\"Run the tests of the reader\"}"
        case 1: input = "{\"file_path\":\"\(path)\"}"
        case 2:
            input = "{\"pattern\":\"\(PoolGenerator.identifiers[Int(random.next() % 40)])\\\\(\",\"path\":\"\(cwd)\","
            input += "\"output_mode\":\"content\",\"-n\":true}"
        case 3:
            let old = String(decoding: code(200 + Int(random.next() % 1_800), numbered: false).text, as: UTF8.self)
            let new = String(decoding: code(200 + Int(random.next() % 1_800), numbered: false).text, as: UTF8.self)
            input = "{\"file_path\":\"\(path)\",\"old_string\":\"\(old)\",\"new_string\":\"\(new)\"}"
        case 4:
            let text = String(decoding: code(1_000 + Int(random.next() % 9_000), numbered: false).text, as: UTF8.self)
            input = "{\"file_path\":\"\(path)\",\"content\":\"\(text)\"}"
        case 5:
            input =
                "{\"todos\":["
                + (0..<(2 + Int(random.next() % 5))).map { index in
                    "{\"content\":\"Step \(index + 1): update the reader\",\"status\":\"\(index == 0 ? "in_progress" : "pending")\","
                        + "\"activeForm\":\"Updating the reader\"}"
                }.joined(separator: ",") + "]}"
        default:
            let prompt = String(decoding: Self.escaped(sentences(300 + Int(random.next() % 1_200))), as: UTF8.self)
            input = "{\"description\":\"Trace the call sites\",\"prompt\":\"\(prompt)\",\"subagent_type\":\"Explore\"}"
        }
        return Array(
            "{\"type\":\"tool_use\",\"id\":\"\(id)\",\"name\":\"\(Self.tools[kind])\",\"input\":\(input)}".utf8)
    }

    private struct ToolResult {
        let kind: Int
        var agent: String?
    }

    /// A tool result's `content` and `toolUseResult`, both JSON.
    private mutating func toolResult(_ result: ToolResult, shape: Shape, cwd: String) -> (
        content: [UInt8], copy: [UInt8]
    ) {
        let size: Int
        switch shape {
        case .idle: size = 100 + Int(random.next() % 1_900)
        case .working:
            let band = random.next() % 100
            size =
                band < 60
                ? 100 + Int(random.next() % 2_900)
                : band < 90 ? 3_000 + Int(random.next() % 17_000) : 20_000 + Int(random.next() % 60_000)
        }
        let quote = Array("\"".utf8)
        switch result.kind {
        case 0, 2:
            let text = output(size)
            let copy =
                result.kind == 0
                ? "{\"stdout\":\"" + text + "\",\"stderr\":\"\",\"interrupted\":false,\"isImage\":false}"
                : "{\"mode\":\"content\",\"numFiles\":\(1 + random.next() % 30),\"filenames\":[],\"content\":\"" + text
                    + "\",\"numLines\":\(size / 60)}"
            return (quote + Array(text.utf8) + quote, Array(copy.utf8))
        case 1:
            let start = Int(random.next() % UInt64(codeLines.count))
            let file = code(size, numbered: true, from: start)
            var copy = Array(
                "{\"type\":\"text\",\"file\":{\"filePath\":\"\(cwd)/Sources/Reader.swift\",\"content\":\"".utf8)
            copy += code(size, numbered: false, from: start, lines: file.lines).text
            copy += Array("\",\"numLines\":\(file.lines),\"startLine\":1,\"totalLines\":\(file.lines)}}".utf8)
            return (quote + file.text + quote, copy)
        case 3:
            let snippet = code(300 + Int(random.next() % 900), numbered: true).text
            var content = Array("\"The file \(cwd)/Sources/Reader.swift has been updated. ".utf8)
            content +=
                Array("Here's the result of running `cat -n` on a snippet of the edited file:\\n".utf8) + snippet
                + quote
            var copy = Array("{\"filePath\":\"\(cwd)/Sources/Reader.swift\",\"oldString\":\"let a = 1\",".utf8)
            copy += Array("\"newString\":\"let a = 2\",\"originalFile\":\"".utf8) + code(size, numbered: false).text
            copy += Array("\",\"structuredPatch\":[],\"userModified\":false,\"replaceAll\":false}".utf8)
            return (content, copy)
        case 6:
            let summary = Self.escaped(sentences(400 + Int(random.next() % 2_000)))
            let agent = result.agent ?? "a0"
            var content = Array("[{\"type\":\"text\",\"text\":\"".utf8) + summary
            content += Array(
                "\"},{\"type\":\"text\",\"text\":\"agentId: \(agent) (for resuming)\\n<usage>total_tokens: ".utf8)
            content += Array(
                "\(20_000 + random.next() % 60_000)\\ntool_uses: \(3 + random.next() % 20)</usage>\"}]".utf8)
            var copy = Array(
                "{\"status\":\"completed\",\"agentId\":\"\(agent)\",\"content\":[{\"type\":\"text\",\"text\":\"".utf8)
            copy += summary + Array("\"}],\"totalDurationMs\":\(20_000 + random.next() % 200_000),".utf8)
            copy += Array(
                "\"totalTokens\":\(20_000 + random.next() % 60_000),\"totalToolUseCount\":\(3 + random.next() % 20)}"
                    .utf8)
            return (content, copy)
        default:
            let text = "File created successfully at: \(cwd)/Sources/Reader.swift"
            return (
                Array(text.jsonQuoted.utf8),
                Array("{\"type\":\"create\",\"filePath\":\"\(cwd)/Sources/Reader.swift\"}".utf8)
            )
        }
    }

    /// Lines of the output pool, about `size` bytes, JSON-escaped.
    private mutating func output(_ size: Int) -> String {
        var text: [UInt8] = []
        text.reserveCapacity(size + 200)
        var index = Int(random.next() % UInt64(outputLines.count))
        while text.count < size {
            text += outputLines[index]
            index = (index + 1) % outputLines.count
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// Lines of the code pool, about `size` bytes (or `count` lines), JSON-escaped, from line
    /// `start` (else one picked at random); `numbered` as Read shows them (`cat -n`'s numbers and
    /// an arrow).
    private mutating func code(_ size: Int, numbered: Bool, from start: Int? = nil, lines count: Int? = nil) -> (
        text: [UInt8], lines: Int
    ) {
        var text: [UInt8] = []
        text.reserveCapacity(size + 200)
        var index = start ?? Int(random.next() % UInt64(codeLines.count))
        var lines = 0
        while count.map({ lines < $0 }) ?? (text.count < size) {
            lines += 1
            if numbered {
                let number = String(lines)
                text +=
                    Array(repeating: 0x20, count: max(0, 6 - number.utf8.count)) + Array(number.utf8) + [
                        0xE2, 0x86, 0x92,
                    ]
            }
            text += codeLines[index]
            index = (index + 1) % codeLines.count
        }
        return (text, lines)
    }

    private mutating func usage() -> String {
        let creation = random.next() % 4_000
        return "{\"input_tokens\":\(1 + random.next() % 12),\"cache_creation_input_tokens\":\(creation),"
            + "\"cache_read_input_tokens\":\(10_000 + random.next() % 150_000),\"cache_creation\":"
            + "{\"ephemeral_5m_input_tokens\":0,\"ephemeral_1h_input_tokens\":\(creation)},"
            + "\"output_tokens\":\(20 + random.next() % 2_000),\"service_tier\":\"standard\"}"
    }

    // MARK: - Text

    private static let requests = [
        "Add a --verbose flag to the CLI and wire it into the logger.",
        "The import is slow on big files, can you profile it and find out why?",
        "Write tests for the reader: a line cut short, a file that shrinks, a line that is not JSON.",
        "Why does the build fail on Linux? It works on my Mac.",
        "Refactor the parser so that it keeps the column of each token, then update the error messages.",
        "ok, commit that and open a PR",
        "Can you explain what the retry logic in the uploader does?",
        "Rename `fetchAll` to `loadEverything` everywhere, and keep the old name as deprecated.",
        "The CI job times out after 10 minutes. Split the integration tests into two jobs.",
        "Use the staging database for this, not production. The credentials are in the usual place.",
        "yes",
        "Looks good, but the migration should run inside one transaction.",
    ]

    private mutating func userText() -> String {
        let request = Self.requests[Int(random.next() % UInt64(Self.requests.count))]
        guard chance(30) else { return request }
        return request + "\n\n" + sentences(100 + Int(random.next() % 500))
    }

    private mutating func sentences(_ size: Int) -> String {
        var text = ""
        while text.utf8.count < size {
            if !text.isEmpty { text += random.next() % 5 == 0 ? "\n\n" : " " }
            text += PoolGenerator.sentences[Int(random.next() % UInt64(PoolGenerator.sentences.count))]
        }
        return text
    }

    // MARK: - Ids

    private static let alphanumerics = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789".utf8)
    private static let base64 = alphanumerics + Array("+/".utf8)
    private static let hex = Array("0123456789abcdef".utf8)

    private mutating func token(_ count: Int, hex: Bool = false, base64: Bool = false) -> String {
        let alphabet = hex ? Self.hex : base64 ? Self.base64 : Self.alphanumerics
        return String(
            decoding: (0..<count).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] }, as: UTF8.self)
    }

    private mutating func uuid() -> String { Self.uuid(&random) }

    static func uuid(_ random: inout SeededGenerator) -> String {
        let digits = (0..<32).map { _ in hex[Int(random.next() % 16)] }
        return [0..<8, 8..<12, 12..<16, 16..<20, 20..<32].map { String(decoding: digits[$0], as: UTF8.self) }
            .joined(separator: "-")
    }

    private mutating func chance(_ percent: UInt64) -> Bool { random.next() % 100 < percent }

    /// `text` as the inside of a JSON string.
    static func escaped(_ text: String) -> [UInt8] {
        let quoted = text.jsonQuoted.utf8
        return Array(quoted.dropFirst().dropLast())
    }

    // MARK: - Lines appended to a live session

    /// A session to append lines to, as Claude Code does while the user works in it.
    struct LiveSession {
        private var lines: SessionLines
        private var random: SeededGenerator

        init(id: String, project: String, seed: UInt64) {
            lines = SessionLines(
                id: id, cwd: "/home/dev/src/" + project, agent: nil, clock: Timestamp.now.millisecondsSince1970)
            lines.advancing = false
            random = SeededGenerator(seed: seed)
        }

        /// A line that says `text`: what the user typed, or a reply of one text block.
        mutating func line(_ text: String, fromUser: Bool) -> [UInt8] {
            lines.clock = Timestamp.now.millisecondsSince1970
            var file = TranscriptFileWriter()
            if fromUser {
                lines.typed(ClaudeCodeTranscripts.escaped(text), into: &file, random: &random)
            } else {
                let reply = Reply(
                    id: "msg_01" + String(Self.counter(&random)), request: "req_011C" + String(Self.counter(&random)),
                    usage: "{\"input_tokens\":4,\"output_tokens\":120,\"service_tier\":\"standard\"}")
                lines.assistant(
                    reply,
                    block: Array("{\"type\":\"text\",\"text\":\"".utf8) + ClaudeCodeTranscripts.escaped(text)
                        + Array("\"}".utf8), stop: "end_turn", into: &file, random: &random)
            }
            return file.buffer
        }

        private static func counter(_ random: inout SeededGenerator) -> UInt64 { random.next() % 1_000_000_000_000 }
    }
}

/// A reply's id and what each of its lines repeats.
private struct Reply {
    let id: String
    let request: String
    let usage: String
}

/// The lines of one session (or one sub-agent's sidechain): the envelope every line carries,
/// the chain of uuids and the clock.
private struct SessionLines {
    let id: String
    let cwd: String
    /// A sub-agent's id: its lines are the sidechain.
    let agent: String?
    var parent: String?
    var clock: Int64
    /// Each line a few seconds after the one before; else at `clock`.
    var advancing = true

    init(id: String, cwd: String, agent: String?, clock: Int64) {
        self.id = id
        self.cwd = cwd
        self.agent = agent
        self.clock = clock
    }

    private mutating func envelope(_ out: inout [UInt8], random: inout SeededGenerator) -> (uuid: String, time: String)
    {
        if advancing { clock += Int64(300 + random.next() % 9_000) }
        var text = "{\"parentUuid\":" + (parent.map { "\"\($0)\"" } ?? "null") + ",\"isSidechain\":\(agent != nil)"
        if let agent { text += ",\"agentId\":\"\(agent)\"" }
        text += ",\"userType\":\"external\",\"cwd\":\"\(cwd)\",\"sessionId\":\"\(id)\",\"version\":\"2.1.250\""
        text += ",\"gitBranch\":\"main\","
        out += Array(text.utf8)
        let uuid = ClaudeCodeTranscripts.uuid(&random)
        parent = uuid
        return (uuid, Timestamp(millisecondsSince1970: clock).iso8601)
    }

    /// What the user typed (`text` JSON-escaped).
    mutating func typed(_ text: [UInt8], into file: inout TranscriptFileWriter, random: inout SeededGenerator) {
        var line: [UInt8] = []
        let (uuid, time) = envelope(&line, random: &random)
        line += Array("\"type\":\"user\",\"message\":{\"role\":\"user\",\"content\":\"".utf8) + text
        line += Array("\"},\"uuid\":\"\(uuid)\",\"timestamp\":\"\(time)\"".utf8)
        if agent == nil { line += Array(",\"promptSource\":\"typed\",\"permissionMode\":\"default\"".utf8) }
        line += Array("}".utf8)
        file.append(line, typed: agent == nil)
    }

    /// One content block of a reply; the line's uuid.
    @discardableResult
    mutating func assistant(
        _ reply: Reply, block: [UInt8], stop: String, into file: inout TranscriptFileWriter,
        random: inout SeededGenerator
    ) -> String {
        var line: [UInt8] = []
        let (uuid, time) = envelope(&line, random: &random)
        line += Array("\"message\":{\"model\":\"claude-opus-4-6\",\"id\":\"\(reply.id)\",\"type\":\"message\",".utf8)
        line += Array("\"role\":\"assistant\",\"content\":[".utf8) + block
        line += Array("],\"stop_reason\":\"\(stop)\",\"stop_sequence\":null,\"usage\":\(reply.usage)},".utf8)
        line += Array(
            "\"requestId\":\"\(reply.request)\",\"type\":\"assistant\",\"uuid\":\"\(uuid)\",\"timestamp\":\"\(time)\"}"
                .utf8)
        file.append(line, reply: agent == nil ? reply.id : nil)
        return uuid
    }

    /// A tool's result: `content` and `toolUseResult` as JSON.
    mutating func toolResult(
        _ result: (content: [UInt8], copy: [UInt8]), toolUseID: String, assistantUUID: String,
        into file: inout TranscriptFileWriter, random: inout SeededGenerator
    ) {
        var line: [UInt8] = []
        line.reserveCapacity(result.content.count + result.copy.count + 800)
        let (uuid, time) = envelope(&line, random: &random)
        line += Array(
            "\"type\":\"user\",\"message\":{\"role\":\"user\",\"content\":[{\"tool_use_id\":\"\(toolUseID)\",".utf8)
        line += Array("\"type\":\"tool_result\",\"content\":".utf8) + result.content
        line += Array("}]},\"uuid\":\"\(uuid)\",\"timestamp\":\"\(time)\",\"toolUseResult\":".utf8) + result.copy
        line += Array(",\"sourceToolAssistantUUID\":\"\(assistantUUID)\"}".utf8)
        file.append(line)
    }

    mutating func turnDuration(into file: inout TranscriptFileWriter, random: inout SeededGenerator) {
        var line: [UInt8] = []
        let (uuid, time) = envelope(&line, random: &random)
        line += Array(
            "\"type\":\"system\",\"subtype\":\"turn_duration\",\"durationMs\":\(5_000 + random.next() % 600_000),".utf8)
        line += Array("\"isMeta\":false,\"uuid\":\"\(uuid)\",\"timestamp\":\"\(time)\"}".utf8)
        file.append(line)
    }

    mutating func fileHistorySnapshot(into file: inout TranscriptFileWriter, random: inout SeededGenerator) {
        let message = ClaudeCodeTranscripts.uuid(&random)
        let time = Timestamp(millisecondsSince1970: clock).iso8601
        var line = "{\"type\":\"file-history-snapshot\",\"messageId\":\"\(message)\",\"snapshot\":{\"messageId\":"
        line += "\"\(message)\",\"trackedFileBackups\":{},\"timestamp\":\"\(time)\"},\"isSnapshotUpdate\":false}"
        file.append(Array(line.utf8))
    }
}

/// One transcript file being written, a megabyte at a time, and where memoryd's follower will
/// have read it to (`ClaudeCodeTranscripts.File.readTo`). Without a path it only collects lines.
private struct TranscriptFileWriter {
    let path: String
    private let handle: FileHandle?
    private(set) var buffer: [UInt8] = []
    /// Bytes of whole lines so far.
    private(set) var offset = 0
    /// The reply still open at the end, and where its first line starts.
    private var openReply: (id: String, start: Int)?

    init(path: String) throws {
        guard FileManager.default.createFile(atPath: path, contents: nil),
            let handle = FileHandle(forWritingAtPath: path)
        else { throw BenchmarkError("cannot write \(path)") }
        self.path = path
        self.handle = handle
    }

    init() {
        path = ""
        handle = nil
    }

    /// Appends a line; `reply` is the id of the reply it belongs to, `typed` says it is what the
    /// user typed (which closes the reply before it).
    mutating func append(_ line: [UInt8], reply: String? = nil, typed: Bool = false) {
        if let reply, openReply?.id != reply { openReply = (reply, offset) }
        if typed { openReply = nil }
        buffer += line
        buffer.append(0x0A)
        offset += line.count + 1
    }

    mutating func flushIfFull() throws {
        guard buffer.count >= 1 << 20, let handle else { return }
        try handle.write(contentsOf: buffer)
        buffer.removeAll(keepingCapacity: true)
    }

    mutating func close() throws -> ClaudeCodeTranscripts.File {
        if let handle {
            try handle.write(contentsOf: buffer)
            try handle.close()
        }
        return ClaudeCodeTranscripts.File(path: path, bytes: offset, readTo: openReply?.start ?? offset)
    }
}

/// The pools tool output is made of: lines of code, and lines a shell prints (logs, test runs,
/// grep matches, listings, JSON).
private struct PoolGenerator {
    var random: SeededGenerator

    static let identifiers = [
        "reader", "offset", "buffer", "session", "request", "response", "config", "handler", "index", "parser",
        "token", "column", "line", "count", "result", "error", "path", "store", "query", "batch", "record", "entry",
        "cache", "client", "server", "socket", "message", "payload", "decoder", "encoder", "timer", "queue",
        "worker", "options", "context", "logger", "schema", "migration", "transaction", "cursor",
    ]
    static let types = [
        "LineReader", "Session", "Request", "Response", "Configuration", "Handler", "Parser", "Token", "Store",
        "Query", "Batch", "Record", "Cache", "Client", "Server", "Message", "Decoder", "Worker", "Logger", "Schema",
    ]
    static let sentences = [
        "I'll look at the CLI entry point first.", "The flag should map to logging.DEBUG.",
        "Let me check where the logger is configured before changing anything.",
        "The test fails because the fixture writes the file after the reader has opened it.",
        "This function is called from three places, and only one of them handles the error.",
        "I found the cause: the buffer is copied on every append, so the import is quadratic in the line length.",
        "The migration adds the column with a default, so existing rows keep working.",
        "Running the tests again to make sure nothing else broke.",
        "All 214 tests pass now.", "I'm going to split this into two commits: the rename, then the behaviour change.",
        "The CI configuration runs the integration tests on every push; moving them to a nightly job would halve the time.",
        "Here is what changed:", "- the reader keeps its position when a line is cut short;",
        "- a file that shrinks is read again from its start;", "- errors name the file and the line.",
        "That path is only taken when the socket is closed by the peer.",
        "I don't see a retry limit anywhere, so a permanent failure retries forever.",
        "The user wants the old name kept as deprecated, so I'll add a forwarding function.",
        "Wait, the staging credentials are read from the environment, not from a file.",
        "Let me grep for other callers of this function.", "The benchmark numbers look reasonable now.",
        "There's an off-by-one in the loop: it stops one line before the end.",
        "I should double-check the transaction boundaries before committing.",
        "The linter complains about the unused import; removing it.",
        "Since the output is large, I'll only look at the failing test's section.",
    ]
    private static let modules = ["Foundation", "os", "sys", "json", "logging", "SQLiteKit", "express", "react"]

    private mutating func pick(_ items: [String]) -> String { items[Int(random.next() % UInt64(items.count))] }
    private mutating func number(_ below: UInt64) -> UInt64 { random.next() % below }

    mutating func codeLine() -> String {
        let a = pick(Self.identifiers)
        let b = pick(Self.identifiers)
        let type = pick(Self.types)
        switch number(16) {
        case 0: return "    let \(a) = try \(type)(\(b): \(b))"
        case 1: return "    func \(a)(_ \(b): \(type)) throws -> \(pick(Self.types)) {"
        case 2: return "        guard let \(a) = \(b).\(a) else { return nil }"
        case 3: return "def \(a)_\(b)(self, \(b)):"
        case 4: return "        return self.\(a)[\"\(b)\"]"
        case 5: return "import \(pick(Self.modules))"
        case 6: return "    // " + pick(Self.sentences)
        case 7, 8: return "    }"
        case 9: return ""
        case 10: return "\tif err := \(a).\(type)(\(b)); err != nil {"
        case 11: return "export const \(a) = async (\(b): \(type)) => {"
        case 12: return "        \(a) += \(b).count * \(number(64))"
        case 13: return "    XCTAssertEqual(\(a).\(b), \"\(b)-\(number(1000))\")"
        case 14: return "        log.debug(\"\(a) \\(\(b)) took \\(elapsed) ms\")"
        default: return "    private var \(a): [\(type)] = []"
        }
    }

    mutating func outputLine() -> String {
        let a = pick(Self.identifiers)
        let b = pick(Self.identifiers)
        let type = pick(Self.types)
        switch number(10) {
        case 0:
            return
                "2026-09-01T10:\(10 + number(50)):\(10 + number(50)).\(100 + number(900))Z INFO  [worker-\(number(8))] "
                + "GET /api/v1/\(a)/\(number(100_000)) 200 \(number(900)) ms"
        case 1:
            return
                "Test Case '-[\(type)Tests.\(type)Tests test\(b.capitalized)\(a.capitalized)]' passed (0.\(number(900)) seconds)."
        case 2: return "Sources/\(type)/\(type).swift:\(number(900)):\(number(80)):     let \(a) = \(b).\(a)"
        case 3:
            return
                "npm warn deprecated \(a)@\(number(9)).\(number(20)).\(number(9)): This package is no longer supported."
        case 4: return "   Compiling \(a)-\(b) v0.\(number(20)).\(number(9))"
        case 5: return "  \"\(a)\": \"\(b)-\(number(10_000))\","
        case 6: return "drwxr-xr-x  \(number(9)) dev dev  4096 Sep  1 10:\(10 + number(50)) \(a)_\(b)"
        case 7:
            return
                "\(type)Tests.swift:\(number(400)): error: XCTAssertEqual failed: (\"\(a)\") is not equal to (\"\(b)\")"
        case 8: return "[\(number(40))/\(40 + number(400))] Compiling \(type) \(type)+\(a.capitalized).swift"
        default:
            return "    at \(type).\(a) (/home/dev/src/app/node_modules/\(b)/index.js:\(number(900)):\(number(80)))"
        }
    }
}
