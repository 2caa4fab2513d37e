import MemoryModel
import Testing

@testable import MemoryEngines

@Suite("Recall within a word budget")
struct RecallContextTests {
    let said = Timestamp(iso8601: "2022-03-17T14:30:00Z")!

    /// A recalled memory whose best turn is `text`, said by `speaker` at `at` (`said` by default).
    private func memory(
        _ id: Int64, _ text: String, speaker: String = "James", score: Double = 1, at: Timestamp? = nil
    ) -> Recall.Memory {
        let at = at ?? said
        var memory = Recall.Memory(kind: "stm", id: id, text: text, score: score, createdAt: at)
        memory.source = speaker
        memory.matched = Recall.Turn(id: id, text: text, speaker: speaker, createdAt: at)
        return memory
    }

    private func words(_ text: String) -> Int { text.split(whereSeparator: \.isWhitespace).count }

    @Test("a short memory is quoted whole, with its day spoken and who said it, relative times resolved")
    func shortMemoryWhole() {
        let recall = Recall(memories: [memory(1, "Yesterday I went bowling with my brother.")], entities: [], facts: [])
        let context = RecallContext(recall, query: "What did James do on 16 March 2022?", maximumWords: 100)
        #expect(context.text == "[17 March 2022] James: Yesterday (16 March 2022) I went bowling with my brother.")
        #expect(!context.truncated)
        #expect(context.passages.map(\.isCut) == [false])
    }

