// Values: strings of the four kinds, integers, floats, booleans, dates and times, arrays and
// inline tables, each as TOML 1.0 writes it.
extension TOMLParser {
    mutating func value() throws(ConfigError) -> ConfigValue {
        guard !atEnd else { throw error("expected a value, found the end of the file") }
        switch byte {
        case UInt8(ascii: "\""):
            return .string(try bytes[offset...].starts(with: #"""""#.utf8) ? multiLineBasicString() : basicString())
        case UInt8(ascii: "'"):
            return .string(try bytes[offset...].starts(with: "'''".utf8) ? multiLineLiteralString() : literalString())
        case UInt8(ascii: "["):
            return try array()
        case UInt8(ascii: "{"):
            return try inlineTable()
        case UInt8(ascii: "t") where bytes[offset...].starts(with: "true".utf8):
            offset += 4
            return .bool(true)
        case UInt8(ascii: "f") where bytes[offset...].starts(with: "false".utf8):
            offset += 5
            return .bool(false)
        default:
            return try numberOrDateTime()
        }
    }

    // MARK: - Strings

    /// `"..."`: escapes, no line break, no control character but tab.
    mutating func basicString() throws(ConfigError) -> String {
        let start = offset
        offset += 1
        var text: [UInt8] = []
        while true {
            guard !atEnd else { throw error("a string that is never closed", at: start) }
            switch byte {
            case UInt8(ascii: "\""):
                offset += 1
                return String(decoding: text, as: UTF8.self)
            case UInt8(ascii: "\\"):
                text += try escape()
            case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                throw error("a string that is not closed on its line", at: start)
            default:
                try appendCharacter(to: &text)
            }
        }
    }

    /// `"""..."""`: a line break right after the opening quotes is left out, a backslash at the
    /// end of a line takes out the whitespace after it, and one or two quotes may end the text.
    mutating func multiLineBasicString() throws(ConfigError) -> String {
        let start = offset
        offset += 3
        try skipFirstLineBreak()
        var text: [UInt8] = []
        while true {
            guard !atEnd else { throw error("a multi-line string that is never closed", at: start) }
            switch byte {
            case UInt8(ascii: "\""):
                if try closesMultiLineString(quote: UInt8(ascii: "\""), text: &text) {
                    return String(decoding: text, as: UTF8.self)
                }
            case UInt8(ascii: "\\"):
                let next = byte(at: offset + 1)
                if next == UInt8(ascii: " ") || next == UInt8(ascii: "\t") || next == UInt8(ascii: "\n")
                    || next == UInt8(ascii: "\r")
                {
                    try lineEndingBackslash()
                } else {
                    text += try escape()
                }
            case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                try lineBreak(expecting: "a line break")
                text.append(UInt8(ascii: "\n"))
            default:
                try appendCharacter(to: &text)
            }
        }
    }

    /// `'...'`: as written, no line break, no control character but tab.
    mutating func literalString() throws(ConfigError) -> String {
        let start = offset
        offset += 1
        var text: [UInt8] = []
        while true {
            guard !atEnd else { throw error("a string that is never closed", at: start) }
            switch byte {
            case UInt8(ascii: "'"):
                offset += 1
                return String(decoding: text, as: UTF8.self)
            case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                throw error("a string that is not closed on its line", at: start)
            default:
                try appendCharacter(to: &text)
            }
        }
    }

    /// `'''...'''`: as written, with line breaks.
    mutating func multiLineLiteralString() throws(ConfigError) -> String {
        let start = offset
        offset += 3
        try skipFirstLineBreak()
        var text: [UInt8] = []
        while true {
            guard !atEnd else { throw error("a multi-line string that is never closed", at: start) }
            switch byte {
            case UInt8(ascii: "'"):
                if try closesMultiLineString(quote: UInt8(ascii: "'"), text: &text) {
                    return String(decoding: text, as: UTF8.self)
                }
            case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                try lineBreak(expecting: "a line break")
                text.append(UInt8(ascii: "\n"))
            default:
                try appendCharacter(to: &text)
            }
        }
    }

    mutating func skipFirstLineBreak() throws(ConfigError) {
        if !atEnd && (byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")) {
            try lineBreak(expecting: "a line break")
        }
    }

    /// At a run of quotes inside a multi-line string: three of them close it, after up to two
    /// that belong to the text; fewer belong to the text.
    mutating func closesMultiLineString(quote: UInt8, text: inout [UInt8]) throws(ConfigError) -> Bool {
        var count = 0
        while byte(at: offset + count) == quote { count += 1 }
        if count < 3 {
            text += repeatElement(quote, count: count)
            offset += count
            return false
        }
        guard count <= 5 else {
            throw error("more than two quotes before the end of a multi-line string", at: offset + 5)
        }
        text += repeatElement(quote, count: count - 3)
        offset += count
        return true
    }

    /// A backslash, blanks, a line break, then all whitespace and line breaks: taken out.
    mutating func lineEndingBackslash() throws(ConfigError) {
        let start = offset
        offset += 1
        skipBlanks()
        guard !atEnd, byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") else {
            throw error("a backslash followed by blanks must end its line", at: start)
        }
        while !atEnd {
            switch byte {
            case UInt8(ascii: " "), UInt8(ascii: "\t"): offset += 1
            case UInt8(ascii: "\n"), UInt8(ascii: "\r"): try lineBreak(expecting: "a line break")
            default: return
            }
        }
    }

    /// One character of a string as it is, refusing control characters other than tab.
    mutating func appendCharacter(to text: inout [UInt8]) throws(ConfigError) {
        if byte < 0x20 && byte != UInt8(ascii: "\t") || byte == 0x7F {
            throw error("a control character in a string (write it as an escape)")
        }
        text.append(byte)
        offset += 1
    }

    /// `\b \t \n \f \r \" \\ \uXXXX \UXXXXXXXX`, as UTF-8.
    mutating func escape() throws(ConfigError) -> [UInt8] {
        let start = offset
        offset += 1
        guard !atEnd else { throw error("a string that is never closed", at: start) }
        let letter = byte
        offset += 1
        let scalar: Unicode.Scalar
        switch letter {
        case UInt8(ascii: "b"): scalar = "\u{08}"
        case UInt8(ascii: "t"): scalar = "\t"
        case UInt8(ascii: "n"): scalar = "\n"
        case UInt8(ascii: "f"): scalar = "\u{0C}"
        case UInt8(ascii: "r"): scalar = "\r"
        case UInt8(ascii: "\""): scalar = "\""
        case UInt8(ascii: "\\"): scalar = "\\"
        case UInt8(ascii: "u"), UInt8(ascii: "U"):
            let digits = letter == UInt8(ascii: "u") ? 4 : 8
            var value: UInt32 = 0
            for _ in 0..<digits {
                guard !atEnd, let digit = hexDigitValue(byte) else {
                    throw error(
                        "\\\(Character(Unicode.Scalar(letter))) must be followed by \(digits) hexadecimal digits",
                        at: start)
                }
                value = value << 4 | digit
                offset += 1
            }
            guard let valid = Unicode.Scalar(value) else {
                throw error("an escape that is not a Unicode scalar value", at: start)
            }
            scalar = valid
        default:
            throw error("an unknown escape sequence in a string", at: start)
        }
        return Array(String(scalar).utf8)
    }

    // MARK: - Arrays and inline tables

    mutating func enter() throws(ConfigError) {
        depth += 1
        if depth > Self.maximumDepth { throw error("more than \(Self.maximumDepth) nested arrays and inline tables") }
    }

    /// `[ ... ]`: values separated by commas, a comma after the last allowed, line breaks and
    /// comments between them.
    mutating func array() throws(ConfigError) -> ConfigValue {
        try enter()
        offset += 1
        var elements: [ConfigValue] = []
        while true {
            try skipWhitespaceAndComments()
            guard !atEnd else { throw error("an array that is never closed") }
            if byte == UInt8(ascii: "]") { break }
            elements.append(try value())
            try skipWhitespaceAndComments()
            guard !atEnd else { throw error("an array that is never closed") }
            if byte == UInt8(ascii: "]") { break }
            guard byte == UInt8(ascii: ",") else {
                throw error("expected ',' or ']' after an array element, found \(found)")
            }
            offset += 1
        }
        offset += 1
        depth -= 1
        return .array(elements)
    }

    /// `{ k = v, ... }` on one line, no comma after the last pair; closed once written.
    mutating func inlineTable() throws(ConfigError) -> ConfigValue {
        try enter()
        offset += 1
        tables.append(TOMLTable(origin: .inline, parent: nil, offset: offset))
        let table = tables.count - 1
        skipBlanks()
        if !atEnd && byte == UInt8(ascii: "}") {
            offset += 1
        } else {
            while true {
                try keyValue(into: table)
                skipBlanks()
                guard !atEnd else { throw error("an inline table that is never closed") }
                if byte == UInt8(ascii: "}") {
                    offset += 1
                    break
                }
                guard byte == UInt8(ascii: ",") else {
                    throw error(
                        byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")
                            ? "an inline table must be on one line"
                            : "expected ',' or '}' in an inline table, found \(found)")
                }
                offset += 1
                skipBlanks()
                if !atEnd && byte == UInt8(ascii: "}") {
                    throw error("a comma before '}' (inline tables allow no trailing comma)")
                }
            }
        }
        depth -= 1
        // Written once and closed: nothing may add to it, so it is kept as a value.
        let document = TOMLDocument.valueOfTable(table, in: tables)
        tables.removeSubrange(table...)
        return document
    }

    // MARK: - Numbers, dates and times

    /// A bare value: an integer (decimal, 0x, 0o, 0b), a float (with `inf` and `nan`), or an
    /// offset date-time, local date-time, local date or local time.
    mutating func numberOrDateTime() throws(ConfigError) -> ConfigValue {
        let start = offset
        func isTokenByte(_ byte: UInt8) -> Bool {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "_"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: ":"):
                true
            default: false
            }
        }
        while !atEnd && isTokenByte(byte) { offset += 1 }
        // A date and a time may be separated by a space: "1979-05-27 07:32:00Z".
        if offset - start == 10, byte(at: start + 4) == UInt8(ascii: "-"), byte(at: offset) == UInt8(ascii: " "),
            let hour = byte(at: offset + 3), hour == UInt8(ascii: ":")
        {
            offset += 1
            while !atEnd && isTokenByte(byte) { offset += 1 }
        }
        guard offset > start else { throw error("expected a value, found \(found)") }
        let token = Array(bytes[start..<offset])
        if let value = TOMLScalar.dateTime(token) ?? TOMLScalar.number(token) { return value }
        if TOMLScalar.isWholeNumberShape(token) { throw error("an integer that does not fit in 64 bits", at: start) }
        throw error("'\(String(decoding: token, as: UTF8.self))' is not a TOML value", at: start)
    }
}
