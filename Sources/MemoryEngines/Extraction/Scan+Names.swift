import MemoryModel

/// People, organizations and places.
///
/// In ordinary text a name is a run of capitalised words (with "of", "de", "van", "&" … inside),
/// classified by the gazetteer, by its first and last words ("Dr.", "University", "Street"), and
/// by the words around it ("works at", "moved to", "said"). In text without informative
/// capitals only the gazetteer and cues find names: a title ("dr. alvarez"), a relation word
/// ("my sister leah"), or a given name followed by a surname.
extension Scan {
    package mutating func findNames() {
        var index = 0
        while index < count {
            if claimed[index] || !self[index].isWord {
                index += 1
                continue
            }
            index = casing == .mixed ? nameInMixedCase(at: index) : nameWithoutCase(at: index)
        }
    }

    // MARK: - Ordinary text

    private mutating func nameInMixedCase(at index: Int) -> Int {
        let token = self[index]
        // A title: the name after it is a person, the title itself is not part of the name —
        // unless title and name together are a known name ("General Motors").
        let known = gazetteer.longestMatch(in: tokens.tokens, at: index) { !$0.ambiguous && $0.words.count > 1 }
        if isTitle(at: index), known == nil, let name = titledName(after: index) {
            let end = extendCapitalized(from: name)
            add(name..<end, .person)
            return end
        }
        if token.isNameLike && !isNonName(token) {
            let end = extendCapitalized(from: index)
            let gazetteerMatch = gazetteer.longestMatch(in: tokens.tokens, at: index) { _ in true }
            // An entry that is also an ordinary word or a common first name ("Sofia", "Nice",
            // "Target") counts as that entry only where the words before it say so.
            if let match = gazetteerMatch, match.end >= end, isFree(index..<match.end),
                !match.entry.ambiguous || match.entry.words.count > 1 || contextKind(before: index) != nil
            {
                add(index..<match.end, classifyKnown(match.entry, index..<match.end))
                return match.end
            }
            if let name = classify(index..<end) {
                add(name.range, name.kind, guessed: name.guessed)
            }
            return end
        }
        // Lower case in ordinary text: unambiguous places and organizations only ("moved to
        // berlin"), and given names after a relation word ("my sister leah").
        if let match = gazetteer.longestMatch(in: tokens.tokens, at: index, accept: {
            !$0.ambiguous && $0.kind != .person
        }), isFree(index..<match.end), !Self.commonWords.contains(token.lower) || match.end - index > 1 {
            add(index..<match.end, match.entry.kind)
            return match.end
        }
        if let end = cuedName(at: index) { return end }
        return index + 1
    }

    /// The end of the run of capitalised words starting at `start`, with connectors inside:
    /// "Bank of America", "Rio de Janeiro", "Procter & Gamble". It ends after a possessive.
    private func extendCapitalized(from start: Int) -> Int {
        var end = start + 1
        var organization = gazetteer.organizationSuffixes.contains(self[start].lower)
        while end < count, !self[end - 1].possessive {
            let token = self[end]
            // A title starts a new name: "ECB President Christine Lagarde" (but "United Nations
            // General Assembly" is one name: an organization word follows the title).
            if token.isNameLike, !claimed[end], !token.startsSentence, !isNonName(token), !startsTitledName(at: end) {
                organization = organization || gazetteer.organizationSuffixes.contains(token.lower)
                end += 1
                continue
            }
            // A connector joins only two capitalised words: "of" in "Bank of America", and
            // "and" inside an organization's name ("Institute of Allergy and Infectious Diseases").
            var next = end
            while next < count, Self.connectors.contains(self[next].lower) || (organization && self[next].lower == "and"),
                next - end < 2
            {
                next += 1
            }
            // "&" between two given names joins two people, not one name ("Sarah & John").
            let people =
                self[end].lower == "&" && isGivenName(self[end - 1].lower) && next < count && isGivenName(self[next].lower)
            if next > end, next < count, self[next].isNameLike, !claimed[next], !self[next].startsSentence, !people {
                end = next + 1
                continue
            }
            break
        }
        return end
    }

