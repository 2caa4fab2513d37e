/// A JSON text read with the byte range of every value and member, so that a configuration
/// file can be changed where it must be and nowhere else (`JSONDocument+Editing.swift`).
///
/// It validates as it reads: RFC 8259 strictly (Claude Code's files, which it reads with
/// `JSON.parse`), or with `//` and `/* */` comments (Gemini CLI's settings, which it reads with
/// `JSON.parse(stripJsonComments(text))`; trailing commas stay errors there too). A key given
/// twice is kept twice, and the last one counts, as `JSON.parse` reads it.
package struct JSONDocument: Sendable {
    package enum Syntax: Sendable {
        case strict
        case withComments
    }

    /// One value: its bytes, and what it holds.
    package struct Node: Sendable {
        package enum Content: Sendable {
            case object([Member])
            case array([Node])
            case scalar(ConfigValue)
        }

        package let range: Range<Int>
        package let content: Content
    }

    /// One member of an object: `"key": value`.
    package struct Member: Sendable {
        package let key: String
        package let keyRange: Range<Int>
        package let value: Node

        /// From the key's opening quote to the end of the value.
        package var range: Range<Int> { keyRange.lowerBound..<value.range.upperBound }
    }

    package let bytes: [UInt8]
    package let syntax: Syntax
    package let root: Node

    /// Deeper nesting is refused rather than read by recursion without end.
    static let maximumDepth = 512

    package init(_ bytes: [UInt8], syntax: Syntax) throws(ConfigError) {
        if let invalid = bytes.firstInvalidUTF8Offset {
            throw ConfigError(at: invalid, in: bytes, "invalid UTF-8")
        }
        var parser = JSONParser(bytes: bytes, syntax: syntax)
        root = try parser.document()
        self.bytes = bytes
        self.syntax = syntax
    }
}

extension JSONDocument.Node {
    package var members: [JSONDocument.Member]? {
        if case .object(let members) = content { return members }
        return nil
    }

    package var elements: [JSONDocument.Node]? {
        if case .array(let elements) = content { return elements }
        return nil
    }

    /// The last member named `key` (the one `JSON.parse` keeps).
    package func member(_ key: String) -> JSONDocument.Member? {
        members?.last { $0.key == key }
    }

    /// The node at `path` of keys, through objects.
    package func node(at path: some Collection<String>) -> JSONDocument.Node? {
        var node = self
        for key in path {
            guard let member = node.member(key) else { return nil }
            node = member.value
        }
        return node
    }

    /// An object or an array with nothing in it.
    package var isEmptyContainer: Bool {
        switch content {
        case .object(let members): members.isEmpty
        case .array(let elements): elements.isEmpty
        case .scalar: false
        }
    }

    /// The members of an object or the elements of an array: what sits between its brackets,
    /// each with its range.
    var entryRanges: [Range<Int>] {
        switch content {
        case .object(let members): members.map(\.range)
        case .array(let elements): elements.map(\.range)
        case .scalar: []
        }
    }

    /// What the node holds, as a value.
    package var value: ConfigValue {
        switch content {
        case .object(let members): .table(members.map { ($0.key, $0.value.value) })
        case .array(let elements): .array(elements.map(\.value))
        case .scalar(let value): value
        }
    }
}

/// The recursive-descent reader behind `JSONDocument`.
private struct JSONParser {
    let bytes: [UInt8]
    let syntax: JSONDocument.Syntax
    var offset = 0
    var depth = 0

    init(bytes: [UInt8], syntax: JSONDocument.Syntax) {
        self.bytes = bytes
        self.syntax = syntax
        // A byte order mark may be ignored (RFC 8259, section 8.1); it stays in the text.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { offset = 3 }
    }

    func error(_ reason: String, at position: Int? = nil) -> ConfigError {
        ConfigError(at: position ?? offset, in: bytes, reason)
    }

    /// What is at the offset, for messages.
    var found: String {
        guard offset < bytes.count else { return "the end of the file" }
        let byte = bytes[offset]
        if byte >= 0x21 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        switch byte {
        case UInt8(ascii: "\n"), UInt8(ascii: "\r"): return "the end of the line"
        default: return "an unexpected character"
        }
    }

    mutating func document() throws(ConfigError) -> JSONDocument.Node {
        try skipTrivia()
        guard offset < bytes.count else { throw error("the file holds no JSON value") }
        let root = try value()
        try skipTrivia()
        guard offset == bytes.count else { throw error("unexpected \(found) after the JSON value") }
        return root
    }

