import Foundation
import Testing

@testable import MCPProtocol

/// `JSONValue(parsing:)`: one pass over the text, the values `JSONDecoder` gives, and time that
/// does not blow up with the nesting depth.
@Suite("JSON parser")
struct JSONParserTests {
    private func parsed(_ text: String) -> JSONValue? { try? JSONValue(parsing: Data(text.utf8)) }

    private func decoded(_ text: String) -> JSONValue? {
        try? JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
    }

    @Test(
        "reads what JSONDecoder reads, value for value, and refuses what it refuses",
        arguments: [
            "1", "-0", "-0.0", "1.0", "1.000", "1e2", "1E+2", "1.50e1", "100e-2", "1.5", "0.1", "1e-400", "1e400",
            "12345678901234567890", "-9223372036854775808", "9223372036854775807", "9223372036854775808",
            "9007199254740993", "9007199254740993.0", "01", "-01", "-", "1.", ".5", "+1", "1e", "[-]",
            #""\u0000""#, #""\uD83D\uDE00""#, #""\uD800""#, #""\uDC00""#, #""\uD800\u0041""#, #""\uD800x""#,
            #""\x""#, "\"a\tb\"", #""a\/b""#, #""\u00e9""#, "\"é\"", #"["\""]"#, "\"\u{7F}\"",
            " true ", "\u{FEFF}true", "tru", "nul", "null", "[]", "{}", "", " ", "\t\n\r[ ]", "[1 2]", "1\u{0B}",
            "[1,]", "[1,,]", "[,1]", "[,]", #"{"a":1,}"#, "{,}", #"{"a" 1}"#, "{1:2}", #"{"a":1,"a":2}"#,
            #"{"a":[1,{"b":null}],"c":"d"}"#, #"{"jsonrpc": "2.0", "id": 7, "method": "ping"}"#,
        ])
    func sameAsJSONDecoder(text: String) {
        #expect(parsed(text) == decoded(text))
    }

    @Test("a key given twice counts with its first value, as with JSONDecoder")
    func repeatedKey() {
        #expect(parsed(#"{"id": 1, "id": 2}"#) == ["id": 1])
        #expect(decoded(#"{"id": 1, "id": 2}"#) == ["id": 1])
    }

    /// Found while fuzzing FuzzMCPMessage (Tests/Fuzz/Corpus/FuzzMCPMessage/slow-nested-500.json):
    /// decoding a JSONValue with JSONDecoder took seconds for this 1 KB line.
    @Test("a line nested 500 deep is read at once, and 512 levels is the limit, as for JSONDecoder")
    func deepNesting() throws {
        let arrays = String(repeating: "[", count: 500) + String(repeating: "]", count: 500)
        let line = #"{"jsonrpc":"2.0","id":1,"method":"ping","params":{"x":"# + arrays + "}}"
        let objects = String(repeating: #"{"a":"#, count: 500) + "1" + String(repeating: "}", count: 500)
        var nested = JSONValue.array([])
        for _ in 1..<500 { nested = .array([nested]) }
        let elapsed = ContinuousClock().measure {
            #expect(MCPMessage(line: line) == .request(id: 1, method: "ping", params: ["x": nested]))
            #expect(parsed(objects) != nil)
        }
        #expect(elapsed < .milliseconds(500), "\(elapsed)")

        #expect(parsed(String(repeating: "[", count: 512) + String(repeating: "]", count: 512)) != nil)
        #expect(parsed(String(repeating: "[", count: 513) + String(repeating: "]", count: 513)) == nil)
        guard case .invalid(.null, let error) = MCPMessage(line: String(repeating: "[", count: 600)) else {
            Issue.record("600 open brackets are taken for a message")
            return
        }
        #expect(error.code == -32700)
    }

    /// Found by FuzzMCPMessage (Tests/Fuzz/Corpus/FuzzMCPMessage/crash-number-nul.json): JSONDecoder
    /// takes a number followed by a NUL byte for the number; the parser does not.
    @Test("a raw NUL byte is never JSON, also after a number", arguments: ["0\u{0}", "1\u{0}", "[1]\u{0}", "\"\u{0}\""])
    func rawNUL(text: String) {
        #expect(parsed(text) == nil)
        guard case .invalid(.null, let error) = MCPMessage(line: text) else {
            Issue.record("\(text.debugDescription) is taken for a message")
            return
        }
        #expect(error.code == -32700)
    }

    /// Found by FuzzMCPMessage (seed: Tests/Fuzz/Corpus/FuzzMCPMessage/crash-repeated-key-control.json):
    /// JSONDecoder never reads the value of a key given twice, so a raw control character there
    /// passed; the line is not JSON.
    @Test("the value of a key given twice must be JSON too, although it does not count")
    func repeatedKeyValueIsRead() throws {
        let texts = [
            #"{"a":"x","a":"y\#u{8}"}"#, #"{"a":"x","a":"\q"}"#, #"{"a":1,"a":1e400}"#, #"{"a":{"b":1,"b":01}}"#,
        ]
        for text in texts {
            #expect(decoded(text) != nil, "JSONDecoder takes \(text.debugDescription)")
            let error = #expect(throws: JSONParser.Failure.self) { try JSONParser.parse(Array(text.utf8)) }
            #expect(error?.inRepeatedKey == true, "\(text.debugDescription)")
        }
        // The input FuzzMCPMessage found; its seed is the shortest line that shows the same.
        let line =
            #"{"jgsonrpc": "1.0", "id": "call-7", "method": "to0", "id": "call-7", "method": "to\#u{8}ols/call", "#
            + #""params": {"name": "recall", "argumnts": {"limit": 3}}}"#
        for text in [line, #"{"a": "x", "a": "\#u{8}"}"#] {
            guard case .invalid(.null, let error) = MCPMessage(line: text) else {
                Issue.record("\(text.debugDescription) is taken for a message")
                continue
            }
            #expect(error.code == -32700)
        }
    }

    @Test("bytes that are not UTF-8 are not JSON")
    func invalidUTF8() {
        #expect((try? JSONValue(parsing: Data([0x22, 0xFF, 0x22]))) == nil)
        #expect((try? JSONValue(parsing: Data([0x22, 0xC3, 0xA9, 0x22]))) == "é")
    }
}
