#if canImport(Glibc)
    import Glibc
#endif

/// Reads a JSON text whose top level is one array, an element at a time: the `conversations.json`
/// of a ChatGPT or Claude data export, which can be over a gigabyte. Each element comes whole, as
/// a `JSONNode`, so memory holds one element (a conversation) and one read chunk, never the file.
///
/// The grammar is RFC 8259's, strictly: no comma before a closing bracket, no comments, strings
/// of valid UTF-8 without raw control characters, and nothing but whitespace after the array. A
/// leading UTF-8 byte order mark is skipped. A `\u` escape of half a surrogate pair that has no
/// other half becomes U+FFFD: a JavaScript or Python string can hold one, and so the JSON written
/// from it, and one such character should not refuse a whole export. Numbers are doubles, as
/// JavaScript reads them; one too large for a double is refused. Arrays and objects nest at most
/// `maximumDepth` levels within an element, so that a hostile file cannot overflow the stack.
///
/// After an error the reader is done: `next()` throws the same error again.
package final class JSONArrayReader {
    /// The name of the input, for errors: usually its path.
    package let name: String
    private var parser: ArrayParser
    private var failure: (any Error)?

    /// Deepest nesting of arrays and objects accepted within one element, as `JSONDecoder`'s.
    package static let maximumDepth = 512
    /// How much is read at a time; an element longer than this grows the buffer for its time.
    package static let defaultChunkSize = 256 * 1024

    package init(_ source: ByteSource, name: String, chunkSize: Int = defaultChunkSize) {
        self.name = name
        parser = ArrayParser(source: source, name: name, chunkSize: max(chunkSize, 16))
    }

    deinit {
        parser.deallocate()
    }

    /// The next element of the array, or nil after the last (once the rest of the input has been
    /// checked to be only whitespace).
    package func next() throws -> JSONNode? {
        if let failure { throw failure }
        do {
            return try parser.next()
        } catch {
            failure = error
            throw error
        }
    }

    /// The byte offset in the input where the element `next()` returned last begins.
    package var offset: Int { parser.elementOffset }

    /// How many elements `next()` has returned.
    package var elementCount: Int { parser.elementCount }
}

@available(*, unavailable)
extension JSONArrayReader: Sendable {}

/// What is wrong with a JSON input, and where: a byte offset (from 0), and a line and a column
/// (from 1; the column counts characters, and a line can be the whole file).
package struct JSONReadError: Error, CustomStringConvertible {
    package let name: String
    package let reason: String
    package let offset: Int
    package let line: Int
    package let column: Int

    package var description: String { "\(name): line \(line), column \(column) (byte \(offset)): \(reason)" }
}

// MARK: - The parser

/// The reader's state and its buffer, in a struct so that the hot loops touch no class
/// properties (each access to one is checked for exclusivity at run time).
private struct ArrayParser {
    private enum State {
        case beforeArray, afterElement, finished
    }

    private let source: ByteSource
    private let name: String
    private let chunkSize: Int

    /// Holds the bytes from the start of the token being read (or the current position, between
    /// tokens) to `end`; `bufferOffset` is the input offset of its first byte.
    private var bytes: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    private var index = 0
    private var end = 0
    private var bufferOffset = 0
    private var atEnd = false
    /// Line and column of the buffer's first byte, kept up as bytes are dropped, for errors.
    private var dropped = TextPosition()

    private var state = State.beforeArray
    private var depth = 0
    /// A string with escapes is decoded here; kept to reuse its capacity.
    private var scratch: [UInt8] = []
    private(set) var elementOffset = 0
    private(set) var elementCount = 0
    private var inElement = false

    init(source: ByteSource, name: String, chunkSize: Int) {
        self.source = source
        self.name = name
        self.chunkSize = chunkSize
        capacity = chunkSize
        bytes = .allocate(capacity: capacity)
    }

    func deallocate() {
        bytes.deallocate()
    }

