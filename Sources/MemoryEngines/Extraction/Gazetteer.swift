import Glibc
import MemoryModel
import SystemSupport

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

    /// A gazetteer of only the entries a text made of `words` (its lower-cased tokens, as
    /// `TextTokens` cuts them) can meet. Every look-up the extractor makes is by one of the
    /// text's words, so on that text it answers exactly as the full one does, and it is built
    /// in a fraction of the time: recall makes one for each query.
    package convenience init(forWords words: Set<String>) {
        self.init(only: words)
    }

    private init(only textWords: Set<String>? = nil) {
        let filter = textWords.map(WordFilter.init)
        var index: [String: [Entry]] = [:]
        func add(_ list: String, _ kind: EntityKind, ambiguous: Bool) {
            for line in Self.lines(list, keeping: { filter?.mayMatch(firstWordOf: $0) ?? true }) {
                let words = Self.words(ofEntry: line)
                guard let first = words.first, filter?.words.contains(first) ?? true else { continue }
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
            var set: Set<String> = []
            for line in Self.lines(list, keeping: { filter?.mayMatch(wholeLine: $0) ?? true }) {
                var word = Self.plainWords(line)?.joined(separator: " ") ?? line.lowercased().replacingApostrophes()
                if word.hasSuffix(".") { word.removeLast() }
                if filter?.words.contains(word) ?? true { set.insert(word) }
            }
            return set
        }
        surnames = words(GazetteerData.surnames)
        ambiguousSurnames = words(GazetteerData.ambiguousSurnames)
        nationalities = words(GazetteerData.nationalities)
        organizationSuffixes = words(GazetteerData.organizationSuffixes)
        placeSuffixes = words(GazetteerData.placeSuffixes)
        placePrefixes = words(GazetteerData.placePrefixes)
        personTitles = words(GazetteerData.personTitles)
    }

    /// An entry's lower-cased words as `TextTokens` cuts them. Most entries are plain ASCII words
    /// and single spaces, which split the same way without the tokenizer: building the gazetteer
    /// that way takes a fraction of the time.
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

    /// The words a text is made of, for building a gazetteer of only them. Lines are judged on
    /// their bytes, so the lines of the lists that cannot match cost no strings.
    private struct WordFilter {
        let words: Set<String>
        private let byLength: [Int: [[UInt8]]]
        /// The first letters of the words, for ASCII letters (a line that starts with another
        /// ASCII letter lower-cases to a word that starts with it too).
        private let firstLetters: [Bool]

        init(_ words: Set<String>) {
            self.words = words
            byLength = Dictionary(grouping: words.map { Array($0.utf8) }, by: \.count)
            var letters = [Bool](repeating: false, count: 256)
            for word in words { if let first = word.utf8.first { letters[Int(first)] = true } }
            firstLetters = letters
        }

        /// False when the entry on `line` cannot start with one of the words: its first byte is
        /// an ASCII letter none starts with, or the line is plain (ASCII letters and single
        /// spaces, which `words(ofEntry:)` cuts at the spaces) and its first word is none of them.
        func mayMatch(firstWordOf line: UnsafeBufferPointer<UInt8>) -> Bool {
            guard startsWithLetterOfAWord(line) else { return false }
            guard Gazetteer.isPlain(line) else { return true }
            return contains(lowerCased: line.prefix { $0 != UInt8(ascii: " ") })
        }

        /// False when the entry on `line`, lower-cased, cannot be one of the words.
        func mayMatch(wholeLine line: UnsafeBufferPointer<UInt8>) -> Bool {
            guard startsWithLetterOfAWord(line) else { return false }
            guard Gazetteer.isPlain(line) else { return true }
            return contains(lowerCased: line[...])
        }

        private func startsWithLetterOfAWord(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
            guard let first = line.first else { return false }
            let lower = first | 0x20
            guard lower >= UInt8(ascii: "a") && lower <= UInt8(ascii: "z") else { return true }
            return firstLetters[Int(lower)]
        }

        private func contains(lowerCased bytes: Slice<UnsafeBufferPointer<UInt8>>) -> Bool {
            guard let candidates = byLength[bytes.count] else { return false }
            return candidates.contains { word in zip(word, bytes).allSatisfy { $0 == $1 | 0x20 } }
        }
    }

    /// ASCII letters separated by single spaces: what `plainWords` cuts without the tokenizer.
    private static func isPlain(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
        var previousWasSpace = true
        for byte in line {
            if byte == UInt8(ascii: " ") {
                if previousWasSpace { return false }
                previousWasSpace = true
            } else {
                guard (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z") else { return false }
                previousWasSpace = false
            }
        }
        return !previousWasSpace
    }

    /// The lines of a list (those `keep` takes), split and judged on its bytes before any string
    /// is made: splitting a String on a Character compares grapheme clusters, which once took
    /// most of the gazetteer's build.
    package static func lines(
        _ list: String, keeping keep: (UnsafeBufferPointer<UInt8>) -> Bool = { _ in true }
    ) -> [Substring] {
        var list = list
        return list.withUTF8 { bytes in
            var kept: [Substring] = []
            var start = 0
            while start < bytes.count {
                // memchr finds the line's end many bytes at a time: the lists are 160 KB, and recall
                // reads them all for every query (a byte-by-byte loop took about a million instructions).
                let base = bytes.baseAddress!
                var end = bytes.count
                if let newline = memchr(base + start, 0x0A, bytes.count - start) {
                    end = base.distance(to: newline.assumingMemoryBound(to: UInt8.self))
                }
                let line = UnsafeBufferPointer(rebasing: bytes[start..<end])
                if !line.isEmpty, keep(line) { kept.append(Substring(String(decoding: line, as: UTF8.self))) }
                start = end + 1
            }
            return kept
        }
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
