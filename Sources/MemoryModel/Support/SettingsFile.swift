/// A settings file of `key = value` lines, as memoryd reads its configuration and memctl the
/// `peers` key of the same file: `#` starts a comment, blank lines are skipped, lines end at
/// "\n" (so a file saved with CRLF line ends reads the same), keys and values are trimmed.
package enum SettingsFile {
    /// One line that holds something.
    package struct Line: Sendable, Equatable {
        /// Its number in the file, from 1.
        package let number: Int
        /// Nil when the line is not `key = value`; `value` then holds the line, trimmed.
        package let key: String?
        package let value: String
    }

    /// The lines of `text` that are neither blank nor only a comment, in order.
    package static func lines(of text: String) -> [Line] {
        // Cut on code points, not characters: "\r\n" is one Character, which is not "\n", so a
        // CRLF file was one long line whose first key took the rest of the file as its value.
        let lines = text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false)
        var found: [Line] = []
        for (index, scalars) in lines.enumerated() {
            let raw = String(scalars)
            let line = raw.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? ""
            guard !line.allSatisfy(\.isWhitespace) else { continue }
            guard let equals = line.firstIndex(of: "=") else {
                found.append(Line(number: index + 1, key: nil, value: line.trimmed))
                continue
            }
            found.append(Line(number: index + 1, key: line[..<equals].trimmed, value: line[line.index(after: equals)...].trimmed))
        }
        return found
    }
}
