import TestFixtures
import Foundation
import MemoryModel

@testable import MemoryImport

/// A fresh temporary directory for transcripts written by a test, removed afterwards.
final class TranscriptDirectory {
    let path: String

    init() throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("transcripts-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    /// Writes `text` to `relative` (its directories made), replacing what was there; its path.
    @discardableResult
    func write(_ relative: String, _ text: String) throws -> String {
        try write(relative, Data(text.utf8))
    }

    @discardableResult
    func write(_ relative: String, _ data: Data) throws -> String {
        let file = path + "/" + relative
        let directory = (file as NSString).deletingLastPathComponent
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try data.write(to: URL(fileURLWithPath: file))
        return file
    }

    /// Writes each line with its newline.
    @discardableResult
    func write(_ relative: String, lines: [String]) throws -> String {
        try write(relative, lines.map { $0 + "\n" }.joined())
    }

    /// Adds `text` at the end of the file at `file` (a full path), as a tool appends to its transcript.
    func append(_ text: String, to file: String) throws {
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: file))
        defer { try? handle.close() }
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(text.utf8))
    }
}

/// One JSON object as a line of a JSON Lines transcript.

/// The size of a file's first `lines` lines, each with its newline: where the next one starts.
func offset(after lines: [String]) -> Int64 {
    Int64(lines.reduce(0) { $0 + $1.utf8.count + 1 })
}

/// What every piece of a read held, and the pieces themselves.
struct TranscriptRead {
    var output = TranscriptOutput()
    var pieces: [TranscriptReader.Piece] = []

    var messages: [ImportedMessage] { output.messages }
    var contents: [String] { output.messages.map(\.content) }
    var leftOut: LeftOutCounts { output.leftOut }
    /// Where the next read must start: the last piece's `resumeAt`.
    var resumeAt: Int64 { pieces.last?.resumeAt ?? -1 }
    var last: TranscriptReader.Piece? { pieces.last }

    mutating func add(_ piece: TranscriptReader.Piece) {
        pieces.append(piece)
        output.messages += piece.output.messages
        output.projects.merge(piece.output.projects) { $1 }
        output.leftOut.add(piece.output.leftOut)
        output.withdrawn += piece.output.withdrawn
    }
}

/// Reads `path` to its end as an import (`final`) or a follower (not) does: every piece.
func readTranscript(
    _ path: String, _ tool: TranscriptTool, layout: TranscriptLayout = .lines, from offset: Int64 = 0,
    final: Bool = true
) throws -> TranscriptRead {
    let reader = try TranscriptReader(path: path, tool: tool, layout: layout, from: offset)
    var read = TranscriptRead()
    while let piece = try reader.next(final: final) {
        read.add(piece)
        if !final && piece.atEnd { break }
    }
    return read
}

/// The error a read of `path` ends with, nil when it ends without one.
func readError(
    _ path: String, _ tool: TranscriptTool, layout: TranscriptLayout = .lines, from offset: Int64 = 0,
    final: Bool = true
) -> InvalidTranscript? {
    do {
        _ = try readTranscript(path, tool, layout: layout, from: offset, final: final)
        return nil
    } catch let error as InvalidTranscript {
        return error
    } catch {
        return InvalidTranscript(path: path, line: nil, byte: -1, reason: "unexpected error: \(error)")
    }
}
