import MemoryModel

/// Finds people, organizations, places, dates, times, money, e-mail addresses, URLs, @handles,
/// #hashtags and activities in a text, offline, by rules and the built-in gazetteer. Pure and
/// `Sendable`: it holds no state between texts. docs/EXTRACTION.md describes the rules and their
/// limits.
///
/// Order of work: patterns that are unambiguous by their characters (URLs, e-mail, handles,
/// hashtags, money), then dates and times, then names, then activities. A token belongs to at
/// most one entity.
package struct EntityExtractor: Sendable {
    package let gazetteer: Gazetteer

    package init() { gazetteer = .shared }

    /// An extractor for `text` alone, with a gazetteer of only what `text` can meet: the same
    /// entities from `text` as `init()` gives, for a fraction of the set-up (recall's queries).
    package init(for text: String) {
        gazetteer = Gazetteer(forWords: Set(TextTokens(text).tokens.map(\.lower)))
    }

    package func extract(_ text: String) -> [ExtractedEntity] {
        var scan = Scan(tokens: TextTokens(text), gazetteer: gazetteer)
        scan.findPatterns()
        scan.findMoney()
        scan.findDatesAndTimes()
        scan.findNames()
        scan.findActivities()
        return scan.found.sorted { $0.start < $1.start }
    }

    /// Words and punctuation marks in `text`, as the extractor cuts it: what throughput in
    /// tokens per second counts.
    package static func tokenCount(_ text: String) -> Int { TextTokens(text).tokens.count }

    /// How far capitals can be trusted in a text.
    package enum Casing {
        /// Ordinary text: a capital marks a name.
        case mixed
        /// No capitals at all ("i moved to berlin"), or nearly all capitals ("MEETING WITH DR.
        /// ALVAREZ"): names are found by the gazetteer and by cues such as titles and "my sister".
        case uninformative
    }
}

/// The working state of one extraction.
package struct Scan {
    package let tokens: TextTokens
    package let gazetteer: Gazetteer
    package let casing: EntityExtractor.Casing
    /// Tokens already inside an entity.
    package var claimed: [Bool]
    package var found: [ExtractedEntity] = []

    package init(tokens: TextTokens, gazetteer: Gazetteer) {
        self.tokens = tokens
        self.gazetteer = gazetteer
        claimed = [Bool](repeating: false, count: tokens.tokens.count)
        let upper = tokens.upperLetters
        let lower = tokens.lowerLetters
        casing = upper == 0 || (upper > 2 * lower && upper >= 4) ? .uninformative : .mixed
    }

    package var count: Int { tokens.tokens.count }
    package subscript(index: Int) -> TextTokens.Token { tokens.tokens[index] }

    /// The lower-cased word at `index`, or "" past either end.
    package func word(_ index: Int) -> String { index >= 0 && index < count ? self[index].lower : "" }

    package func isFree(_ range: Range<Int>) -> Bool { range.allSatisfy { !claimed[$0] } }

    /// Records tokens `range` as an entity of `kind`.
    package mutating func add(_ range: Range<Int>, _ kind: EntityKind, key: String? = nil, guessed: Bool = false) {
        guard !range.isEmpty, isFree(range) else { return }
        addSpan(from: self[range.lowerBound].start, to: self[range.upperBound - 1].end, kind, key: key, guessed: guessed)
        for index in range { claimed[index] = true }
    }

    /// Records code points `start..<end` as an entity (for patterns found on the characters).
    package mutating func addSpan(from start: Int, to end: Int, _ kind: EntityKind, key: String? = nil, guessed: Bool = false) {
        let text = tokens.text(from: start, to: end)
        found.append(
            ExtractedEntity(
                text: text, kind: kind, start: start, end: end, key: key ?? EntityKeys.key(text, kind), guessed: guessed))
    }
}

/// How an entity's text becomes its key.
package enum EntityKeys {
    package static func key(_ text: String, _ kind: EntityKind) -> String {
        var words = TextTokens(text).tokens.filter(\.isWord).map(\.lower)
        switch kind {
        case .person, .organization, .place:
            if words.count > 1, words.first == "the" { words.removeFirst() }
            return words.isEmpty ? text.lowercased() : words.joined(separator: " ")
        case .email, .url, .handle, .hashtag, .speaker:
            return text.lowercased()
        case .money:
            return String(text.lowercased().unicodeScalars.filter { !$0.properties.isWhitespace })
        case .date, .time, .activity:
            return words.isEmpty ? text.lowercased() : words.joined(separator: " ")
        }
    }
}
