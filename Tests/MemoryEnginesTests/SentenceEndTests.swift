import MemoryEngines
import Testing

@Suite("Where sentences end, for consolidation, recall and extraction alike")
struct SentenceEndTests {
    /// Texts and their sentences as written.
    static let cases: [(text: String, sentences: [String])] = [
        ("I saw Dr. Smith and Dr. Jones today. They agreed.", ["I saw Dr. Smith and Dr. Jones today.", "They agreed."]),
        ("Mrs. Brown moved to St. Louis. Mr. Green stayed.", ["Mrs. Brown moved to St. Louis.", "Mr. Green stayed."]),
        ("J. K. Rowling wrote it. I read it twice.", ["J. K. Rowling wrote it.", "I read it twice."]),
        ("It costs 3.5 dollars. That is cheap.", ["It costs 3.5 dollars.", "That is cheap."]),
        ("We met on Jan. 5 at the cafe. It rained.", ["We met on Jan. 5 at the cafe.", "It rained."]),
        ("Room No. 12 is mine. Yours is next door.", ["Room No. 12 is mine.", "Yours is next door."]),
        ("Bring fruit, e.g. apples or pears. Thanks!", ["Bring fruit, e.g. apples or pears.", "Thanks!"]),
        ("wait... what did you say? I missed it.", ["wait... what did you say?", "I missed it."]),
        ("Well… maybe later. Or not!", ["Well… maybe later.", "Or not!"]),
        ("I tried... It failed. Again.", ["I tried...", "It failed.", "Again."]),
        ("Hmm… No idea.", ["Hmm…", "No idea."]),
        ("She said \"Hi.\" Then she left.", ["She said \"Hi.\"", "Then she left."]),
        ("I have 3. You have 4.", ["I have 3.", "You have 4."]),
        ("Apples, pears, etc. I love fruit.", ["Apples, pears, etc.", "I love fruit."]),
        ("Really? Yes! Great.", ["Really?", "Yes!", "Great."]),
        ("First line\nsecond line", ["First line", "second line"]),
    ]

    @Test("abbreviations, initials, decimals and pauses do not end a sentence; the rest does", arguments: cases.indices)
    func sentences(_ index: Int) {
        let (text, expected) = Self.cases[index]
        #expect(TextFeatures(text).sentences.map(\.text) == expected)
    }

    @Test("extraction starts its sentences where consolidation and recall do", arguments: cases.indices)
    func extractionAgrees(_ index: Int) {
        let (text, expected) = Self.cases[index]
        let tokens = TextTokens(text)
        let starts = tokens.tokens.filter { $0.startsSentence && $0.isWord }.map { tokens.text(from: $0.start, to: $0.end) }
        let firstWords = expected.compactMap { $0.split { !$0.isLetter && !$0.isNumber }.first.map(String.init) }
        #expect(starts == firstWords)
    }

    @Test("a name after a title is a name, not a sentence's first word")
    func namesAfterTitles() {
        let tokens = TextTokens("We saw Dr. Patel today.").tokens
        let patel = tokens.first { $0.lower == "patel" }
        #expect(patel?.startsSentence == false)
    }
}