    mutating func next() throws -> JSONNode? {
        switch state {
        case .finished:
            return nil
        case .beforeArray:
            try openArray()
            guard try skipWhitespace() else { throw failure("the input ends before the array is closed") }
            if bytes[index] == .closingBracket { return try closeArray() }
        case .afterElement:
            guard try skipWhitespace() else {
                throw failure("the input ends after element \(elementCount), before the array is closed with ']'")
            }
            switch bytes[index] {
            case .comma:
                index += 1
                guard try skipWhitespace() else {
                    throw failure("the input ends after the ',' that follows element \(elementCount)")
                }
            case .closingBracket:
                return try closeArray()
            default:
                throw failure("expected ',' or ']' after element \(elementCount), found \(found(bytes[index]))")
            }
        }
        let start = bufferOffset + index
        inElement = true
        depth = 0
        let element = try value()
        inElement = false
        elementOffset = start
        elementCount += 1
        state = .afterElement
        return element
    }

    private mutating func openArray() throws {
        _ = try available(3)
        if end - index >= 3, bytes[index] == 0xEF, bytes[index + 1] == 0xBB, bytes[index + 2] == 0xBF { index += 3 }
        guard try skipWhitespace() else {
            throw failure(bufferOffset + end == 0 ? "is empty" : "holds no JSON, only whitespace")
        }
        guard bytes[index] == .openingBracket else {
            throw failure("is not a JSON array (starts with \(found(bytes[index])))")
        }
        index += 1
    }

    private mutating func closeArray() throws -> JSONNode? {
        index += 1
        if try skipWhitespace() { throw failure("text after the end of the array: \(found(bytes[index]))") }
        state = .finished
        return nil
    }

    // MARK: - Input

    /// Reads more input after `end`, first dropping the bytes before `keep` (everything moves
    /// left: `index` and `keep` are updated, and the caller moves its own positions as `keep`
    /// moved). False at the end of the input.
    private mutating func readMore(keeping keep: inout Int) throws -> Bool {
        if atEnd { return false }
        if keep > 0 {
            dropped.advance(over: UnsafeBufferPointer(start: bytes, count: keep))
            let kept = end - keep
            if kept > 0 { memmove(bytes, bytes + keep, kept) }
            bufferOffset += keep
            index -= keep
            end = kept
            keep = 0
        }
        if capacity - end < chunkSize / 2 {
            // An element's token (a long string) outgrew the buffer.
            resize(to: max(capacity * 2, end + chunkSize))
        } else if capacity > 4 * chunkSize, end < chunkSize {
            // It is over: give the memory back.
            resize(to: 2 * chunkSize)
        }
        let count = try source.read(into: UnsafeMutableRawBufferPointer(start: bytes + end, count: capacity - end))
        precondition(count >= 0 && count <= capacity - end, "a ByteSource read more than it was asked for")
        if count == 0 {
            atEnd = true
            return false
        }
        end += count
        return true
    }

    /// Reads more input, keeping only the bytes from `index` on: between tokens.
    private mutating func readMore() throws -> Bool {
        var keep = index
        return try readMore(keeping: &keep)
    }

    private mutating func resize(to newCapacity: Int) {
        let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        grown.update(from: bytes, count: end)
        bytes.deallocate()
        bytes = grown
        capacity = newCapacity
    }

    /// Reads until `count` bytes from `index` are in the buffer, or the input ends; whether they are.
    private mutating func available(_ count: Int, keeping keep: inout Int) throws -> Bool {
        while end - index < count {
            guard try readMore(keeping: &keep) else { return false }
        }
        return true
    }

    private mutating func available(_ count: Int) throws -> Bool {
        var keep = index
        return try available(count, keeping: &keep)
    }

    /// Skips whitespace; false when the input ends first.
    @inline(__always)
    private mutating func skipWhitespace() throws -> Bool {
        // Most often there is none, or one space after a ':' or a ','.
        if index < end, bytes[index] > 0x20 { return true }
        if end - index >= 2, bytes[index] == 0x20, bytes[index + 1] > 0x20 {
            index += 1
            return true
        }
        return try skipWhitespaceRun()
    }

    private mutating func skipWhitespaceRun() throws -> Bool {
        while true {
            while index < end {
                switch bytes[index] {
                case 0x20, 0x0A, 0x0D, 0x09: index += 1
                default: return true
                }
            }
            guard try readMore() else { return false }
        }
    }

    // MARK: - Values

