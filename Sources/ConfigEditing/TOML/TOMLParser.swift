/// The reader behind `TOMLDocument`: the document's lines (key/value pairs, headers, comments),
/// keys, and the rules of what may define or extend which table. Values are in
/// `TOMLParser+Values.swift`.
struct TOMLParser {
    let bytes: [UInt8]
    var offset = 0
    var tables = [TOMLTable(origin: .root, parent: nil, offset: 0)]
    var sections: [TOMLDocument.Section] = []
    /// The table that key/value pairs go into: the last header's, else the root.
    var current = 0
    /// Nesting of arrays and inline tables.
    var depth = 0

    static let maximumDepth = 512

    init(bytes: [UInt8]) { self.bytes = bytes }

    func error(_ reason: String, at position: Int? = nil) -> ConfigError {
        ConfigError(at: position ?? offset, in: bytes, reason)
    }

    func line(of offset: Int) -> Int { TextPosition(of: offset, in: bytes).line }

    var atEnd: Bool { offset >= bytes.count }
    var byte: UInt8 { bytes[offset] }

    func byte(at index: Int) -> UInt8? { index < bytes.count ? bytes[index] : nil }

    /// What is at the offset, for messages.
    var found: String {
        guard !atEnd else { return "the end of the file" }
        switch byte {
        case UInt8(ascii: "\n"), UInt8(ascii: "\r"): return "the end of the line"
        case 0x21..<0x7F: return "'\(Character(Unicode.Scalar(byte)))'"
        default: return "an unexpected character"
        }
    }

    // MARK: - Lines

