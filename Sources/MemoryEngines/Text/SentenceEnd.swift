/// Where a sentence ends: the one set of rules that every reader of text follows —
/// `TextFeatures` (consolidation's summaries and band keys, recall's quotes) and `TextTokens`
/// (entity extraction and the graph's patterns). docs/RECALL.md, "Sentences", has why.
///
/// "!" and "?" end a sentence. A "." ends one unless it closes an abbreviation or an initial:
/// "Dr. Smith", "J. K. Rowling", "St. Louis", "No. 5", "Jan. 3", "e.g. this". A pause ("…",
/// "...") ends one unless the text goes on in lower case: "wait… what did you say". A decimal
/// ("3.5") never reaches these rules: its dot is inside a word.
package enum SentenceEnd {
    /// The scalars that may end a sentence.
    package static func isMark(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "." || scalar == "!" || scalar == "?" || scalar == "…"
    }

    /// Whether the mark `mark` ends its sentence.
    /// - `dots`: how many "." stand together where `mark` is a "." (3 for "...").
    /// - `word`: the word right before the mark (no space between), as written; empty if none.
    /// - `next`: the first scalar of what follows, after white space and quotes; nil at the end.
    package static func ends(
        _ mark: Unicode.Scalar, dots: Int = 1, after word: Substring, before next: Unicode.Scalar?
    ) -> Bool {
        switch mark {
        case "!", "?": return true
        case "…": return !isLowercase(next)
        case ".":
            if dots >= 2 { return !isLowercase(next) }
            return !abbreviates(word, before: next)
        default: return false
        }
    }

    /// Whether a "." after `word` closes an abbreviation rather than a sentence.
    static func abbreviates(_ word: Substring, before next: Unicode.Scalar?) -> Bool {
        guard let first = word.unicodeScalars.first, word.unicodeScalars.count <= 6 else { return false }
        // An initial: a single letter ("J. K. Rowling", the "g" of "e.g.").
        if word.unicodeScalars.count == 1 { return first.properties.isAlphabetic && next != nil }
        let lower = word.lowercased()
        // A title always goes on: "Dr. Smith", "Mrs. Jones", "St. Louis".
        if titles.contains(lower) { return true }
        // Another abbreviation goes on unless a capital follows it: "No. 5" and "Jan. 3", but
        // "…the other one, no. I went home".
        if abbreviations.contains(lower) { return !isUppercase(next) }
        return false
    }

    /// Titles and name parts that are written before a name.
    package static let titles: Set<String> = [
        "dr", "mr", "mrs", "ms", "mx", "prof", "st", "mt", "ft", "sen", "rep", "gov", "gen", "col", "capt", "lt",
        "sgt", "rev", "fr", "pres", "supt", "cmdr", "adm", "maj", "hon",
    ]

    /// Other abbreviations written with a dot.
    package static let abbreviations: Set<String> = [
        "jr", "sr", "vs", "etc", "inc", "corp", "co", "ltd", "no", "nos", "approx", "ave", "rd", "blvd", "dept",
        "univ", "est", "fig", "vol", "pp", "ca", "cf", "al", "jan", "feb", "mar", "apr", "jun", "jul", "aug", "sep",
        "sept", "oct", "nov", "dec", "mon", "tue", "tues", "wed", "thu", "thur", "thurs", "fri", "sat", "sun",
    ]

    private static func isLowercase(_ scalar: Unicode.Scalar?) -> Bool {
        guard let scalar else { return false }
        return scalar.isASCII ? scalar.value >= 0x61 && scalar.value <= 0x7A : scalar.properties.isLowercase
    }

    private static func isUppercase(_ scalar: Unicode.Scalar?) -> Bool {
        guard let scalar else { return false }
        return scalar.isASCII ? scalar.value >= 0x41 && scalar.value <= 0x5A : scalar.properties.isUppercase
    }
}
