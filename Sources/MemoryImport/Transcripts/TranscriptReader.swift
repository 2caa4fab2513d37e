import JSONReading
import MemoryModel
import SystemSupport

#if canImport(Glibc)
    import Glibc
#endif

/// Reads one transcript file, from where an earlier read ended, a bounded piece at a time: an
/// import takes every piece in one transaction, memoryd's follower commits each piece with the
/// position it reached.
///
/// A JSON Lines transcript is read a line at a time. Only whole lines count: a last line with no
/// newline is whole when it parses, and otherwise still being written, so the read stops before
/// it. A line that is not JSON, or not what the tool writes, makes the file invalid
/// (`InvalidTranscript`). Memory holds one piece's messages and the longest line, never the file.
package final class TranscriptReader {
    /// One piece of a read.
    package struct Piece: Sendable {
        package var output = TranscriptOutput()
        /// Where the next read must start so that nothing is lost or read twice: past the last whole
        /// line, or where something still open began.
        package var resumeAt: Int64
        /// The end of the readable lines was reached.
        package var atEnd = false
        /// The last line has no newline and does not parse yet: it is being written.
        package var waitingForLine = false
    }

    /// Longest line read; longer ones (tool output far beyond any message) are skipped and counted.
    package static let maximumLineBytes = 64 << 20
    /// Why a compressed rollout is not read, and what to do.
    package static let compressedReason =
        "is compressed with zstd, which memoryd does not read; decompress it with `zstd -d` and import it again"

    /// How many bytes of lines a piece reads at most.
    package static let pieceBytes = 8 << 20

    package let path: String
    package let tool: TranscriptTool
    private let layout: TranscriptLayout
    private var format: any TranscriptFormat
    private var lines: LineReader?
    private let fromStart: Bool
    /// Past the last whole line read.
    private var position: Int64
    private var finished = false
    private var sawLine = false

    /// Opens `path` to read from `offset` (0: the whole file; a JSON document is always read whole).
    package init(path: String, tool: TranscriptTool, layout: TranscriptLayout, from offset: Int64 = 0) throws {
        self.path = path
        self.tool = tool
        self.layout = layout
        format = tool.format(path: path)
        let start = layout == .lines && !format.readsWhole ? offset : 0
        fromStart = start == 0
        position = start
        if layout == .lines {
            if start > 0, format.needsFirstLine { try readFirstLine() }
            lines = try LineReader(path: path, maximumLineBytes: Self.maximumLineBytes, offset: start)
        }
    }

    /// The next piece; nil once the whole file has been handed over. `final`: this is the file's
    /// end for good (an import), so what is still open is closed.
    package func next(final: Bool) throws -> Piece? {
        guard !finished else { return nil }
        switch layout {
        case .compressed:
            finished = true
            throw invalid(byte: 0, Self.compressedReason)
        case .document:
            finished = true
            return try readDocument(final: final)
        case .lines:
            return try readLines(final: final)
        }
    }

    private func readLines(final: Bool) throws -> Piece? {
        guard let lines else { return nil }
        var piece = Piece(resumeAt: position)
        let budgetEnd = position + Int64(Self.pieceBytes)
        while position < budgetEnd {
            let lineStart = position
            guard let line = try lines.nextLine() else {
                piece.atEnd = true
                break
            }
            switch line {
            case .tooLong:
                // One still being written waits for its end, to be skipped whole then.
                guard lines.lineTerminated else {
                    piece.atEnd = true
                    piece.waitingForLine = true
                    break
                }
                piece.output.leftOut.add(.tooLong)
                position = lines.endOfLine
            case .bytes(let bytes):
                if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) {
                    if lines.lineTerminated { position = lines.endOfLine }
                    continue
                }
                let node: JSONNode
                do {
                    node = try JSONArrayReader.value(of: bytes, name: path)
                } catch let error as JSONReadError {
                    // A last line still being written waits; any other is the file's error.
                    if !lines.lineTerminated {
                        piece.atEnd = true
                        piece.waitingForLine = true
                        break
                    }
                    throw invalid(
                        line: lines.lineNumber, byte: lineStart, "is not JSON: \(error.reason) (column \(error.column))")
                }
                do {
                    try format.read(node, number: lines.lineNumber, start: lineStart, into: &piece.output)
                } catch {
                    throw invalid(line: lines.lineNumber, byte: lineStart, error.reason)
                }
                sawLine = true
                position = lines.endOfLine
            }
            if piece.waitingForLine { break }
        }
        if piece.atEnd {
            finished = true
            if fromStart, final, let reason = format.notATranscript() { throw invalid(byte: 0, reason) }
        }
        // An import reads to the end before it hands over what is open; the follower each time.
        if !final || piece.atEnd { format.flush(final: final && piece.atEnd, into: &piece.output) }
        piece.resumeAt = min(format.openSince ?? position, position)
        if format.readsWhole { piece.resumeAt = 0 }
        return piece
    }

    private func readDocument(final: Bool) throws -> Piece {
        let source = try FileByteSource(path: path)
        let node: JSONNode
        do {
            node = try JSONArrayReader.value(reading: source, name: path)
        } catch let error as JSONReadError {
            // A document that ends early while it is followed is being written again whole (Gemini
            // CLI truncates, then writes): it is read once the write is done.
            var info = stat()
            if !final, error.offset >= Int64(stat(path, &info) == 0 ? info.st_size : 0) {
                return Piece(resumeAt: 0, atEnd: true, waitingForLine: true)
            }
            throw invalid(line: error.line, byte: Int64(error.offset), "is not JSON: \(error.reason) (column \(error.column))")
        }
        var piece = Piece(resumeAt: 0)
        do {
            try format.read(document: node, into: &piece.output)
        } catch {
            throw invalid(byte: 0, error.reason)
        }
        format.flush(final: true, into: &piece.output)
        piece.atEnd = true
        var info = stat()
        piece.resumeAt = stat(path, &info) == 0 ? Int64(info.st_size) : 0
        return piece
    }

    /// The first line alone, for a format that names the session there, when reading starts later.
    private func readFirstLine() throws {
        let first = try LineReader(path: path, maximumLineBytes: Self.maximumLineBytes)
        guard case .bytes(let bytes)? = try first.nextLine(), first.lineTerminated,
            let node = try? JSONArrayReader.value(of: bytes, name: path)
        else { return }
        var ignored = TranscriptOutput()
        try? format.read(node, number: 1, start: 0, into: &ignored)
    }

    private func invalid(line: Int? = nil, byte: Int64, _ reason: String) -> InvalidTranscript {
        InvalidTranscript(path: path, line: fromStart ? line : nil, byte: byte, reason: reason)
    }
}

@available(*, unavailable)
extension TranscriptReader: Sendable {}
