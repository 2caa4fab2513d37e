
/// The parts of a text that consolidation compares, from one scan over its Unicode scalars:
/// its words (with the sentence each is in), its sentences, content words and names.
package struct TextFeatures: Sendable {
    /// A run of letters, digits and apostrophes.
    package struct Token: Sendable {
        package let text: Substring
        package let sentence: Int
        package let startsSentence: Bool

        package init(text: Substring, sentence: Int, startsSentence: Bool) {
            self.text = text
            self.sentence = sentence
            self.startsSentence = startsSentence
        }
    }

    /// A sentence as written, with its content words.
    package struct Sentence: Sendable {
        package let text: String
        package let words: WordSet

        package init(text: String, words: WordSet) {
            self.text = text
            self.words = words
        }
    }

    package let tokens: [Token]
    package let sentences: [Sentence]
    /// Lower-cased content words: no stop words, lightly stemmed ("moving" → "mov").
    package let words: WordSet
    /// Names and numbers: capitalised words inside a sentence ("Berlin", "Leah") and numbers.
    package let names: WordSet

    /// What one scan over a text's scalars finds: its tokens, its sentences' ranges, and how
    /// many ASCII capitals and small letters it has.
    private struct Scanned {
        var tokens: [Token]
        var sentenceRanges: [Range<String.Index>]
        var upper: Int
        var lower: Int
    }

    /// A text's tokens alone, without the word sets and sentences (what the importance
    /// heuristic reads).
    package static func tokens(of text: String) -> [Token] { scan(text).tokens }

    private static func scan(_ text: String) -> Scanned {
        var tokens: [Token] = []
        var sentenceRanges: [Range<String.Index>] = []
        var sentenceStart: String.Index?
        var wordStart: String.Index?
        var lastNonSpace: String.Index?
        var afterEnd = false  // the last non-space scalars were ".", "!", "?" or "…" (and closing quotes)
        var breakPending = false  // …and white space followed: the next word starts a sentence
        let scalars = text.unicodeScalars
        var index = scalars.startIndex

        func closeWord(at end: String.Index) {
            guard let start = wordStart else { return }
            let startsSentence = tokens.last.map { $0.sentence != sentenceRanges.count } ?? true
            tokens.append(Token(text: text[start..<end], sentence: sentenceRanges.count, startsSentence: startsSentence))
            wordStart = nil
        }
        func closeSentence() {
            if let start = sentenceStart, let last = lastNonSpace, start <= last {
                sentenceRanges.append(start..<scalars.index(after: last))
            }
            sentenceStart = nil
            afterEnd = false
            breakPending = false
        }
        func extendSentence(_ index: String.Index) {
            if breakPending { closeSentence() }
            if sentenceStart == nil { sentenceStart = index }
            lastNonSpace = index
        }

        var upper = 0
        var lower = 0
        while index < scalars.endIndex {
            let scalar = scalars[index]
            if scalar.value >= 0x41 && scalar.value <= 0x5A {
                upper += 1
            } else if scalar.value >= 0x61 && scalar.value <= 0x7A {
                lower += 1
            }
            if isWordScalar(scalar) {
                extendSentence(index)
                if wordStart == nil { wordStart = index }
                afterEnd = false
            } else {
                closeWord(at: index)
                if scalar == "\n" || scalar == "\r" {
                    closeSentence()
                } else if isWhitespace(scalar) {
                    if afterEnd { breakPending = true }
                } else {
                    extendSentence(index)
                    afterEnd = endsSentence(scalar) || (afterEnd && closesQuote(scalar))
                }
            }
            index = scalars.index(after: index)
        }
        closeWord(at: scalars.endIndex)
        closeSentence()
        return Scanned(tokens: tokens, sentenceRanges: sentenceRanges, upper: upper, lower: lower)
    }

    package init(_ text: String) {
        let scanned = Self.scan(text)
        let (tokens, sentenceRanges) = (scanned.tokens, scanned.sentenceRanges)
        let (upper, lower) = (scanned.upper, scanned.lower)
        self.tokens = tokens
        // In shouted text capitals say nothing about names: only numbers count there.
        let shouting = upper > 2 * lower && upper >= 4
        var names: [String] = []
        var all: [String] = []
        var bySentence = [[String]](repeating: [], count: sentenceRanges.count)
        for token in tokens {
            if let word = Self.contentWord(token.text) {
                all.append(word)
                if token.sentence < bySentence.count { bySentence[token.sentence].append(word) }
            }
            if token.text.unicodeScalars.first.map(Self.isNumeric) == true {
                names.append(String(token.text))
            } else if !shouting, Self.isName(token) {
                names.append(String(token.text).lowercased())
            }
        }
        words = WordSet(all)
        self.names = WordSet(names)
        sentences = sentenceRanges.indices.map { Sentence(text: String(text[sentenceRanges[$0]]), words: WordSet(bySentence[$0])) }
    }

    /// Capitalised and not the first word of its sentence, and not "I".
    package static func isName(_ token: Token) -> Bool {
        guard !token.startsSentence, let first = token.text.unicodeScalars.first, isUppercase(first) else {
            return false
        }
        return token.text != "I" && !token.text.hasPrefix("I'") && !token.text.hasPrefix("I’")
    }

    // MARK: - Scalars

    private static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII {
            let value = scalar.value
            return (value >= 0x61 && value <= 0x7A) || (value >= 0x41 && value <= 0x5A) || (value >= 0x30 && value <= 0x39)
                || value == 0x27
        }
        if scalar == "’" { return true }
        let properties = scalar.properties
        return properties.isAlphabetic || properties.numericType != nil || properties.generalCategory == .nonspacingMark
    }

    // ASCII answers without Unicode's property tables: most text is ASCII, and these run for
    // every scalar of every memory and summary a pass reads.

    private static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool { TextTokens.isWhitespace(scalar) }

    private static func isNumeric(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII ? scalar.value >= 0x30 && scalar.value <= 0x39 : scalar.properties.numericType != nil
    }

    private static func isUppercase(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII ? scalar.value >= 0x41 && scalar.value <= 0x5A : scalar.properties.isUppercase
    }

    private static func endsSentence(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "." || scalar == "!" || scalar == "?" || scalar == "…"
    }

    private static func closesQuote(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "\"" || scalar == ")" || scalar == "”" || scalar == "’"
    }

    // MARK: - Words

    /// The normalised form of one word, or nil for a stop word or a single letter: lower-cased,
    /// without a possessive "'s" or other apostrophes, lightly stemmed.
    package static func contentWord(_ raw: Substring) -> String? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(raw.utf8.count)
        for byte in raw.utf8 {
            guard byte < 0x80 else { return contentWord(nonASCII: raw) }
            bytes.append(byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte)
        }
        if bytes.count > 2, bytes[bytes.count - 2] == 0x27, bytes[bytes.count - 1] == 0x73 { bytes.removeLast(2) }
        bytes.removeAll { $0 == 0x27 }
        let isNumber = bytes.first.map { $0 >= 0x30 && $0 <= 0x39 } ?? false
        guard bytes.count >= 2 || isNumber else { return nil }
        let word = String(decoding: bytes, as: UTF8.self)
        return stopWords.contains(word) ? nil : isNumber ? word : stem(word)
    }

    private static func contentWord(nonASCII raw: Substring) -> String? {
        var word = String(raw).lowercased()
        if word.hasSuffix("'s") || word.hasSuffix("’s") { word.removeLast(2) }
        word.removeAll { $0 == "'" || $0 == "’" }
        guard word.count >= 2 || word.first?.isNumber == true, !stopWords.contains(word) else { return nil }
        return stem(word)
    }

    /// A light suffix stripper: enough for "moved"/"moving"/"moves" to meet, no more.
    package static func stem(_ word: String) -> String {
        let count = word.utf8.count
        for suffix in ["ing", "ed", "es", "s"] where count >= suffix.utf8.count + 3 && word.hasSuffix(suffix) {
            if suffix == "s" && (word.hasSuffix("ss") || word.hasSuffix("us") || word.hasSuffix("is")) { return word }
            return String(word.dropLast(suffix.count))
        }
        return word
    }

    package static let stopWords: Set<String> = [
        "a", "about", "after", "again", "all", "also", "am", "an", "and", "any", "are", "as", "at", "be", "been",
        "before", "being", "but", "by", "can", "could", "did", "do", "does", "doing", "dont", "for", "from", "had",
        "has", "have", "having", "he", "her", "here", "hers", "him", "his", "how", "i", "im", "if", "in", "into",
        "is", "it", "its", "just", "me", "more", "most", "my", "myself", "no", "nor", "not", "now", "of", "off",
        "on", "once", "only", "or", "other", "our", "ours", "out", "over", "own", "same", "she", "so", "some",
        "such", "than", "that", "the", "their", "them", "then", "there", "these", "they", "this", "those",
        "through", "to", "too", "under", "until", "up", "very", "was", "we", "were", "what", "when", "where",
        "which", "while", "who", "whom", "why", "will", "with", "would", "you", "your", "yours", "yourself", "ll",
        "ve", "re", "youre", "ive", "id",
    ]
}

extension StringProtocol {
    package func trimmingWhitespace() -> String {
        guard let first = firstIndex(where: { !$0.isWhitespace }),
            let last = lastIndex(where: { !$0.isWhitespace })
        else { return "" }
        return String(self[first...last])
    }
}
