import Foundation
import MemoryModel
import MemoryStorage
import TestFixtures
import Testing

@testable import MemoryImport

/// `memctl import --from claude-code|codex|gemini`: each file read whole and written in a
/// transaction of its own, into a real database.
@Suite("Transcript import")
struct TranscriptImportTests {
    private let session = "0a0b0c0d-1111-4222-8333-444455556666"

    private func user(_ text: String, at seconds: Int, session: String? = nil) -> String {
        transcriptLine([
            "type": "user", "sessionId": session ?? self.session, "cwd": "/srv/app",
            "timestamp": String(format: "2026-09-01T10:00:%02d.000Z", seconds),
            "message": ["role": "user", "content": text],
        ])
    }

    private func files(_ paths: String...) -> [TranscriptFiles.File] {
        paths.map { TranscriptFiles.File(path: $0, layout: .lines) }
    }

    private func contents(_ store: MemoryStore, status: MemoryStatus? = nil) async throws -> [String] {
        try await store.inspecting { try $0.shortTermMemories(status: status, limit: 100) }.map(\.content).sorted()
    }

    @Test("each file goes in whole or not at all: a file with a bad line is listed, the others are imported")
    func perFile() async throws {
        let directory = try TranscriptDirectory()
        let good = try directory.write("a/\(session).jsonl", lines: [user("first", at: 0), user("second", at: 1)])
        let bad = try directory.write(
            "b/other.jsonl", lines: [user("kept back", at: 2, session: "s-bad"), "{not json"])
        let fixture = try StoreFixture()
        let store = try fixture.open()
        let report = await TranscriptImport.run(files(bad, good), tool: .claudeCode, into: store, dryRun: false)
        #expect(report.files == 1)
        #expect(report.imported == 2)
        #expect(report.sessions == 1)
        #expect(report.failures.map(\.file) == [bad])
        #expect(report.failures.first?.description.contains("line 2") == true)
        #expect(try await contents(store) == ["first", "second"])
        #expect(report.said.first == Timestamp(iso8601: "2026-09-01T10:00:00.000Z"))
        #expect(report.said.last == Timestamp(iso8601: "2026-09-01T10:00:01.000Z"))
        #expect(
            try fixture.rawConnection().textRows(["SELECT session, project, origin FROM session_projects"], columns: 3)
                == ["\(session)|/srv/app|claude-code"])
    }

    @Test("importing again adds nothing: every message is already present")
    func again() async throws {
        let directory = try TranscriptDirectory()
        let path = try directory.write("\(session).jsonl", lines: [user("first", at: 0), user("second", at: 1)])
        let store = try StoreFixture().open()
        let first = await TranscriptImport.run(files(path), tool: .claudeCode, into: store, dryRun: false)
        let second = await TranscriptImport.run(files(path), tool: .claudeCode, into: store, dryRun: false)
        #expect(first.imported == 2 && first.alreadyPresent == 0)
        #expect(second.imported == 0 && second.alreadyPresent == 2)
    }

    @Test("a dry run counts what would be new without writing; with no database, everything would be")
    func dryRun() async throws {
        let directory = try TranscriptDirectory()
        let path = try directory.write("\(session).jsonl", lines: [user("first", at: 0)])
        let store = try StoreFixture().open()
        _ = await TranscriptImport.run(files(path), tool: .claudeCode, into: store, dryRun: false)
        try directory.append(user("second", at: 1) + "\n", to: path)
        let dry = await TranscriptImport.run(files(path), tool: .claudeCode, into: store, dryRun: true)
        #expect(dry.imported == 1 && dry.alreadyPresent == 1)
        #expect(try await contents(store) == ["first"])
        let noDatabase = await TranscriptImport.run(files(path), tool: .claudeCode, into: nil, dryRun: true)
        #expect(noDatabase.imported == 2)
    }

    @Test("a last line still being written is left for later and counted")
    func incompleteLastLine() async throws {
        let directory = try TranscriptDirectory()
        let path = try directory.write("\(session).jsonl", user("first", at: 0) + "\n" + "{\"type\": \"us")
        let store = try StoreFixture().open()
        let report = await TranscriptImport.run(files(path), tool: .claudeCode, into: store, dryRun: false)
        #expect(report.failures.isEmpty)
        #expect(report.imported == 1)
        #expect(report.incompleteLastLines == 1)
    }

    @Test("a Gemini CLI rewind imported after its messages withdraws them; a consolidated one would stay")
    func withdrawnByRewind() async throws {
        let directory = try TranscriptDirectory()
        func message(_ id: String, _ type: String, _ text: String) -> String {
            transcriptLine([
                "id": id, "type": type, "timestamp": "2026-08-19T16:00:0\(id.suffix(1)).000Z", "content": text,
            ])
        }
        let lines = [
            transcriptLine(["sessionId": "g-session", "projectHash": "abc"]),
            message("u1", "user", "first question"), message("g1", "gemini", "first answer"),
            message("u2", "user", "taken back"), message("g2", "gemini", "answer taken back"),
        ]
        let path = try directory.write("tmp/p/chats/session-1.jsonl", lines: lines)
        let store = try StoreFixture().open()
        let gemini = [TranscriptFiles.File(path: path, layout: .lines)]
        #expect(await TranscriptImport.run(gemini, tool: .gemini, into: store, dryRun: false).imported == 4)
        try directory.append(
            transcriptLine(["$rewindTo": "u2"]) + "\n" + message("u3", "user", "instead") + "\n", to: path)
        let report = await TranscriptImport.run(gemini, tool: .gemini, into: store, dryRun: false)
        #expect(report.imported == 1)
        #expect(try await contents(store, status: .forgotten) == ["answer taken back", "taken back"])
        #expect(try await contents(store, status: .pending) == ["first answer", "first question", "instead"])
    }
}
