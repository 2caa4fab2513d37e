
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
        var text = text
        text.makeContiguousUTF8()  // native strings already are: nothing is copied
        return text.utf8.withContiguousStorageIfAvailable { scan(text, utf8: $0) }!
    }

    /// The scan itself, over the text's UTF-8 by offsets: decoding only what is not ASCII, and
    /// making string indices only for the tokens and sentences it finds.
    private static func scan(_ text: String, utf8 bytes: UnsafeBufferPointer<UInt8>) -> Scanned {
        var tokens: [Token] = []
        var sentenceRanges: [Range<String.Index>] = []
        var sentenceStart: Int?
        var wordStart: Int?
        var lastNonSpace: Range<Int>?  // the bytes of the last scalar that is not white space
        var afterEnd = false  // the last non-space scalars were ".", "!", "?" or "…" (and closing quotes)
        var breakPending = false  // …and white space followed: what comes next may start a sentence
        // The mark that may end the sentence, the dots standing together with it, and the word
        // right before them: `SentenceEnd` decides when the next scalar after the space is read.
        var mark: (scalar: Unicode.Scalar, dots: Int, word: Substring) = (".", 0, "")
        var lastWordEnd = -1
        var previous: Unicode.Scalar = " "

        func index(_ offset: Int) -> String.Index { text.utf8.index(text.utf8.startIndex, offsetBy: offset) }
        func closeWord(at end: Int) {
            guard let start = wordStart else { return }
            let startsSentence = tokens.last.map { $0.sentence != sentenceRanges.count } ?? true
            tokens.append(
                Token(text: text[index(start)..<index(end)], sentence: sentenceRanges.count, startsSentence: startsSentence))
            wordStart = nil
            lastWordEnd = end
        }
        func closeSentence() {
            if let start = sentenceStart, let last = lastNonSpace, start <= last.lowerBound {
                sentenceRanges.append(index(start)..<index(last.upperBound))
            }
            sentenceStart = nil
            afterEnd = false
            breakPending = false
        }
        func extendSentence(_ scalar: Unicode.Scalar, _ bytes: Range<Int>) {
            if breakPending {
                if SentenceEnd.ends(mark.scalar, dots: mark.dots, after: mark.word, before: scalar) {
                    closeSentence()
                } else {
                    (afterEnd, breakPending) = (false, false)
                }
            }
            if sentenceStart == nil { sentenceStart = bytes.lowerBound }
            lastNonSpace = bytes
        }
        func markEnd(_ scalar: Unicode.Scalar, at offset: Int, after previous: Unicode.Scalar) {
            if scalar == ".", previous == ".", mark.scalar == "." {
                mark.dots += 1
            } else {
                mark = (scalar, 1, lastWordEnd == offset ? tokens.last?.text ?? "" : "")
            }
        }

        var upper = 0
        var lower = 0
        var offset = 0
        while offset < bytes.count {
            let (scalar, width) = decode(bytes, at: offset)
            let bytesOfScalar = offset..<offset + width
            if scalar.value >= 0x41 && scalar.value <= 0x5A {
                upper += 1
            } else if scalar.value >= 0x61 && scalar.value <= 0x7A {
                lower += 1
            }
            if isWordScalar(scalar) {
                extendSentence(scalar, bytesOfScalar)
                if wordStart == nil { wordStart = offset }
                afterEnd = false
            } else {
                closeWord(at: offset)
                if scalar == "\n" || scalar == "\r" {
                    closeSentence()
                } else if isWhitespace(scalar) {
                    if afterEnd { breakPending = true }
                } else {
                    extendSentence(scalar, bytesOfScalar)
                    if SentenceEnd.isMark(scalar) {
                        markEnd(scalar, at: offset, after: previous)
                        afterEnd = true
                    } else {
                        afterEnd = afterEnd && closesQuote(scalar)
                    }
                }
            }
            previous = scalar
            offset += width
        }
        closeWord(at: bytes.count)
        closeSentence()
        return Scanned(tokens: tokens, sentenceRanges: sentenceRanges, upper: upper, lower: lower)
    }

    /// The scalar whose UTF-8 starts at `offset`, and how many bytes it takes (a `String`'s
    /// UTF-8 is always valid).
    private static func decode(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> (Unicode.Scalar, Int) {
        let lead = bytes[offset]
        guard lead >= 0x80 else { return (Unicode.Scalar(lead), 1) }
        let width = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
        var value = UInt32(lead) & (0x7F >> UInt32(width))
        for next in offset + 1..<min(offset + width, bytes.count) { value = value << 6 | UInt32(bytes[next] & 0x3F) }
        return (Unicode.Scalar(value) ?? "\u{FFFD}", width)
    }

    package init(_ text: String) {
        let scanned = Self.scan(text)
        let (tokens, sentenceRanges) = (scanned.tokens, scanned.sentenceRanges)
        let (upper, lower) = (scanned.upper, scanned.lower)
        self.tokens = tokens
        // In shouted text capitals say nothing about names: only numbers count there.
        let shouting = upper > 2 * lower && upper >= 4
        var names: [UInt64] = []
        var all: [UInt64] = []
        var bySentence = [[UInt64]](repeating: [], count: sentenceRanges.count)
        for token in tokens {
            if let word = Self.contentWordHash(token.text) {
                all.append(word)
                if token.sentence < bySentence.count { bySentence[token.sentence].append(word) }
            }
            if token.text.unicodeScalars.first.map(Self.isNumeric) == true {
                names.append(MinHash.fnv1a(token.text.utf8))
            } else if !shouting, Self.isName(token) {
                names.append(MinHash.fnv1a(String(token.text).lowercased().utf8))
            }
        }
        words = WordSet(hashes: all)
        self.names = WordSet(hashes: names)
        sentences = sentenceRanges.indices.map {
            Sentence(text: String(text[sentenceRanges[$0]]), words: WordSet(hashes: bySentence[$0]))
        }
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

    private static func closesQuote(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "\"" || scalar == ")" || scalar == "”" || scalar == "’"
    }

    // MARK: - Words

    /// The hash (`MinHash.fnv1a`) of `contentWord(raw)`, which the word sets hold, without making
    /// the word: it runs for every word of every memory and summary a pass reads. A word of ASCII
    /// letters, digits and apostrophes (nearly every one) is normalised in a buffer on the stack
    /// by the same rules, byte by byte; any other goes through `contentWord`.
    package static func contentWordHash(_ raw: Substring) -> UInt64? {
        let count = raw.utf8.count
        guard count <= 64 else { return contentWord(raw).map { MinHash.fnv1a($0.utf8) } }
        let normalised = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: max(count, 1)) {
            asciiContentWordHash(raw, $0)
        }
        switch normalised {
        case .word(let hash): return hash
        case .notContent: return nil
        case .notASCIIWord: return contentWord(raw).map { MinHash.fnv1a($0.utf8) }
        }
    }

    private enum Normalised {
        case word(UInt64)
        case notContent
        case notASCIIWord
    }

    /// `contentWord`'s rules on bytes: lower-cased, a final "'s" and then every apostrophe
    /// dropped, at least two bytes unless a number, no stop word, stemmed unless a number.
    private static func asciiContentWordHash(_ raw: Substring, _ buffer: UnsafeMutableBufferPointer<UInt8>) -> Normalised {
        var count = 0
        for byte in raw.utf8 {
            switch byte {
            case 0x41...0x5A: buffer[count] = byte | 0x20
            case 0x61...0x7A, 0x30...0x39, 0x27: buffer[count] = byte
            default: return .notASCIIWord
            }
            count += 1
        }
        if count > 2, buffer[count - 2] == 0x27, buffer[count - 1] == 0x73 { count -= 2 }
        var kept = 0
        for index in 0..<count where buffer[index] != 0x27 {
            buffer[kept] = buffer[index]
            kept += 1
        }
        let isNumber = kept > 0 && buffer[0] >= 0x30 && buffer[0] <= 0x39
        guard kept >= 2 || isNumber else { return .notContent }
        let word = UnsafeBufferPointer(rebasing: buffer[0..<kept])
        if kept <= 8, stopWordKeys.contains(packed(word)) { return .notContent }
        let end = isNumber ? kept : stemmedLength(word)
        return .word(MinHash.fnv1a(UnsafeBufferPointer(rebasing: word[0..<end])))
    }

    /// How many bytes of a word `stem` keeps, for a word of ASCII letters and digits.
    private static func stemmedLength(_ word: UnsafeBufferPointer<UInt8>) -> Int {
        let count = word.count
        func endsWith(_ suffix: StaticString) -> Bool {
            let length = suffix.utf8CodeUnitCount
            guard count >= length else { return false }
            for offset in 0..<length where word[count - length + offset] != suffix.utf8Start[offset] { return false }
            return true
        }
        for suffix: StaticString in ["ing", "ed", "es", "s"] where count >= suffix.utf8CodeUnitCount + 3 && endsWith(suffix) {
            if suffix.utf8CodeUnitCount == 1 && (endsWith("ss") || endsWith("us") || endsWith("is")) { return count }
            return count - suffix.utf8CodeUnitCount
        }
        return count
    }

    /// A word of at most 8 bytes, none of them zero, as one number: the stop words are that short.
    private static func packed(_ word: UnsafeBufferPointer<UInt8>) -> UInt64 {
        word.reversed().reduce(0) { $0 << 8 | UInt64($1) }
    }

    private static let stopWordKeys: Set<UInt64> = Set(stopWords.map { word in
        precondition(word.utf8.count <= 8, "a stop word longer than `packed` takes")
        return Array(word.utf8).withUnsafeBufferPointer(packed)
    })

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
