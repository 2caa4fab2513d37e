// Where a new member or element goes and how it is indented, read from the text around it.
extension JSONDocument {
    /// The line break the text uses.
    var newline: String { bytes.lineBreak }

    /// One level of indentation, as the first indented line that holds something shows it
    /// (two spaces, four, a tab); two spaces when no line is indented.
    var indentationUnit: String {
        var offset = 0
        while let lineEnd = bytes[offset...].firstIndex(of: UInt8(ascii: "\n")) {
            let next = lineEnd + 1
            let indentEnd = bytes[next...].firstIndex { !Self.isBlank($0) } ?? bytes.count
            if indentEnd > next, indentEnd < bytes.count, !Self.isLineBreak(bytes[indentEnd]) {
                return String(decoding: bytes[next..<indentEnd], as: UTF8.self)
            }
            offset = next
        }
        return "  "
    }

    static func isBlank(_ byte: UInt8) -> Bool { byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
    static func isLineBreak(_ byte: UInt8) -> Bool { byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") }
    static func isWhitespace(_ byte: UInt8) -> Bool { isBlank(byte) || isLineBreak(byte) }

    func lineStart(of offset: Int) -> Int {
        (bytes[..<offset].lastIndex(of: UInt8(ascii: "\n")) ?? -1) + 1
    }

    /// The spaces and tabs that start the line `offset` is on.
    func indentation(ofLineAt offset: Int) -> String {
        let start = lineStart(of: offset)
        let end = bytes[start...].firstIndex { !Self.isBlank($0) } ?? bytes.count
        return String(decoding: bytes[start..<min(end, offset)], as: UTF8.self)
    }

    /// True when only spaces and tabs come before `offset` on its line.
    func startsLine(_ offset: Int) -> Bool {
        bytes[lineStart(of: offset)..<offset].allSatisfy(Self.isBlank)
    }

    /// The next byte after `offset` that is neither whitespace nor in a comment.
    func nextToken(after offset: Int) -> Int {
        var index = offset
        while index < bytes.count {
            if Self.isWhitespace(bytes[index]) {
                index += 1
            } else if let end = commentEnd(at: index, withinLine: false) {
                index = end
            } else {
                break
            }
        }
        return index
    }

    /// Past the comments that follow `offset` on its line (with the spaces before them): where
    /// a line that follows `offset` begins, keeping such a comment with what it is about. Just
    /// `offset` when no comment follows.
    func lineTrailer(after offset: Int) -> Int {
        var index = offset
        var end = offset
        while index < bytes.count {
            if Self.isBlank(bytes[index]) {
                index += 1
            } else if let commentEnd = commentEnd(at: index, withinLine: true) {
                index = commentEnd
                end = commentEnd
            } else {
                break
            }
        }
        return end
    }

    /// The end of the comment that starts at `offset` (a `//` comment ends before its line
    /// break), or nil when none does there. `withinLine` takes only a `/* */` comment that ends on
    /// the line it starts on.
    func commentEnd(at offset: Int, withinLine: Bool) -> Int? {
        guard syntax == .withComments, offset + 1 < bytes.count, bytes[offset] == UInt8(ascii: "/") else { return nil }
        switch bytes[offset + 1] {
        case UInt8(ascii: "/"):
            // At a line feed, as the reader (and strip-json-comments) ends it: a lone CR is inside.
            guard let lineFeed = bytes[offset...].firstIndex(of: UInt8(ascii: "\n")) else { return bytes.count }
            return bytes[lineFeed - 1] == UInt8(ascii: "\r") ? lineFeed - 1 : lineFeed
        case UInt8(ascii: "*"):
            var index = offset + 2
            while index + 1 < bytes.count
                && !(bytes[index] == UInt8(ascii: "*") && bytes[index + 1] == UInt8(ascii: "/"))
            {
                if withinLine && Self.isLineBreak(bytes[index]) { return nil }
                index += 1
            }
            return index + 1 < bytes.count ? index + 2 : nil
        default:
            return nil
        }
    }
}