    private mutating func value() throws -> JSONNode {
        if index == end, try !readMore() { throw endedEarly() }
        switch bytes[index] {
        case .quote: return .string(try string())
        case .openingBrace: return try object()
        case .openingBracket: return try array()
        case UInt8(ascii: "t"):
            try literal("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try literal("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try literal("null")
            return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return .number(try number())
        default:
            throw failure("expected a value, found \(found(bytes[index]))")
        }
    }

    private mutating func enter() throws {
        depth += 1
        guard depth <= JSONArrayReader.maximumDepth else {
            throw failure("nested deeper than \(JSONArrayReader.maximumDepth) levels")
        }
        index += 1
    }

    private mutating func array() throws -> JSONNode {
        try enter()
        var elements: [JSONNode] = []
        guard try skipWhitespace() else { throw endedEarly() }
        if bytes[index] == .closingBracket {
            index += 1
            depth -= 1
            return .array(elements)
        }
        while true {
            elements.append(try value())
            guard try skipWhitespace() else { throw endedEarly() }
            switch bytes[index] {
            case .comma:
                index += 1
                guard try skipWhitespace() else { throw endedEarly() }
            case .closingBracket:
                index += 1
                depth -= 1
                return .array(elements)
            default:
                throw failure("expected ',' or ']' in an array, found \(found(bytes[index]))")
            }
        }
    }

    private mutating func object() throws -> JSONNode {
        try enter()
        var members: [(key: String, value: JSONNode)] = []
        guard try skipWhitespace() else { throw endedEarly() }
        if bytes[index] == .closingBrace {
            index += 1
            depth -= 1
            return .object(members)
        }
        while true {
            guard bytes[index] == .quote else {
                throw failure("expected a key in quotes in an object, found \(found(bytes[index]))")
            }
            let key = try string()
            guard try skipWhitespace() else { throw endedEarly() }
            guard bytes[index] == .colon else {
                throw failure("expected ':' after a key in an object, found \(found(bytes[index]))")
            }
            index += 1
            guard try skipWhitespace() else { throw endedEarly() }
            members.append((key, try value()))
            guard try skipWhitespace() else { throw endedEarly() }
            switch bytes[index] {
            case .comma:
                index += 1
                guard try skipWhitespace() else { throw endedEarly() }
            case .closingBrace:
                index += 1
                depth -= 1
                return .object(members)
            default:
                throw failure("expected ',' or '}' in an object, found \(found(bytes[index]))")
            }
        }
    }

    /// `true`, `false` or `null`, whose first byte is at `index`.
    private mutating func literal(_ word: StaticString) throws {
        _ = try available(word.utf8CodeUnitCount)
        for offset in 0..<word.utf8CodeUnitCount {
            guard index < end else { throw endedEarly() }
            guard bytes[index] == word.utf8Start[offset] else {
                throw failure("expected '\(word)', found \(found(bytes[index]))")
            }
            index += 1
        }
    }

    // MARK: - Strings

    /// A string whose opening quote is at `index`. Most strings have no escapes: they are checked
    /// and copied straight from the buffer.
    private mutating func string() throws -> String {
        index += 1
        var start = index
        var ascii = true
        while true {
            ascii = skipPlainStringBytes() && ascii
            if index < end { break }
            guard try readMore(keeping: &start) else { throw endedEarly(inString: true) }
        }
        guard bytes[index] == .quote else { return try escapedString(from: start) }
        let text = try makeString(
            UnsafeBufferPointer(start: bytes + start, count: index - start), ascii: ascii, at: start)
        index += 1
        return text
    }

    /// The rest of a string from its first backslash (or raw control character) at `index`; the
    /// string's first byte is at `start`. Its raw bytes stay in the buffer until the end, where
    /// they tell where invalid UTF-8 is.
    private mutating func escapedString(from start: Int) throws -> String {
        var start = start
        var segment = start  // the first byte not yet copied to `scratch`
        scratch.removeAll(keepingCapacity: true)
        while true {
            _ = skipPlainStringBytes()
            guard index < end else {
                let before = start
                guard try readMore(keeping: &start) else { throw endedEarly(inString: true) }
                segment -= before - start
                continue
            }
            let byte = bytes[index]
            if byte == .quote {
                scratch.append(contentsOf: UnsafeBufferPointer(start: bytes + segment, count: index - segment))
                // Escapes write valid UTF-8 and no byte of a multi-byte character is ASCII, so the
                // raw bytes are valid exactly when the decoded ones are.
                let raw = UnsafeBufferPointer(start: bytes + start, count: index - start)
                let text = try scratch.withUnsafeBufferPointer { decoded in
                    try makeString(decoded, ascii: false, at: start, raw: raw)
                }
                index += 1
                return text
            } else if byte == .backslash {
                scratch.append(contentsOf: UnsafeBufferPointer(start: bytes + segment, count: index - segment))
                try escape(keeping: &start)
                segment = index
            } else {
                throw failure("a raw control character (byte \(hex(byte))) in a string; it must be escaped")
            }
        }
    }

    /// Moves `index` to the first quote, backslash or control character from it, or to `end`;
    /// whether the bytes passed were all ASCII. Eight bytes at a time: strings are most of an export.
    @inline(__always)
    private mutating func skipPlainStringBytes() -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highBits: UInt64 = 0x8080_8080_8080_8080
        let raw = UnsafeRawPointer(bytes)
        var position = index
        var seen: UInt64 = 0
        while end - position >= 8 {
            let word = raw.loadUnaligned(fromByteOffset: position, as: UInt64.self)
            // A byte's high bit is set where it is zero after the XOR (a quote, a backslash) or
            // below 0x20; the lowest one marked is exact, which is all this needs.
            let quotes = word ^ (ones &* UInt64(UInt8.quote))
            let backslashes = word ^ (ones &* UInt64(UInt8.backslash))
            let marked =
                ((quotes &- ones) & ~quotes | (backslashes &- ones) & ~backslashes | (word &- ones &* 0x20) & ~word)
                & highBits
            if marked != 0 { break }
            seen |= word
            position += 8
        }
        while position < end {
            let byte = bytes[position]
            if byte == .quote || byte == .backslash || byte < 0x20 { break }
            seen |= UInt64(byte)
            position += 1
        }
        index = position
        return seen & highBits == 0
    }