    /// The kind of a run of capitalised words that is not in the gazetteer as a whole, or nil
    /// when it is not a name (a sentence's first word that is an ordinary word).
    private func classify(_ span: Range<Int>) -> (range: Range<Int>, kind: EntityKind, guessed: Bool)? {
        var range = span
        // "Yesterday Leah called": an ordinary word capitalised because a sentence starts there.
        while !range.isEmpty, self[range.lowerBound].startsSentence || isAfterOpeningQuote(range.lowerBound),
            isOrdinaryWord(self[range.lowerBound])
        {
            range = (range.lowerBound + 1)..<range.upperBound
            while !range.isEmpty, Self.connectors.contains(self[range.lowerBound].lower) {
                range = (range.lowerBound + 1)..<range.upperBound
            }
        }
        guard !range.isEmpty else { return nil }
        let words = range.map { self[$0].lower }
        let first = words[0]
        let last = words[words.count - 1]
        if range != span, let known = gazetteer.kind(ofExactly: words) { return (range, known.kind, false) }
        if words.count == 1 {
            let token = self[range.lowerBound]
            if gazetteer.nationalities.contains(first) || Self.nonEntityWords.contains(first) { return nil }
            if token.shape == .allCaps && (Self.commonWords.contains(first) || Self.chatAcronyms.contains(first)) {
                return nil
            }
            // A sentence's first word that is no known name, or a given name or organization
            // that is also a word ("May I ask", "Will you", "Target practice"), needs a cue.
            // Ambiguous places stay: they are mostly names ("Sofia called"); the word ones
            // ("Nice", "Reading") are ordinary words and went above.
            let ambiguous = gazetteer.kind(ofExactly: [first]).map { $0.ambiguous && $0.kind != .place } ?? false
            if token.startsSentence, !personCueAfter(range), !gazetteer.isKnownWord(first) || ambiguous {
                return nil
            }
        }
        if isTitle(at: range.lowerBound - 1) || (word(range.lowerBound - 1) == "." && isTitle(at: range.lowerBound - 2)) {
            return (range, .person, false)
        }
        if gazetteer.organizationSuffixes.contains(last) || Self.eventAndVenueWords.contains(last)
            || (words.count > 2 && Self.organizationHeads.contains(first))
            || (words.count > 2 && words.contains(where: gazetteer.organizationSuffixes.contains))
        {
            return (range, .organization, false)
        }
        if words.count > 1 && (gazetteer.placeSuffixes.contains(last) || gazetteer.placePrefixes.contains(first)) {
            if !gazetteer.isKnownWord(last) || gazetteer.placeSuffixes.contains(last) { return (range, .place, false) }
        }
        if let cue = contextKind(before: range.lowerBound) { return (range, cue, false) }
        // Ambiguous entries without a cue before them: "Apple" is the company ("Apple said"
        // too), "Sofia" and "Jordan" more often people than places (resolution prefers a
        // stored place of that name).
        if let known = gazetteer.kind(ofExactly: words), known.ambiguous {
            return known.kind == .organization ? (range, .organization, false) : (range, .person, known.kind == .place)
        }
        if personCueAfter(range) { return (range, .person, false) }
        if let known = gazetteer.kind(ofExactly: [first]), known.kind == .person, words.count <= 3 {
            return (range, .person, false)
        }
        if words.count >= 2, gazetteer.surnames.contains(last) || gazetteer.ambiguousSurnames.contains(last) {
            return (range, .person, false)
        }
        if words.count == 1, self[range.lowerBound].shape == .allCaps { return (range, .organization, false) }
        if words.count >= 3 { return (range, .organization, false) }
        // Something capitalised with no other clue: names of people are the commonest kind.
        // Resolution prefers a stored entity of another kind with this name (GuessedKind).
        return (range, .person, true)
    }

