
/// Tells the filler of a conversation from what is worth keeping: acknowledgements, greetings,
/// thanks and compliments ("That's great, Caroline!", "Thanks, talk soon!") and questions that
/// state nothing about the one asking ("How have you been?", "what's the weather like in Berlin
/// tomorrow?"). Pure and rule-based; docs/CONSOLIDATION.md has the rules and what they cost on
/// real conversations.
package enum Filler {
    /// Whether a whole memory is filler: every sentence is, and at most two words in it are
    /// neither chat words nor names of the people talking.
    package static func isFiller(_ sentences: [SentenceTraits]) -> Bool {
        guard sentences.allSatisfy({ $0.isAcknowledgement || $0.isQuestionBack || $0.isRequest }) else { return false }
        // A request ("what's the weather like in Berlin tomorrow?") asks about the world, not
        // about the person asked, whatever it names; a question back may carry what the asker
        // knows of the other ("How was the trip to Paris with your kids?"), so only a short
        // one is filler.
        let questionsBack = sentences.filter { !$0.isRequest }
        return questionsBack.reduce(0) { $0 + $1.residualWords } <= 2
    }

    /// The sentences of a memory that its long-term summary leaves out, never all of them: pure
    /// acknowledgements ("Wow, that's cool!"), and questions back ("What made you pick it?") as
    /// long as what is left still holds `keptShare` of the memory's content words, so that the
    /// memory stays recognisable in the summary.
    package static func leftOut(_ sentences: [SentenceTraits], of text: TextFeatures, keptShare: Double = 0.6) -> Set<Int> {
        guard sentences.count == text.sentences.count, sentences.count > 1 else { return [] }
        var left = Set(sentences.indices.filter { sentences[$0].isAcknowledgement })
        if left.count == sentences.count { return [] }
        let needed = Int((Double(text.words.count) * keptShare).rounded(.up))
        func kept(without excluded: Set<Int>) -> WordSet {
            text.sentences.indices.filter { !excluded.contains($0) }.reduce(WordSet([String]())) {
                $0.union(text.sentences[$1].words)
            }
        }
        for index in sentences.indices where sentences[index].isQuestionBack && !left.contains(index) {
            let trial = left.union([index])
            guard trial.count < sentences.count else { break }
            if kept(without: trial).sharedCount(with: text.words) >= needed { left = trial }
        }
        return left
    }

    /// What the rules need to know about one sentence.
    package struct SentenceTraits {
        /// Words that are neither stop words, chat words nor the speakers' names.
        package var residualWords = 0
        package var firstPerson = false
        package var secondPerson = false
        /// A number, or a capitalised word inside the sentence that is no speaker's name.
        package var namesSomething = false
        package var isQuestion = false

        /// Nothing but chat words, nothing about the speaker, nothing named.
        package var isAcknowledgement: Bool { residualWords == 0 && !firstPerson && !namesSomething }
        /// A question that says nothing about the one asking: back to the other person, or a
        /// request for information.
        package var isQuestionBack: Bool { isQuestion && !firstPerson }
        /// A question about neither the one asking nor the one asked: a request for information.
        package var isRequest: Bool { isQuestionBack && !secondPerson }

        package init(
            residualWords: Int = 0, firstPerson: Bool = false, secondPerson: Bool = false,
            namesSomething: Bool = false, isQuestion: Bool = false
        ) {
            self.residualWords = residualWords
            self.firstPerson = firstPerson
            self.secondPerson = secondPerson
            self.namesSomething = namesSomething
            self.isQuestion = isQuestion
        }
    }

    /// Every sentence of `text`, analysed in one pass over its words; `names` are those of the
    /// people talking (`names(of:)`).
    package static func sentences(of text: TextFeatures, names: Set<String>) -> [SentenceTraits] {
        var sentences = text.sentences.map { SentenceTraits(isQuestion: $0.text.last == "?") }
        for token in text.tokens where token.sentence < sentences.count {
            analyse(token, into: &sentences[token.sentence], names: names)
        }
        return sentences
    }

    private static func analyse(_ token: TextFeatures.Token, into sentence: inout SentenceTraits, names: Set<String>) {
        let lower = token.text.lowercased()
        // "that's" is "that" here, and "don't" is "dont".
        let word = lower.split(whereSeparator: { $0 == "'" || $0 == "’" }).first.map(String.init) ?? lower
        if firstPersonWords.contains(lower) || firstPersonWords.contains(word) {
            sentence.firstPerson = true
            return
        }
        if secondPersonWords.contains(word) {
            sentence.secondPerson = true
            return
        }
        let isSpeaker = names.contains(word)
        if token.text.unicodeScalars.first?.properties.numericType != nil {
            sentence.namesSomething = true
        } else if TextFeatures.isName(token), !isSpeaker {
            sentence.namesSomething = true
        }
        if word.count > 2, !isSpeaker, !chatWords.contains(word), !TextFeatures.stopWords.contains(word),
            !TextFeatures.stopWords.contains(lower.filter { $0 != "'" && $0 != "’" })
        {
            sentence.residualWords += 1
        }
    }

    /// The words that stand for the people talking: their names and every beginning of a name
    /// of at least three letters ("mel" for Melanie).
    package static func names(of speakers: Set<String>) -> Set<String> {
        var names: Set<String> = []
        for speaker in speakers {
            if speaker.utf8.allSatisfy({ $0 < 0x80 }) {
                // ASCII, byte by byte: a Character walk per prefix was 4 % of a pass.
                var name: [UInt8] = []
                for byte in speaker.utf8 + [0] {
                    switch byte {
                    case UInt8(ascii: "a")...UInt8(ascii: "z"): name.append(byte)
                    case UInt8(ascii: "A")...UInt8(ascii: "Z"): name.append(byte | 0x20)
                    default:
                        if name.count >= 3 {
                            for length in 3...name.count { names.insert(String(decoding: name[..<length], as: UTF8.self)) }
                        }
                        name.removeAll(keepingCapacity: true)
                    }
                }
                continue
            }
            for name in speaker.lowercased().split(whereSeparator: { !$0.isLetter }) where name.count >= 3 {
                for length in 3...name.count { names.insert(String(name.prefix(length))) }
            }
        }
        return names
    }

    package static let firstPersonWords: Set<String> = [
        "i", "i'm", "i've", "i'd", "i'll", "im", "ive", "me", "my", "mine", "myself", "we", "we're", "we've", "our",
        "ours", "us",
    ]

    package static let secondPersonWords: Set<String> = ["you", "your", "yours", "yourself", "ya", "u"]

    /// Greetings and goodbyes, thanks, agreement, exclamations, praise and the verbs and nouns of
    /// small talk: words that carry no fact on their own.
    package static let chatWords: Set<String> = [
        // greetings and goodbyes
        "hey", "hello", "hiya", "bye", "goodbye", "later", "soon", "talk", "catch", "care", "see", "meet", "morning",
        "evening", "night", "chat", "chatting",
        // thanks
        "thanks", "thank", "thx", "appreciate", "appreciated", "welcome",
        // agreement
        "yeah", "yep", "yup", "yes", "sure", "totally", "absolutely", "definitely", "agreed", "agree", "indeed",
        "right", "true", "exactly", "okay", "cool",
        // exclamations
        "wow", "whoa", "omg", "aww", "awww", "haha", "hah", "lol", "hmm", "ooh", "ahh", "yay", "woah", "woohoo",
        // praise and sympathy
        "great", "awesome", "amazing", "nice", "wonderful", "glad", "happy", "lovely", "beautiful", "gorgeous",
        "stunning", "incredible", "fantastic", "fabulous", "brilliant", "impressive", "inspiring", "adorable", "cute",
        "sweet", "fun", "exciting", "excited", "proud", "sorry", "bummer", "tough", "sad", "congrats",
        "congratulations", "neat", "perfect", "terrific", "cheers",
        // the verbs and nouns of small talk
        "sounds", "sound", "looks", "look", "seems", "seem", "hear", "heard", "hope", "hoping", "wish", "keep", "take", "love",
        "loved", "mean", "means", "know", "let", "tell", "thing", "things", "stuff", "way", "lot", "lots",
        "something", "everything", "anything", "guess", "think", "feel", "feeling", "really", "super", "pretty",
        "truly", "much", "always", "good", "luck", "best", "job", "well", "done", "man", "dude", "buddy", "friend",
    ]
}
