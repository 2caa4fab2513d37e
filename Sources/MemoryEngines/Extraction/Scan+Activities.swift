import MemoryModel

/// What people do for its own sake, named where a phrase says someone does it: "we went
/// camping", "I love painting", "I signed up for a pottery class", "I took up pottery", "I'm
/// into photography". docs/EXTRACTION.md, "Activities". Who does it is the graph's to read
/// (`RelationPatterns`): an activity is found whoever the subject is, and only a first-person
/// or named subject makes it a fact.
extension Scan {
    /// Finds activities after the phrases in `activityFrames`. Runs after names, so a name is
    /// never an activity ("I love Paris").
    package mutating func findActivities() {
        var index = 0
        while index < count {
            guard self[index].isWord, let frame = activityFrame(at: index) else {
                index += 1
                continue
            }
            index = frame.end
            var object = frame.end
            // "enjoy going camping", "go to a dance class" ("love to go hiking" is found at "go")
            if frame.kind == .liking, word(object) == "going" { object += 1 }
            if frame.kind == .going, word(object) == "to" || word(object) == "on" { object += 1 }
            while Self.activityDeterminers.contains(word(object)) { object += 1 }
            guard let range = activity(at: object, after: frame.kind) else { continue }
            add(range, .activity)
            index = range.upperBound
            // "painting, hiking, and swimming"
            while Self.coordinators.contains(word(index)) {
                var item = index + 1
                if word(index) == ",", Self.coordinators.contains(word(item)) { item += 1 }
                guard isGerund(item) else { break }
                index = objectEnd(after: item + 1)
                add(item..<index, .activity)
            }
        }
    }

    /// How a phrase leads to what is done.
    enum ActivityFrame: Sendable {
        /// "went camping", "go to a dance class", "went on a road trip".
        case going
        /// "love painting", "enjoy playing the piano": a gerund or a class only, as "I love dogs"
        /// is no activity.
        case liking
        /// "started surfing": the same, but not a gerund of "the" something, which is a task ("I
        /// started running the tests").
        case starting
        /// "took up pottery", "I'm into photography": a plain noun too.
        case takingUp
        /// "joined a book club", "took a pottery class": a class, club or team only.
        case joining
    }

    private func activityFrame(at index: Int) -> (kind: ActivityFrame, end: Int)? {
        // Most words are ruled out by their first letter and length, before a string is hashed.
        let lower = self[index].lower.utf8
        guard let first = lower.first, lower.count < 16, Self.frameShapes[Int(first) << 4 | lower.count],
            let frames = Self.activityFrames[self[index].lower]
        else { return nil }
        for (phrase, kind) in frames {
            if phrase.indices.allSatisfy({ word(index + $0) == phrase[$0] }) { return (kind, index + phrase.count) }
        }
        return nil
    }

    /// The activity's tokens at `index`: "camping", "playing basketball", "pottery class", "pottery".
    private func activity(at index: Int, after frame: ActivityFrame) -> Range<Int>? {
        guard index < count, isPlainWord(index), !Self.notActivities.contains(word(index)) else { return nil }
        // "a pottery class", not "one class", "a few classes", "my next class"
        if Self.classWords.contains(word(index + 1)), isPlainWord(index + 1), !Self.quantities.contains(word(index)) {
            return index..<index + 2
        }
        // What one goes to or attends: "a pride parade", "a concert", "a poetry reading".
        if frame == .going || frame == .joining {
            if Self.eventWords.contains(word(index)) { return index..<index + 1 }
            if Self.eventWords.contains(word(index + 1)) || isGerund(index + 1), isPlainWord(index + 1),
                !Self.quantities.contains(word(index))
            {
                return index..<index + 2
            }
        }
        if frame != .joining, isGerund(index) {
            if frame == .starting, Self.objectDeterminers.contains(word(index + 1)) { return nil }
            return index..<objectEnd(after: index + 1)
        }
        // "took up pottery.", "I'm into photography and hiking": a noun that ends its clause.
        if frame == .takingUp, !Self.commonWords.contains(word(index)), word(index).count >= 4,
            index + 1 == count || !self[index + 1].isWord || Self.clauseEnds.contains(word(index + 1))
        {
            return index..<index + 1
        }
        return nil
    }

    /// Where a gerund's object ends: "playing basketball", "playing the piano", "camping" (with my
    /// family). At most two plain words that are not common ones, adverbs or gerunds, and "the",
    /// "a" or "my" before them.
    private func objectEnd(after gerund: Int) -> Int {
        var index = gerund
        if Self.objectDeterminers.contains(word(index)) { index += 1 }
        var end = index
        while end < index + 2, isPlainWord(end), !Self.commonWords.contains(word(end)),
            !Self.adverbs.contains(word(end)), !word(end).hasSuffix("ly"), !isGerund(end)
        {
            end += 1
        }
        return end == index ? gerund : end
    }

    /// A free lower-case word that is not a stop word.
    private func isPlainWord(_ index: Int) -> Bool {
        guard index < count, !claimed[index], self[index].shape == .lower else { return false }
        return !TextFeatures.stopWords.contains(word(index))
    }

    /// "camping", "rock-climbing": a word of at least five letters ending in "ing" that is no
    /// light verb ("doing", "getting"), adjective ("amazing") or thing ("morning", "wedding").
    private func isGerund(_ index: Int) -> Bool {
        let word = word(index)
        return word.count >= 5 && word.hasSuffix("ing") && isPlainWord(index) && !Self.notActivities.contains(word)
    }

