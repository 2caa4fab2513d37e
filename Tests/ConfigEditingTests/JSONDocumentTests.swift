import Testing

@testable import ConfigEditing

/// `JSONDocument`: RFC 8259 validated with the range of every value, or with comments.
@Suite("JSON document")
struct JSONDocumentTests {
    private func strict(_ text: String) throws -> JSONDocument { try JSONDocument(Array(text.utf8), syntax: .strict) }

    private func error(_ text: String, _ syntax: JSONDocument.Syntax = .strict) -> ConfigError? {
        do {
            _ = try JSONDocument(Array(text.utf8), syntax: syntax)
            return nil
        } catch {
            return error
        }
    }

    /// RFC 8259's grammar, which `JSON.parse` follows (and Foundation's reader does not: it takes
    /// trailing commas).
    @Test(
        "accepts RFC 8259 documents",
        arguments: [
            "{}", "[]", "1", "-0", "-0.5e+3", "1E2", "0.1", "\"a\"", "true", "null", #"{"a":1,"a":2}"#,
            #""\u00e9\uD83D\uDE00\/\b\f\n\r\t\"\\""#, " \t\r\n{ } \n", "[-1e400]", "\u{FEFF}{}",
            "{\"a\":[1,{\"b\":null}],\"c\":\"d\"}", "\"\u{7F}é😀\"",
        ])
    func valid(text: String) {
        #expect(error(text) == nil, "\(text)")
    }

    @Test(
        "refuses what RFC 8259 does not allow",
        arguments: [
            "01", "-", "1.", ".5", "+1", "1e", "nul", "True", "NaN", "Infinity", #"{"a":1,}"#, "[1,]", "[,1]", "[1 2]",
            #"{"a" 1}"#, "{1:2}", #"{'a':1}"#, #""\x""#, #""\u12""#, "\"a\tb\"", "\"a\nb\"", "{} {}", "[1]]", "",
            " ", "// c\n{}", "{/* c */}", "[1,,2]", "{\"a\":}", "\u{00A0}{}",
        ])
    func invalid(text: String) {
        #expect(error(text) != nil, "\(text)")
    }

    @Test("keeps the range of every member and element, and their values")
    func ranges() throws {
        let text = #"{ "a": [1, {"b": null}], "c" : "d\"e", "n": -12.5e1, "i": 42 }"#
        let document = try strict(text)
        let members = try #require(document.root.members)
        #expect(members.map(\.key) == ["a", "c", "n", "i"])
        func slice(_ range: Range<Int>) -> String { String(decoding: document.bytes[range], as: UTF8.self) }
        #expect(
            members.map { slice($0.range) } == [
                #""a": [1, {"b": null}]"#, #""c" : "d\"e""#, #""n": -12.5e1"#, #""i": 42"#,
            ])
        #expect(slice(members[0].keyRange) == #""a""#)
        #expect(members[1].value.value == .string("d\"e"))
        #expect(members[2].value.value == .float(-125))
        #expect(members[3].value.value == .integer(42))
        #expect(document.root.node(at: ["a"])?.elements?.map { slice($0.range) } == ["1", #"{"b": null}"#])
        #expect(document.root.value[path: ["a"]] == .array([.integer(1), .table([("b", .null)])]))
    }

    @Test("a key given twice: the last counts, as with JSON.parse")
    func repeatedKey() throws {
        let document = try strict(#"{"a": 1, "a": 2}"#)
        #expect(document.root.member("a")?.value.value == .integer(2))
        #expect(document.root.value["a"] == .integer(2))
    }

    @Test("escapes: surrogate pairs join, half a pair is U+FFFD, as JavaScript shows it")
    func escapes() throws {
        #expect(try strict(#""\uD83D\uDE00""#).root.value == .string("😀"))
        #expect(try strict(#""\uD800x""#).root.value == .string("\u{FFFD}x"))
        #expect(try strict(#""\u00e9\t""#).root.value == .string("é\t"))
    }

    @Test(
        "says where and why it stops, line and column in characters",
        arguments: [
            ("{\n  \"a\": 1,\n}", 3, 1, "a comma before '}' (JSON allows no trailing comma)"),
            ("{\n  \"é\": 1 \"b\"\n}", 2, 10, "expected ',' or '}' after an object member, found '\"'"),
            ("{\"a\": tru}", 1, 7, "expected a value, found 't'"),
            ("{\"a\": [1, 2}", 1, 12, "expected ',' or ']' after an array element, found '}'"),
            ("{\"a\": \"b", 1, 7, "a string that is never closed"),
            ("{\"a\": 01}", 1, 8, "a number with a leading zero"),
            ("// note\n{}", 1, 1, "expected a value, found '/'"),
            ("{} x", 1, 4, "unexpected 'x' after the JSON value"),
            ("", 1, 1, "the file holds no JSON value"),
            ("{\"a\": \"\\q\"}", 1, 8, "an unknown escape sequence in a string"),
        ] as [(String, Int, Int, String)])
    func errors(text: String, line: Int, column: Int, reason: String) {
        #expect(error(text) == ConfigError(line: line, column: column, reason: reason))
    }

    @Test("invalid UTF-8 is refused where it is")
    func invalidUTF8() {
        let bytes: [UInt8] = Array("{\"a\": \"".utf8) + [0xC3, 0x28] + Array("\"}".utf8)
        #expect(throws: ConfigError(line: 1, column: 8, reason: "invalid UTF-8")) {
            try JSONDocument(bytes, syntax: .strict)
        }
    }

    @Test("nesting deeper than 512 is refused, not a crash")
    func depth() {
        #expect(error(String(repeating: "[", count: 512) + String(repeating: "]", count: 512)) == nil)
        #expect(
            error(String(repeating: "[", count: 513) + String(repeating: "]", count: 513))?.reason.contains("nested")
                == true)
    }

    @Test("with comments: // and /* */ anywhere whitespace may be; a trailing comma is still an error")
    func comments() throws {
        let text = """
            // Gemini CLI settings
            {
              /* theme */ "theme": "Dark", // the look
              "list": [1, /* two */ 2] /* end */
            }
            // bye
            """
        let document = try JSONDocument(Array(text.utf8), syntax: .withComments)
        #expect(
            document.root.value == .table([("theme", .string("Dark")), ("list", .array([.integer(1), .integer(2)]))]))
        #expect(error(text) != nil)
        #expect(
            error("{\"a\": 1, // x\n}", .withComments)?.reason == "a comma before '}' (JSON allows no trailing comma)")
        #expect(
            error("{ /* open \n}", .withComments)
                == ConfigError(line: 1, column: 3, reason: "a /* comment that is never closed"))
        #expect(error("{ / }", .withComments)?.reason == "unexpected '/' (a comment starts with // or /*)")
        #expect(error("{\"url\": \"http://x/*y*/\"}", .withComments) == nil)
    }
}
