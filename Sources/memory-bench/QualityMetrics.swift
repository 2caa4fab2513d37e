
import Foundation

/// The quality measures of the benchmarks on real conversations, as the quality issues define
/// them: R@K's "visible" rule and Answer@B's "answered" rule.
enum QualityMetrics {
    /// Common English stop words: NLTK's English list.
    static let stopWords: Set<String> = [
        "i", "me", "my", "myself", "we", "our", "ours", "ourselves", "you", "your", "yours", "yourself",
        "yourselves", "he", "him", "his", "himself", "she", "her", "hers", "herself", "it", "its", "itself", "they",
        "them", "their", "theirs", "themselves", "what", "which", "who", "whom", "this", "that", "these", "those",
        "am", "is", "are", "was", "were", "be", "been", "being", "have", "has", "had", "having", "do", "does", "did",
        "doing", "a", "an", "the", "and", "but", "if", "or", "because", "as", "until", "while", "of", "at", "by",
        "for", "with", "about", "against", "between", "into", "through", "during", "before", "after", "above",
        "below", "to", "from", "up", "down", "in", "out", "on", "off", "over", "under", "again", "further", "then",
        "once", "here", "there", "when", "where", "why", "how", "all", "any", "both", "each", "few", "more", "most",
        "other", "some", "such", "no", "nor", "not", "only", "own", "same", "so", "than", "too", "very", "s", "t",
        "can", "will", "just", "don", "should", "now", "d", "ll", "m", "o", "re", "ve", "y", "ain", "aren",
        "couldn", "didn", "doesn", "hadn", "hasn", "haven", "isn", "ma", "mightn", "mustn", "needn", "shan",
        "shouldn", "wasn", "weren", "won", "wouldn",
    ]

    /// Lower-cased runs of `[a-z0-9]` longer than 2 characters, minus stop words.
    static func contentWords(_ text: String) -> Set<String> {
        Set(runs(text).filter { $0.count > 2 && !stopWords.contains($0) })
    }

    /// A gold answer's words: lower-cased runs of `[a-z0-9]` longer than 2 characters or all
    /// digits, minus stop words.
    static func answerWords(_ text: String) -> Set<String> {
        Set(runs(text).filter { ($0.count > 2 || $0.allSatisfy(\.isNumber)) && !stopWords.contains($0) })
    }

    /// A text holds the answer when at least half of the answer's words occur in it as words.
    /// An answer with no such words ("UK", "Jo") is never counted as held.
    static func holdsAnswer(_ answer: Set<String>, in text: String) -> Bool {
        guard !answer.isEmpty else { return false }
        let words = Set(runs(text))
        return answer.filter(words.contains).count * 2 >= answer.count
    }

    /// Lower-cased runs of `[a-z0-9]`.
    static func runs(_ text: String) -> [String] {
        var runs: [String] = []
        var current: [UInt8] = []
        func flush() {
            if !current.isEmpty, let word = String(validating: current, as: UTF8.self) { runs.append(word) }
            current.removeAll(keepingCapacity: true)
        }
        for byte in text.lowercased().utf8 {
            if (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x30 && byte <= 0x39) {
                current.append(byte)
            } else {
                flush()
            }
        }
        flush()
        return runs
    }

    /// A turn as the baseline and the oracle hand it over: `[YYYY-MM-DD] speaker: text`.
    static func rendered(_ turn: Haystack.Turn) -> String {
        "[\(day.string(from: turn.time))] \(turn.speaker): \(turn.content)"
    }

    /// The first `budget` words of `text`.
    static func cut(_ text: String, to budget: Int) -> String {
        text.split(whereSeparator: \.isWhitespace).prefix(budget).joined(separator: " ")
    }

    private static let day = Haystack.utcFormatter("yyyy-MM-dd")

    /// A turn is visible in a text when at least half of its content words occur in it.
    static func isVisible(turn: Set<String>, in text: Set<String>) -> Bool {
        turn.filter(text.contains).count * 2 >= turn.count
    }

    /// Whitespace-separated words.
    static func wordCount(_ text: String) -> Int {
        text.split(whereSeparator: \.isWhitespace).count
    }
}
