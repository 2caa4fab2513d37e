import Foundation
import Testing

@testable import MemoryImport

/// Where each line of a `LineReader` ends in the file, and whether a newline ended it: what a
/// transcript's next read starts from.
@Suite("LineReader positions")
struct LineReaderPositionTests {
    private struct Read: Equatable {
        let number: Int
        let text: String?
        let end: Int64
        let terminated: Bool
    }

    private func read(_ contents: [UInt8], maximum: Int = 1 << 20, offset: Int64 = 0) throws -> [Read] {
        let directory = try TranscriptDirectory()
        let path = try directory.write("lines.txt", Data(contents))
        let reader = try LineReader(path: path, maximumLineBytes: maximum, offset: offset)
        var result: [Read] = []
        while let line = try reader.nextLine() {
            let text: String? =
                switch line {
                case .bytes(let bytes): String(decoding: bytes, as: UTF8.self)
                case .tooLong: nil
                }
            result.append(
                Read(number: reader.lineNumber, text: text, end: reader.endOfLine, terminated: reader.lineTerminated))
        }
        return result
    }

    @Test("each line's end is just past its newline; a last line without one ends the file, unterminated")
    func ends() throws {
        let lines = try read(Array("ab\ncde\n\nlast".utf8))
        #expect(
            lines == [
                Read(number: 1, text: "ab", end: 3, terminated: true),
                Read(number: 2, text: "cde", end: 7, terminated: true),
                Read(number: 3, text: "", end: 8, terminated: true),
                Read(number: 4, text: "last", end: 12, terminated: false),
            ])
        #expect(try read(Array("only\n".utf8)).map(\.terminated) == [true])
        #expect(try read([]).isEmpty)
    }

    @Test("with CRLF endings the end is past the newline and the CR is not in the line")
    func crlf() throws {
        let lines = try read(Array("one\r\ntwo\r\n\r\nthree\r".utf8))
        #expect(lines.map(\.text) == ["one", "two", "", "three"])
        #expect(lines.map(\.end) == [5, 10, 12, 18])
        #expect(lines.map(\.terminated) == [true, true, true, false])
    }

    @Test("lines across the read chunks' boundaries keep their ends, CR before the boundary or after it")
    func chunkBoundaries() throws {
        // The reader reads 256 KiB at a time: put a line's CR, and then its LF, at the boundary.
        let chunk = 256 * 1024
        for firstLength in [chunk - 2, chunk - 1, chunk, chunk + 1, 3 * chunk + 5] {
            let first = String(repeating: "a", count: firstLength)
            let second = String(repeating: "b", count: chunk + 17)
            let text = first + "\r\n" + second + "\n" + "tail"
            let lines = try read(Array(text.utf8))
            #expect(lines.map { $0.text?.count } == [firstLength, chunk + 17, 4], "first line of \(firstLength)")
            let firstEnd = Int64(firstLength + 2)
            let secondEnd = firstEnd + Int64(chunk + 18)
            #expect(lines.map(\.end) == [firstEnd, secondEnd, secondEnd + 4])
            #expect(lines.map(\.terminated) == [true, true, false])
        }
    }

    @Test("started at an offset, ends count from the file's start and line numbers from the offset")
    func offset() throws {
        let text = "first line\nsecond\nthird"
        let lines = try read(Array(text.utf8), offset: 11)
        #expect(
            lines == [
                Read(number: 1, text: "second", end: 18, terminated: true),
                Read(number: 2, text: "third", end: 23, terminated: false),
            ])
        // An offset inside a line starts with the rest of it.
        #expect(try read(Array(text.utf8), offset: 6).map(\.text) == ["line", "second", "third"])
        // At the end: nothing.
        #expect(try read(Array(text.utf8), offset: Int64(text.utf8.count)).isEmpty)
    }

    @Test("a line over the limit ends where its newline is, or at the file's end unterminated")
    func overlongEnds() throws {
        let huge = String(repeating: "y", count: 1_500_000)
        let text = "a\n" + huge + "\nb\n" + huge
        let lines = try read(Array(text.utf8), maximum: 1_000_000)
        #expect(lines.map(\.text) == ["a", nil, "b", nil])
        #expect(lines.map(\.end) == [2, 1_500_003, 1_500_005, Int64(text.utf8.count)])
        #expect(lines.map(\.terminated) == [true, true, true, false])
    }

    @Test(
        "a line over the limit is skipped even when it arrives in one read")
    func overlongInOneRead() throws {
        let lines = try read(Array(("short\n" + String(repeating: "z", count: 150) + "\nnext\n").utf8), maximum: 100)
        #expect(lines.map(\.text) == ["short", nil, "next"])
    }
}
