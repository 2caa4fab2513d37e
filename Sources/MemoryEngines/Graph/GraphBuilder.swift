import MemoryModel

/// Reads the facts in one memory: co-occurrence of the named entities, and typed relations
/// from phrasings around the mentions ("X works at Y", "my sister Leah", "X is Y's brother").
/// Pure and `Sendable`.
package struct GraphBuilder: Sendable {
    /// Co-occurrence pairs come from at most this many distinct named entities per memory.
    package static let maximumCoOccurring = 12

    package func observations(_ input: GraphInput) -> [GraphObservation] {
        var found: [GraphObservation] = []
        var seen: Set<GraphObservation> = []
        func add(_ observation: GraphObservation) {
            guard observation.subject != observation.object, seen.insert(observation).inserted else { return }
            found.append(observation)
        }
        let named = Array(
            Set(input.mentions.filter { $0.kind.isNamed }.map(\.entity)).sorted().prefix(Self.maximumCoOccurring))
        for (index, first) in named.enumerated() {
            for second in named[(index + 1)...] {
                add(GraphObservation(subject: .entity(first), predicate: .coOccurs, object: .entity(second)))
            }
        }
        let times = Self.eventTimes(in: input)
        for sentence in Clause.sentences(of: input) {
            // The first past time the sentence names is when what it states began (or ended).
            let since = times.first { $0.offset >= sentence.start && $0.offset < sentence.end }?.time
            for var observation in RelationPatterns(sentence: sentence.items, speaker: .speaker(input.source)).observations() {
                observation.since = since
                add(observation)
            }
        }
        return found
    }

    /// The relative times of a memory (as the extraction pass stored them) that lie before it
    /// was said, where they are in code points (as token offsets are), and the start of the
    /// first day each means: "last month" said on 9 May is 1 April. A time to come ("next month")
    /// is a plan, not yet a fact, and is left out; "today" is when it was said.
    static func eventTimes(in input: GraphInput) -> [(offset: Int, time: Timestamp)] {
        guard !input.times.isEmpty else { return [] }
        let bytes = Array(input.text.utf8)
        let today = CalendarDay(input.createdAt)
        return input.times.compactMap { time in
            guard time.firstDay < today else { return nil }
            let offset = String(decoding: bytes[..<time.start], as: UTF8.self).unicodeScalars.count
            return (offset, time.firstDay.start)
        }
    }

    package init() {}
}

/// A sentence as relation patterns read it: words (lower-cased, contractions opened, filler
/// adverbs dropped), punctuation, and mentions in place of the words they cover.
package enum Clause {
    package enum Item: Equatable {
        case word(String)
        case mention(EntityID, EntityKind, possessive: Bool)
    }

    /// A sentence's items and where it lies in the text, in code points: from its first token to
    /// the next sentence's first token (or the end).
    package struct SentenceItems {
        package var items: [Item]
        package var start: Int
        package var end: Int
    }

    package static func sentences(of input: GraphInput) -> [SentenceItems] {
        let tokens = TextTokens(input.text)
        let mentions = input.mentions.sorted { $0.start < $1.start }
        var sentences: [SentenceItems] = []
        var current: [Item] = []
        var start = 0
        var next = 0
        var index = 0
        while index < tokens.tokens.count {
            let token = tokens.tokens[index]
            if token.startsSentence, !current.isEmpty {
                sentences.append(SentenceItems(items: current, start: start, end: token.start))
                current = []
            }
            if current.isEmpty { start = token.start }
            while next < mentions.count, mentions[next].end <= token.start { next += 1 }
            if next < mentions.count, mentions[next].start <= token.start {
                let mention = mentions[next]
                var last = index
                while last + 1 < tokens.tokens.count, tokens.tokens[last + 1].start < mention.end { last += 1 }
                current.append(.mention(mention.entity, mention.kind, possessive: tokens.tokens[last].possessive))
                next += 1
                index = last + 1
                continue
            }
            if let opened = contractions[token.lower] {
                current += opened.map { .word($0) }
            } else if !fillers.contains(token.lower) {
                current.append(.word(token.lower))
            }
            index += 1
        }
        if !current.isEmpty { sentences.append(SentenceItems(items: current, start: start, end: Int.max)) }
        return sentences
    }

    package static let contractions: [String: [String]] = [
        "i'm": ["i", "am"], "im": ["i", "am"], "i've": ["i", "have"], "i'd": ["i", "would"], "i'll": ["i", "will"],
        "we're": ["we", "are"], "we've": ["we", "have"], "we'll": ["we", "will"], "she's": ["she", "is"],
        "he's": ["he", "is"], "don't": ["do", "not"], "doesn't": ["does", "not"], "didn't": ["did", "not"],
        "isn't": ["is", "not"], "aren't": ["are", "not"], "wasn't": ["was", "not"], "won't": ["will", "not"],
        "can't": ["can", "not"], "never": ["not"], "dont": ["do", "not"], "didnt": ["did", "not"],
    ]

    /// Adverbs and auxiliaries that do not change which relation a phrase states.
    package static let fillers: Set<String> = [
        "now", "still", "currently", "just", "finally", "recently", "also", "actually", "really", "already",
        "officially", "happily", "even", "again", "back", "eventually", "have", "has", "had", "both", "all", "totally",
        "absolutely", "truly", "so", "very", "much", "always", "too", "literally", "basically",
    ]
}
