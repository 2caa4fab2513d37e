import TestFixtures
import Foundation
import MemoryModel
import Testing

@testable import MemoryImport

/// Reading a transcript from where the last read ended, a piece at a time, as memoryd's follower
/// does (`final: false`) and as an import does (`final: true`).
@Suite("TranscriptReader")
struct TranscriptReaderTests {
    private let session = "0a0b0c0d-1111-4222-8333-444455556666"
    private var file: String { "projects/app/\(session).jsonl" }

    private func time(_ seconds: Int) -> String { String(format: "2026-09-01T10:00:%02d.000Z", seconds) }

    private func user(_ text: String, at seconds: Int) -> String {
        transcriptLine([
            "type": "user", "sessionId": session, "timestamp": time(seconds),
            "message": ["role": "user", "content": text],
        ])
    }

    private func reply(_ id: String, _ text: String, at seconds: Int) -> String {
        transcriptLine([
            "type": "assistant", "sessionId": session, "timestamp": time(seconds),
            "message": ["id": id, "role": "assistant", "content": [["type": "text", "text": text]]],
        ])
    }

    private func queue(_ operation: String, _ content: String? = nil, at seconds: Int) -> String {
        var line: [String: Any] = [
            "type": "queue-operation", "operation": operation, "sessionId": session, "timestamp": time(seconds),
        ]
        if let content { line["content"] = content }
        return transcriptLine(line)
    }

    // MARK: - Where a read ends and the next begins

    @Test("reading again from where a read ended continues exactly: nothing lost, nothing twice")
    func continues() throws {
        let directory = try TranscriptDirectory()
        let first = [user("one", at: 0), reply("msg_1", "reply one", at: 1), user("two", at: 2)]
        let path = try directory.write(file, lines: first)
        let before = try readTranscript(path, .claudeCode, final: false)
        #expect(before.contents == ["one", "reply one", "two"])
        #expect(before.resumeAt == offset(after: first))
        #expect(before.last?.atEnd == true && before.last?.waitingForLine == false)

        let second = [reply("msg_2", "reply two", at: 3), user("three", at: 4)]
        try directory.append(second.map { $0 + "\n" }.joined(), to: path)
        let after = try readTranscript(path, .claudeCode, from: before.resumeAt, final: false)
        #expect(after.contents == ["reply two", "three"])
        #expect(after.resumeAt == offset(after: first + second))

        let whole = try readTranscript(path, .claudeCode)
        #expect(whole.messages == before.messages + after.messages)
    }

    @Test("an open reply is handed over as it stands, and the next read starts at its first line")
    func openReply() throws {
        let directory = try TranscriptDirectory()
        let first = [user("one", at: 0), reply("msg_1", "part one", at: 1)]
        let path = try directory.write(file, lines: first)
        let before = try readTranscript(path, .claudeCode, final: false)
        #expect(before.contents == ["one", "part one"])
        #expect(before.resumeAt == offset(after: Array(first.prefix(1))))

        let second = [reply("msg_1", "part two", at: 2), user("two", at: 3)]
        try directory.append(second.map { $0 + "\n" }.joined(), to: path)
        let after = try readTranscript(path, .claudeCode, from: before.resumeAt, final: false)
        #expect(after.messages.map(\.id).first == "msg_1")
        #expect(after.contents == ["part one\n\npart two", "two"])
        #expect(after.resumeAt == offset(after: first + second))
    }

    @Test("a queued message not yet taken or sent makes the next read start at its enqueue")
    func openEnqueue() throws {
        let directory = try TranscriptDirectory()
        let first = [user("one", at: 0), queue("enqueue", "typed while busy", at: 1), reply("msg_1", "working", at: 2)]
        let path = try directory.write(file, lines: first)
        let before = try readTranscript(path, .claudeCode, final: false)
        #expect(before.resumeAt == offset(after: Array(first.prefix(1))))
        #expect(before.leftOut[.unsent] == 0)

        // Read into the turn: the line after the remove says who sent it (a queued_command
        // attachment, in newer versions); until it comes, the message waits with its enqueue.
        try directory.append(queue("remove", at: 3) + "\n", to: path)
        let waiting = try readTranscript(path, .claudeCode, from: before.resumeAt, final: false)
        #expect(waiting.contents == ["working"])
        #expect(waiting.resumeAt == offset(after: Array(first.prefix(1))))

        try directory.append(reply("msg_1", "still working", at: 4) + "\n", to: path)
        let after = try readTranscript(path, .claudeCode, from: waiting.resumeAt, final: false)
        #expect(after.contents == ["typed while busy", "working\n\nstill working"])
        // The reply may still go on: the next read starts at it.
        #expect(after.resumeAt == offset(after: Array(first.prefix(2))))
    }