    /// The kind of a gazetteer entry found in the text, which context can override for entries
    /// that name several kinds of thing ("Jordan", "Washington").
    private func classifyKnown(_ entry: Gazetteer.Entry, _ range: Range<Int>) -> EntityKind {
        if entry.kind == .person || entry.ambiguous, let cue = contextKind(before: range.lowerBound) { return cue }
        if entry.kind == .place, range.count == 1, personCueAfter(range), gazetteer.kind(ofExactly: [word(range.lowerBound)]) != nil,
            isTitle(at: range.lowerBound - 1)
        {
            return .person
        }
        return entry.kind
    }

    /// What the words before a name say it is: "works at X" an organization, "moved to X" a
    /// place, "my sister X" a person.
    private func contextKind(before index: Int) -> EntityKind? {
        let one = word(index - 1)
        let two = word(index - 2)
        if Self.relationNouns.contains(one) || Self.personVerbs.contains(one) || isTitle(at: index - 1) { return .person }
        if one == "at" || one == "for" || one == "by" || one == "joined" || one == "quit" || one == "left" {
            if Self.workWords.contains(two) || one == "joined" || (one == "by" && two == "employed") { return .organization }
        }
        if one == "at" && Self.workWords.contains(word(index - 3)) { return .organization }
        // "in Berlin", "moved to Munich" — but not "due to COVID-19" or "thanks to Leah".
        if Self.placePrepositions.contains(one) && !Self.workWords.contains(two) && !(one == "to" && ["due", "thanks", "talk", "talked", "said", "say", "sent", "send", "gave", "give", "wrote", "write", "listen", "listened", "next", "close", "according"].contains(two)) {
            return .place
        }
        return nil
    }

    /// "X said", "X's sister", "X, who": words after a name that only people take.
    private func personCueAfter(_ range: Range<Int>) -> Bool {
        let lastToken = self[range.upperBound - 1]
        let next = word(range.upperBound)
        if lastToken.possessive { return Self.relationNouns.contains(next) }
        return Self.speechVerbs.contains(next)
            || (next == "," && word(range.upperBound + 1) == "who")
            || (next == "and" && word(range.upperBound + 1) == "i")
    }

    /// A title before a name: capitalised in ordinary text ("I miss Berlin" has none); in text
    /// without capitals only the unmistakable ones ("dr", "mrs", "prof", "uncle").
    /// A title followed by a name that is not an organization's: "President Christine Lagarde".
    private func startsTitledName(at index: Int) -> Bool {
        guard isTitle(at: index), index + 1 < count else { return false }
        var next = index + 1
        if word(next) == "." { next += 1 }
        return next < count && self[next].isNameLike && !gazetteer.organizationSuffixes.contains(word(next))
    }

    private func isGivenName(_ word: String) -> Bool { gazetteer.kind(ofExactly: [word])?.kind == .person }

    private func isTitle(at index: Int) -> Bool {
        guard index >= 0, index < count, self[index].isWord else { return false }
        let token = self[index]
        if casing == .mixed { return token.isNameLike && gazetteer.personTitles.contains(token.lower) }
        return Self.plainTitles.contains(token.lower)
    }

    package static let plainTitles: Set<String> = [
        "dr", "mr", "mrs", "ms", "mx", "prof", "professor", "sir", "uncle", "aunt", "auntie", "president", "senator",
        "rev", "coach",
    ]

    /// After a title at `index` ("Dr", "Dr.", "Professor"): where the name starts, if one follows.
    private func titledName(after index: Int) -> Int? {
        var next = index + 1
        if word(next) == "." { next += 1 }
        guard next < count, !claimed[next], self[next].isWord else { return nil }
        let token = self[next]
        if casing == .mixed {
            return token.isNameLike && !isNonName(token) ? next : nil
        }
        return Self.commonWords.contains(token.lower) || TextFeatures.stopWords.contains(token.lower) ? nil : next
    }

    private func isAfterOpeningQuote(_ index: Int) -> Bool {
        index > 0 && ["\"", "“", "(", "'"].contains(word(index - 1))
    }

