import Foundation
import Testing

@testable import JSONReading
@testable import MemoryImport

/// One JSON value read whole: a transcript's line (`value(of:)`) or a JSON transcript
/// (`value(reading:)`), under the grammar and limits of the array reader.
@Suite("JSON values")
struct JSONValueTests {
    private func value(of text: String) throws -> JSONNode {
        let bytes = Array(text.utf8)
        return try bytes.withUnsafeBufferPointer { try JSONArrayReader.value(of: $0, name: "line") }
    }

    private func error(of text: String) -> JSONReadError? {
        do {
            _ = try value(of: text)
            return nil
        } catch {
            return error as? JSONReadError
        }
    }

    @Test("a line is one value of any kind, whitespace around it allowed")
    func line() throws {
        let object = try value(of: " {\"type\": \"user\", \"n\": [1, 2.5, true, null]}\t")
        #expect(object["type"]?.string == "user")
        #expect(object["n"] == .array([.number(1), .number(2.5), .bool(true), .null]))
        #expect(try value(of: "\"text\"") == .string("text"))
        #expect(try value(of: "-3") == .number(-3))
        #expect(try value(of: "\u{FEFF}{}") == .object([]))
    }

    @Test("a line cut short, or with text after its value, is refused with where")
    func refused() throws {
        let cut = try #require(error(of: "{\"type\": \"us"))
        #expect(cut.reason.contains("end") || cut.reason.contains("ended"))
        let after = try #require(error(of: "{} {}"))
        #expect(after.reason.contains("text after the JSON value"))
        #expect(after.column == 4)
        #expect(error(of: "")?.reason == "is empty")
        #expect(error(of: "   ")?.reason == "holds no JSON, only whitespace")
        #expect(error(of: "{\"a\": 1,}") != nil)
    }

    @Test("nesting deeper than the limit is refused, the limit itself is read")
    func depth() throws {
        let limit = JSONArrayReader.maximumDepth
        #expect(throws: Never.self) {
            try value(of: String(repeating: "[", count: limit) + String(repeating: "]", count: limit))
        }
        let deeper = try #require(
            error(of: String(repeating: "[", count: limit + 1) + String(repeating: "]", count: limit + 1)))
        #expect(deeper.reason.contains("nested deeper"))
    }

    @Test("a document read in pieces of any size is the same value, and errors name its line")
    func document() throws {
        let text = "{\n  \"sessionId\": \"s\",\n  \"messages\": [{\"id\": \"m\", \"content\": \"日本語 🎉\"}]\n}\n"
        let whole = try JSONArrayReader.value(reading: PiecewiseByteSource(Array(text.utf8)), name: "doc")
        for step in [1, 3, 7] {
            #expect(
                try JSONArrayReader.value(reading: PiecewiseByteSource(Array(text.utf8), step: step), name: "doc")
                    == whole)
        }
        #expect(whole["messages"]?.array?.first?["content"]?.string == "日本語 🎉")
        do {
            _ = try JSONArrayReader.value(
                reading: PiecewiseByteSource(Array("{\n  \"a\": 1\n  \"b\": 2\n}".utf8)), name: "doc")
            Issue.record("a missing comma was accepted")
        } catch let error as JSONReadError {
            #expect(error.line == 3)
            #expect(error.name == "doc")
        }
    }
}
