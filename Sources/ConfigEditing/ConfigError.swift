/// What is wrong with a configuration file, and where: the first thing that kept it from being
/// read, or a value whose type leaves no room for an entry (a list where an object must be).
package struct ConfigError: Error, Equatable, Sendable, CustomStringConvertible {
    /// 1-based line.
    package let line: Int
    /// 1-based column, in characters (Unicode scalars) from the start of the line.
    package let column: Int
    package let reason: String

    package init(line: Int, column: Int, reason: String) {
        self.line = line
        self.column = column
        self.reason = reason
    }

    /// The error at byte `offset` of `bytes`.
    package init(at offset: Int, in bytes: [UInt8], _ reason: String) {
        let position = TextPosition(of: offset, in: bytes)
        self.init(line: position.line, column: position.column, reason: reason)
    }

    package var description: String { "line \(line), column \(column): \(reason)" }
}

/// A byte offset as the line and column an editor shows.
package struct TextPosition: Equatable, Sendable {
    package let line: Int
    package let column: Int

    package init(of offset: Int, in bytes: [UInt8]) {
        var line = 1
        var lineStart = 0
        let end = min(offset, bytes.count)
        for index in 0..<end where bytes[index] == UInt8(ascii: "\n") {
            line += 1
            lineStart = index + 1
        }
        // UTF-8 continuation bytes (10xxxxxx) do not start a character.
        self.line = line
        column = 1 + bytes[lineStart..<end].count { $0 & 0xC0 != 0x80 }
    }
}

extension [UInt8] {
    /// The offset of the first byte that is not part of valid UTF-8, or nil when all of it is.
    package var firstInvalidUTF8Offset: Int? {
        // The standard library's check is fast; the offset is looked for only when it fails.
        if String(validating: self, as: UTF8.self) != nil { return nil }
        var iterator = makeIterator()
        var parser = Unicode.UTF8.ForwardParser()
        var offset = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let scalar): offset += scalar.count
            case .emptyInput: return nil
            case .error: return offset
            }
        }
    }
}

extension [UInt8] {
    /// The line break a text uses, as its first line ends: CRLF, else LF.
    package var lineBreak: String {
        guard let lineFeed = firstIndex(of: UInt8(ascii: "\n")), lineFeed > 0, self[lineFeed - 1] == UInt8(ascii: "\r") else {
            return "\n"
        }
        return "\r\n"
    }
}
