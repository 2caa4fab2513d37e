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

    /// A recall of one memory the user said, `text`, that names Leah, and these facts (subject,
    /// predicate, object), each since 20 September 2026.
    private func recallAboutLeah(_ text: String, facts: [(String, String, String)]) -> Recall {
        let since = Timestamp(iso8601: "2026-09-20T10:00:00Z")!
        return Recall(
            memories: [memory(1, text, speaker: "user")],
            entities: [.init(id: EntityID(1), name: "Leah", kind: "person")],
            facts: facts.map { .init(subject: $0.0, predicate: $0.1, object: $0.2, since: since) })
    }

    @Test("a fact is given first, and only when it bears on the question")
    func facts() {
        let recall = recallAboutLeah(
            "my sister Leah called this morning",
            facts: [("Leah", "lives_in", "Munich"), ("Leah", "spouse_of", "Tom"), ("user", "lives_in", "Hamburg")])
        let context = RecallContext(recall, query: "Where does my sister Leah live?", maximumWords: 30)
        #expect(context.lines.first == "Leah lives in Munich (since 20 September 2026).")
        #expect(context.facts.map(\.object) == ["Munich"])
    }

    @Test("what someone does is one line, strongest first, and only for a question that asks what they do")
    func doing() {
        let recall = recallAboutLeah(
            "Leah said the pottery class was fun",
            facts: [
                ("Leah", "lives_in", "Munich"), ("Leah", "does", "camping"), ("Leah", "does", "pottery class"),
                ("Leah", "does", "swimming"), ("user", "does", "chess"),
            ])
        for query in ["What activities does Leah enjoy?", "Which events has Leah attended?", "What are Leah's hobbies?"] {
            let asked = RecallContext(recall, query: query, maximumWords: 40)
            #expect(asked.lines.first == "Leah does camping, pottery class and swimming.", "\(query)")
            #expect(asked.facts.map(\.object) == ["camping", "pottery class", "swimming"])
        }
        // A question about something else that she does: the line would say nothing of it.
        let other = RecallContext(recall, query: "Why did Leah leave the pottery class?", maximumWords: 40)
        #expect(other.facts.isEmpty)
        #expect(other.lines.allSatisfy { !$0.hasPrefix("Leah does") })
        // "like" asks when it is a verb, not when it compares.
        #expect(RecallContext.asksWhatIsDone("What sports does Leah like?"))
        #expect(RecallContext.asksWhatIsDone("How do Leah and Tom both like to unwind?"))
        #expect(!RecallContext.asksWhatIsDone("What does Leah do in cool places like Whispering Falls?"))
        #expect(!RecallContext.asksWhatIsDone("Where does Leah live?"))
        var peer = recall.facts[1]
        peer.device = "desktop"
        #expect(FactLines.lines([peer]).map(\.text) == ["Leah does camping (on desktop)."])
    }

    /// A memory of `session`, said on `day` (ISO 8601 date, 10:00 UTC).
    private func memory(
        _ id: Int64, _ text: String, session: String, day: String, speaker: String = "user"
    ) -> Recall.Memory {
        var memory = memory(id, text, speaker: speaker, at: Timestamp(iso8601: "\(day)T10:00:00Z")!)
        memory.session = session
        memory.matched?.session = session
        return memory
    }

    @Test("a question that asks for several things gets a line from each session before a second line from any")
    func gathersSessions() {
        let recall = Recall(
            memories: [
                memory(1, "I booked a doctor's appointment for my knee with Dr Reyes.", session: "a", day: "2024-03-04"),
                memory(2, "The doctor's appointment for my knee is at nine on Friday.", session: "a", day: "2024-03-04"),
                memory(3, "I hope the doctor's appointment helps my knee.", session: "a", day: "2024-03-04"),
                memory(4, "I had a doctor's appointment for my eyes, I need glasses.", session: "b", day: "2024-04-11"),
                memory(5, "My doctor's appointment for the allergy test is next week.", session: "c", day: "2024-05-20"),
            ], entities: [], facts: [])
        let sessionOf: [Int64: String] = [1: "a", 2: "a", 3: "a", 4: "b", 5: "c"]
        let several = RecallContext(recall, query: "How many doctor's appointments did I have?", maximumWords: 40)
        #expect(Set(several.passages.compactMap { sessionOf[$0.memory.id] }) == ["a", "b", "c"], "\(several.lines)")
        #expect(several.words <= 40)
        // A question after one thing gets the best lines, whatever their session.
        let one = RecallContext(recall, query: "When is the doctor's appointment for my knee?", maximumWords: 40)
        #expect(one.passages.map(\.memory.id) == [1, 2, 3], "\(one.lines)")
    }

    @Test("a fact said again and again is one line, with every day it was said")
    func saidAgainIsOneLine() {
        let days = ["2024-01-08", "2024-02-12", "2024-03-11", "2024-04-15", "2024-05-13"]
        var memories = days.enumerated().map { index, day in
            memory(Int64(index + 1), "I take my blood pressure pill every morning at eight.", session: "s\(index)", day: day)
        }
        memories.insert(memory(9, "The blood pressure pill makes me a little dizzy.", session: "s9", day: "2024-06-03"), at: 2)
        let context = RecallContext(
            Recall(memories: memories, entities: [], facts: []), query: "When do I take my blood pressure pill?",
            maximumWords: 100)
        #expect(context.lines.filter { $0.contains("every morning at eight") }.count == 1, "\(context.lines)")
        #expect(
            context.lines.first
                == "[8 January 2024, 12 February 2024, 11 March 2024, 15 April 2024, 13 May 2024] user: "
                + "I take my blood pressure pill every morning at eight.")
        #expect(context.lines.contains("[3 June 2024] user: The blood pressure pill makes me a little dizzy."))
        #expect(context.words <= 100 && words(context.text) == context.words)
        // With less room, the days that do not fit are left out, and the line is still quoted once.
        let tight = RecallContext(
            Recall(memories: memories, entities: [], facts: []), query: "When do I take my blood pressure pill?",
            maximumWords: 30)
        #expect(
            tight.lines == [
                "[8 January 2024, 12 February 2024, 11 March 2024] user: I take my blood pressure pill every morning at eight.",
                "[3 June 2024] user: The blood pressure pill makes me…",
            ])
        #expect(tight.words == 30)
    }

    @Test("a question asks for several things by the words it uses, not by its length")
    func asksForSeveral() {
        for question in [
            "How many doctor's appointments did I have?", "List every book I read.", "What books has Melanie read?",
            "Which cities has Jon visited?", "How much did I spend in total?", "Did both of them paint sunsets?",
            "Which did I start first, the novel or the course?", "Did the move come before or after the new job?",
        ] {
            #expect(RecallGathering.asksForSeveral(question), "\(question)")
        }
        for question in [
            "What is Caroline's relationship status?", "When did I go to the dentist?", "What does Melanie do?",
            "Which class did I take?", "What bus goes downtown?", "Did I go with a friend or alone?",
            "When did I first go climbing?",
        ] {
            #expect(!RecallGathering.asksForSeveral(question), "\(question)")
        }
    }

    @Test("a question that counts wants two more sessions among the first memories, one that asks for several one")
    func otherSessions() {
        func wanted(_ question: String) -> Int {
            RecallGathering.otherSessions(tokens: TextTokens(question).tokens.filter(\.isWord).map(\.lower))
        }
        #expect(wanted("How many weddings did I attend this year?") == 2)
        #expect(wanted("How much did I raise for charity in total?") == 2)
        #expect(wanted("What books has Melanie read?") == 1)
        #expect(wanted("Which came first, the concert or the play?") == 1)
        #expect(wanted("How much does the bike weigh?") == 0)
        #expect(wanted("What is Caroline's relationship status?") == 0)
    }

    @Test("nothing recalled says so")
    func empty() {
        let context = RecallContext(Recall(memories: [], entities: [], facts: []), query: "anything", maximumWords: 50)
        #expect(context.text == "No memories match.")
        #expect(context.passages.isEmpty)
    }
}
