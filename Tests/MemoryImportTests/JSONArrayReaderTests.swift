import Foundation
import TestFixtures
import Testing

@testable import JSONReading
@testable import MemoryImport
import MemoryStorage

@Suite("JSONArrayReader")
struct JSONArrayReaderTests {
    private func elements(_ text: String, step: Int = .max, chunkSize: Int = 64) throws -> [JSONNode] {
        try elements(Array(text.utf8), step: step, chunkSize: chunkSize)
    }

    private func elements(_ bytes: [UInt8], step: Int = .max, chunkSize: Int = JSONArrayReader.defaultChunkSize)
        throws -> [JSONNode]
    {
        let reader = JSONArrayReader(PiecewiseByteSource(bytes, step: step), name: "test.json", chunkSize: chunkSize)
        var result: [JSONNode] = []
        while let element = try reader.next() { result.append(element) }
        #expect(try reader.next() == nil)
        return result
    }

    /// The error that ends the reading of `bytes`, or nil when it reads to the end.
    private func failure(_ bytes: [UInt8], step: Int = .max) -> JSONReadError? {
        let reader = JSONArrayReader(PiecewiseByteSource(bytes, step: step), name: "test.json", chunkSize: 16)
        do {
            while try reader.next() != nil {}
            return nil
        } catch let error as JSONReadError {
            return error
        } catch {
            Issue.record("not a JSONReadError: \(error)")
            return nil
        }
    }

    private func failure(_ text: String) -> JSONReadError? {
        let error = failure(Array(text.utf8))
        // The same error wherever the reads cut the input.
        #expect(failure(Array(text.utf8), step: 1)?.description == error?.description)
        #expect(failure(Array(text.utf8), step: 7)?.description == error?.description)
        return error
    }

    // MARK: - Values