    /// A string from UTF-8 bytes that came from the input at `start`, or an error at the first invalid byte
    /// of `raw` (the input's bytes, when `bytes` is decoded from them).
    private func makeString(
        _ bytes: UnsafeBufferPointer<UInt8>, ascii: Bool, at start: Int, raw: UnsafeBufferPointer<UInt8>? = nil
    ) throws -> String {
        // String(decoding:) is specialized for a buffer of bytes, where String(validating:) is not
        // (it was a fifth of the time); it repairs invalid UTF-8, which then shows as a change.
        var text = String(decoding: bytes, as: UTF8.self)
        if ascii { return text }
        let valid =
            text.utf8.count == bytes.count
            && text.withUTF8 { decoded in memcmp(decoded.baseAddress!, bytes.baseAddress!, bytes.count) == 0 }
        if valid { return text }
        let invalid = firstInvalidUTF8Offset(raw ?? bytes) ?? 0
        throw failure("invalid UTF-8 in a string", at: start + invalid)
    }

    /// Decodes the escape whose backslash is at `index` into `scratch`.
    private mutating func escape(keeping start: inout Int) throws {
        guard try available(2, keeping: &start) else { throw endedEarly(inString: true) }
        let letter = bytes[index + 1]
        let decoded: UInt8
        switch letter {
        case .quote, .backslash, UInt8(ascii: "/"): decoded = letter
        case UInt8(ascii: "b"): decoded = 0x08
        case UInt8(ascii: "f"): decoded = 0x0C
        case UInt8(ascii: "n"): decoded = 0x0A
        case UInt8(ascii: "r"): decoded = 0x0D
        case UInt8(ascii: "t"): decoded = 0x09
        case UInt8(ascii: "u"):
            index += 2
            var scalar = UInt32(try hexUnit(keeping: &start))
            if 0xD800...0xDBFF ~= scalar {
                // Half of a pair: the other half must follow as another \u escape, or this one is
                // U+FFFD and what follows is read for itself.
                _ = try available(6, keeping: &start)
                if end - index >= 6, bytes[index] == .backslash, bytes[index + 1] == UInt8(ascii: "u"),
                    let low = hexValue(at: index + 2), 0xDC00...0xDFFF ~= low
                {
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (UInt32(low) - 0xDC00)
                    index += 6
                } else {
                    scalar = 0xFFFD
                }
            } else if 0xDC00...0xDFFF ~= scalar {
                scalar = 0xFFFD
            }
            appendUTF8(scalar)
            return
        default:
            throw failure("invalid escape in a string: '\\' followed by \(found(letter))")
        }
        scratch.append(decoded)
        index += 2
    }

