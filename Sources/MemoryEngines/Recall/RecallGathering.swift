/// Whether a question asks for several things ("How many …", "List every …", "What books has
/// Melanie read?"), whose answer is spread over several conversations: recall within a word budget
/// then quotes one line of each before a second line of any (`RecallContext`, docs/RECALL.md,
/// "Gathering"). Plain English, nothing fitted to a benchmark's phrasings.
package enum RecallGathering {
    /// Words that ask for more than one thing: "how many", "list", "every", "both", "in total",
    /// "all the times", "compare", "what kinds of".
    static let severalWords: Set<String> = [
        "many", "list", "all", "every", "each", "both", "total", "times", "compare", "different", "various",
        "several", "altogether", "kinds", "types", "sorts", "ways",
    ]

    /// Whether `question` asks for several things: one of `severalWords`, or a plural right after
    /// "what" or "which" ("What books …", "Which cities …").
    package static func asksForSeveral(_ question: String) -> Bool {
        let tokens = TextTokens(question).tokens.filter(\.isWord).map(\.lower)
        if tokens.contains(where: severalWords.contains) { return true }
        return zip(tokens, tokens.dropFirst()).contains { word, next in
            (word == "what" || word == "which") && isPlural(next)
        }
    }

    /// A plural noun as far as its ending tells: "books", "cities"; not "does", "his", "class", "bus",
    /// "analysis".
    static func isPlural(_ word: String) -> Bool {
        guard word.count > 3, word.hasSuffix("s"), !TextFeatures.stopWords.contains(word) else { return false }
        return !["ss", "us", "is", "'s", "’s"].contains { word.hasSuffix($0) }
    }
}