    /// An ordinary English word, as opposed to a name that happens to start a sentence.
    private func isOrdinaryWord(_ token: TextTokens.Token) -> Bool {
        let word = token.lower
        if gazetteer.isKnownWord(word) && !Self.commonWords.contains(word) { return false }
        return Self.commonWords.contains(word) || TextFeatures.stopWords.contains(word) || Self.nonEntityWords.contains(word)
            || word.hasSuffix("ing") || word.hasSuffix("ly") || word.hasSuffix("ed")
    }

    /// "I", "OK", "Mom", weekdays that dates did not take, …: capitalised but never a name.
    private func isNonName(_ token: TextTokens.Token) -> Bool {
        let word = token.lower
        if Self.nonEntityWords.contains(word) || gazetteer.nationalities.contains(word) { return true }
        if token.shape == .allCaps && (Self.chatAcronyms.contains(word) || Self.commonWords.contains(word)) { return true }
        return false
    }

    // MARK: - Text without informative capitals

    private mutating func nameWithoutCase(at index: Int) -> Int {
        if isTitle(at: index), let name = titledName(after: index) {
            var end = name + 1
            if end < count, !claimed[end], gazetteer.surnames.contains(word(end)) { end += 1 }
            add(name..<end, .person)
            return end
        }
        if let match = gazetteer.longestMatch(in: tokens.tokens, at: index, accept: { !$0.ambiguous }),
            isFree(index..<match.end), !Self.commonWords.contains(self[index].lower) || match.end - index > 1
        {
            var end = match.end
            if match.entry.kind == .person, end < count, !claimed[end],
                gazetteer.surnames.contains(word(end)) && !self[end - 1].possessive
            {
                end += 1  // "leah weber"
            }
            let kind = match.entry.kind == .person ? .person : (contextKind(before: index) ?? match.entry.kind)
            add(index..<end, kind)
            return end
        }
        if let end = cuedName(at: index) { return end }
        return index + 1
    }

    /// A word right after a relation word is a person whatever its case: "my sister leah",
    /// "my friend Jonas".
    private mutating func cuedName(at index: Int) -> Int? {
        guard Self.relationNouns.contains(word(index - 1)), ["my", "our", "his", "her", "their", "your"].contains(word(index - 2))
                || self[max(0, index - 2)].possessive
        else { return nil }
        let token = self[index]
        guard token.isWord, token.shape != .number, !TextFeatures.stopWords.contains(token.lower),
            !Self.commonWords.contains(token.lower), !isNonName(token)
        else { return nil }
        // In ordinary text the name is capitalised ("my manager says" names nobody); without
        // capitals it must look like a name: a known given name, or no verb or adverb ending.
        if casing == .mixed && !token.isNameLike { return nil }
        if casing == .uninformative, gazetteer.kind(ofExactly: [token.lower])?.kind != .person {
            let word = token.lower
            if word.count < 3 || ["s", "ed", "ing", "ly"].contains(where: { word.hasSuffix($0) }) { return nil }
        }
        var end = index + 1
        if end < count, !claimed[end], gazetteer.surnames.contains(word(end)) { end += 1 }
        add(index..<end, .person)
        return end
    }

    // MARK: - Words

    package static let connectors: Set<String> = [
        "of", "de", "da", "del", "della", "der", "den", "di", "du", "van", "von", "la", "le", "los", "las", "am", "y",
        "&", "the", "al", "bin", "el",
    ]
    /// First words of organization names: "University of …", "Bank of …".
    package static let organizationHeads: Set<String> = [
        "university", "bank", "institute", "college", "department", "ministry", "museum", "school", "church", "council",
        "academy", "society", "association", "federation", "league", "office", "board", "house",
    ]
    /// Last words of the names of events and venues ("Super Bowl", "Olive Garden"): names that
    /// are not people, taken for organizations (the nearest kind here).
    package static let eventAndVenueWords: Set<String> = [
        "bowl", "cup", "olympics", "games", "awards", "festival", "summit", "conference", "expo", "fair", "series",
        "championship", "championships", "marathon", "open", "garden", "gardens", "grill", "kitchen", "diner", "pizza",
        "burger", "burgers", "market", "mart", "store", "shop", "pharmacy", "gym", "fitness", "salon", "spa", "pub",
        "tavern", "brewery", "cinema", "theater", "theatre",
    ]

