import MemoryModel

/// The built-in lists the extractor looks names up in (GazetteerData.swift has the lists and
/// their provenance), indexed by first word for longest-match look-ups over tokens.
///
/// Built on first use (a few milliseconds) and shared by every extractor alive; freed when the
/// last one goes, so that an idle memoryd does not hold its megabytes between passes.
package final class Gazetteer: Sendable {
    package struct Entry: Sendable {
        /// Lower-cased tokens, as `TextTokens` cuts them ("st", ".", "petersburg").
        package let words: [String]
        package let kind: EntityKind
        /// Also an ordinary English word ("Nice", "Jordan", "Target"): trusted only when the
        /// text capitalises it.
        package let ambiguous: Bool

        package init(words: [String], kind: EntityKind, ambiguous: Bool) {
            self.words = words
            self.kind = kind
            self.ambiguous = ambiguous
        }
    }

    /// Entries by their first word, longest first.
    private let byFirstWord: [String: [Entry]]
    package let surnames: Set<String>
    package let ambiguousSurnames: Set<String>
    package let nationalities: Set<String>
    package let organizationSuffixes: Set<String>
    package let placeSuffixes: Set<String>
    package let placePrefixes: Set<String>
    package let personTitles: Set<String>

    /// The gazetteer in use, or a new one when none is.
    package static var shared: Gazetteer { live.value }
    private static let live = SharedWhileInUse { Gazetteer() }

    private init() {
        var index: [String: [Entry]] = [:]
        func add(_ list: String, _ kind: EntityKind, ambiguous: Bool) {
            for line in Self.lines(list) {
                let words = Self.words(ofEntry: line)
                guard let first = words.first else { continue }
                index[first, default: []].append(Entry(words: words, kind: kind, ambiguous: ambiguous))
            }
        }
        // Earlier lists win a tie: an organization named like a place is the organization.
        add(GazetteerData.organizations, .organization, ambiguous: false)
        add(GazetteerData.places, .place, ambiguous: false)
        add(GazetteerData.givenNames, .person, ambiguous: false)
        add(GazetteerData.ambiguousOrganizations, .organization, ambiguous: true)
        add(GazetteerData.ambiguousPlaces, .place, ambiguous: true)
        add(GazetteerData.ambiguousGivenNames, .person, ambiguous: true)
        byFirstWord = index.mapValues { entries in
            entries.enumerated().sorted { a, b in
                a.element.words.count != b.element.words.count
                    ? a.element.words.count > b.element.words.count : a.offset < b.offset
            }.map(\.element)
        }
        /// One-word lists, compared with single tokens: lower-cased, without a final dot.
        func words(_ list: String) -> Set<String> {
            Set(
                Self.lines(list).map { line in
                    let word =
                        Self.plainWords(line)?.joined(separator: " ")
                        ?? line.lowercased().replacingApostrophes()
                    return word.hasSuffix(".") ? String(word.dropLast()) : word
                })
        }
        surnames = words(GazetteerData.surnames)
        ambiguousSurnames = words(GazetteerData.ambiguousSurnames)
        nationalities = words(GazetteerData.nationalities)
        organizationSuffixes = words(GazetteerData.organizationSuffixes)
        placeSuffixes = words(GazetteerData.placeSuffixes)
        placePrefixes = words(GazetteerData.placePrefixes)
        personTitles = words(GazetteerData.personTitles)
    }

    /// The lines of a list, split on its bytes (splitting a String on a Character compares
    /// grapheme clusters, which took most of the gazetteer's build).
    package static func lines(_ list: String) -> [Substring] {
        list.utf8.split(separator: UInt8(ascii: "\n")).map { Substring($0) }
    }

    /// An entry's lower-cased words as `TextTokens` cuts them. Most entries are plain ASCII words
    /// and single spaces, which split the same way without the tokenizer: building the gazetteer
    /// that way takes a fraction of the time, and every `memctl recall` builds it.
    package static func words(ofEntry line: Substring) -> [String] {
        plainWords(line) ?? TextTokens(String(line)).tokens.map(\.lower)
    }

    /// The words of `line` lower-cased when it is only ASCII letters separated by single spaces;
    /// nil for anything else (punctuation, digits, other scripts), which the tokenizer cuts.
    private static func plainWords(_ line: Substring) -> [String]? {
        var words: [String] = []
        var word: [UInt8] = []
        for byte in line.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"): word.append(byte)
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): word.append(byte | 0x20)
            case UInt8(ascii: " ") where !word.isEmpty:
                words.append(String(decoding: word, as: UTF8.self))
                word.removeAll(keepingCapacity: true)
            default: return nil
            }
        }
        guard !word.isEmpty else { return nil }
        words.append(String(decoding: word, as: UTF8.self))
        return words
    }

    /// The longest entry whose words are `tokens[start...]`, allowing only entries `accept` takes.
    package func longestMatch(
        in tokens: [TextTokens.Token], at start: Int, accept: (Entry) -> Bool
    ) -> (entry: Entry, end: Int)? {
        guard let entries = byFirstWord[tokens[start].lower] else { return nil }
        for entry in entries where start + entry.words.count <= tokens.count && accept(entry) {
            var matches = true
            for offset in 1..<max(1, entry.words.count)
            where tokens[start + offset].lower != entry.words[offset] {
                matches = false
                break
            }
            // A possessive can only end a name: "Leah's" is Leah, but "New's York" is nothing.
            if matches, entry.words.count > 1,
                tokens[start..<(start + entry.words.count - 1)].contains(where: \.possessive)
            {
                matches = false
            }
            if matches { return (entry, start + entry.words.count) }
        }
        return nil
    }

    /// The kind of the entry spelled exactly `key` (lower-cased words joined by spaces).
    package func kind(ofExactly words: [String]) -> Entry? {
        byFirstWord[words.first ?? ""]?.first { $0.words == words }
    }

    package func isKnownWord(_ word: String) -> Bool {
        byFirstWord[word] != nil || surnames.contains(word) || ambiguousSurnames.contains(word)
    }
}