    mutating func skipTrivia() throws(ConfigError) {
        while offset < bytes.count {
            switch bytes[offset] {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                offset += 1
            case UInt8(ascii: "/") where syntax == .withComments:
                try skipComment()
            default:
                return
            }
        }
    }

    mutating func skipComment() throws(ConfigError) {
        let start = offset
        guard offset + 1 < bytes.count else { throw error("unexpected '/'") }
        switch bytes[offset + 1] {
        case UInt8(ascii: "/"):
            while offset < bytes.count && bytes[offset] != UInt8(ascii: "\n") { offset += 1 }
        case UInt8(ascii: "*"):
            offset += 2
            while offset + 1 < bytes.count
                && !(bytes[offset] == UInt8(ascii: "*") && bytes[offset + 1] == UInt8(ascii: "/"))
            {
                offset += 1
            }
            guard offset + 1 < bytes.count else { throw error("a /* comment that is never closed", at: start) }
            offset += 2
        default:
            throw error("unexpected '/' (a comment starts with // or /*)")
        }
    }

    mutating func value() throws(ConfigError) -> JSONDocument.Node {
        let start = offset
        switch bytes[offset] {
        case UInt8(ascii: "{"): return try object()
        case UInt8(ascii: "["): return try array()
        case UInt8(ascii: "\""):
            let text = try string()
            return .init(range: start..<offset, content: .scalar(.string(text)))
        case UInt8(ascii: "t"): return try literal("true", .bool(true))
        case UInt8(ascii: "f"): return try literal("false", .bool(false))
        case UInt8(ascii: "n"): return try literal("null", .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
        default: throw error("expected a value, found \(found)")
        }
    }

    mutating func enter() throws(ConfigError) {
        depth += 1
        if depth > JSONDocument.maximumDepth {
            throw error("more than \(JSONDocument.maximumDepth) nested arrays and objects")
        }
    }

    mutating func object() throws(ConfigError) -> JSONDocument.Node {
        let start = offset
        try enter()
        offset += 1
        var members: [JSONDocument.Member] = []
        try skipTrivia()
        if offset < bytes.count && bytes[offset] == UInt8(ascii: "}") {
            offset += 1
            depth -= 1
            return .init(range: start..<offset, content: .object([]))
        }
        while true {
            guard offset < bytes.count, bytes[offset] == UInt8(ascii: "\"") else {
                throw error("expected a member name in double quotes, found \(found)")
            }
            let keyStart = offset
            let key = try string()
            let keyRange = keyStart..<offset
            try skipTrivia()
            guard offset < bytes.count, bytes[offset] == UInt8(ascii: ":") else {
                throw error("expected ':' after the member name, found \(found)")
            }
            offset += 1
            try skipTrivia()
            guard offset < bytes.count else { throw error("expected a value, found \(found)") }
            members.append(.init(key: key, keyRange: keyRange, value: try value()))
            try skipTrivia()
            guard offset < bytes.count else { throw error("an object that is never closed", at: start) }
            if bytes[offset] == UInt8(ascii: "}") { break }
            guard bytes[offset] == UInt8(ascii: ",") else {
                throw error("expected ',' or '}' after an object member, found \(found)")
            }
            offset += 1
            try skipTrivia()
            if offset < bytes.count && bytes[offset] == UInt8(ascii: "}") {
                throw error("a comma before '}' (JSON allows no trailing comma)")
            }
        }
        offset += 1
        depth -= 1
        return .init(range: start..<offset, content: .object(members))
    }

    mutating func array() throws(ConfigError) -> JSONDocument.Node {
        let start = offset
        try enter()
        offset += 1
        var elements: [JSONDocument.Node] = []
        try skipTrivia()
        if offset < bytes.count && bytes[offset] == UInt8(ascii: "]") {
            offset += 1
            depth -= 1
            return .init(range: start..<offset, content: .array([]))
        }
        while true {
            guard offset < bytes.count else { throw error("an array that is never closed", at: start) }
            elements.append(try value())
            try skipTrivia()
            guard offset < bytes.count else { throw error("an array that is never closed", at: start) }
            if bytes[offset] == UInt8(ascii: "]") { break }
            guard bytes[offset] == UInt8(ascii: ",") else {
                throw error("expected ',' or ']' after an array element, found \(found)")
            }
            offset += 1
            try skipTrivia()
            if offset < bytes.count && bytes[offset] == UInt8(ascii: "]") {
                throw error("a comma before ']' (JSON allows no trailing comma)")
            }
        }
        offset += 1
        depth -= 1
        return .init(range: start..<offset, content: .array(elements))
    }

    mutating func literal(_ word: String, _ value: ConfigValue) throws(ConfigError) -> JSONDocument.Node {
        let start = offset
        guard bytes[offset...].starts(with: word.utf8) else { throw error("expected a value, found \(found)") }
        offset += word.utf8.count
        return .init(range: start..<offset, content: .scalar(value))
    }

    /// -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?
    mutating func number() throws(ConfigError) -> JSONDocument.Node {
        let start = offset
        func isDigit(_ index: Int) -> Bool {
            index < bytes.count && (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index])
        }
        if bytes[offset] == UInt8(ascii: "-") { offset += 1 }
        guard isDigit(offset) else { throw error("expected a digit after '-'") }
        if bytes[offset] == UInt8(ascii: "0") {
            offset += 1
            if isDigit(offset) { throw error("a number with a leading zero") }
        } else {
            while isDigit(offset) { offset += 1 }
        }
        var whole = true
        if offset < bytes.count && bytes[offset] == UInt8(ascii: ".") {
            offset += 1
            guard isDigit(offset) else { throw error("expected a digit after the decimal point") }
            while isDigit(offset) { offset += 1 }
            whole = false
        }
        if offset < bytes.count && (bytes[offset] == UInt8(ascii: "e") || bytes[offset] == UInt8(ascii: "E")) {
            offset += 1
            if offset < bytes.count && (bytes[offset] == UInt8(ascii: "+") || bytes[offset] == UInt8(ascii: "-")) {
                offset += 1
            }
            guard isDigit(offset) else { throw error("expected a digit in the exponent") }
            while isDigit(offset) { offset += 1 }
            whole = false
        }
        let text = String(decoding: bytes[start..<offset], as: UTF8.self)
        let value: ConfigValue =
            if whole, let integer = Int64(text) { .integer(integer) } else { .float(Double(text) ?? .nan) }
        return .init(range: start..<offset, content: .scalar(value))
    }

