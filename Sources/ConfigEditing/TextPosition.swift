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
