import Testing

@testable import MemoryEngines
@testable import MemoryModel

@Suite("Filler: what a conversation says without stating anything")
struct FillerTests {
    let names = Filler.names(of: ["Caroline", "Melanie", "user"])

    @Test("the speakers' names and their beginnings of three letters or more, whatever the script")
    func speakerNames() {
        #expect(Filler.names(of: ["Melanie"]) == ["mel", "mela", "melan", "melani", "melanie"])
        // The definition, one Character at a time; ASCII names take a faster path to the same set.
        func reference(_ speakers: Set<String>) -> Set<String> {
            var names: Set<String> = []
            for speaker in speakers {
                for name in speaker.lowercased().split(whereSeparator: { !$0.isLetter }) where name.count >= 3 {
                    for length in 3...name.count { names.insert(String(name.prefix(length))) }
                }
            }
            return names
        }
        for speakers: Set<String> in [
            ["a1d7aee2-75aa-4e9b-8d12-56c9a26a608b", "3094ba00-9a60-4920-8ada-24a249fca353"],
            ["Jean-Luc Picard", "O'Brien", "user"], ["Zoë", "Ana_María", "李小龙"], ["DR. WHO", "x", "ab1cd"], [],
        ] {
            #expect(Filler.names(of: speakers) == reference(speakers), "\(speakers)")
        }
    }

    func isFiller(_ text: String) -> Bool {
        Filler.isFiller(Filler.sentences(of: TextFeatures(text), names: names))
    }

    @Test("acknowledgements, greetings, thanks and praise are filler, with the speakers' names or nicknames in them")
    func acknowledgements() {
        for text in [
            "That's great, Caroline!", "Thanks, talk soon!", "Wow, that sounds awesome!", "Hey Mel! Good to see you!",
            "Thanks, Melanie! That's really sweet.", "lol", "ok", "Take care, see you later!",
        ] {
            #expect(isFiller(text), "\(text)")
        }
    }

    @Test("short questions back and requests for information are filler; a request names what it likes")
    func questions() {
        for text in [
            "How have you been?", "What made you choose that?", "Wow, that's cool! What happened?",
            "what's the weather like in Berlin tomorrow?", "how far is Munich from Hamburg?",
        ] {
            #expect(isFiller(text), "\(text)")
        }
    }

    @Test("statements about the speaker, names, numbers and questions about oneself are not filler")
    func statements() {
        for text in [
            "I went to a LGBTQ support group yesterday and it was so powerful.", "Leah moved to Lisbon",
            "Dentist on Friday at 9:30", "Thanks, Caroline! I painted that lake sunrise last year.",
            "Should I take the job at Acme?", "Is the trip to Paris with your kids still on for June?",
            "Researching adoption agencies, it's been a dream to have a family.",
        ] {
            #expect(!isFiller(text), "\(text)")
        }
    }

    @Test("a summary leaves out acknowledgements and questions back, never so much that the memory is lost")
    func leftOut() {
        let text = TextFeatures("Wow, Mel, that's cool! I painted that lake sunrise last year in the Alps. What do you think of it?")
        let sentences = Filler.sentences(of: text, names: names)
        #expect(Filler.leftOut(sentences, of: text) == [0, 2])
        // A question carrying most of what is said stays.
        let mostly = TextFeatures("Nice! Did you ever finish reading that long novel about sailing across the Pacific ocean?")
        #expect(Filler.leftOut(Filler.sentences(of: mostly, names: names), of: mostly) == [0])
        // All filler: nothing is left out (the memory is filler, not a summary).
        let all = TextFeatures("Thanks! See you!")
        #expect(Filler.leftOut(Filler.sentences(of: all, names: names), of: all).isEmpty)
    }
}
