import Testing

@testable import MemoryModel
@testable import MemoryImport
import MemoryStorage
import TestFixtures

@Suite("MemoryLineDecoder")
struct MemoryLineDecoderTests {
    private func decode(_ line: String) throws(InvalidMemory) -> NewMemory {
        try decode(Array(line.utf8))
    }

    private func decode(_ bytes: [UInt8]) throws(InvalidMemory) -> NewMemory {
        let decoder = MemoryLineDecoder()
        do {
            return try bytes.withUnsafeBufferPointer { buffer throws(InvalidMemory) in try decoder.decode(buffer) }
        }
    }

    private func reason(_ line: String) -> String? {
        do {
            _ = try decode(line)
            return nil
        } catch {
            return error.reason
        }
    }

    @Test("a full line becomes a memory with every field")
    func fullLine() throws {
        let memory = try decode(
            #"{"content": "I moved to Berlin", "session": "s1", "source": "user", "importance": 0.5, "created_at": "2026-11-02T09:30:00Z"}"#
        )
        #expect(memory.content == "I moved to Berlin")
        #expect(memory.session == "s1")
        #expect(memory.importance == 0.5)
        #expect(memory.createdAt?.iso8601 == "2026-11-02T09:30:00.000Z")
    }

    @Test("chat-style lines: the role becomes the source, and an explicit source wins")
    func chatLines() throws {
        #expect(try decode(#"{"role": "assistant", "content": "hi"}"#).source == "assistant")
        #expect(try decode(#"{"role": "assistant", "source": "tool", "content": "hi"}"#).source == "tool")
        #expect(try decode(#"{"content": "hi"}"#).source == "user")
        #expect(try decode(#"{"content": "hi", "extra": {"nested": [1, 2]}, "session": null}"#).session == "default")
    }

    @Test(
        "bad lines get a reason a person can act on",
        arguments: [
            ("not json", "invalid JSON: expected 'null', found 'o' (column 2)"),
            ("broken", "invalid JSON: expected a value, found 'b' (column 1)"),
            (#"{"content": "x",, }"#, "invalid JSON: expected a key in quotes in an object, found ',' (column 17)"),
            ("[1, 2]", "expected a JSON object"),
            (#"{"session": "s"}"#, #"missing "content""#),
            (#"{"content": ""}"#, "content is empty"),
            (#"{"content": "  \n "}"#, "content is empty"),
            (#"{"content": 5}"#, #""content" must be a string"#),
            (#"{"content": "x", "importance": "high"}"#, #""importance" must be a number"#),
            (#"{"content": "x", "importance": 1.5}"#, "importance must be between 0 and 1, got 1.5"),
            (#"{"content": "x", "importance": -0.1}"#, "importance must be between 0 and 1, got -0.1"),
            (#"{"content": "x", "created_at": "yesterday"}"#, #""created_at" is not an ISO-8601 time: "yesterday""#),
            (#"{"content": "x", "session": ""}"#, "session is empty"),
        ])
    func badLines(line: String, expected: String) {
        #expect(reason(line) == expected)
    }

    @Test("invalid UTF-8 is refused with the byte where it goes wrong")
    func invalidUTF8() {
        var bytes = Array(#"{"content": "é"#.utf8)
        let offset = bytes.count
        bytes += [0xFF] + Array(#""}"#.utf8)
        #expect(throws: InvalidMemory("invalid UTF-8 at byte \(offset + 1)")) { try decode(bytes) }
    }

    @Test("content over 4 MiB is refused, content just under it is kept whole")
    func sizeLimit() throws {
        let limit = NewMemory.maximumContentBytes
        let fits = String(repeating: "a", count: limit)
        #expect(try decode(#"{"content": "\#(fits)"}"#).content.utf8.count == limit)
        #expect(reason(#"{"content": "\#(fits)b"}"#)?.hasPrefix("content is \(limit + 1) bytes") == true)
    }

    @Test("NUL characters and emoji survive decoding")
    func specialCharacters() throws {
        #expect(try decode(#"{"content": "a\u0000b 👋🏽"}"#).content == "a\u{0}b 👋🏽")
    }
}
