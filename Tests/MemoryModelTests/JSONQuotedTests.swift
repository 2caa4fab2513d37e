import Foundation
import Testing

@testable import MemoryModel

@Suite("Hand-written JSON strings")
struct JSONQuotedTests {
    @Test("quotes, backslashes, control characters and emoji survive a round trip through a JSON parser")
    func roundTrip() throws {
        for text in ["plain", "say \"hi\"", "back\\slash", "line\nbreak\ttab\r", "nul\u{0}bell\u{7}", "🎉 Ça va?", ""] {
            let decoded = try JSONSerialization.jsonObject(with: Data(("[" + text.jsonQuoted + "]").utf8)) as? [String]
            #expect(decoded == [text])
        }
    }
}