    /// The four hex digits of a \u escape, from `index`.
    private mutating func hexUnit(keeping start: inout Int) throws -> UInt16 {
        _ = try available(4, keeping: &start)
        var unit: UInt16 = 0
        for _ in 0..<4 {
            guard index < end else { throw endedEarly(inString: true) }
            guard let digit = Self.hexDigit(bytes[index]) else {
                throw failure("invalid \\u escape: expected 4 hex digits, found \(found(bytes[index]))")
            }
            unit = unit << 4 | UInt16(digit)
            index += 1
        }
        return unit
    }

    /// The four hex digits at `position`, when they are in the buffer and are hex digits.
    private func hexValue(at position: Int) -> UInt16? {
        guard end - position >= 4 else { return nil }
        var unit: UInt16 = 0
        for offset in 0..<4 {
            guard let digit = Self.hexDigit(bytes[position + offset]) else { return nil }
            unit = unit << 4 | UInt16(digit)
        }
        return unit
    }

    private static func hexDigit(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    private mutating func appendUTF8(_ scalar: UInt32) {
        switch scalar {
        case 0..<0x80:
            scratch.append(UInt8(scalar))
        case 0x80..<0x800:
            scratch.append(UInt8(0xC0 | scalar >> 6))
            scratch.append(UInt8(0x80 | scalar & 0x3F))
        case 0x800..<0x10000:
            scratch.append(UInt8(0xE0 | scalar >> 12))
            scratch.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            scratch.append(UInt8(0x80 | scalar & 0x3F))
        default:
            scratch.append(UInt8(0xF0 | scalar >> 18))
            scratch.append(UInt8(0x80 | scalar >> 12 & 0x3F))
            scratch.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            scratch.append(UInt8(0x80 | scalar & 0x3F))
        }
    }

    // MARK: - Numbers

    /// A number whose first byte is at `index`. Its bytes are found first, then checked against
    /// the grammar, so that an error names the byte that is wrong.
    private mutating func number() throws -> Double {
        var start = index
        while true {
            while index < end, Self.isNumberByte(bytes[index]) { index += 1 }
            if index < end { break }
            guard try readMore(keeping: &start) else { break }
        }
        return try numberValue(from: start, to: index)
    }

    private static func isNumberByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."),
            UInt8(ascii: "e"), UInt8(ascii: "E"):
            return true
        default:
            return false
        }
    }

    /// Powers of ten that a double holds exactly.
    private static let exactPowersOfTen: [Double] = (0...22).map { (0..<$0).reduce(1.0) { product, _ in product * 10 } }

    private func numberValue(from start: Int, to stop: Int) throws -> Double {
        let bytes = UnsafePointer(bytes)
        var position = start
        func isDigit(_ position: Int) -> Bool {
            position < stop && bytes[position] &- UInt8(ascii: "0") < 10
        }
        func expectDigit(_ what: String) throws {
            if isDigit(position) { return }
            // `[-` and the end: a cut-short file, not a wrong number.
            if position == end && atEnd { throw endedEarly() }
            throw failure(
                "expected a digit \(what), found \(position < end ? found(bytes[position]) : "the end")", at: position)
        }
        // Up to 19 significant digits make an exact UInt64; with a significand below 2^53 and a
        // power of ten that a double holds exactly, one multiplication or division rounds correctly.
        var significand: UInt64 = 0
        var digits = 0
        var exact = true
        var exponent = 0
        func addDigit(fraction: Bool) {
            if digits < 19 {
                significand = significand &* 10 &+ UInt64(bytes[position] &- UInt8(ascii: "0"))
                if significand != 0 { digits += 1 }
                if fraction { exponent -= 1 }
            } else {
                exact = false
            }
            position += 1
        }
        let negative = bytes[position] == UInt8(ascii: "-")
        if negative { position += 1 }
        try expectDigit("in a number")
        if bytes[position] == UInt8(ascii: "0") {
            position += 1
            if isDigit(position) { throw failure("a number with a leading zero", at: position - 1) }
        } else {
            while isDigit(position) { addDigit(fraction: false) }
        }
        if position < stop, bytes[position] == UInt8(ascii: ".") {
            position += 1
            try expectDigit("after '.' in a number")
            while isDigit(position) { addDigit(fraction: true) }
        }
        if position < stop, bytes[position] | 0x20 == UInt8(ascii: "e") {
            position += 1
            var exponentSign = 1
            if position < stop, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") {
                if bytes[position] == UInt8(ascii: "-") { exponentSign = -1 }
                position += 1
            }
            try expectDigit("in the exponent of a number")
            var written = 0
            while isDigit(position) {
                // Past this, any significand gives infinity or zero anyway.
                if written < 100_000 { written = written * 10 + Int(bytes[position] &- UInt8(ascii: "0")) }
                position += 1
            }
            exponent += exponentSign * written
        }
        if position < stop { throw failure("unexpected \(found(bytes[position])) in a number", at: position) }

        if significand == 0 && exact { return negative ? -0.0 : 0.0 }
        if exact, significand <= 1 << 53, -22...22 ~= exponent {
            let whole = Double(significand)
            let magnitude =
                exponent < 0 ? whole / Self.exactPowersOfTen[-exponent] : whole * Self.exactPowersOfTen[exponent]
            return negative ? -magnitude : magnitude
        }
        // Rare in an export: the standard library's correctly rounded conversion.
        let text = String(decoding: UnsafeBufferPointer(start: bytes + start, count: stop - start), as: UTF8.self)
        guard let parsed = Double(text), parsed.isFinite else {
            throw failure("the number \(text.prefix(40)) is too large for a double", at: start)
        }
        return parsed
    }

    // MARK: - Errors

    private func failure(_ reason: String) -> JSONReadError {
        failure(reason, at: index)
    }

    /// An error at `position` in the buffer; within an element, the reason says which.
    private func failure(_ reason: String, at position: Int) -> JSONReadError {
        var place = dropped
        place.advance(over: UnsafeBufferPointer(start: bytes, count: position))
        return JSONReadError(
            name: name, reason: inElement ? "\(reason) (in element \(elementCount + 1))" : reason,
            offset: bufferOffset + position, line: place.line, column: place.column)
    }

    /// The input ended within an element: most often a download that was cut short.
    private func endedEarly(inString: Bool = false) -> JSONReadError {
        var place = dropped
        place.advance(over: UnsafeBufferPointer(start: bytes, count: end))
        let reason = "the input ends in the middle of element \(elementCount + 1)" + (inString ? ", in a string" : "")
        return JSONReadError(
            name: name, reason: reason, offset: bufferOffset + end, line: place.line, column: place.column)
    }

    /// A byte as an error shows it: a printable character in quotes, any other in hex.
    private func found(_ byte: UInt8) -> String {
        guard byte >= 0x20 && byte < 0x7F else { return "byte \(hex(byte))" }
        return "'\(UnicodeScalar(byte))'"
    }

    private func hex(_ byte: UInt8) -> String {
        let digits = String(byte, radix: 16, uppercase: true)
        return "0x" + (digits.count < 2 ? "0" : "") + digits
    }
}

/// A line and a column (from 1; the column counts Unicode scalars), moved along over text.
private struct TextPosition {
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

extension UInt8 {
    fileprivate static let quote = UInt8(ascii: "\"")
    fileprivate static let backslash = UInt8(ascii: "\\")
    fileprivate static let comma = UInt8(ascii: ",")
    fileprivate static let colon = UInt8(ascii: ":")
    fileprivate static let openingBracket = UInt8(ascii: "[")
    fileprivate static let closingBracket = UInt8(ascii: "]")
    fileprivate static let openingBrace = UInt8(ascii: "{")
    fileprivate static let closingBrace = UInt8(ascii: "}")
}