    mutating func document() throws(ConfigError) {
        while !atEnd {
            let lineStart = offset
            skipBlanks()
            if atEnd { break }
            switch byte {
            case UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "#"):
                try endOfLine()
            case UInt8(ascii: "["):
                try header(lineStart: lineStart)
            default:
                try keyValue(into: current)
                try endOfLine()
                if !sections.isEmpty {
                    let last = sections.count - 1
                    sections[last].range = sections[last].range.lowerBound..<offset
                }
            }
        }
    }

    mutating func skipBlanks() {
        while !atEnd && (byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t")) { offset += 1 }
    }

    /// Spaces, tabs, line breaks and comments, as an array may hold between its values.
    mutating func skipWhitespaceAndComments() throws(ConfigError) {
        while !atEnd {
            switch byte {
            case UInt8(ascii: " "), UInt8(ascii: "\t"): offset += 1
            case UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "#"): try endOfLine()
            default: return
            }
        }
    }

    /// The rest of a line: blanks, an optional comment, and a line break (LF or CRLF) or the end.
    mutating func endOfLine() throws(ConfigError) {
        skipBlanks()
        if !atEnd && byte == UInt8(ascii: "#") {
            offset += 1
            while !atEnd && byte != UInt8(ascii: "\n") && byte != UInt8(ascii: "\r") {
                if byte < 0x20 && byte != UInt8(ascii: "\t") || byte == 0x7F {
                    throw error("a control character in a comment")
                }
                offset += 1
            }
        }
        guard !atEnd else { return }
        try lineBreak(expecting: "a line break")
    }

    /// LF, or CR followed by LF.
    mutating func lineBreak(expecting what: String) throws(ConfigError) {
        if byte == UInt8(ascii: "\n") {
            offset += 1
        } else if byte == UInt8(ascii: "\r") && byte(at: offset + 1) == UInt8(ascii: "\n") {
            offset += 2
        } else if byte == UInt8(ascii: "\r") {
            throw error("a carriage return that is not followed by a line feed")
        } else {
            throw error("expected \(what), found \(found)")
        }
    }

    // MARK: - Keys

    /// A key, dotted or not: `a`, `"quoted key"`, `a . 'b' . c`.
    mutating func key() throws(ConfigError) -> [String] {
        var parts = [try simpleKey()]
        while true {
            let saved = offset
            skipBlanks()
            guard !atEnd, byte == UInt8(ascii: ".") else {
                offset = saved
                return parts
            }
            offset += 1
            skipBlanks()
            parts.append(try simpleKey())
        }
    }

    mutating func simpleKey() throws(ConfigError) -> String {
        guard !atEnd else { throw error("expected a key, found the end of the file") }
        switch byte {
        case UInt8(ascii: "\""):
            if bytes[offset...].starts(with: #"""""#.utf8) { throw error("a key cannot be a multi-line string") }
            return try basicString()
        case UInt8(ascii: "'"):
            if bytes[offset...].starts(with: "'''".utf8) { throw error("a key cannot be a multi-line string") }
            return try literalString()
        default:
            let start = offset
            while !atEnd && ConfigValue.isBareKeyByte(byte) { offset += 1 }
            guard offset > start else { throw error("expected a key, found \(found)") }
            return String(decoding: bytes[start..<offset], as: UTF8.self)
        }
    }

    // MARK: - Tables

    mutating func keyValue(into table: Int) throws(ConfigError) {
        let start = offset
        let path = try key()
        skipBlanks()
        guard !atEnd, byte == UInt8(ascii: "=") else {
            throw error("expected '=' after the key \(path.tomlKey), found \(found)")
        }
        offset += 1
        skipBlanks()
        let value = try value()
        try insert(value, at: path, into: table, keyOffset: start)
    }

    /// A key/value pair into `table`: a dotted key makes the tables on its way, or goes on into
    /// tables that dotted keys made or that a header only named, and into no other.
    mutating func insert(_ value: ConfigValue, at path: [String], into table: Int, keyOffset: Int) throws(ConfigError) {
        var table = table
        for (index, key) in path.dropLast().enumerated() {
            let name = path[...index].tomlKey
            switch tables[table].entries[key] {
            case nil:
                table = addTable(key, to: table, origin: .dotted, offset: keyOffset)
            case .table(let child) where tables[child].origin == .dotted:
                table = child
            case .table(let child) where tables[child].origin == .implicit:
                // Named by a header on its way (`[a.b.c]` names `a.b`): dotted keys define it
                // now, so no header may define it later.
                tables[child].origin = .dotted
                tables[child].offset = keyOffset
                table = child
            case .table(let child):
                throw error(
                    "a dotted key cannot add to the table \(name), defined at line \(line(of: tables[child].offset))",
                    at: keyOffset)
            case .tableArray(let elements):
                throw error(
                    "\(name) is an array of tables (line \(line(of: tables[elements[0]].offset))): a dotted key cannot add to it",
                    at: keyOffset)
            case .value(_, let offset):
                throw error("\(name) is already a value (line \(line(of: offset))), not a table", at: keyOffset)
            }
        }
        let key = path[path.count - 1]
        if let existing = tables[table].entries[key] {
            throw error(
                "the key \(path.tomlKey) is defined twice (first at line \(line(of: existing.offset(in: tables))))",
                at: keyOffset)
        }
        tables[table].keys.append(key)
        tables[table].entries[key] = .value(value, offset: keyOffset)
    }

    mutating func addTable(_ key: String, to parent: Int, origin: TOMLTable.Origin, offset: Int) -> Int {
        tables.append(TOMLTable(origin: origin, parent: parent, offset: offset))
        tables[parent].keys.append(key)
        tables[parent].entries[key] = .table(tables.count - 1)
        return tables.count - 1
    }

    /// `[a.b]` or `[[a.b]]` and the rest of its line: the table that the following pairs go into.
    mutating func header(lineStart: Int) throws(ConfigError) {
        let start = offset
        let isArray = byte(at: offset + 1) == UInt8(ascii: "[")
        offset += isArray ? 2 : 1
        skipBlanks()
        let path = try key()
        skipBlanks()
        let close = isArray ? "]]" : "]"
        guard bytes[offset...].starts(with: close.utf8) else {
            throw error("expected '\(close)' after the table name \(path.tomlKey), found \(found)")
        }
        offset += close.utf8.count
        try endOfLine()
        current = try isArray ? arrayElement(at: path, headerOffset: start) : table(at: path, headerOffset: start)
        sections.append(.init(path: path, isArrayElement: isArray, range: lineStart..<offset, table: current))
    }

    /// The table on the way to a header's: made if missing; the last element of an array of tables.
    mutating func parentTable(of path: [String], headerOffset: Int) throws(ConfigError) -> Int {
        var table = 0
        for (index, key) in path.dropLast().enumerated() {
            switch tables[table].entries[key] {
            case nil:
                table = addTable(key, to: table, origin: .implicit, offset: headerOffset)
            case .table(let child):
                table = child
            case .tableArray(let elements):
                table = elements.last!
            case .value(_, let offset):
                throw error(
                    "\(path[...index].tomlKey) is already a value (line \(line(of: offset))), not a table",
                    at: headerOffset)
            }
        }
        return table
    }

    mutating func table(at path: [String], headerOffset: Int) throws(ConfigError) -> Int {
        let parent = try parentTable(of: path, headerOffset: headerOffset)
        let key = path[path.count - 1]
        switch tables[parent].entries[key] {
        case nil:
            return addTable(key, to: parent, origin: .header, offset: headerOffset)
        case .table(let child) where tables[child].origin == .implicit:
            tables[child].origin = .header
            tables[child].offset = headerOffset
            return child
        case .table(let child):
            let how = tables[child].origin == .dotted ? "with dotted keys " : ""
            throw error(
                "the table \(path.tomlKey) is defined twice (first \(how)at line \(line(of: tables[child].offset)))",
                at: headerOffset)
        case .tableArray(let elements):
            throw error(
                "\(path.tomlKey) is an array of tables (line \(line(of: tables[elements[0]].offset))), not a table",
                at: headerOffset)
        case .value(_, let offset):
            throw error("\(path.tomlKey) is already a value (line \(line(of: offset))), not a table", at: headerOffset)
        }
    }

    mutating func arrayElement(at path: [String], headerOffset: Int) throws(ConfigError) -> Int {
        let parent = try parentTable(of: path, headerOffset: headerOffset)
        let key = path[path.count - 1]
        tables.append(TOMLTable(origin: .arrayElement, parent: parent, offset: headerOffset))
        let element = tables.count - 1
        switch tables[parent].entries[key] {
        case nil:
            tables[parent].keys.append(key)
            tables[parent].entries[key] = .tableArray([element])
        case .tableArray(let elements):
            tables[parent].entries[key] = .tableArray(elements + [element])
        case .table(let child):
            throw error(
                "\(path.tomlKey) is a table (line \(line(of: tables[child].offset))), not an array of tables",
                at: headerOffset)
        case .value(_, let offset):
            throw error(
                "\(path.tomlKey) is already a value (line \(line(of: offset))): [[\(path.tomlKey)]] cannot add to it",
                at: headerOffset)
        }
        return element
    }
}

extension TOMLEntry {
    func offset(in tables: [TOMLTable]) -> Int {
        switch self {
        case .value(_, let offset): offset
        case .table(let table): tables[table].offset
        case .tableArray(let elements): tables[elements[0]].offset
        }
    }
}