    @Test("a line of the same day as the line before it leaves the date to that line, and the words saved are quoted")
    func dateOncePerDay() {
        let later = Timestamp(iso8601: "2022-03-20T09:00:00Z")!
        let recall = Recall(
            memories: [
                memory(1, "I went bowling with my brother."),
                memory(2, "Bowling again soon, then.", speaker: "Ana"),
                memory(3, "The bowling alley closed.", at: later),
                memory(4, "We found another bowling place.", speaker: "Ana"),
            ], entities: [], facts: [])
        let context = RecallContext(recall, query: "bowling", maximumWords: 100)
        #expect(
            context.lines == [
                "[17 March 2022] James: I went bowling with my brother.",
                "Ana: Bowling again soon, then.",
                "[20 March 2022] James: The bowling alley closed.",
                "[17 March 2022] Ana: We found another bowling place.",
            ])
        #expect(context.passages.map(\.day.spoken) == ["17 March 2022", "17 March 2022", "20 March 2022", "17 March 2022"])
        // 32 words: with a date on every line, the fourth memory would not fit.
        #expect(words(context.text) == 32 && context.words == 32)
        let tight = RecallContext(recall, query: "bowling", maximumWords: 32)
        #expect(tight.lines == context.lines)
        #expect(RecallContext(recall, query: "bowling", maximumWords: 31).lines.count == 3)
    }

    @Test("a long memory is quoted as the passage that matches, its cuts marked, within the budget")
    func longMemoryPassage() {
        let filler = (1...30).map { "Step \($0) is about something else entirely here." }
        var sentences = filler
        sentences.insert("The Mayo Clinic video is called How to Sit Properly at a Desk.", at: 17)
        let recall = Recall(memories: [memory(1, sentences.joined(separator: " "), speaker: "assistant")], entities: [], facts: [])
        for budget in [30, 50, 100] {
            let context = RecallContext(recall, query: "Which Mayo Clinic video did you recommend?", maximumWords: budget)
            #expect(context.text.contains("The Mayo Clinic video is called How to Sit Properly at a Desk."), "\(budget)")
            #expect(context.text.contains("…"))
            #expect(context.words <= budget && words(context.text) == context.words)
            #expect(context.truncated && context.passages.first?.isCut == true)
        }
    }

    @Test("one long sentence is cut around the words that match")
    func longSentence() {
        let sentence = (1...200).map { $0 == 150 ? "Munich" : "word\($0)" }.joined(separator: " ")
        let recall = Recall(memories: [memory(1, sentence)], entities: [], facts: [])
        let context = RecallContext(recall, query: "Munich", maximumWords: 40)
        #expect(context.text.contains("Munich"))
        #expect(context.text.contains("…word"))
        #expect(words(context.text) <= 40)
    }

    @Test("a matched sentence that does not fit whole is cut to the room left, not passed over for one that matches nothing")
    func matchedSentenceCutToFit() {
        let recall = Recall(
            memories: [
                memory(1, "Leah loves her flat, she tells everyone she meets."),
                memory(2, "It was raining. She found the flat in Munich near the river and the old square."),
            ], entities: [], facts: [])
        let context = RecallContext(recall, query: "Where is Leah's flat?", maximumWords: 26)
        #expect(
            context.lines == [
                "[17 March 2022] James: Leah loves her flat, she tells everyone she meets.",
                "James: …She found the flat in Munich near the river and the old…",
            ])
        #expect(words(context.text) == 26 && context.words == 26)
        #expect(context.truncated && context.passages.map(\.isCut) == [false, true])
        // No room for a piece of `shortestCut` words: the sentence is passed over, and what fits is quoted.
        let tight = RecallContext(recall, query: "Where is Leah's flat?", maximumWords: 18)
        #expect(tight.lines.last == "James: It was raining.…")
        #expect(tight.words <= 18)
    }

    @Test("the speaker is a word of the line: a sentence that only names the person asked about is not the better quote")
    func speakerIsAWordOfTheLine() {
        let recall = Recall(
            memories: [
                memory(1, "Watch other people's videos first so you learn what the audience likes.", speaker: "Joanna"),
                memory(2, "Thanks so much for all the advice on my new channel, Joanna!", speaker: "Nate"),
            ], entities: [], facts: [])
        let query = "What advice does Joanna give about videos?"
        // Counted by its text alone, Nate's line matches two of the question's words and Joanna's
        // one, so his was quoted first and hers cut to the seven words left.
        let context = RecallContext(recall, query: query, maximumWords: 24)
        #expect(
            context.lines.first == "[17 March 2022] Joanna: Watch other people's videos first so you learn what the audience likes.")
        #expect(context.passages.map(\.isCut) == [false, true])
        #expect(context.words == 24)
    }

    @Test("a reply's first sentence answers the turn before it: it is quoted before the reply's own matching words")
    func replyFollowsTheTurnBefore() {
        var reply = memory(1, "Seven years now, and I finally found my muses. It is so calming. Check out the art I made!", speaker: "Melanie")
        let query = "How long has Melanie been making art?"
        // Counted by the reply alone, its last sentence holds a word of the question and the first none.
        let alone = RecallContext(Recall(memories: [reply], entities: [], facts: []), query: query, maximumWords: 14)
        #expect(alone.lines == ["[17 March 2022] Melanie: …It is so calming. Check out the art I made!"])
        reply.matched?.before = "How long have you been making art?"
        let answered = RecallContext(Recall(memories: [reply], entities: [], facts: []), query: query, maximumWords: 14)
        // Its first sentence is longer than half the budget, so it is cut to that, and nothing else fits.
        #expect(answered.lines == ["[17 March 2022] Melanie: Seven years now, and I finally found…"])
    }

    @Test("an acknowledgement is not quoted: a reply's answer follows the question over it, its cut marked")
    func acknowledgementsLeftOut() {
        var reply = memory(1, "Thanks, Caroline! It was Matt Patterson, he is so talented!", speaker: "Melanie")
        reply.matched?.before = "Who performed at the concert for your daughter's birthday?"
        let thanks = memory(2, "Wow, that's so awesome, Melanie!", speaker: "Caroline")
        let recall = Recall(memories: [thanks, reply], entities: [], facts: [])
        let context = RecallContext(recall, query: "Who performed at the concert for Melanie's daughter?", maximumWords: 30)
        #expect(context.lines == ["[17 March 2022] Melanie: …It was Matt Patterson, he is so talented!"])
        // With room for every word, still only what was said.
        let roomy = RecallContext(recall, query: "Who performed at the concert for Melanie's daughter?", maximumWords: 200)
        #expect(roomy.lines == context.lines)
    }

    @Test("a line that holds no word of its own but the question's and its speaker's is left out, and its words go to the next")
    func noLineWithoutWordsOfItsOwn() {
        let recall = Recall(
            memories: [
                memory(1, "How long have you been into art?", speaker: "Caroline"),
                memory(2, "Melanie? Art!", speaker: "Caroline"),
                memory(3, "I have been painting for seven years now.", speaker: "Melanie"),
                memory(4, "Art classes helped me a lot at first.", speaker: "Melanie"),
            ], entities: [], facts: [])
        let query = "How long has Melanie been practicing art?"
        let context = RecallContext(recall, query: query, maximumWords: 100)
        #expect(
            context.lines == [
                "[17 March 2022] Melanie: I have been painting for seven years now (since 2015).",
                "Melanie: Art classes helped me a lot at first.",
            ])
        // A question quoted beside its answer stays: the line says something of its own.
        let asked = Recall(
            memories: [memory(1, "How long have you been into art? Since I was seven.", speaker: "Melanie")],
            entities: [], facts: [])
        #expect(
            RecallContext(asked, query: query, maximumWords: 100).lines
                == ["[17 March 2022] Melanie: How long have you been into art? Since I was seven."])
        // Nothing but such lines: nothing to quote.
        let silent = Recall(memories: Array(recall.memories.prefix(2)), entities: [], facts: [])
        #expect(RecallContext(silent, query: query, maximumWords: 100).text == "No memories match.")
    }

    @Test("the budget is never exceeded, whatever the memories")
    func budgetHolds() {
        let memories = (1...20).map { index in
            memory(Int64(index), (1...(index * 7)).map { "sentence \($0) of memory \(index) about dinner." }.joined(separator: " "))
        }
        let recall = Recall(memories: memories, entities: [], facts: [])
        for budget in [20, 33, 50, 100, 200, 400, 1000] {
            let context = RecallContext(recall, query: "dinner memory", maximumWords: budget)
            #expect(words(context.text) <= budget, "\(budget)")
            #expect(words(context.text) == context.words)
        }
    }

    @Test("a list number is quoted with its item, never alone")
    func listNumbers() {
        let answer = "Here are some ideas for your trip. 1. Visit the old town of Porto at dawn. 2. Take the tram up to "
            + "the castle. 3. Eat at a tasca near the river. 4. See the azulejos at the station. Enjoy the trip!"
        let recall = Recall(memories: [memory(1, answer, speaker: "assistant")], entities: [], facts: [])
        for budget in [20, 30, 50] {
            let context = RecallContext(recall, query: "What did you suggest for the tram?", maximumWords: budget)
            #expect(context.text.contains("2. Take the tram up to the castle."), "\(budget)")
            // No number stands alone between cuts.
            #expect(context.text.firstMatch(of: /…\d+\.\s*…|…\d+\.$/) == nil, "\(context.text)")
        }
    }

    @Test("memories come in rank order, each once")
    func rankOrder() {
        let recall = Recall(
            memories: [memory(1, "Leah moved to Munich."), memory(2, "Leah called this morning.")], entities: [], facts: [])
        let context = RecallContext(recall, query: "Leah", maximumWords: 100)
        #expect(context.passages.map(\.memory.id) == [1, 2])
    }

    @Test("a fact is given first, and only when it bears on the question")
    func facts() {
        let since = Timestamp(iso8601: "2026-09-20T10:00:00Z")!
        let recall = Recall(
            memories: [memory(1, "my sister Leah called this morning", speaker: "user")],
            entities: [.init(id: EntityID(1), name: "Leah", kind: "person")],
            facts: [
                .init(subject: "Leah", predicate: "lives_in", object: "Munich", since: since),
                .init(subject: "Leah", predicate: "spouse_of", object: "Tom", since: since),
                .init(subject: "user", predicate: "lives_in", object: "Hamburg", since: since),
            ])
        let context = RecallContext(recall, query: "Where does my sister Leah live?", maximumWords: 30)
        #expect(context.lines.first == "Leah lives in Munich (since 20 September 2026).")
        #expect(context.facts.map(\.object) == ["Munich"])
    }

    @Test("nothing recalled says so")
    func empty() {
        let context = RecallContext(Recall(memories: [], entities: [], facts: []), query: "anything", maximumWords: 50)
        #expect(context.text == "No memories match.")
        #expect(context.passages.isEmpty)
    }
}
