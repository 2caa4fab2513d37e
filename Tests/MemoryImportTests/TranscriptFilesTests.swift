import Foundation
import SystemSupport
import Testing

@testable import MemoryImport

/// Finding each tool's transcripts, and telling how each file is laid out from its name.
@Suite("Transcript files")
struct TranscriptFilesTests {
    @Test("each tool's session files by name; other files of its directories are none of them")
    func layouts() {
        #expect(TranscriptTool.claudeCode.layout(ofFile: "7c1e2f4a.jsonl") == .lines)
        #expect(TranscriptTool.claudeCode.layout(ofFile: "agent-a3f9c21.meta.json") == nil)
        #expect(TranscriptTool.codex.layout(ofFile: "rollout-2026-08-20T07-03-12-x.jsonl") == .lines)
        #expect(TranscriptTool.codex.layout(ofFile: "rollout-2026-08-20T07-03-12-x.jsonl.zst") == .compressed)
        #expect(TranscriptTool.codex.layout(ofFile: "rollout-2025-05-02-x.json") == .document)
        #expect(TranscriptTool.codex.layout(ofFile: "history.jsonl") == nil)
        #expect(TranscriptTool.gemini.layout(ofFile: "session-2026-08-19T16-00-a41f0c7e.jsonl") == .lines)
        #expect(TranscriptTool.gemini.layout(ofFile: "session-2026-03-02T14-05-7f3c2a91.json") == .document)
        #expect(TranscriptTool.gemini.layout(ofFile: "logs.json") == nil)
        #expect(TranscriptTool.gemini.layout(ofFile: "checkpoint-tag.json") == nil)
    }

    @Test("where each tool writes its sessions, from HOME and CODEX_HOME; a relative HOME is none")
    func defaultRoots() {
        let home = ["HOME": "/home/u"]
        #expect(TranscriptTool.claudeCode.defaultRoot(environment: home) == "/home/u/.claude/projects")
        #expect(TranscriptTool.codex.defaultRoot(environment: home) == "/home/u/.codex/sessions")
        #expect(
            TranscriptTool.codex.defaultRoot(environment: ["HOME": "/home/u", "CODEX_HOME": "/data/codex"])
                == "/data/codex/sessions")
        #expect(
            TranscriptTool.codex.defaultRoot(environment: ["HOME": "/home/u", "CODEX_HOME": "rel"])
                == "/home/u/.codex/sessions")
        #expect(TranscriptTool.gemini.defaultRoot(environment: home) == "/home/u/.gemini/tmp")
        #expect(TranscriptTool.claudeCode.defaultRoot(environment: ["HOME": "relative"]) == nil)
        #expect(TranscriptTool.gemini.defaultRoot(environment: [:]) == nil)
    }

    @Test("a directory is searched through, in path order, for the tool's files only")
    func directory() throws {
        let directory = try TranscriptDirectory()
        for name in [
            "sessions/2026/08/21/rollout-2026-08-21T02-00-00-b.jsonl",
            "sessions/2026/08/20/rollout-2026-08-20T07-03-12-a.jsonl",
            "sessions/2026/08/20/rollout-2026-08-20T08-09-59-c.jsonl.zst", "sessions/rollout-2025-05-02-d.json",
            "sessions/2026/08/20/notes.jsonl", "history.jsonl", "sessions/rollout-e.txt",
        ] {
            try directory.write(name, "")
        }
        let found = try TranscriptFiles.find(at: directory.path, tool: .codex)
        let root = directory.path + "/"
        #expect(
            found == [
                .init(path: root + "sessions/2026/08/20/rollout-2026-08-20T07-03-12-a.jsonl", layout: .lines),
                .init(path: root + "sessions/2026/08/20/rollout-2026-08-20T08-09-59-c.jsonl.zst", layout: .compressed),
                .init(path: root + "sessions/2026/08/21/rollout-2026-08-21T02-00-00-b.jsonl", layout: .lines),
                .init(path: root + "sessions/rollout-2025-05-02-d.json", layout: .document),
            ])
    }

    @Test("a file named on its own is read whatever its name: JSON if it ends in .json, else JSON Lines")
    func singleFile() throws {
        let directory = try TranscriptDirectory()
        let lines = try directory.write("copy of a session.txt", "")
        let document = try directory.write("exported.json", "{}")
        #expect(try TranscriptFiles.find(at: lines, tool: .claudeCode) == [.init(path: lines, layout: .lines)])
        #expect(try TranscriptFiles.find(at: document, tool: .gemini) == [.init(path: document, layout: .document)])
        let rollout = try directory.write("rollout-2026-x.jsonl.zst", "")
        #expect(try TranscriptFiles.find(at: rollout, tool: .codex) == [.init(path: rollout, layout: .compressed)])
    }

    @Test("a path that does not exist is an error naming it")
    func missing() throws {
        #expect(throws: SystemError.self) { try TranscriptFiles.find(at: "/nonexistent/sessions", tool: .codex) }
    }

    @Test("symbolic links are not followed into directories")
    func symbolicLinks() throws {
        let directory = try TranscriptDirectory()
        let elsewhere = try TranscriptDirectory()
        try elsewhere.write("project/s1.jsonl", "")
        try directory.write("real/s2.jsonl", "")
        try FileManager.default.createSymbolicLink(
            atPath: directory.path + "/linked", withDestinationPath: elsewhere.path)
        let found = try TranscriptFiles.find(at: directory.path, tool: .claudeCode)
        #expect(found.map(\.path) == [directory.path + "/real/s2.jsonl"])
    }
}