    /// A string from its opening quote, unescaped. Half a surrogate pair becomes U+FFFD, as
    /// JavaScript would show it.
    mutating func string() throws(ConfigError) -> String {
        let start = offset
        offset += 1
        let contentStart = offset
        // Most strings hold no escape: their bytes are the text.
        while offset < bytes.count && bytes[offset] != UInt8(ascii: "\"") && bytes[offset] != UInt8(ascii: "\\") {
            try checkStringByte(bytes[offset])
            offset += 1
        }
        var text = Array(bytes[contentStart..<offset])
        while true {
            guard offset < bytes.count else { throw error("a string that is never closed", at: start) }
            let byte = bytes[offset]
            switch byte {
            case UInt8(ascii: "\""):
                offset += 1
                return String(decoding: text, as: UTF8.self)
            case UInt8(ascii: "\\"):
                Unicode.UTF8.encode(try escape()) { text.append($0) }
            default:
                try checkStringByte(byte)
                text.append(byte)
                offset += 1
            }
        }
    }

    /// A control character must be escaped in a string.
    func checkStringByte(_ byte: UInt8) throws(ConfigError) {
        guard byte < 0x20 else { return }
        throw error(
            byte == UInt8(ascii: "\n")
                ? "a string that is never closed on its line" : "a control character in a string (escape it)")
    }

    /// One escape sequence from its backslash.
    mutating func escape() throws(ConfigError) -> Unicode.Scalar {
        let start = offset
        offset += 1
        guard offset < bytes.count else { throw error("a string that is never closed", at: start) }
        let letter = bytes[offset]
        offset += 1
        switch letter {
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "b"): return "\u{08}"
        case UInt8(ascii: "f"): return "\u{0C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"):
            let unit = try hexQuad(escapeStart: start)
            if (0xD800..<0xDC00).contains(unit), bytes[offset...].starts(with: "\\u".utf8) {
                let saved = offset
                offset += 2
                let low = try hexQuad(escapeStart: saved)
                if (0xDC00..<0xE000).contains(low) {
                    return Unicode.Scalar(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00))!
                }
                offset = saved
            }
            return Unicode.Scalar(unit) ?? "\u{FFFD}"
        default:
            throw error("an unknown escape sequence in a string", at: start)
        }
    }

    mutating func hexQuad(escapeStart: Int) throws(ConfigError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard offset < bytes.count, let digit = hexDigitValue(bytes[offset]) else {
                throw error("\\u must be followed by four hexadecimal digits", at: escapeStart)
            }
            value = value << 4 | digit
            offset += 1
        }
        return value
    }
}
