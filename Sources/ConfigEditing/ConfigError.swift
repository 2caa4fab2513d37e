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