    /// Phrases after which what follows is something done, each with what it admits, by their
    /// first word, longest first.
    static let activityFrames: [String: [([String], ActivityFrame)]] = {
        var frames: [([String], ActivityFrame)] = []
        for verb in ["go", "goes", "went", "going", "gone"] { frames.append(([verb], .going)) }
        for verb in ["love", "loves", "loved", "loving", "enjoy", "enjoys", "enjoyed", "enjoying", "adore", "adores"] {
            frames.append(([verb], .liking))
        }
        for verb in ["took", "take", "takes", "taking", "taken"] {
            frames.append(([verb, "up"], .takingUp))
            frames.append(([verb], .joining))
        }
        for verb in ["signed", "sign", "signing"] { frames.append(([verb, "up", "for"], .joining)) }
        for verb in ["joined", "join", "joining", "attend", "attended", "attending"] {
            frames.append(([verb], .joining))
        }
        for verb in ["started", "start", "began", "begun"] { frames.append(([verb], .starting)) }
        for verb in ["am", "are", "been", "i'm", "im", "we're"] { frames.append(([verb, "into"], .takingUp)) }
        return Dictionary(grouping: frames) { $0.0[0] }.mapValues { $0.sorted { $0.0.count > $1.0.count } }
    }()

    /// Whether a phrase begins with a word of this first byte and length (`byte << 4 | length`).
    static let frameShapes: [Bool] = {
        var shapes = [Bool](repeating: false, count: 256 << 4)
        for word in activityFrames.keys { shapes[Int(word.utf8.first!) << 4 | word.utf8.count] = true }
        return shapes
    }()

    /// Words between the phrase and the activity that do not change it.
    static let activityDeterminers: Set<String> = [
        "a", "an", "the", "some", "my", "our", "more", "new", "weekly", "local", "regular", "first", "little",
    ]

    /// What may stand between a gerund and its object: "playing the piano".
    static let objectDeterminers: Set<String> = ["the", "a", "an", "my", "our", "some"]

    /// What makes a noun something one joins or takes: "a pottery class", "a book club".
    /// What one goes to or attends: "a pride parade", "a conference".
    static let eventWords: Set<String> = [
        "parade", "conference", "festival", "concert", "event", "events", "fair", "party", "exhibit", "exhibition",
        "tournament", "competition", "race", "marathon", "retreat", "rally", "march", "fundraiser", "show", "gig",
        "ceremony", "convention", "summit", "protest", "vigil", "drive",
    ]

    static let classWords: Set<String> = [
        "class", "classes", "lesson", "lessons", "course", "courses", "club", "team", "league", "workshop", "workshops",
        "group", "trip", "trips",
    ]

    /// Words that count rather than name what a class is: "one class", "a couple classes".
    static let quantities: Set<String> = [
        "one", "two", "three", "four", "five", "few", "couple", "several", "many", "another", "other", "next", "last",
        "each", "every", "extra", "different", "same", "whole",
    ]

    /// What joins the activities of a list: "painting, hiking, and swimming".
    static let coordinators: Set<String> = [",", "and", "or"]

    /// Words after a noun taken up that end what was taken up: "I took up pottery and …".
    static let clauseEnds: Set<String> = [
        "and", "with", "at", "in", "on", "every", "since", "lately", "now", "too", "again",
    ]

    /// Words after a gerund that say when or where rather than what: "hiking someday". Words in
    /// "-ly" ("weekly", "lately") are adverbs too.
    static let adverbs: Set<String> = [
        "someday", "sometime", "everyday", "outside", "outdoors", "indoors", "alone", "abroad", "downtown", "nearby",
        "anymore", "tonight", "overseas", "afterwards",
    ]

    /// Words in "-ing" that name no activity, or are too plain to say which.
    static let notActivities: Set<String> = [
        // light verbs and verbs of saying, thinking and being
        "doing", "going", "getting", "making", "having", "being", "seeing", "trying", "thinking", "feeling",
        "looking", "saying", "talking", "telling", "taking", "giving", "putting", "keeping", "coming", "knowing",
        "hearing", "using", "working", "spending", "letting", "leaving", "bringing", "finding", "sending",
        "wondering", "wanting", "needing", "waiting", "asking", "starting", "finishing", "hoping", "planning",
        "checking", "sharing", "showing", "setting", "living", "becoming", "following", "calling", "bring",
        "crying", "yelling", "screaming", "sitting", "standing", "lying", "saving", "typing", "laughing", "smiling",
        "complaining", "arguing", "worrying", "struggling", "suffering",
        // tasks, as coding agents' sessions name them
        "debugging", "refactoring", "fixing", "testing", "deploying", "implementing", "updating", "installing",
        "compiling", "merging", "reviewing", "investigating", "editing", "migrating", "profiling",
        // adjectives
        "amazing", "interesting", "exciting", "boring", "inspiring", "challenging", "refreshing", "rewarding",
        "fulfilling", "calming", "relaxing", "surprising", "stunning", "charming", "loving", "caring", "outstanding",
        "annoying", "frustrating", "overwhelming", "encouraging", "touching", "fascinating", "promising",
        "pleasing", "satisfying", "soothing", "thrilling", "uplifting", "amusing", "welcoming", "willing",
        "upcoming", "ongoing", "missing", "existing", "remaining", "incoming", "outgoing",
        // things
        "thing", "something", "nothing", "anything", "everything", "morning", "evening", "wedding", "building",
        "meeting", "ceiling", "spring", "string", "sibling", "darling", "pudding", "during", "clothing",
        "lightning", "offspring", "earring", "ending", "beginning", "opening", "belongings", "savings",
        "surroundings", "feelings", "meaning",
    ]
}
