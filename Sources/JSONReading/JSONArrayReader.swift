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

    package init(_ source: ByteSource, name: String, chunkSize: Int = defaultChunkSize, policy: JSONPolicy = .strict) {
        self.name = name
        parser = ArrayParser(source: source, name: name, chunkSize: max(chunkSize, 16), policy: policy)
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

extension JSONArrayReader {
    /// Reads `source` as one JSON value (a whole JSON file), under the same grammar and limits as
    /// an array's elements. Memory holds the value and one read chunk.
    package static func value(reading source: ByteSource, name: String, policy: JSONPolicy = .strict) throws -> JSONNode {
        var parser = ArrayParser(source: source, name: name, chunkSize: defaultChunkSize, policy: policy)
        defer { parser.deallocate() }
        return try parser.document()
    }

    /// `bytes` as one JSON value: a line of a JSON Lines file.
    package static func value(of bytes: UnsafeBufferPointer<UInt8>, name: String, policy: JSONPolicy = .strict) throws
        -> JSONNode
    {
        var parser = ArrayParser(
            source: BufferByteSource(bytes), name: name, chunkSize: min(max(bytes.count + 16, 64), defaultChunkSize),
            policy: policy)
        defer { parser.deallocate() }
        return try parser.document()
    }
}

/// Bytes already in memory, as a `ByteSource`; valid while the bytes are.
package final class BufferByteSource: ByteSource {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var position = 0

    package init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    package func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        let count = min(buffer.count, bytes.count - position)
        guard count > 0, let from = bytes.baseAddress else { return 0 }
        buffer.baseAddress!.copyMemory(from: from + position, byteCount: count)
        position += count
        return count
    }
}

/// What is wrong with a JSON input, and where: a byte offset (from 0), and a line and a column
/// (from 1; the column counts characters, and a line can be the whole file).
package struct JSONReadError: Error, CustomStringConvertible {
    package let name: String
    package let reason: String
    package let offset: Int
    package let line: Int
    package let column: Int
    /// Within the value of a key given twice (`JSONPolicy.marksRepeatedKeys`).
    package var inRepeatedKey = false

    package var description: String { "\(name): line \(line), column \(column) (byte \(offset)): \(reason)" }
}

// MARK: - The parser

/// The reader's state and its buffer, in a struct so that the hot loops touch no class
/// properties (each access to one is checked for exclusivity at run time).
struct ArrayParser {
    private enum State {
        case beforeArray, afterElement, finished
    }

    private let source: ByteSource
    let name: String
    private let chunkSize: Int

    /// Holds the bytes from the start of the token being read (or the current position, between
    /// tokens) to `end`; `bufferOffset` is the input offset of its first byte.
    var bytes: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    var index = 0
    var end = 0
    var bufferOffset = 0
    var atEnd = false
    /// Line and column of the buffer's first byte, kept up as bytes are dropped, for errors.
    var dropped = TextPosition()

    private var state = State.beforeArray
    private var depth = 0
    /// A string with escapes is decoded here; kept to reuse its capacity.
    var scratch: [UInt8] = []
    private(set) var elementOffset = 0
    private(set) var elementCount = 0
    var inElement = false
    /// Reading one value (`document()`), not an array's elements: errors name no element.
    var isDocument = false

    let policy: JSONPolicy

    init(source: ByteSource, name: String, chunkSize: Int, policy: JSONPolicy) {
        self.policy = policy
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

    /// The input as one JSON value, followed by nothing but whitespace.
    mutating func document() throws -> JSONNode {
        isDocument = true
        _ = try available(3)
        if end - index >= 3, bytes[index] == 0xEF, bytes[index + 1] == 0xBB, bytes[index + 2] == 0xBF { index += 3 }
        guard try skipWhitespace() else {
            throw failure(bufferOffset + end == 0 ? "is empty" : "holds no JSON, only whitespace")
        }
        inElement = true
        depth = 0
        let value = try value()
        inElement = false
        if try skipWhitespace() { throw failure("text after the JSON value: \(found(bytes[index]))") }
        state = .finished
        return value
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
    mutating func readMore(keeping keep: inout Int) throws -> Bool {
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
    mutating func readMore() throws -> Bool {
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
    mutating func available(_ count: Int, keeping keep: inout Int) throws -> Bool {
        while end - index < count {
            guard try readMore(keeping: &keep) else { return false }
        }
        return true
    }

    mutating func available(_ count: Int) throws -> Bool {
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
            return try number()
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
                if policy.trailingCommas, bytes[index] == .closingBracket {
                    index += 1
                    depth -= 1
                    return .array(elements)
                }
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
        // The keys so far, to tell a key given twice, when the policy asks.
        var keys: Set<String>? = policy.marksRepeatedKeys ? [] : nil
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
            let repeated = keys?.contains(key) ?? false
            keys?.insert(key)
            do {
                members.append((key, try value()))
                guard try skipWhitespace() else { throw endedEarly() }
            } catch var error as JSONReadError where repeated {
                error.inRepeatedKey = true
                throw error
            }
            switch bytes[index] {
            case .comma:
                index += 1
                guard try skipWhitespace() else { throw endedEarly() }
                if policy.trailingCommas, bytes[index] == .closingBrace {
                    index += 1
                    depth -= 1
                    return .object(members)
                }
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
}

extension UInt8 {
    static let quote = UInt8(ascii: "\"")
    static let backslash = UInt8(ascii: "\\")
    static let comma = UInt8(ascii: ",")
    static let colon = UInt8(ascii: ":")
    static let openingBracket = UInt8(ascii: "[")
    static let closingBracket = UInt8(ascii: "]")
    static let openingBrace = UInt8(ascii: "{")
    static let closingBrace = UInt8(ascii: "}")
}