    @Test("hands over each element in order: every kind, nested")
    func everyKind() throws {
        let text = """
            [null, true, false, 0, -1.5, "s", [], {}, [1, [2, [3]]],
             {"a": {"b": [{"c": null}, "d"]}, "e": [true, {}]}]
            """
        #expect(
            try elements(text) == [
                .null, .bool(true), .bool(false), .number(0), .number(-1.5), .string("s"), .array([]), .object([]),
                .array([.number(1), .array([.number(2), .array([.number(3)])])]),
                .object([
                    ("a", .object([("b", .array([.object([("c", .null)]), .string("d")]))])),
                    ("e", .array([.bool(true), .object([])])),
                ]),
            ])
    }

    @Test("an empty array gives nil at once, and nil again")
    func emptyArray() throws {
        #expect(try elements("[]").isEmpty)
        #expect(try elements(" \n[ \t\r\n ] \n").isEmpty)
    }

    @Test("says where each element begins and how many came")
    func offsets() throws {
        let reader = JSONArrayReader(PiecewiseByteSource(Array(#"[ {"a": 1},  "é", 3 ]"#.utf8), step: 3), name: "t")
        var offsets: [Int] = []
        while try reader.next() != nil { offsets.append(reader.offset) }
        #expect(offsets == [2, 13, 19])
        #expect(reader.elementCount == 3)
    }

    @Test("an object keeps its members in order, a key given twice too; the subscript gives the first")
    func memberOrder() throws {
        let element = try #require(try elements(#"[{"z": 1, "a": 2, "m": 3, "a": 4}]"#).first)
        #expect(element.object?.map(\.key) == ["z", "a", "m", "a"])
        #expect(element["a"] == .number(2))
        #expect(element["missing"] == nil)
        #expect(element["z"]?.double == 1)
        #expect(JSONNode.string("x")["a"] == nil)
    }

    @Test("the accessors give a value of their kind and nil for any other")
    func accessors() {
        #expect(JSONNode.string("x").string == "x")
        #expect(JSONNode.number(1).string == nil)
        #expect(JSONNode.number(2.5).double == 2.5)
        #expect(JSONNode.bool(true).bool == true)
        #expect(JSONNode.array([.null]).array == [.null])
        #expect(JSONNode.null.isNull)
        #expect(!JSONNode.bool(false).isNull)
        #expect(JSONNode.object([("k", .null)]).object?.first?.key == "k")
        #expect(JSONNode.object([("a", .null)]) != JSONNode.object([("b", .null)]))
    }

    @Test("decodes every escape, and a surrogate pair into one character")
    func escapes() throws {
        let text = #"["\"\\\/\b\f\n\r\t", "\u0041\u00e9\u65E5\ud83d\ude00", "a\u0000b", "\uD834\uDD1E!"]"#
        #expect(
            try elements(text) == [
                .string("\"\\/\u{08}\u{0C}\n\r\t"), .string("Aé日😀"), .string("a\u{0}b"), .string("𝄞!"),
            ])
    }

    @Test("a lone half of a surrogate pair becomes U+FFFD, and what follows it is read for itself")
    func loneSurrogates() throws {
        let text = #"["\ud83d", "\ude00x", "\ud83d\u0041", "\ud83d\ud83d\ude00", "a\udc00\ud800"]"#
        #expect(
            try elements(text) == [
                .string("\u{FFFD}"), .string("\u{FFFD}x"), .string("\u{FFFD}A"), .string("\u{FFFD}😀"),
                .string("a\u{FFFD}\u{FFFD}"),
            ])
    }

    @Test("CJK and emoji read the same raw and escaped, as keys too")
    func unicode() throws {
        let raw = #"[{"日本語": "中文 한국어 😀👍🏽 é"}]"#
        let escaped =
            #"[{"\u65e5\u672c\u8a9e": "\u4e2d\u6587 \ud55c\uad6d\uc5b4 \ud83d\ude00\ud83d\udc4d\ud83c\udffd \u00e9"}]"#
        #expect(try elements(raw) == [.object([("日本語", .string("中文 한국어 😀👍🏽 é"))])])
        #expect(try elements(escaped) == elements(raw))
        #expect(try elements(raw, step: 1) == elements(raw))
    }

    @Test("reads numbers: integers, negatives, fractions, exponents, and long ones as the standard library does")
    func numbers() throws {
        let written = [
            "0", "-0", "1", "-1", "42", "9007199254740993", "-123456789012345678901234567890", "3.25", "-0.5",
            "1e3", "1E+3", "2.5e-3", "-7.125E2", "0.1", "0.30000000000000004", "1.7976931348623157e308",
            "5e-324", "1e-400", "123456789.123456789", "0.000000000000000000000000001",
        ]
        let read = try elements("[" + written.joined(separator: ", ") + "]")
        #expect(read == written.map { .number(Double($0)!) })
        #expect(try elements("[-0]").first?.double?.sign == .minus)
    }

    @Test("the same elements whether the input comes a byte, 7 bytes or all of it at a time")
    func readSizes() throws {
        let text = """
            \u{FEFF}[{"id": "c1", "title": "Grüße 👋", "mapping": {"n1": {"message": {"content": {"parts": ["line\\none", \
            "tab\\there \\u00e9\\ud83d\\ude00"]}}, "children": ["n2", "n3"]}}, "create_time": 1712345678.123},
             [1, -2.5e10, true, false, null, "", {}, []], "x", 7
            ]
            """
        let whole = try elements(text, chunkSize: JSONArrayReader.defaultChunkSize)
        #expect(whole.count == 4)
        #expect(whole[0]["title"] == .string("Grüße 👋"))
        for step in [1, 2, 3, 7, 64] {
            #expect(try elements(text, step: step) == whole, "step \(step)")
            #expect(try elements(text, step: step, chunkSize: 16) == whole, "step \(step), chunk 16")
        }
    }

    @Test("an element far larger than a read chunk arrives whole")
    func largeElement() throws {
        let long = String(repeating: "ab日😀", count: 300_000)  // 3.3 MB of UTF-8
        let escaped = String(repeating: "x\\n", count: 500_000)
        let many = (0..<50_000).map { String($0) }.joined(separator: ",")
        let text = #"[1, {"long": "\#(long)", "escaped": "\#(escaped)", "many": [\#(many)]}, 2]"#
        let read = try elements(Array(text.utf8), chunkSize: 4096)
        #expect(read.count == 3)
        #expect(read[1]["long"] == .string(long))
        #expect(read[1]["escaped"] == .string(String(repeating: "x\n", count: 500_000)))
        #expect(read[1]["many"]?.array?.count == 50_000)
        #expect(read[2] == .number(2))
        #expect(try elements(Array(text.utf8), step: 1000, chunkSize: 256) == read)
    }

    @Test("many elements stream through a buffer much smaller than the input")
    func manyElements() throws {
        let text = "[" + (0..<20_000).map { #"{"i": \#($0), "s": "n\u00e9 \#($0)"}"# }.joined(separator: ",\n") + "]"
        let read = try elements(Array(text.utf8), step: 1001, chunkSize: 1024)
        #expect(read.count == 20_000)
        #expect(read[12_345] == .object([("i", .number(12_345)), ("s", .string("né 12345"))]))
    }

    @Test("512 levels of nesting are read")
    func deepestNesting() throws {
        let text = "[" + String(repeating: "[", count: 512) + String(repeating: "]", count: 512) + "]"
        var node = try #require(try elements(text).first)
        var depth = 0
        while let inner = node.array {
            depth += 1
            node = inner.first ?? .null
        }
        #expect(depth == 512)
    }

    // MARK: - Errors

    @Test("an error names the input, the line, the column and the byte")
    func errorFormat() {
        let text = "[\n  {\"a\": 1},\n  {\"b\": 2 \"c\": 3}\n]"
        #expect(
            failure(text)?.description
                == "test.json: line 3, column 11 (byte 24): expected ',' or '}' in an object, found '\"' (in element 2)"
        )
    }

    @Test("a file cut short in an element says which element, and where it ends")
    func truncatedInElement() {
        let error = failure(#"[{"a": 1}, {"b": [1, 2"#)
        #expect(error?.reason == "the input ends in the middle of element 2")
        #expect(error?.offset == 22)
        #expect(error?.line == 1)
        #expect(error?.column == 23)
        #expect(failure(#"[{"a": 1}, {"b": "#)?.reason == "the input ends in the middle of element 2")
        #expect(failure(#"[{"a": 1}, {"b"#)?.reason == "the input ends in the middle of element 2, in a string")
        #expect(failure(#"[-"#)?.reason == "the input ends in the middle of element 1")
        #expect(failure(#"[tru"#)?.reason == "the input ends in the middle of element 1")
        #expect(failure(#"["\u12"#)?.reason == "the input ends in the middle of element 1, in a string")
    }

    @Test("a file cut short in a string says so, on the right line")
    func truncatedInString() {
        let error = failure("[\"one\",\n\"two\",\n\"thr")
        #expect(
            error?.description
                == "test.json: line 3, column 5 (byte 19): the input ends in the middle of element 3, in a string")
    }

    @Test("a file cut short between elements says after which")
    func truncatedBetweenElements() {
        #expect(failure("[1, 2,")?.reason == "the input ends after the ',' that follows element 2")
        #expect(failure("[1, 2, ")?.offset == 7)
        #expect(failure("[1, 2")?.reason == "the input ends after element 2, before the array is closed with ']'")
        #expect(failure("[")?.reason == "the input ends before the array is closed")
    }

    @Test("invalid UTF-8 in a string is refused at its byte, with or without escapes")
    func invalidUTF8() {
        let plain = failure(Array("[\"ab".utf8) + [0xFF] + Array("c\"]".utf8))
        #expect(plain?.reason == "invalid UTF-8 in a string (in element 1)")
        #expect(plain?.offset == 4)
        let escaped = failure(Array("[\"é\\n\\u00e9".utf8) + [0xC3, 0x28] + Array("\"]".utf8), step: 3)
        #expect(escaped?.reason == "invalid UTF-8 in a string (in element 1)")
        #expect(escaped?.offset == 12)
        let key = failure(Array("[\n{\"k\": 1, \"é".utf8) + [0xE9] + Array("\": 2}]".utf8))
        #expect(key?.description == "test.json: line 2, column 12 (byte 14): invalid UTF-8 in a string (in element 1)")
        // A surrogate written in UTF-8 (ED A0 80) is not UTF-8 either.
        #expect(failure(Array("[\"".utf8) + [0xED, 0xA0, 0x80] + Array("\"]".utf8))?.offset == 2)
    }

    @Test("a raw control character in a string is refused")
    func controlCharacter() {
        let error = failure("[\"a\tb\"]")
        #expect(error?.reason == "a raw control character (byte 0x09) in a string; it must be escaped (in element 1)")
        #expect(error?.offset == 3)
        #expect(failure("[\"a\\n\u{0}\"]")?.offset == 5)
    }

    @Test("a quote, a backslash or a control character is found at any place in a run of plain bytes")
    func stringEndsAnywhere() throws {
        for length in 0..<40 {
            let plain = String(repeating: "é", count: length / 3) + String(repeating: "a", count: length - length / 3)
            #expect(
                try elements("[\"\(plain)\", \"\(plain)\\n\(plain)\"]") == [
                    .string(plain), .string(plain + "\n" + plain),
                ])
            let control = failure("[\"\(plain)\u{1F}\(plain)\"]")
            #expect(control?.offset == 2 + plain.utf8.count, "length \(length)")
            let invalid = failure(Array("[\"\(plain)".utf8) + [0xC0, 0x80] + Array("\"]".utf8))
            #expect(invalid?.offset == 2 + plain.utf8.count, "length \(length)")
        }
    }

    @Test("text after the closing bracket is refused; whitespace is not")
    func trailingText() throws {
        let error = failure("[1, 2]\n x")
        #expect(error?.description == "test.json: line 2, column 2 (byte 8): text after the end of the array: 'x'")
        #expect(failure("[1] [2]")?.offset == 4)
        #expect(try elements("[1]  \n\t\r\n").count == 1)
    }

    @Test("a top level that is not an array is refused with what it starts with")
    func notAnArray() {
        #expect(
            failure(#"{"a": 1}"#)?.description
                == "test.json: line 1, column 1 (byte 0): is not a JSON array (starts with '{')")
        #expect(
            failure("\n  \"x\"")?.description
                == "test.json: line 2, column 3 (byte 3): is not a JSON array (starts with '\"')")
        #expect(failure([0x00, 0x5B])?.reason == "is not a JSON array (starts with byte 0x00)")
    }

    @Test("an empty input, or one of only whitespace, says so")
    func emptyInput() {
        #expect(failure("")?.description == "test.json: line 1, column 1 (byte 0): is empty")
        #expect(failure(" \n\t")?.reason == "holds no JSON, only whitespace")
        #expect(failure([0xEF, 0xBB, 0xBF])?.reason == "holds no JSON, only whitespace")
    }

    @Test("nesting deeper than 512 levels is refused at the bracket that goes over")
    func tooDeep() {
        let text = "[" + String(repeating: "[", count: 513) + String(repeating: "]", count: 513) + "]"
        let error = failure(text)
        #expect(error?.reason == "nested deeper than 512 levels (in element 1)")
        #expect(error?.offset == 513)
        let objects = "[" + String(repeating: #"{"a":"#, count: 600)
        #expect(failure(objects)?.reason == "nested deeper than 512 levels (in element 1)")
    }

    @Test("a bad escape is refused at its backslash")
    func badEscape() {
        let error = failure(#"["ok", "a\x"]"#)
        #expect(error?.reason == #"invalid escape in a string: '\' followed by 'x' (in element 2)"#)
        #expect(error?.offset == 9)
        let hex = failure(#"["\u12G4"]"#)
        #expect(hex?.reason == "invalid \\u escape: expected 4 hex digits, found 'G' (in element 1)")
        #expect(hex?.offset == 6)
    }

    @Test("what RFC 8259 does not allow is refused: trailing commas, bad numbers, bad literals, single quotes")
    func notJSON() {
        #expect(failure("[1,]")?.reason == "expected a value, found ']' (in element 2)")
        #expect(failure("[[1,]]")?.reason == "expected a value, found ']' (in element 1)")
        #expect(failure(#"[{"a": 1,}]"#)?.reason == "expected a key in quotes in an object, found '}' (in element 1)")
        #expect(failure(#"[{"a" 1}]"#)?.reason == "expected ':' after a key in an object, found '1' (in element 1)")
        #expect(failure("[1 2]")?.reason == "expected ',' or ']' after element 1, found '2'")
        #expect(failure("[[1 2]]")?.reason == "expected ',' or ']' in an array, found '2' (in element 1)")
        #expect(failure("[01]")?.reason == "a number with a leading zero (in element 1)")
        #expect(failure("[1.]")?.reason == "expected a digit after '.' in a number, found ']' (in element 1)")
        #expect(failure("[.5]")?.reason == "expected a value, found '.' (in element 1)")
        #expect(failure("[-x]")?.reason == "expected a digit in a number, found 'x' (in element 1)")
        #expect(failure("[1e+]")?.reason == "expected a digit in the exponent of a number, found ']' (in element 1)")
        #expect(failure("[1.5.2]")?.reason == "unexpected '.' in a number (in element 1)")
        #expect(failure("[1.5.2]")?.offset == 4)
        #expect(failure("[1e999]")?.reason == "the number 1e999 is too large for a double (in element 1)")
        #expect(failure("[nul]")?.reason == "expected 'null', found ']' (in element 1)")
        #expect(failure("[True]")?.reason == "expected a value, found 'T' (in element 1)")
        #expect(failure("['a']")?.reason == "expected a value, found ''' (in element 1)")
    }

    @Test("after an error the reader throws the same error again")
    func errorSticks() throws {
        let reader = JSONArrayReader(PiecewiseByteSource(Array("[1, x, 3]".utf8)), name: "t")
        #expect(try reader.next() == .number(1))
        #expect(throws: JSONReadError.self) { try reader.next() }
        do {
            _ = try reader.next()
        } catch {
            #expect("\(error)" == "t: line 1, column 5 (byte 4): expected a value, found 'x' (in element 2)")
        }
    }

    // MARK: - Against Foundation

    @Test("gives the values JSONSerialization gives, on 400 random documents read in random pieces")
    func matchesJSONSerialization() throws {
        var random = SplitMix64(seed: 20_261_125)
        for round in 0..<400 {
            var document = RandomDocument(random: random)
            let text = document.array()
            random = document.random
            let bytes = Array(text.utf8)
            let expected = try #require(
                try JSONSerialization.jsonObject(with: Data(bytes)) as? [Any], "round \(round): \(text)")
            let step = [1, 7, 100, .max][round % 4]
            let read = try elements(bytes, step: step, chunkSize: 16 + round)
            #expect(read.count == expected.count, "round \(round)")
            for (node, value) in zip(read, expected) {
                #expect(Self.same(node, value), "round \(round): \(node) is not \(value) in \(text)")
            }
        }
    }

    private static func same(_ node: JSONNode, _ value: Any) -> Bool {
        switch node {
        case .null: return value is NSNull
        case .bool(let bool):
            guard let number = value as? NSNumber, number.isBool else { return false }
            return number.boolValue == bool
        case .number(let double):
            guard let number = value as? NSNumber, !number.isBool else { return false }
            // JSONSerialization makes some numbers with a fraction NSDecimalNumbers, whose
            // doubleValue can be an ulp or two off; their digits are exact.
            if let decimal = number as? NSDecimalNumber { return Double(decimal.description) == double }
            return number.doubleValue == double
        case .integer(let integer):
            // Only JSONPolicy.jsonDecoder gives these; this reads under the strict policy.
            return (value as? NSNumber)?.int64Value == integer
        case .string(let string): return value as? String == string
        case .array(let elements):
            guard let values = value as? [Any], values.count == elements.count else { return false }
            return zip(elements, values).allSatisfy { same($0, $1) }
        case .object(let members):
            guard let values = value as? [String: Any], values.count == members.count else { return false }
            return members.allSatisfy { member in values[member.key].map { same(member.value, $0) } ?? false }
        }
    }
}

extension NSNumber {
    /// Whether JSONSerialization made this of `true` or `false` (a boolean's type is a C char).
    fileprivate var isBool: Bool { String(cString: objCType) == "c" }
}

/// A small seeded generator, so that a failing document can be made again.
private struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// JSON text made at random: every kind of value, unique keys, strings with escapes of every
/// kind and characters of every UTF-8 length written raw or as \u escapes, and random whitespace.
private struct RandomDocument {
    var random: SplitMix64

    mutating func array() -> String {
        "[" + space()
            + (0..<Int.random(in: 0...6, using: &random)).map { _ in value(depth: 0) }.joined(separator: "," + space())
            + "]" + space()
    }

    private mutating func space() -> String {
        String(
            (0..<Int.random(in: 0...2, using: &random)).map { _ in
                [" ", "\n", "\t", "\r"].randomElement(using: &random)!
            })
    }

    private mutating func value(depth: Int) -> String {
        let kind = Int.random(in: 0..<(depth < 4 ? 9 : 7), using: &random)
        switch kind {
        case 0: return "null"
        case 1: return Bool.random(using: &random) ? "true" : "false"
        case 2: return String(Int64.random(in: -1_000_000_000_000_000...1_000_000_000_000_000, using: &random))
        case 3: return String(Int.random(in: -100...100, using: &random))
        case 4:
            let double =
                Double.random(in: -1e6...1e6, using: &random)
                * [1, 1e-300, 1e300, 1e-5][Int.random(in: 0..<4, using: &random)]
            return "\(double)"
        case 5, 6: return string()
        case 7:
            return "[" + space()
                + (0..<Int.random(in: 0...4, using: &random)).map { _ in value(depth: depth + 1) }.joined(
                    separator: "," + space()) + "]"
        default:
            let count = Int.random(in: 0...4, using: &random)
            return "{" + space()
                + (0..<count).map { index in
                    "\"k\(index)" + string().dropFirst() + space() + ":" + space() + value(depth: depth + 1)
                }.joined(separator: "," + space()) + "}"
        }
    }

    private mutating func string() -> String {
        let pieces: [Unicode.Scalar] = [
            "a", "Z", " ", "\"", "\\", "/", "\n", "\t", "\u{01}", "\u{1F}", "\u{7F}", "é", "ß", "日", "語", "€", "😀", "𝄞",
            "\u{FFFD}",
        ]
        var text = "\""
        for _ in 0..<Int.random(in: 0...12, using: &random) {
            let scalar = pieces.randomElement(using: &random)!
            switch scalar {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            case "/": text += Bool.random(using: &random) ? "/" : "\\/"
            case "\n": text += "\\n"
            case "\t": text += Bool.random(using: &random) ? "\\t" : "\\u0009"
            default:
                if scalar.value < 0x20 || Int.random(in: 0..<4, using: &random) == 0 {
                    text += String(scalar).utf16.map { "\\u" + String(format: "%04x", $0) }.joined()
                } else {
                    text.unicodeScalars.append(scalar)
                }
            }
        }
        return text + "\""
    }
}
