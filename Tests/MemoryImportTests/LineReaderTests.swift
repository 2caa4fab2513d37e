import Foundation
import SystemSupport
import Testing

@testable import MemoryImport
import MemoryStorage
import TestFixtures

@Suite("LineReader")
struct LineReaderTests {
    /// Reads `contents` through a real file and collects what the reader hands out.
    private func lines(of contents: [UInt8], maximum: Int = 1 << 20) throws -> [(Int, String?)] {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("lines-\(UUID()).txt").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Data(contents).write(to: URL(fileURLWithPath: path))
        let reader = try LineReader(path: path, maximumLineBytes: maximum)
        var result: [(Int, String?)] = []
        try reader.forEachLine { number, line in
            switch line {
            case .bytes(let bytes): result.append((number, String(decoding: bytes, as: UTF8.self)))
            case .tooLong: result.append((number, nil))
            }
        }
        return result
    }

    @Test("splits on newlines, drops a CR before one, and keeps a last line without newline")
    func splits() throws {
        let result = try lines(of: Array("a\r\nbb\n\nccc".utf8))
        #expect(result.map(\.0) == [1, 2, 3, 4])
        #expect(result.map(\.1) == ["a", "bb", "", "ccc"])
    }

    @Test("lines longer than a read chunk arrive whole")
    func longLines() throws {
        let long = String(repeating: "x", count: 700_000)
        let result = try lines(of: Array("\(long)\nshort\n\(long)".utf8))
        #expect(result.map { $0.1?.count } == [700_000, 5, 700_000])
    }

    @Test("a line over the limit is reported with its number and skipped, and reading goes on")
    func overlongLine() throws {
        let huge = String(repeating: "y", count: 3_000_000)
        let result = try lines(of: Array("first\n\(huge)\nthird\n\(huge)".utf8), maximum: 1_000_000)
        #expect(result.map(\.0) == [1, 2, 3, 4])
        #expect(result.map(\.1) == ["first", nil, "third", nil])
    }

    @Test("a directory or a missing file is refused with the path in the message")
    func unreadable() {
        #expect(throws: SystemError.self) { try LineReader(path: "/nonexistent/file.jsonl", maximumLineBytes: 10) }
        do {
            _ = try LineReader(path: "/tmp", maximumLineBytes: 10)
            Issue.record("a directory was accepted")
        } catch {
            #expect("\(error)".contains("/tmp"))
            #expect("\(error)".contains("directory"))
        }
    }
}
