import ConfigEditing
import FoundationEssentials
import JSONReading
import MemoryImport
import MemoryModel
import SystemSupport

#if canImport(Glibc)
    import Glibc
#endif

/// A coding agent's hook, as `memctl context --hook TOOL` answers it: what the agent hands over on
/// standard input, and the form in which it reads context back. docs/HOOKS.md has each agent's
/// contract and its sources.
struct AgentHook {
    /// What an agent asks at.
    enum Event: Equatable {
        /// A session starts (`source`: Claude Code and Codex `startup`, `resume`, `clear`,
        /// `compact`; Gemini CLI `startup`, `resume`, `clear`).
        case sessionStart(source: String?)
        /// The user submitted a prompt (Claude Code and Codex `UserPromptSubmit`, Gemini CLI
        /// `BeforeAgent`).
        case prompt(String)
    }

    let tool: TranscriptTool
    /// The event's name as the agent gave it (`hookEventName` of the answer).
    let eventName: String
    let event: Event
    /// The agent's session id; nil when it gave none.
    let session: String?
    /// The directory the session runs in (`cwd`), absolute.
    let directory: String?

    /// The largest input read: an agent's hook input is a few kilobytes and a prompt.
    static let maximumInputBytes = 16 << 20

    /// Reads a hook's input: one JSON object. Throws a one-line reason.
    init(tool: TranscriptTool, input bytes: [UInt8]) throws(HookFailure) {
        self.tool = tool
        guard bytes.count <= Self.maximumInputBytes else { throw HookFailure("the hook input is over 16 MiB") }
        let node: JSONNode
        do {
            node = try bytes.withUnsafeBufferPointer { try JSONArrayReader.value(of: $0, name: "hook input") }
        } catch let error as JSONReadError {
            throw HookFailure("the hook input is not JSON: \(error.reason) (column \(error.column))")
        } catch {
            throw HookFailure("the hook input is not JSON")
        }
        guard node.object != nil else { throw HookFailure("the hook input is not a JSON object") }
        guard let name = node["hook_event_name"]?.string else {
            throw HookFailure("the hook input has no hook_event_name")
        }
        eventName = name
        session = node["session_id"]?.string.flatMap { $0.isEmpty ? nil : $0 }
        directory = node["cwd"]?.string.flatMap { $0.hasPrefix("/") ? $0 : nil }
        switch (name, tool) {
        case ("SessionStart", _):
            event = .sessionStart(source: node["source"]?.string)
        case ("UserPromptSubmit", .claudeCode), ("UserPromptSubmit", .codex), ("BeforeAgent", .gemini):
            event = .prompt(node["prompt"]?.string ?? "")
        default:
            throw HookFailure("\(tool.displayName)'s \(name) hook is not one memctl context answers")
        }
    }

    /// What the agent reads on standard output for `text`: plain text where the agent takes it
    /// as context (Claude Code's and Codex's SessionStart), else
    /// `{"hookSpecificOutput": {"hookEventName": …, "additionalContext": …}}` and nothing more
    /// (Codex refuses unknown keys; Gemini CLI takes only JSON as context).
    func answer(_ text: String) -> String {
        if case .sessionStart = event, tool != .gemini { return text + "\n" }
        let specific = ConfigValue.table([("hookEventName", .string(eventName)), ("additionalContext", .string(text))])
        return ConfigValue.table([("hookSpecificOutput", specific)]).compactJSON + "\n"
    }
}

/// Why a hook answered nothing: one line for standard error.
struct HookFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// The memories already handed to one agent session, so that its SessionStart and prompt
/// answers never repeat one: a file per session under `$XDG_STATE_HOME/memoryd/hook-sessions`
/// (else `~/.local/state/…`), one reference per line, appended to.
struct ShownMemories {
    let path: String
    private(set) var references: Set<String> = []

    /// Files of sessions not asked about for this long are deleted (at a session's start).
    static let kept: Duration = .seconds(14 * 86_400)

    /// The log of `session` of `tool`; nil without a state directory.
    init?(tool: TranscriptTool, session: String, environment: [String: String]) {
        let base: String
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") {
            base = state
        } else if let home = environment["HOME"], home.hasPrefix("/") {
            base = home + "/.local/state"
        } else {
            return nil
        }
        // A session id is a UUID or a thread id; anything else is hashed into a file name.
        let safe =
            session.utf8.count <= 128 && !session.hasPrefix(".")
            && session.utf8.allSatisfy { byte in
                (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A) || "-_.".utf8.contains(byte)
            }
        path = base + "/memoryd/hook-sessions/\(tool.rawValue)-" + (safe ? session : SHA256.hex(session))
        if let text = try? String(contentsOfFile: path, encoding: .utf8) {
            references = Set(text.split(separator: "\n").map(String.init))
        }
    }

    /// Forgets what was shown: the agent's context was cleared or compacted.
    mutating func reset() {
        references = []
        unlink(path)
    }

    /// Adds `shown` to the log (creating its directory).
    mutating func add(_ shown: [String]) throws {
        let new = shown.filter { references.insert($0).inserted }
        guard !new.isEmpty else { return }
        let directory = DaemonPaths.parentDirectory(of: path)
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let descriptor = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw SystemError(call: "open", path: path) }
        defer { close(descriptor) }
        StandardStream.write(new.joined(separator: "\n") + "\n", to: descriptor)
    }

    /// Deletes the logs of sessions not asked about for `kept`.
    func pruneOthers(now: Timestamp = .now) {
        let directory = DaemonPaths.parentDirectory(of: path)
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return }
        let oldest = now.millisecondsSince1970 / 1000 - Int64(Self.kept.components.seconds)
        for name in names {
            var status = stat()
            let file = directory + "/" + name
            if stat(file, &status) == 0, Int64(status.st_mtim.tv_sec) < oldest { unlink(file) }
        }
    }
}
