import JSONReading
import FoundationEssentials
import SystemSupport

#if canImport(Glibc)
    import Glibc
#endif

/// Reads newline-separated lines from a file descriptor in bounded memory: one chunk plus the
/// longest accepted line. Longer lines are skipped over and reported, never buffered whole.
package final class LineReader {
    /// One line, without its `\n` (and without a `\r` before it).
    package enum Line {
        case bytes(UnsafeBufferPointer<UInt8>)
        /// The line was longer than `maximumLineBytes`; its bytes were skipped.
        case tooLong(byteCount: Int)
    }

    package let name: String
    package let maximumLineBytes: Int
    private let fileDescriptor: Int32
    private let ownsDescriptor: Bool
    private var buffer: UnsafeMutableBufferPointer<UInt8>
    /// During a call of `forEachLine`'s body: whether the next line is already read, so that
    /// handing it over will not wait for input. A streaming reader flushes its output when not.
    package private(set) var hasBufferedLine = false
    /// During a call of `forEachLine`'s body: the offset in the file just past the line and its
    /// newline, and whether a newline ended it (the last line of a file may have none).
    package private(set) var endOfLine: Int64 = 0
    package private(set) var lineTerminated = true
    /// The file offset of `buffer`'s first byte.
    private var bufferOffset: Int64 = 0
    private static let chunkSize = 256 * 1024

    /// Reads from an open descriptor (e.g. standard input), which the reader does not close.
    package init(fileDescriptor: Int32, name: String, maximumLineBytes: Int) {
        self.fileDescriptor = fileDescriptor
        self.ownsDescriptor = false
        self.name = name
        self.maximumLineBytes = maximumLineBytes
        buffer = .allocate(capacity: Self.chunkSize)
    }

    /// Opens `path` for reading, from `offset` on (line numbers then count from there).
    package init(path: String, maximumLineBytes: Int, offset: Int64 = 0) throws {
        let descriptor = try FileByteSource.openForReading(path)
        if offset > 0, lseek(descriptor, off_t(offset), SEEK_SET) < 0 {
            let error = SystemError(call: "lseek", path: path)
            close(descriptor)
            throw error
        }
        self.fileDescriptor = descriptor
        self.ownsDescriptor = true
        self.name = path
        self.maximumLineBytes = maximumLineBytes
        bufferOffset = offset
        buffer = .allocate(capacity: Self.chunkSize)
    }

    /// Reads an open descriptor from where it stands, which the reader does not close; `offset`
    /// is that position, for `endOfLine`.
    package init(fileDescriptor: Int32, name: String, maximumLineBytes: Int, offset: Int64) {
        self.fileDescriptor = fileDescriptor
        self.ownsDescriptor = false
        self.name = name
        self.maximumLineBytes = maximumLineBytes
        bufferOffset = offset
        buffer = .allocate(capacity: Self.chunkSize)
    }

    deinit {
        buffer.deallocate()
        if ownsDescriptor { close(fileDescriptor) }
    }

    // The reading position, kept between calls of `nextLine()`.
    private var start = 0  // first byte of the current line
    private var end = 0  // end of the valid bytes
    private var scanned = 0  // bytes of the current line already searched for a newline
    private var skipping = 0  // > 0 while skipping an overlong line: bytes skipped so far
    private var atEOF = false
    /// The number of the line `nextLine()` returned last (from 1).
    package private(set) var lineNumber = 0

    /// Calls `body` with each line number (from 1) and line, in order. The bytes are valid only
    /// during the call.
    package func forEachLine(_ body: (Int, Line) throws -> Void) throws {
        while let line = try nextLine() { try body(lineNumber, line) }
    }

    /// The next line, or nil at the end of the input. Its bytes are valid until the next call.
    package func nextLine() throws -> Line? {
        while true {
            // Search the unscanned bytes for the end of the current line.
            let searchFrom = start + scanned
            if searchFrom < end, let newline = findNewline(from: searchFrom, to: end) {
                let from = start
                start = newline + 1
                scanned = 0
                lineNumber += 1
                endOfLine = bufferOffset + Int64(newline + 1)
                lineTerminated = true
                if skipping > 0 || newline - from > maximumLineBytes {
                    defer { skipping = 0 }
                    return .tooLong(byteCount: skipping + newline - from)
                }
                hasBufferedLine = newline + 1 < end && findNewline(from: newline + 1, to: end) != nil
                return line(from, newline)
            }
            scanned = end - start
            if atEOF {
                guard skipping > 0 || end > start else { return nil }
                let from = start
                start = end
                scanned = 0
                lineNumber += 1
                endOfLine = bufferOffset + Int64(end)
                lineTerminated = false
                if skipping > 0 || end - from > maximumLineBytes {
                    defer { skipping = 0 }
                    return .tooLong(byteCount: skipping + end - from)
                }
                hasBufferedLine = false
                return line(from, end)
            }
            if skipping == 0 && end - start > maximumLineBytes {
                skipping = end - start
                start = end
                scanned = 0
            } else if skipping > 0 {
                skipping += end - start
                start = end
                scanned = 0
            }
            makeRoom(&start, &end)
            let count = try readChunk(into: end)
            if count == 0 { atEOF = true } else { end += count }
        }
    }

    /// The bytes from `from` to `to`, without a `\r` before the newline.
    private func line(_ from: Int, _ to: Int) -> Line {
        var last = to
        if last > from, buffer[last - 1] == UInt8(ascii: "\r") { last -= 1 }
        return .bytes(UnsafeBufferPointer(rebasing: buffer[from..<last]))
    }

    private func findNewline(from: Int, to: Int) -> Int? {
        guard let base = buffer.baseAddress else { return nil }
        guard let found = memchr(base + from, Int32(UInt8(ascii: "\n")), to - from) else { return nil }
        return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
    }

    /// Moves the partial line to the front and grows the buffer when a line needs more room.
    private func makeRoom(_ start: inout Int, _ end: inout Int) {
        let pending = end - start
        bufferOffset += Int64(start)
        if start > 0 {
            if pending > 0, let base = buffer.baseAddress {
                memmove(base, base + start, pending)
            }
            start = 0
            end = pending
        }
        if buffer.count - end < Self.chunkSize / 2 {
            let grown = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: buffer.count * 2)
            if pending > 0, let base = buffer.baseAddress, let target = grown.baseAddress {
                memcpy(target, base, pending)
            }
            buffer.deallocate()
            buffer = grown
        }
    }

    private func readChunk(into offset: Int) throws -> Int {
        guard let base = buffer.baseAddress else { return 0 }
        return try systemCall("read", path: name) { read(fileDescriptor, base + offset, buffer.count - offset) }
    }
}

@available(*, unavailable)
extension LineReader: Sendable {}