    @Test("an import closes what is open at the end: the reply is stored, the queued message counted unsent")
    func finalCloses() throws {
        let directory = try TranscriptDirectory()
        let lines = [user("one", at: 0), queue("enqueue", "never taken", at: 1), reply("msg_1", "last words", at: 2)]
        let path = try directory.write(file, lines: lines)
        let read = try readTranscript(path, .claudeCode, final: true)
        #expect(read.contents == ["one", "last words"])
        #expect(read.leftOut[.unsent] == 1)
        #expect(read.resumeAt == offset(after: lines))
    }

    // MARK: - The last line

    @Test("a last line without a newline is read when it parses")
    func unterminatedWhole() throws {
        let directory = try TranscriptDirectory()
        let text = user("one", at: 0) + "\n" + user("two", at: 1)
        let path = try directory.write(file, text)
        let read = try readTranscript(path, .claudeCode, final: false)
        #expect(read.contents == ["one", "two"])
        #expect(read.last?.waitingForLine == false)
        #expect(read.resumeAt == Int64(text.utf8.count))
    }

    @Test("a last line without a newline that does not parse waits, and the next read starts at it")
    func unterminatedPartial() throws {
        let directory = try TranscriptDirectory()
        let whole = user("two", at: 1)
        let cut = whole.utf8.count / 2
        let head = String(whole.utf8.prefix(cut))!
        let tail = String(whole.utf8.dropFirst(cut))!
        let path = try directory.write(file, user("one", at: 0) + "\n" + head)
        for final in [false, true] {
            let read = try readTranscript(path, .claudeCode, final: final)
            #expect(read.contents == ["one"])
            #expect(read.last?.waitingForLine == true && read.last?.atEnd == true)
            #expect(read.resumeAt == offset(after: [user("one", at: 0)]))
        }
        try directory.append(tail + "\n", to: path)
        let after = try readTranscript(path, .claudeCode, from: offset(after: [user("one", at: 0)]), final: false)
        #expect(after.contents == ["two"])
        #expect(after.last?.waitingForLine == false)
    }

    @Test("blank lines and CRLF endings are passed over; a blank last line is not counted as read")
    func blankLines() throws {
        let directory = try TranscriptDirectory()
        let text = user("one", at: 0) + "\r\n\n   \n\t\r\n" + user("two", at: 1) + "\r\n  "
        let path = try directory.write(file, text)
        let read = try readTranscript(path, .claudeCode, final: false)
        #expect(read.contents == ["one", "two"])
        #expect(read.resumeAt == Int64(text.utf8.count - 2))
    }

    // MARK: - Errors

