
/// SplitMix64: a small, fast, seedable generator so every run produces the same data.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// One generated chat message.
struct ChatMessage {
    /// Who wrote it: "user" or "assistant" here, the sender's id in the Chit-Chat corpus.
    let source: String
    let content: String
    let session: String
    /// Milliseconds since 1970.
    let createdAt: Int64
    let importance: Double?
}

/// Generates realistic assistant conversations: a user who repeats facts about their life
/// (names, places, work, family, dates), asks questions and makes small talk, and an assistant
/// that answers at length. Lowercase chat, typos, one-word messages and very long messages are
/// all in the mix.
struct ChatGenerator {
    private var random: SeededGenerator
    /// Messages are 5 s to 2 min apart, sessions up to two hours apart: about 2.5 minutes a
    /// message on average, so a million span about five years from 2020 and all lie in the past.
    private var clock: Int64 = 1_577_836_800_000  // 2020-01-01T00:00:00Z
    private var session = 0
    private var turnsLeftInSession = 0
    private(set) var produced = 0

    /// A word that appears in exactly one generated message, for rare-word search timings.
    static let rareWord = "quokkaburger"
    let rareIndex: Int

    init(seed: UInt64 = 42, count: Int) {
        random = SeededGenerator(seed: seed)
        rareIndex = count / 2
    }

    static let names = [
        "Leah", "Marcus", "Priya", "Tomás", "Aiko", "Fatima", "Jonas", "Chloé", "Dmitri", "Grace", "Olu", "Sven",
        "Mei", "Rafael", "Hannah", "Kwame", "Ingrid", "Mateo", "Zoe", "Arjun",
    ]
    static let places = [
        "Berlin", "Lisbon", "New York", "Kyoto", "Nairobi", "Toronto", "São Paulo", "Melbourne", "Oslo",
        "Mexico City", "Edinburgh", "Seoul", "Cape Town", "Vienna", "Austin",
    ]
    static let organizations = [
        "Acme Corp", "Globex", "Initech", "the university hospital", "Stark Industries", "a small design studio",
        "the city council", "Wayne Enterprises", "Umbrella Labs", "the public library",
    ]
    static let topics = [
        "the quarterly report", "my sourdough starter", "the marathon training plan", "our kitchen renovation",
        "the kids' school schedule", "learning Portuguese", "the new project at work", "my visa application",
        "the camping trip", "a birthday present for my dad",
    ]
    static let smallTalk = [
        "ok", "lol", "thanks!", "cool", "hmm", "yes", "no", "sure", "haha nice", "ok thx", "got it", "k",
        "good morning", "gn", "👍", "wow", "makes sense", "nvm", "brb", "thank you so much!!",
    ]
    static let assistantSentences = [
        "That sounds like a good plan.", "Here is a summary of what we discussed so far.",
        "I can help you break this down into smaller steps.", "Let me know if you want me to set a reminder.",
        "It might be worth checking the opening hours before you go.",
        "Based on what you told me earlier, that should fit your schedule.",
        "I would suggest starting with the most urgent item first.",
        "You mentioned this last week as well, so I have noted it.",
        "There are a few options, each with different trade-offs.",
        "If you prefer, I can draft a message for you to send.",
        "The forecast says it will be sunny with a light breeze.",
        "Remember to bring your passport and a copy of the booking.",
    ]

    private mutating func pick<T>(_ items: [T]) -> T { items[Int(random.next() % UInt64(items.count))] }

    private mutating func chance(_ percent: UInt64) -> Bool { random.next() % 100 < percent }

    /// Lowercases and drops or swaps a few letters, as people type in chat.
    private mutating func casual(_ text: String) -> String {
        guard chance(35) else { return text }
        var characters = Array(text.lowercased())
        for _ in 0..<Int(random.next() % 3) where characters.count > 4 {
            let index = Int(random.next() % UInt64(characters.count - 1))
            if chance(50) { characters.swapAt(index, index + 1) } else { characters.remove(at: index) }
        }
        return String(characters)
    }

    private mutating func userMessage() -> String {
        let name = pick(Self.names)
        let place = pick(Self.places)
        switch random.next() % 14 {
        case 0: return casual("I moved to \(place) last month and I'm still unpacking")
        case 1: return casual("My sister \(name) works at \(pick(Self.organizations)) now")
        case 2: return casual("Remind me to call \(name) on Friday about \(pick(Self.topics))")
        case 3: return casual("What's the weather going to be like in \(place) this weekend?")
        case 4: return "Remember that my dentist appointment is on 2026-0\(1 + random.next() % 9)-1\(random.next() % 9) at 9:30"
        case 5: return casual("\(name) and I are planning a trip to \(place) in the spring")
        case 6: return casual("Can you help me with \(pick(Self.topics))? I keep putting it off")
        case 7: return casual("I always forget that \(name)'s birthday is in \(pick(["March", "June", "October", "December"]))")
        case 8: return casual("Important: never book flights through that agency again, they lost \(random.next() % 900 + 100) euros of ours")
        case 9:
            // A very long message: a pasted note.
            return (0..<(8 + Int(random.next() % 30))).map { _ in pick(Self.assistantSentences) + " " + pick(Self.topics) + "." }
                .joined(separator: " ")
        default: return pick(Self.smallTalk)
        }
    }

    private mutating func assistantMessage() -> String {
        (0..<(1 + Int(random.next() % 5))).map { _ in pick(Self.assistantSentences) }.joined(separator: " ")
    }

    /// The next message, or nil after `count` messages.
    mutating func next() -> ChatMessage {
        if turnsLeftInSession == 0 {
            session += 1
            turnsLeftInSession = 10 + Int(random.next() % 60)
            clock += Int64(random.next() % 7_200_000)  // up to two hours between sessions
        }
        turnsLeftInSession -= 1
        clock += Int64(5_000 + random.next() % 120_000)
        let fromUser = produced % 2 == 0
        var content = fromUser ? userMessage() : assistantMessage()
        if produced == rareIndex { content += " — we ate a \(Self.rareWord) at the harbour" }
        produced += 1
        return ChatMessage(
            source: fromUser ? "user" : "assistant", content: content, session: "session-\(session)",
            createdAt: clock, importance: fromUser && chance(10) ? Double(random.next() % 101) / 100 : nil)
    }
}