    /// Words for people related to someone: "my sister Leah", "Leah's husband Tom".
    package static let relationNouns: Set<String> = [
        "sister", "brother", "sis", "bro", "sibling", "wife", "husband", "spouse", "partner", "fiance", "fiancé",
        "fiancee", "fiancée", "girlfriend", "boyfriend", "son", "daughter", "kid", "child", "mother", "mom", "mum",
        "mommy", "mama", "father", "dad", "daddy", "papa", "friend", "buddy", "pal", "colleague", "coworker",
        "co-worker", "boss", "manager", "neighbor", "neighbour", "roommate", "flatmate", "classmate", "teacher",
        "doctor", "dentist", "therapist", "cousin", "uncle", "aunt", "auntie", "nephew", "niece", "grandma",
        "grandpa", "grandmother", "grandfather", "grandson", "granddaughter", "stepson", "stepdaughter", "mentor",
        "landlord", "trainer", "coach", "lawyer", "accountant", "babysitter", "nanny", "vet",
    ]
    package static let personVerbs: Set<String> = [
        "met", "meet", "meeting", "called", "call", "texted", "text", "told", "tell", "asked", "ask", "emailed",
        "thank", "thanked", "hi", "hey", "dear", "visit", "visited", "visiting", "married", "with",
    ]
    package static let speechVerbs: Set<String> = [
        "said", "says", "told", "asked", "asks", "thinks", "thought", "wrote", "writes", "replied", "explained",
        "added", "called", "texted", "wants", "loves", "hates", "is", "was", "and",
    ]
    package static let workWords: Set<String> = [
        "work", "works", "worked", "working", "job", "employed", "hired", "internship", "intern", "engineer",
        "developer", "manager", "started", "start", "starting", "position", "role", "ceo", "cto", "founder",
    ]
    package static let placePrepositions: Set<String> = [
        "in", "from", "to", "near", "around", "across", "outside", "inside", "toward", "towards", "via", "visiting",
        "through", "into",
    ]
    /// Capitalised words that are never names by themselves.
    package static let nonEntityWords: Set<String> = [
        "i", "i'm", "i've", "i'll", "i'd", "ok", "okay", "mom", "dad", "mum", "grandma", "grandpa", "god", "lord",
        "internet", "tv", "pm", "am", "ai", "mr", "mrs", "ms", "dr", "sir", "madam", "yes", "no", "hi", "hello", "hey",
        "thanks", "please", "oh", "wow", "omg", "lol", "haha", "monday", "tuesday", "wednesday", "thursday", "friday",
        "saturday", "sunday", "january", "february", "april", "july", "september", "october", "november",
        "december", "today", "tomorrow", "yesterday", "ps", "re", "fwd", "cc", "btw", "lmao", "asap", "fyi", "tbh",
        "imo", "idk", "irl", "ceo", "cto", "cfo", "faq", "diy", "gps", "pdf", "usb", "id", "url", "api", "app",
        "phd", "mba", "msc", "bsc", "ma", "ba", "md", "ph.d.",
    ]
    /// Chat abbreviations written in capitals.
    package static let chatAcronyms: Set<String> = [
        "lol", "omg", "btw", "fyi", "asap", "tbh", "imo", "imho", "idk", "brb", "ttyl", "lmao", "rofl", "smh", "nvm",
        "afaik", "wtf", "ok", "okay", "pls", "thx", "ty", "np", "diy", "eta", "tba", "tbd", "rsvp", "aka", "faq",
        "gps", "pdf", "usb", "tv", "pc", "ai", "ui", "ux", "hr", "it", "pr", "qa", "vip", "dm", "pm", "am",
    ]
}