    @Test("a whole line that is not JSON makes the file invalid, naming its line and where it starts")
    func badLine() throws {
        let directory = try TranscriptDirectory()
        let lines = [user("one", at: 0), "{\"type\": \"user\", oops}", user("three", at: 2)]
        let path = try directory.write(file, lines: lines)
        let error = try #require(readError(path, .claudeCode))
        #expect(error.line == 2)
        #expect(error.byte == offset(after: Array(lines.prefix(1))))
        #expect(error.reason.hasPrefix("is not JSON: "))
        #expect(error.description.hasPrefix("\(path): line 2: is not JSON"))
        // Read from the middle, the line's number is not known: its byte is.
        let later = try #require(
            readError(path, .claudeCode, from: offset(after: Array(lines.prefix(1))), final: false))
        #expect(later.line == nil)
        #expect(later.byte == offset(after: Array(lines.prefix(1))))
        #expect(later.description.contains("at byte \(later.byte)"))
    }

    @Test("a compressed rollout is refused, saying how to read it")
    func compressed() throws {
        let directory = try TranscriptDirectory()
        let path = try directory.write("rollout-2026-08-20T07-03-12-x.jsonl.zst", Data([0x28, 0xB5, 0x2F, 0xFD]))
        let error = try #require(readError(path, .codex, layout: .compressed))
        #expect(error.reason.contains("zstd -d"))
    }

    // MARK: - Sizes

    /// A line whose `x` holds `count` bytes: what a tool's huge output looks like, too long to keep.
    private func longLine(_ count: Int, terminated: Bool = true) -> Data {
        var data = Data("{\"type\":\"user\",\"x\":\"".utf8)
        data.append(Data(repeating: UInt8(ascii: "x"), count: count))
        if terminated { data.append(Data("\"}\n".utf8)) }
        return data
    }

    @Test("a line longer than the limit is skipped and counted, and reading goes on after it")
    func overlongLine() throws {
        let directory = try TranscriptDirectory()
        // Twice the limit: the reader meets the limit before it meets the line's end.
        var data = Data((user("before", at: 0) + "\n").utf8)
        data.append(longLine(2 * TranscriptReader.maximumLineBytes))
        data.append(Data((user("after", at: 2) + "\n").utf8))
        let path = try directory.write(file, data)
        let read = try readTranscript(path, .claudeCode)
        #expect(read.contents == ["before", "after"])
        #expect(read.leftOut[.tooLong] == 1)
        #expect(read.resumeAt == Int64(data.count))
        #expect(read.pieces.count >= 2)
    }

    @Test(
        "a line just over the limit is skipped and counted too")
    func justOverLimit() throws {
        let directory = try TranscriptDirectory()
        var data = Data((user("before", at: 0) + "\n").utf8)
        data.append(longLine(TranscriptReader.maximumLineBytes))
        data.append(Data((user("after", at: 2) + "\n").utf8))
        let path = try directory.write(file, data)
        let read = try readTranscript(path, .claudeCode)
        #expect(read.contents == ["before", "after"])
        #expect(read.leftOut[.tooLong] == 1)
    }

    @Test(
        "a line longer than the limit that is still being written waits like any unfinished line")
    func overlongUnfinishedLine() throws {
        let directory = try TranscriptDirectory()
        let head = user("before", at: 0) + "\n"
        var data = Data(head.utf8)
        data.append(longLine(2 * TranscriptReader.maximumLineBytes, terminated: false))
        let path = try directory.write(file, data)
        let before = try readTranscript(path, .claudeCode, final: false)
        #expect(before.resumeAt == Int64(head.utf8.count))
        try directory.append("\"}\n" + user("after", at: 2) + "\n", to: path)
        let after = try readTranscript(path, .claudeCode, from: before.resumeAt, final: false)
        #expect(after.contents == ["after"])
        #expect(after.leftOut[.tooLong] == 1)
    }

    @Test("a piece holds about pieceBytes of lines, and the next piece goes on from where it ended")
    func pieces() throws {
        let directory = try TranscriptDirectory()
        let filler = String(repeating: "lorem ipsum dolor sit amet ", count: 300)
        let lines = (0..<1_400).map { user("\($0) \(filler)", at: $0 % 60) }
        let lineBytes = Int64(lines[0].utf8.count + 1)
        let path = try directory.write(file, lines: lines)
        let read = try readTranscript(path, .claudeCode)
        #expect(read.messages.count == lines.count)
        #expect(Set(read.messages.map(\.id)).count == lines.count)
        #expect(read.pieces.count == 2)
        let first = try #require(read.pieces.first)
        #expect(!first.atEnd)
        #expect(first.resumeAt >= Int64(TranscriptReader.pieceBytes))
        #expect(first.resumeAt < Int64(TranscriptReader.pieceBytes) + 2 * lineBytes)
        // A piece ends at a line's end: the messages it holds are the lines before it.
        #expect(first.resumeAt == offset(after: Array(lines.prefix(first.output.messages.count))))
        #expect(read.last?.atEnd == true)
        #expect(read.resumeAt == offset(after: lines))
    }

    // MARK: - Formats that need more than the new lines

    @Test("a Codex rollout read from the middle still knows its session, from its first line")
    func codexFromOffset() throws {
        let directory = try TranscriptDirectory()
        let metaID = "0199ffff-0000-7000-8000-00000000abcd"
        func line(_ type: String, _ payload: [String: Any], _ seconds: Int) -> String {
            transcriptLine(["timestamp": time(seconds), "type": type, "payload": payload])
        }
        func said(_ event: String, _ text: String, _ seconds: Int) -> String {
            line("event_msg", ["type": event, "message": text], seconds)
        }
        let first = [
            line("session_meta", ["id": metaID, "cwd": "/srv/app", "timestamp": time(0)], 0),
            said("user_message", "first question", 1), said("agent_message", "first answer", 2),
        ]
        let path = try directory.write(
            "rollout-2026-09-01T10-00-00-019ac3f2-6b1e-7c3a-9f47-2d8e5b1c0a94.jsonl", lines: first)
        let before = try readTranscript(path, .codex, final: false)
        #expect(before.resumeAt == offset(after: first))

        let second = [said("user_message", "second question", 3), said("agent_message", "second answer", 4)]
        try directory.append(second.map { $0 + "\n" }.joined(), to: path)
        let after = try readTranscript(path, .codex, from: before.resumeAt, final: true)
        #expect(after.contents == ["second question", "second answer"])
        #expect(after.messages.allSatisfy { $0.session == metaID })
    }

    @Test("a Gemini CLI session is read whole each time: the next read starts at 0")
    func geminiWhole() throws {
        let directory = try TranscriptDirectory()
        let lines = [
            transcriptLine(["sessionId": "g-session", "projectHash": "abc"]),
            transcriptLine(["id": "u1", "type": "user", "timestamp": time(1), "content": [["text": "hello"]]]),
        ]
        let path = try directory.write("tmp/p/chats/session-1.jsonl", lines: lines)
        let read = try readTranscript(path, .gemini, final: false)
        #expect(read.contents == ["hello"])
        #expect(read.resumeAt == 0)
        // An offset is no place to start a file a later line can take back: it is read whole.
        let again = try readTranscript(path, .gemini, from: offset(after: Array(lines.prefix(1))), final: false)
        #expect(again.contents == ["hello"])
    }
}
