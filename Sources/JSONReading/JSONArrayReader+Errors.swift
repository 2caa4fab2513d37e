#if canImport(Glibc)
    import Glibc
#endif

// MARK: - Errors

extension ArrayParser {
    func failure(_ reason: String) -> JSONReadError {
        failure(reason, at: index)
    }

    /// An error at `position` in the buffer; within an element, the reason says which.
    func failure(_ reason: String, at position: Int) -> JSONReadError {
        var place = dropped
        place.advance(over: UnsafeBufferPointer(start: bytes, count: position))
        return JSONReadError(
            name: name, reason: inElement && !isDocument ? "\(reason) (in element \(elementCount + 1))" : reason,
            offset: bufferOffset + position, line: place.line, column: place.column)
    }

    /// The input ended within an element: most often a download that was cut short.
    func endedEarly(inString: Bool = false) -> JSONReadError {
        var place = dropped
        place.advance(over: UnsafeBufferPointer(start: bytes, count: end))
        let reason =
            (isDocument ? "the input ends in the middle of the value" : "the input ends in the middle of element \(elementCount + 1)")
            + (inString ? ", in a string" : "")
        return JSONReadError(
            name: name, reason: reason, offset: bufferOffset + end, line: place.line, column: place.column)
    }

    /// A byte as an error shows it: a printable character in quotes, any other in hex.
    func found(_ byte: UInt8) -> String {
        guard byte >= 0x20 && byte < 0x7F else { return "byte \(hex(byte))" }
        return "'\(UnicodeScalar(byte))'"
    }

    func hex(_ byte: UInt8) -> String {
        let digits = String(byte, radix: 16, uppercase: true)
        return "0x" + (digits.count < 2 ? "0" : "") + digits
    }
}

/// A line and a column (from 1; the column counts Unicode scalars), moved along over text.
struct TextPosition {
    var line = 1
    var column = 1

    mutating func advance(over text: UnsafeBufferPointer<UInt8>) {
        guard let base = text.baseAddress, !text.isEmpty else { return }
        var afterLastNewline = base
        // memchr finds the newlines many bytes at a time; a file written on one line has none.
        var remaining = text.count
        var from = UnsafeRawPointer(base)
        while remaining > 0, let newline = memchr(from, 0x0A, remaining) {
            line += 1
            column = 1
            let next = UnsafeRawPointer(newline) + 1
            remaining -= from.distance(to: next)
            from = next
            afterLastNewline = next.assumingMemoryBound(to: UInt8.self)
        }
        // Characters are the bytes that do not continue one (10xxxxxx), counted eight at a time.
        var characters = base + text.count - afterLastNewline
        var position = UnsafeRawPointer(afterLastNewline)
        let stop = UnsafeRawPointer(base + text.count)
        while stop - position >= 8 {
            let word = position.loadUnaligned(as: UInt64.self)
            characters -= (word & ~(word << 1) & 0x8080_8080_8080_8080).nonzeroBitCount
            position += 8
        }
        for byte in UnsafeRawBufferPointer(start: position, count: stop - position) where byte & 0xC0 == 0x80 {
            characters -= 1
        }
        column += characters
    }
}
