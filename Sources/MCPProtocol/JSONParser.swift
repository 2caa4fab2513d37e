/// A JSON text read into a `JSONValue` in one pass, in time linear in its length, as
/// `JSONDecoder` reads it (RFC 8259, plus a comma before a closing bracket and a leading byte
/// order mark, which `JSONDecoder` takes too).
///
/// `JSONDecoder` gives the same values, but a `JSONValue` can only learn a value's type from it
/// by trying one type after another, and each failed try costs time that grows with the square of
/// the depth. While `FuzzMCPMessage` ran, its executions slowed as its inputs nested deeper; a line
/// of 1 KB nested 500 deep then took 2 s in a release build of `memctl mcp`, and one line of its
/// 16 MiB limit could have held thousands. This reads each value once. Numbers are read as
/// `JSONValue`'s decoding reads them: a whole number that fits (also `1.0` or `1e2`) is an
/// integer, any other finite number a double (past 2^53, a number written with a fraction or an
/// exponent may come out a unit or two away from `JSONDecoder`'s). It is stricter than
/// `JSONDecoder` in two places, where that one takes what is not JSON: a raw NUL after a number
/// (`0\0`), and what is wrong in the value of a key given twice, which `JSONDecoder` never reads.
package struct JSONParser {
    /// Deepest nesting of arrays and objects accepted; `JSONDecoder` refuses deeper too.
    static let maximumDepth = 512

    private let bytes: [UInt8]
    private var index = 0
    private var depth = 0

    /// What is wrong with the text, and where (a byte offset).
    package struct Failure: Error, CustomStringConvertible {
        package let reason: String
        package let offset: Int
        /// In the value of a key given twice, which counts with its first value: JSONDecoder
        /// never reads such a value, so it takes a text this refuses.
        package var inRepeatedKey = false
        package var description: String {
            "\(reason) at byte \(offset)" + (inRepeatedKey ? ", in the value of a key given twice" : "")
        }
    }

    package static func parse(_ bytes: [UInt8]) throws(Failure) -> JSONValue {
        guard String(validating: bytes, as: UTF8.self) != nil else { throw Failure(reason: "invalid UTF-8", offset: 0) }
        var parser = JSONParser(bytes: bytes)
        // A UTF-8 byte order mark is skipped, as JSONDecoder does.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { parser.index = 3 }
        parser.skipWhitespace()
        let value = try parser.value()
        parser.skipWhitespace()
        guard parser.index == bytes.count else { throw parser.failure("text after the JSON value") }
        return value
    }

    private init(bytes: [UInt8]) { self.bytes = bytes }

    private func failure(_ reason: String) -> Failure { Failure(reason: reason, offset: index) }

    private var next: UInt8? { index < bytes.count ? bytes[index] : nil }

    private mutating func skipWhitespace() {
        while let byte = next, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { index += 1 }
    }

    private mutating func expect(_ literal: StaticString) throws(Failure) {
        let count = literal.utf8CodeUnitCount
        guard index + count <= bytes.count else { throw failure("unexpected end of the text") }
        for offset in 0..<count where bytes[index + offset] != literal.utf8Start[offset] {
            throw failure("unexpected character")
        }
        index += count
    }

    // MARK: - Values

    private mutating func value() throws(Failure) -> JSONValue {
        guard let byte = next else { throw failure("unexpected end of the text") }
        switch byte {
        case UInt8(ascii: "{"): return try object()
        case UInt8(ascii: "["): return try array()
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"):
            try expect("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try expect("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try expect("null")
            return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
        default: throw failure("unexpected character")
        }
    }

    private mutating func enter() throws(Failure) {
        depth += 1
        guard depth <= Self.maximumDepth else { throw failure("nested deeper than \(Self.maximumDepth) levels") }
        index += 1
        skipWhitespace()
    }

    private mutating func array() throws(Failure) -> JSONValue {
        try enter()
        var elements: [JSONValue] = []
        if closes(UInt8(ascii: "]")) { return .array(elements) }
        while true {
            elements.append(try value())
            skipWhitespace()
            if closes(UInt8(ascii: "]")) { return .array(elements) }
            guard next == UInt8(ascii: ",") else { throw failure("expected ',' or ']'") }
            index += 1
            skipWhitespace()
            // JSONDecoder takes a comma before the closing bracket; so does this.
            if closes(UInt8(ascii: "]")) { return .array(elements) }
        }
    }

    /// Leaves the array or object when `closing` is next, after it.
    private mutating func closes(_ closing: UInt8) -> Bool {
        guard next == closing else { return false }
        index += 1
        depth -= 1
        return true
    }

    private mutating func object() throws(Failure) -> JSONValue {
        try enter()
        var fields: [String: JSONValue] = [:]
        if closes(UInt8(ascii: "}")) { return .object(fields) }
        while true {
            guard next == UInt8(ascii: "\"") else { throw failure("expected a key in quotes") }
            let key = try string()
            skipWhitespace()
            guard next == UInt8(ascii: ":") else { throw failure("expected ':'") }
            index += 1
            skipWhitespace()
            let repeated = fields[key] != nil
            let field: JSONValue
            do {
                field = try value()
            } catch {
                var failure = error
                failure.inRepeatedKey = failure.inRepeatedKey || repeated
                throw failure
            }
            // A key given twice counts with its first value, as with JSONDecoder.
            if !repeated { fields[key] = field }
            skipWhitespace()
            if closes(UInt8(ascii: "}")) { return .object(fields) }
            guard next == UInt8(ascii: ",") else {
                // `01` is one number to JSONDecoder, which checks it only when it reads it.
                var failure = failure("expected ',' or '}'")
                failure.inRepeatedKey = repeated
                throw failure
            }
            index += 1
            skipWhitespace()
            if closes(UInt8(ascii: "}")) { return .object(fields) }
        }
    }

    // MARK: - Strings

    private mutating func string() throws(Failure) -> String {
        index += 1
        var scalars = String.UnicodeScalarView()
        var start = index
        while true {
            guard let byte = next else { throw failure("unterminated string") }
            switch byte {
            case UInt8(ascii: "\""):
                scalars.append(contentsOf: String(decoding: bytes[start..<index], as: UTF8.self).unicodeScalars)
                index += 1
                return String(scalars)
            case UInt8(ascii: "\\"):
                scalars.append(contentsOf: String(decoding: bytes[start..<index], as: UTF8.self).unicodeScalars)
                index += 1
                scalars.append(try escape())
                start = index
            case 0x00..<0x20:
                throw failure("control character in a string")
            default:
                index += 1
            }
        }
    }

    /// The character after a backslash; `index` is just past the backslash.
    private mutating func escape() throws(Failure) -> Unicode.Scalar {
        guard let byte = next else { throw failure("unterminated string") }
        index += 1
        switch byte {
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "b"): return "\u{08}"
        case UInt8(ascii: "f"): return "\u{0C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"):
            let unit = try hexUnit()
            if UTF16.isLeadSurrogate(unit) {
                guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
                else { throw failure("a high surrogate without its low surrogate") }
                index += 2
                let low = try hexUnit()
                guard UTF16.isTrailSurrogate(low) else { throw failure("a high surrogate without its low surrogate") }
                return Unicode.Scalar(0x10000 + (UInt32(unit - 0xD800) << 10) + UInt32(low - 0xDC00))!
            }
            guard let scalar = Unicode.Scalar(unit) else { throw failure("a low surrogate without its high surrogate") }
            return scalar
        default:
            throw failure("invalid escape")
        }
    }

    private mutating func hexUnit() throws(Failure) -> UInt16 {
        guard index + 4 <= bytes.count else { throw failure("unterminated string") }
        var unit: UInt16 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw failure("invalid \\u escape")
            }
            unit = unit << 4 | UInt16(digit)
            index += 1
        }
        return unit
    }

    // MARK: - Numbers

    private mutating func number() throws(Failure) -> JSONValue {
        let start = index
        if next == UInt8(ascii: "-") { index += 1 }
        if next == UInt8(ascii: "0") {
            index += 1
        } else {
            guard digits() > 0 else { throw failure("invalid number") }
        }
        var whole = true
        let integerEnd = index
        if next == UInt8(ascii: ".") {
            index += 1
            guard digits() > 0 else { throw failure("invalid number") }
            // `5.000` is the integer 5, exactly, also past 2^53.
            whole = bytes[(integerEnd + 1)..<index].allSatisfy { $0 == UInt8(ascii: "0") }
        }
        if next == UInt8(ascii: "e") || next == UInt8(ascii: "E") {
            whole = false
            index += 1
            if next == UInt8(ascii: "+") || next == UInt8(ascii: "-") { index += 1 }
            guard digits() > 0 else { throw failure("invalid number") }
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        if whole, let integer = Int64(String(decoding: bytes[start..<integerEnd], as: UTF8.self)) {
            return .integer(integer)
        }
        guard let double = Double(text), double.isFinite else {
            index = start
            throw failure("number \(text) does not fit in a double")
        }
        if let integer = Int64(exactly: double) { return .integer(integer) }
        return .double(double)
    }

    /// Skips decimal digits; returns how many.
    private mutating func digits() -> Int {
        let start = index
        while let byte = next, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") { index += 1 }
        return index - start
    }
}
