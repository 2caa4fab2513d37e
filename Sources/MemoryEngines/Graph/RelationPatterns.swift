import MemoryModel

/// Typed relations in one sentence, found by phrasings around its mentions. First-person
/// words ("I", "we", "my", "our") stand for the memory's speaker.
package struct RelationPatterns {
    package let sentence: [Clause.Item]
    package let speaker: GraphNode

    private typealias Item = Clause.Item

    /// "X <phrase> Y": the subject, up to `gap` other words, the phrase, then the object.
    package struct VerbPattern {
        package let phrase: [String]
        package let predicate: Predicate
        package let subjects: Set<EntityKind>
        package let objects: Set<EntityKind>
        package var gap = 2
        package var ends = false
        /// "we" counts as the speaker ("we moved to Hamburg").
        package var weIsSpeaker = false

        package init(
            phrase: [String], predicate: Predicate, subjects: Set<EntityKind>, objects: Set<EntityKind>, gap: Int = 2,
            ends: Bool = false, weIsSpeaker: Bool = false
        ) {
            self.phrase = phrase
            self.predicate = predicate
            self.subjects = subjects
            self.objects = objects
            self.gap = gap
            self.ends = ends
            self.weIsSpeaker = weIsSpeaker
        }
    }

    package func observations() -> [GraphObservation] {
        var found: [GraphObservation] = []
        for index in sentence.indices {
            guard case .mention(_, let kind, _) = sentence[index] else { continue }
            if kind == .person { found += relationNouns(naming: index) }
            for pattern in Self.verbPatterns where pattern.objects.contains(kind) {
                if let observation = match(pattern, object: index) { found.append(observation) }
            }
            if kind == .organization, let observation = workplace(at: index) { found.append(observation) }
            if kind == .date, let observation = birthday(at: index) { found.append(observation) }
            if kind == .activity, let observation = activity(at: index) { found.append(observation) }
            // "Springfield, Illinois"
            if kind == .place, index >= 2, word(index - 1) == ",", case .mention(let place, .place, false) = sentence[index - 2],
                let object = node(index)
            {
                found.append(GraphObservation(subject: .entity(place), predicate: .locatedIn, object: object))
            }
        }
        return found
    }

    // MARK: - Verb phrases

    private func match(_ pattern: VerbPattern, object: Int) -> GraphObservation? {
        let start = object - pattern.phrase.count
        guard start >= 1, pattern.phrase.indices.allSatisfy({ word(start + $0) == pattern.phrase[$0] }),
            let subject = subject(before: start, gap: pattern.gap, kinds: pattern.subjects, we: pattern.weIsSpeaker),
            let objectNode = node(object)
        else { return nil }
        return GraphObservation(subject: subject, predicate: pattern.predicate, object: objectNode, ends: pattern.ends)
    }

    /// "I'm a firmware engineer at Acme", "I got a new job at Acme": "at" or "for" before an
    /// organization, with a word about work between it and the subject.
    private func workplace(at object: Int) -> GraphObservation? {
        guard ["at", "for", "with"].contains(word(object - 1)) else { return nil }
        var index = object - 2
        var sawWork = false
        while index >= 0, object - 2 - index < 5, case .word(let text) = sentence[index] {
            if Self.negations.contains(text) || text == "," { return nil }
            if Self.workWords.contains(text) { sawWork = true }
            if text == "i" || text == "we" { break }
            index -= 1
        }
        guard sawWork, index >= 0, let subject = subjectNode(at: index, kinds: [.person], we: false),
            let organization = node(object)
        else { return nil }
        return GraphObservation(subject: subject, predicate: .worksAt, object: organization)
    }

    /// "my birthday is March 14", "Leah's birthday is on 3 May".
    private func birthday(at date: Int) -> GraphObservation? {
        var index = date - 1
        if ["on", "is"].contains(word(index)) { index -= 1 }
        if ["is", "'s"].contains(word(index)) { index -= 1 }
        guard word(index) == "birthday", index >= 1, let owner = owner(at: index - 1), let object = node(date) else {
            return nil
        }
        return GraphObservation(subject: owner, predicate: .bornOn, object: object)
    }

    /// "we went camping", "Leah took up pottery": the extractor found the activity after a phrase
    /// that says it is done; the doer is the nearest "I", "we" or named person before it, with at
    /// most `activityGap` words between. Anyone else ("you went camping", "my kids love
    /// painting"), a wish or a plan ("I'd love to go camping", "I want to try surfing") or a
    /// negation states no fact.
    private func activity(at object: Int) -> GraphObservation? {
        guard let activity = node(object) else { return nil }
        var index = object - 1
        // "painting, hiking and swimming": the doer of the first is the doer of each.
        while index >= 0, Scan.coordinators.contains(word(index)) || isActivity(index) { index -= 1 }
        while Scan.activityDeterminers.contains(word(index)) { index -= 1 }
        let phraseEnd = index
        while index >= 0, phraseEnd - index < Self.activityGap {
            switch sentence[index] {
            case .word(let text):
                if text == "i" || text == "we" {
                    return GraphObservation(subject: speaker, predicate: .does, object: activity)
                }
                if Self.negations.contains(text) || Self.notDoing.contains(text) { return nil }
            case .mention(let id, let kind, let possessive):
                guard kind == .person, !possessive else { return nil }
                return GraphObservation(subject: .entity(id), predicate: .does, object: activity)
            }
            index -= 1
        }
        return nil
    }

    private func isActivity(_ index: Int) -> Bool {
        guard case .mention(_, .activity, _) = sentence[index] else { return false }
        return true
    }

    /// The subject of a phrase that starts at `phraseStart`: the nearest mention or "I" before
    /// it, with at most `gap` plain words between, none of them a negation.
    private func subject(before phraseStart: Int, gap: Int, kinds: Set<EntityKind>, we: Bool) -> GraphNode? {
        var index = phraseStart - 1
        var skipped = 0
        while index >= 0 {
            if case .word(let text) = sentence[index] {
                if text == "i" || (we && text == "we") { return speaker }
                if Self.negations.contains(text) || text == "," || text == "and" || text == "but" { return nil }
                skipped += 1
                if skipped > gap { return nil }
                index -= 1
                continue
            }
            return subjectNode(at: index, kinds: kinds, we: we)
        }
        return nil
    }

    private func subjectNode(at index: Int, kinds: Set<EntityKind>, we: Bool) -> GraphNode? {
        switch sentence[index] {
        case .word(let text): return text == "i" || (we && text == "we") ? speaker : nil
        case .mention(let id, let kind, let possessive): return kinds.contains(kind) && !possessive ? .entity(id) : nil
        }
    }

    // MARK: - Relation nouns

    /// "my sister Leah", "Leah's husband Tom", "Leah is my sister", "Tom is Leah's husband",
    /// "my sister is Leah", "my sister's name is Leah".
    private func relationNouns(naming named: Int) -> [GraphObservation] {
        guard let person = node(named) else { return [] }
        var found: [GraphObservation] = []
        // Backwards: [owner] [adjectives] NOUN [,] NAMED  or  [owner] NOUN ['s name] is NAMED
        var index = named - 1
        if word(index) == "," { index -= 1 }
        var isCopula = false
        if word(index) == "is" || word(index) == "called" || word(index) == "named" {
            isCopula = true
            index -= 1
            if word(index) == "name" { index -= 1 }
        }
        if let relation = Self.relationNouns[word(index)] {
            var ownerIndex = index - 1
            while Self.adjectives.contains(word(ownerIndex)) { ownerIndex -= 1 }
            if let owner = owner(at: ownerIndex) {
                found.append(relation.observation(owner: owner, named: person))
            } else if !isCopula, ownerIndex >= 0, word(ownerIndex) == "a" || word(ownerIndex) == "the" {
                // "a friend Jonas": nobody's; nothing to record.
            }
        }
        // Forwards: NAMED is|, [owner] [adjectives] NOUN
        var next = named + 1
        if ["is", ",", "was"].contains(word(next)) {
            next += 1
            if let owner = owner(at: next) {
                next += 1
                while Self.adjectives.contains(word(next)) { next += 1 }
                if let relation = Self.relationNouns[word(next)] {
                    found.append(relation.observation(owner: owner, named: person))
                }
            }
        }
        return found
    }

    /// "my" or "our" (the speaker), or a possessive mention of a person ("Leah's").
    private func owner(at index: Int) -> GraphNode? {
        guard index >= 0, index < sentence.count else { return nil }
        switch sentence[index] {
        case .word(let text): return text == "my" || text == "our" ? speaker : nil
        case .mention(let id, let kind, let possessive): return possessive && kind == .person ? .entity(id) : nil
        }
    }

    /// What a relation noun says: who is the subject, and of which predicate.
    package struct RelationNoun {
        package let predicate: Predicate
        /// "my son Noah": the owner is the parent. "my mother Maria": the named one is.
        package var namedIsSubject = false

        package func observation(owner: GraphNode, named: GraphNode) -> GraphObservation {
            namedIsSubject
                ? GraphObservation(subject: named, predicate: predicate, object: owner)
                : GraphObservation(subject: owner, predicate: predicate, object: named)
        }

        package init(predicate: Predicate, namedIsSubject: Bool = false) {
            self.predicate = predicate
            self.namedIsSubject = namedIsSubject
        }
    }

    // MARK: - Helpers

    private func word(_ index: Int) -> String {
        guard index >= 0, index < sentence.count, case .word(let text) = sentence[index] else { return "" }
        return text
    }

    private func node(_ index: Int) -> GraphNode? {
        guard case .mention(let id, _, _) = sentence[index] else { return nil }
        return .entity(id)
    }

    // MARK: - Vocabulary

    private static let people: Set<EntityKind> = [.person]
    private static let places: Set<EntityKind> = [.place]
    private static let things: Set<EntityKind> = [.person, .organization, .place, .hashtag, .handle]

    package static let verbPatterns: [VerbPattern] = {
        var patterns: [VerbPattern] = []
        func add(_ predicate: Predicate, _ phrases: [String], subjects: Set<EntityKind> = [.person],
                 objects: Set<EntityKind>, gap: Int = 2, ends: Bool = false, we: Bool = false) {
            for phrase in phrases {
                patterns.append(
                    VerbPattern(
                        phrase: phrase.split(separator: " ").map(String.init), predicate: predicate, subjects: subjects,
                        objects: objects, gap: gap, ends: ends, weIsSpeaker: we))
            }
        }
        add(.livesIn, [
            "live in", "lives in", "living in", "moved to", "relocated to", "based in", "settled in", "reside in",
            "resides in", "residing in", "moved into",
        ], objects: places, we: true)
        add(.livesIn, ["moved away from", "moved out of"], objects: places, ends: true, we: true)
        add(.worksAt, [
            "work at", "works at", "work for", "works for", "working at", "working for", "joined", "started at",
            "start at", "starting at", "employed by", "job at", "hired by", "hired at", "employed at",
        ], objects: [.organization])
        add(.worksAt, ["quit", "left"], objects: [.organization], ends: true)
        add(.locatedIn, ["is in", "are in", "is located in", "located in", "is based in", "lies in", "is part of"],
            subjects: [.place, .organization], objects: places, gap: 0)
        add(.bornOn, ["born on", "born"], objects: [.date])
        add(.likes, [
            "like", "likes", "love", "loves", "enjoy", "enjoys", "adore", "adores", "fan of", "obsessed with",
        ], objects: things)
        add(.knows, [
            "know", "knows", "met", "meet", "meeting", "met with", "lunch with", "dinner with", "coffee with",
            "drinks with", "talked to", "talked with", "spoke to", "spoke with", "called", "texted", "visited",
            "works with", "work with", "working with",
        ], objects: people)
        add(.friendOf, ["friends with", "friend of", "befriended"], objects: people)
        add(.spouseOf, ["married to", "married"], objects: people)
        return patterns
    }()

    package static let relationNouns: [String: RelationNoun] = {
        var nouns: [String: RelationNoun] = [:]
        for word in ["sister", "brother", "sis", "bro", "sibling", "twin"] { nouns[word] = RelationNoun(predicate: .siblingOf) }
        for word in ["wife", "husband", "spouse"] { nouns[word] = RelationNoun(predicate: .spouseOf) }
        for word in ["son", "daughter", "kid", "child", "stepson", "stepdaughter"] {
            nouns[word] = RelationNoun(predicate: .parentOf)
        }
        for word in ["mother", "mom", "mum", "mommy", "mama", "father", "dad", "daddy", "papa", "stepmother", "stepfather"] {
            nouns[word] = RelationNoun(predicate: .parentOf, namedIsSubject: true)
        }
        for word in ["friend", "buddy", "pal", "bestie"] { nouns[word] = RelationNoun(predicate: .friendOf) }
        for word in [
            "colleague", "coworker", "co-worker", "boss", "manager", "neighbor", "neighbour", "roommate", "flatmate",
            "classmate", "teacher", "doctor", "dentist", "therapist", "cousin", "uncle", "aunt", "nephew", "niece",
            "grandma", "grandpa", "grandmother", "grandfather", "mentor", "landlord", "trainer", "coach", "lawyer",
            "girlfriend", "boyfriend", "partner", "fiance", "fiancé", "fiancee", "fiancée",
        ] {
            nouns[word] = RelationNoun(predicate: .knows)
        }
        return nouns
    }()

    package static let adjectives: Set<String> = [
        "little", "big", "older", "younger", "elder", "baby", "best", "old", "new", "dear", "twin", "oldest", "youngest",
        "lovely", "good", "close",
    ]

    package static let negations: Set<String> = ["not", "no", "nor", "without", "if", "whether", "want", "wants", "might", "maybe"]

    /// Words between a doer and an activity's phrase at most: "I signed up for", "we finally went".
    static let activityGap = 5

    /// Words before an activity that make it someone else's, a wish, a plan or a question.
    static let notDoing: Set<String> = [
        "you", "he", "she", "they", "it", "who", "my", "our", "your", "his", "her", "their", "the", "a", "would",
        "will", "should", "could", "can", "wanna", "gonna", "hope", "hoping", "plan", "planning", "wish", "thinking",
        "considering", "might", "maybe", "?", ",", "and", "but", "or", "because", "when",
    ]

    package static let workWords: Set<String> = [
        "work", "works", "working", "worked", "job", "engineer", "developer", "designer", "manager", "intern",
        "employed", "hired", "position", "role", "started", "start", "joined", "analyst", "consultant", "researcher",
        "scientist", "nurse", "doctor", "teacher", "lawyer", "ceo", "cto", "founder", "lead", "director", "head",
    ]

    package init(sentence: [Clause.Item], speaker: GraphNode) {
        self.sentence = sentence
        self.speaker = speaker
    }
}
