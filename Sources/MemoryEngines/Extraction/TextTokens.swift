
/// A text cut into words and punctuation for entity extraction and relation patterns, with
/// positions in Unicode code points (what entity offsets are measured in).
///
/// Words keep inner apostrophes, hyphens and the dots of abbreviations ("U.S."); a trailing
/// possessive "'s" is cut off and remembered, so "Leah's" is the word "Leah" with
/// `possessive` set. Anything that is neither a letter, a digit nor white space (punctuation,
/// emoji, symbols) is a token of its own.
package struct TextTokens {
    package struct Token {
        package enum Shape: UInt8 {
            /// Starts with an upper-case letter and is not all capitals: "Leah", "McDonald".
            case capitalized
            /// Two or more letters, all capitals: "NASA", "BERLIN".
            case allCaps
            /// Starts with a lower-case letter: "berlin", "iPhone".
            case lower
            /// Starts with a digit: "14", "3pm", "2024-03-14".
            case number
            /// One scalar that is not a letter or digit: ".", ",", "€", "🎉".
            case symbol
        }

        package let start: Int
        /// End of the word without a possessive "'s".
        package let end: Int
        package let shape: Shape
        /// Lower-cased, with ’ written as '. For a symbol, the symbol itself.
        package let lower: String
        /// The word was followed by "'s" or "’s" (or a bare "'" after an s).
        package let possessive: Bool
        /// First token of a sentence (after ". ", "! ", "? ", a line break, or the text's start).
        package let startsSentence: Bool
        /// White space (or the text's start) comes right before it.
        package let spaceBefore: Bool

        package var isWord: Bool { shape != .symbol }
        package var isNameLike: Bool { shape == .capitalized || shape == .allCaps }

        package init(
            start: Int, end: Int, shape: Shape, lower: String, possessive: Bool, startsSentence: Bool,
            spaceBefore: Bool
        ) {
            self.start = start
            self.end = end
            self.shape = shape
            self.lower = lower
            self.possessive = possessive
            self.startsSentence = startsSentence
            self.spaceBefore = spaceBefore
        }
    }

    package let scalars: [Unicode.Scalar]
    package private(set) var tokens: [Token] = []
    /// Letters that are upper case and lower case in the whole text.
    package private(set) var upperLetters = 0
    package private(set) var lowerLetters = 0

    package init(_ text: String) {
        scalars = Array(text.unicodeScalars)
        tokens.reserveCapacity(scalars.count / 4)
        var index = 0
        var sentenceStart = true
        var spaceBefore = true
        while index < scalars.count {
            let scalar = scalars[index]
            if Self.isWhitespace(scalar) {
                if scalar == "\n" || scalar == "\r" { sentenceStart = true }
                spaceBefore = true
                index += 1
                continue
            }
            if Self.isWordScalar(scalar) {
                let token = word(from: index, startsSentence: sentenceStart, spaceBefore: spaceBefore)
                tokens.append(token.token)
                index = token.next
            } else {
                tokens.append(
                    Token(
                        start: index, end: index + 1, shape: .symbol, lower: scalar == "’" ? "'" : String(scalar),
                        possessive: false, startsSentence: sentenceStart, spaceBefore: spaceBefore))
                index += 1
                // A colon before a space starts a new clause, often capitalised ("BREAKING: Quake hits").
                let clause = scalar == ":" && index < scalars.count && Self.isWhitespace(scalars[index])
                if clause || (SentenceEnd.isMark(scalar) && endsSentence(at: index - 1)) {
                    sentenceStart = true
                    spaceBefore = false
                    continue
                }
                if sentenceStart {
                    // Quotes, brackets, emoji and the like between sentences: the next word
                    // still starts one ("Done. 🎉 My turn", "He left.) Then").
                    spaceBefore = false
                    continue
                }
            }
            sentenceStart = false
            spaceBefore = false
        }
    }

    /// Reads one word starting at `start`; returns it and where scanning goes on.
    private mutating func word(from start: Int, startsSentence: Bool, spaceBefore: Bool) -> (token: Token, next: Int) {
        var end = start
        var upper = 0
        var lower = 0
        var bytes: [UInt8] = []
        var ascii = true
        while end < scalars.count {
            let scalar = scalars[end]
            if Self.isWordScalar(scalar) {
                end += 1
            } else if end + 1 < scalars.count, end > start, Self.joins(scalar, scalars[end - 1], scalars[end + 1]) {
                // Inner apostrophe, hyphen or dot: "don't", "Jean-Luc", "U.S", "3.5", "14:30".
                end += 1
            } else {
                break
            }
        }
        // "U.S." and "e.g.": keep the final dot of a dotted abbreviation.
        if end < scalars.count, scalars[end] == ".", end - start >= 3, scalars[end - 2] == "." {
            end += 1
        }
        for scalar in scalars[start..<end] {
            let value = scalar.value
            if value >= 0x41 && value <= 0x5A {
                upper += 1
                bytes.append(UInt8(value | 0x20))
            } else if value >= 0x61 && value <= 0x7A {
                lower += 1
                bytes.append(UInt8(value))
            } else if value < 0x80 {
                bytes.append(UInt8(value))
            } else {
                ascii = false
                if scalar.properties.isUppercase { upper += 1 } else if scalar.properties.isLowercase { lower += 1 }
            }
        }
        upperLetters += upper
        lowerLetters += lower
        var text: String
        if ascii {
            text = String(decoding: bytes, as: UTF8.self)
        } else {
            var view = String.UnicodeScalarView()
            view.append(contentsOf: scalars[start..<end])
            text = String(view).lowercased().replacingApostrophes()
        }
        var wordEnd = end
        var possessive = false
        if text.hasSuffix("'s"), text.utf8.count > 2 {
            text.removeLast(2)
            wordEnd -= 2
            possessive = true
        } else if end + 1 < scalars.count, scalars[end] == "'" || scalars[end] == "’",
            text.hasSuffix("s"), !Self.isWordScalar(scalars[end + 1]) || scalars[end + 1] == "'"
        {
            possessive = true  // "James' car"
        }
        let first = scalars[start]
        let shape: Token.Shape
        if Self.isDigit(first) {
            shape = .number
        } else if first.properties.isUppercase {
            shape = upper >= 2 && lower == 0 ? .allCaps : .capitalized
        } else {
            shape = .lower
        }
        let token = Token(
            start: start, end: wordEnd, shape: shape, lower: text, possessive: possessive,
            startsSentence: startsSentence, spaceBefore: spaceBefore)
        return (token, end)
    }

    /// Whether the mark at scalar `index`, the last token so far, ends its sentence
    /// (`SentenceEnd`): of a run of dots ("..."), the last one decides, and none before it.
    private func endsSentence(at index: Int) -> Bool {
        let mark = scalars[index]
        if mark == ".", index + 1 < scalars.count, scalars[index + 1] == "." { return false }
        var dots = 0
        if mark == "." {
            var first = tokens.count - 1
            while first >= 0, tokens[first].lower == ".", tokens[first].end == index + 1 - dots {
                dots += 1
                first -= 1
            }
        }
        var before = ""[...]
        let markToken = tokens.count - max(dots, 1)
        if markToken >= 1, tokens[markToken - 1].isWord, tokens[markToken - 1].end == tokens[markToken].start {
            before = Substring(text(from: tokens[markToken - 1].start, to: tokens[markToken - 1].end))
        }
        let next = scalars[(index + 1)...].first { !Self.isWhitespace($0) }
        return SentenceEnd.ends(mark, dots: max(dots, 1), after: before, before: next)
    }

    /// The text of tokens `range`, as written.
    package func text(_ range: Range<Int>) -> String {
        text(from: tokens[range.lowerBound].start, to: tokens[range.upperBound - 1].end)
    }

    package func text(from start: Int, to end: Int) -> String {
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars[start..<end])
        return String(view)
    }

    // MARK: - Scalars

    package static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII {
            let value = scalar.value
            return (value >= 0x61 && value <= 0x7A) || (value >= 0x41 && value <= 0x5A) || (value >= 0x30 && value <= 0x39)
        }
        let properties = scalar.properties
        return properties.isAlphabetic || properties.generalCategory == .nonspacingMark
            || properties.generalCategory == .decimalNumber
    }

    private static func isDigit(_ scalar: Unicode.Scalar) -> Bool { scalar.value >= 0x30 && scalar.value <= 0x39 }

    /// Unicode's White_Space, answered for ASCII without the property tables: most text is
    /// ASCII, and this runs for every scalar of every text the passes read.
    package static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII
            ? scalar.value == 0x20 || (scalar.value >= 0x09 && scalar.value <= 0x0D) : scalar.properties.isWhitespace
    }

    /// Whether `scalar` between `before` and `after` is inside a word: an apostrophe, hyphen,
    /// dot or ampersand between letters or digits ("don't", "Jean-Luc", "U.S", "AT&T", "3.5"),
    /// or a comma, colon or slash between digits ("1,450", "14:30", "3/14").
    private static func joins(_ scalar: Unicode.Scalar, _ before: Unicode.Scalar, _ after: Unicode.Scalar) -> Bool {
        switch scalar {
        case "'", "’", "-", ".", "&": isWordScalar(before) && isWordScalar(after)
        case ",", ":", "/": isDigit(before) && isDigit(after)
        default: false
        }
    }

}

extension String {
    /// ’ written as ', so that both spellings of an apostrophe compare equal.
    package func replacingApostrophes() -> String {
        guard contains("’") else { return self }
        return String(unicodeScalars.map { $0 == "’" ? "'" : Character($0) })
    }
}
