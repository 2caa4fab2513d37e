import FoundationEssentials
import SystemSupport

#if canImport(Glibc)
    import Glibc
#endif

/// Reads newline-separated lines from a file descriptor in bounded memory: one chunk plus the
/// longest accepted line. Longer lines are skipped over and reported, never buffered whole.
public final class LineReader {
    /// One line, without its `\n` (and without a `\r` before it).
    public enum Line {
        case bytes(UnsafeBufferPointer<UInt8>)
        /// The line was longer than `maximumLineBytes`; its bytes were skipped.
        case tooLong(byteCount: Int)
    }

    public let name: String
    public let maximumLineBytes: Int
    private let fileDescriptor: Int32
    private let ownsDescriptor: Bool
    private var buffer: UnsafeMutableBufferPointer<UInt8>
    /// During a call of `forEachLine`'s body: whether the next line is already read, so that
    /// handing it over will not wait for input. A streaming reader flushes its output when not.
    public private(set) var hasBufferedLine = false
    private static let chunkSize = 256 * 1024

    /// Reads from an open descriptor (e.g. standard input), which the reader does not close.
    public init(fileDescriptor: Int32, name: String, maximumLineBytes: Int) {
        self.fileDescriptor = fileDescriptor
        self.ownsDescriptor = false
        self.name = name
        self.maximumLineBytes = maximumLineBytes
        buffer = .allocate(capacity: Self.chunkSize)
    }

    /// Opens `path` for reading.
    public init(path: String, maximumLineBytes: Int) throws {
        self.fileDescriptor = try FileByteSource.openForReading(path)
        self.ownsDescriptor = true
        self.name = path
        self.maximumLineBytes = maximumLineBytes
        buffer = .allocate(capacity: Self.chunkSize)
    }

    deinit {
        buffer.deallocate()
        if ownsDescriptor { close(fileDescriptor) }
    }

    /// Calls `body` with each line number (from 1) and line, in order. The bytes are valid only
    /// during the call.
    public func forEachLine(_ body: (Int, Line) throws -> Void) throws {
        var start = 0  // first byte of the current line
        var end = 0  // end of the valid bytes
        var scanned = 0  // bytes of the current line already searched for a newline
        var lineNumber = 0
        var skipping = 0  // > 0 while skipping an overlong line: bytes skipped so far
        var atEOF = false

        func emit(_ from: Int, _ to: Int) throws {
            lineNumber += 1
            var last = to
            if last > from, buffer[last - 1] == UInt8(ascii: "\r") { last -= 1 }
            try body(lineNumber, .bytes(UnsafeBufferPointer(rebasing: buffer[from..<last])))
        }

        while true {
            // Search the unscanned bytes for the end of the current line.
            let searchFrom = start + scanned
            if searchFrom < end, let newline = findNewline(from: searchFrom, to: end) {
                if skipping > 0 {
                    lineNumber += 1
                    try body(lineNumber, .tooLong(byteCount: skipping + newline - start))
                    skipping = 0
                } else {
                    hasBufferedLine = newline + 1 < end && findNewline(from: newline + 1, to: end) != nil
                    try emit(start, newline)
                }
                start = newline + 1
                scanned = 0
                continue
            }
            scanned = end - start
            if atEOF {
                if skipping > 0 {
                    lineNumber += 1
                    try body(lineNumber, .tooLong(byteCount: skipping + end - start))
                } else if end > start {
                    hasBufferedLine = false
                    try emit(start, end)
                }
                return
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

    private func findNewline(from: Int, to: Int) -> Int? {
        guard let base = buffer.baseAddress else { return nil }
        guard let found = memchr(base + from, Int32(UInt8(ascii: "\n")), to - from) else { return nil }
        return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
    }

    /// Moves the partial line to the front and grows the buffer when a line needs more room.
    private func makeRoom(_ start: inout Int, _ end: inout Int) {
        let pending = end - start
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
