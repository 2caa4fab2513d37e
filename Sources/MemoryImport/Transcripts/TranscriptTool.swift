import MemoryModel

/// The coding agents whose session transcripts memoryd reads: each writes every session to disk
/// as it happens (docs/IMPORT.md, one section each).
package enum TranscriptTool: String, CaseIterable, Sendable, Codable {
    case claudeCode = "claude-code"
    case codex
    case gemini

    /// The name people know it by.
    package var displayName: String {
        switch self {
        case .claudeCode: "Claude Code"
        case .codex: "Codex CLI"
        case .gemini: "Gemini CLI"
        }
    }

    /// Where the tool writes its sessions unless told otherwise: `$HOME/.claude/projects`,
    /// `$CODEX_HOME/sessions` (else `$HOME/.codex/sessions`), `$HOME/.gemini/tmp`.
    package func defaultRoot(environment: [String: String]) -> String? {
        let home = environment["HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
        switch self {
        case .claudeCode: return home.map { $0 + "/.claude/projects" }
        case .codex:
            if let codexHome = environment["CODEX_HOME"], codexHome.hasPrefix("/") { return codexHome + "/sessions" }
            return home.map { $0 + "/.codex/sessions" }
        case .gemini: return home.map { $0 + "/.gemini/tmp" }
        }
    }

    /// How a file of this tool is laid out, from its name: nil when it is none of the tool's
    /// session files (a Gemini CLI `logs.json`, a Claude Code `.meta.json`, …).
    package func layout(ofFile name: String) -> TranscriptLayout? {
        switch self {
        case .claudeCode:
            return name.hasSuffix(".jsonl") ? .lines : nil
        case .codex:
            guard name.hasPrefix("rollout-") else { return nil }
            if name.hasSuffix(".jsonl") { return .lines }
            if name.hasSuffix(".jsonl.zst") { return .compressed }
            if name.hasSuffix(".json") { return .document }
            return nil
        case .gemini:
            guard name.hasPrefix("session-") else { return nil }
            if name.hasSuffix(".jsonl") { return .lines }
            if name.hasSuffix(".json") { return .document }
            return nil
        }
    }

    /// A new reader of one transcript's content.
    func format(path: String) -> any TranscriptFormat {
        switch self {
        case .claudeCode: ClaudeCodeTranscript(path: path)
        case .codex: CodexTranscript(path: path)
        case .gemini: GeminiTranscript(path: path)
        }
    }
}

/// How a transcript file holds its messages.
package enum TranscriptLayout: Sendable, Equatable {
    /// JSON Lines, appended to as the session goes on: read from where the last read ended.
    case lines
    /// One JSON document, written whole each time: read whole.
    case document
    /// Compressed with zstd (Codex CLI's idle rollouts): not read; reported.
    case compressed
}
