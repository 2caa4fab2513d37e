/// Whether a question asks for several things ("How many …", "List every …", "What books has
/// Melanie read?"), whose answer is spread over several conversations: recall within a word budget
/// then quotes one line of each before a second line of any (`RecallContext`, docs/RECALL.md,
/// "Gathering"), and ranking brings another conversation into its first five (`RecallRanker`,
/// "One more session"). Plain English, nothing fitted to a benchmark's phrasings.
package enum RecallGathering {
    /// Words that ask for more than one thing: "how many", "list", "every", "both", "in total",
    /// "all the times", "compare", "what kinds of".
    static let severalWords: Set<String> = [
        "many", "list", "all", "every", "each", "both", "total", "times", "compare", "different", "various",
        "several", "altogether", "kinds", "types", "sorts", "ways",
    ]

    /// Words that put two things in order: "Which came first, the concert or the play?" asks for
    /// both, each likely in a conversation of its own.
    static let orderWords: Set<String> = [
        "first", "earlier", "later", "sooner", "before", "after", "earliest", "latest",
    ]

    /// Whether `question` asks for several things: one of `severalWords`, a plural right after
    /// "what" or "which" ("What books …", "Which cities …"), or two things put in order ("Which
    /// did I start first, the novel or the course?").
    package static func asksForSeveral(_ question: String) -> Bool {
        asksForSeveral(tokens: TextTokens(question).tokens.filter(\.isWord).map(\.lower))
    }

    /// The same, of a question's lower-cased word tokens.
    package static func asksForSeveral(tokens: [String]) -> Bool {
        if tokens.contains(where: severalWords.contains) { return true }
        if tokens.contains("or"), tokens.contains(where: orderWords.contains) { return true }
        return zip(tokens, tokens.dropFirst()).contains { word, next in
            (word == "what" || word == "which") && isPlural(next)
        }
    }

    /// How many memories of conversations not yet among the first few recall brings into them for
    /// a question (`tokens`, its lower-cased words; `RecallRanker.bringingIn`): two when it asks
    /// how many or how much ("in total"), whose answer counts every item; one when it otherwise
    /// asks for several things; none for any other question, whose answer is usually a turn or
    /// two of one conversation.
    package static func otherSessions(tokens: [String]) -> Int {
        guard asksForSeveral(tokens: tokens) else { return 0 }
        let counts =
            tokens.contains("total")
            || zip(tokens, tokens.dropFirst()).contains { $0 == "how" && ($1 == "many" || $1 == "much") }
        return counts ? 2 : 1
    }

    /// A plural noun as far as its ending tells: "books", "cities"; not "does", "his", "class", "bus",
    /// "analysis".
    static func isPlural(_ word: String) -> Bool {
        guard word.count > 3, word.hasSuffix("s"), !TextFeatures.stopWords.contains(word) else { return false }
        return !["ss", "us", "is", "'s", "’s"].contains { word.hasSuffix($0) }
    }
}
