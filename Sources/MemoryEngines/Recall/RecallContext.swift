import FoundationEssentials
import Glibc
import MemoryModel

/// What an assistant reads for a query within a word budget: the MCP `recall` tool's text and
/// `memctl recall --max-words`. Pure: a ranked recall in, lines out. docs/RECALL.md, "Within a
/// word budget", has the reasoning and the measurements.
///
/// - A fact comes first, and only when it bears on the question: an entity the query names is
///   its subject or object, and its predicate or its other end shares a word with the query;
///   what a person does when the question asks what someone does, as one line (`FactLines`).
/// - Then one line per memory, in rank order: `[16 March 2022] James: passage`. The date and the
///   speaker are those of the memory's turn that matched; a line of the same day as the line
///   before it leaves the date to that line. Ids are left to the JSON.
/// - What fills the budget is chosen sentence by sentence over the ranked memories: a sentence is
///   worth more the better its memory ranks and the more of the query's rarer words it (or the
///   sentence before it, which it may answer, or for a reply's first sentence the end of the turn
///   before it, or for a turn that carries a matched turn's thread on that turn) holds. A sentence
///   that only acknowledges ("Thanks, Caroline!") is not quoted. So a short memory is quoted whole
///   and a long one as the passage that matches, its cuts marked "…". Never a summary fixed in
///   advance.
/// - A question that asks for several things gathers: a line of each session and item before a
///   second line of any. A sentence said again is quoted once, with each day it was said.
package struct RecallContext: Sendable {
    /// One memory as quoted.
    package struct Passage: Sendable {
        package let memory: Recall.Memory
        package let text: String
        package let day: CalendarDay
        package let speaker: String?
        /// Whether words of the memory's turn were left out.
        package let isCut: Bool
    }

    /// How sentences are weighed (docs/RECALL.md gives each weight's figures on both benchmarks).
    package struct Weights: Sendable {
        /// A sentence of the memory ranked r is worth `rankDecay`^r of the same sentence of the first.
        package var rankDecay = 0.8
        /// What any sentence of a recalled memory is worth before the query's words in it: the
        /// context around what matched.
        package var context = 0.3
        /// A sentence is worth this share of what the sentence before it matched (for a reply's
        /// first sentence, the end of the turn before it, or the turn whose thread it carries on):
        /// an answer often follows the words that ask for it.
        package var follows = 0.5
        /// No sentence is quoted longer than this share of the budget: the rest is cut around
        /// its first matched word.
        package var longestSentence = 0.5
        /// When a question asks for several things (`RecallGathering`), a sentence that would begin
        /// a new line from a session already quoted is worth this share of its worth, once for each
        /// line of that session quoted before: the other sessions come first.
        package var anotherLine = 0.5
        /// … and another sentence of a memory already quoted this share: one line of each item first.
        package var anotherSentence = 0.25
        /// A sentence whose content words are at least this share in a sentence of another memory
        /// already quoted says it again: it is not quoted, and its day goes with that quote.
        package var saidAgain = 0.8

        package init() {}
    }

    /// The word budgets a recall may be asked for.
    package static let budgets = 20...5000
    /// A piece of a sentence shorter than this is not quoted.
    package static let shortestCut = 6
    /// A sentence of fewer content words is never taken for one said again ("I'm fine.").
    static let fewestWordsSaidAgain = 3

    package private(set) var lines: [String] = []
    package private(set) var passages: [Passage] = []
    package private(set) var facts: [Recall.Fact] = []
    package private(set) var truncated = false
    package private(set) var words = 0
    package let maximumWords: Int

    package var text: String { lines.isEmpty ? "No memories match." : lines.joined(separator: "\n") }

    /// A sentence that may be quoted: where it is, what it says (cut if it was too long) and
    /// what it is worth.
    private struct Unit {
        let memory: Int
        let position: Int
        let text: String
        let words: Int
        let value: Double
        let isCut: Bool
        /// The whole sentence, and whether any of the query's words are in it: a matched
        /// sentence that does not fit whole is cut to the room left.
        let sentence: String
        let matches: Bool
        /// Whether the sentence holds a content word that neither the query nor the line's
        /// speaker supplies: a line of none of those says nothing the asker does not know.
        let says: Bool
        /// Its content words: a sentence whose words an earlier quote already holds says it again.
        let content: WordSet

        /// `words` words of the sentence around its first matched word: what the cut leaves
        /// may say nothing of its own though the sentence did.
        func cut(to words: Int, query: WordSet) -> Unit {
            let text = RecallContext.cut(sentence, query: query, within: words)
            let says = says && TextFeatures(text).words.hashes.contains { !query.hashes.contains($0) }
            return Unit(
                memory: memory, position: position, text: text, words: words, value: value, isCut: true,
                sentence: sentence, matches: matches, says: says, content: content)
        }
    }

    package init(_ recall: Recall, query: String, maximumWords: Int, weights: Weights = Weights()) {
        self.maximumWords = maximumWords
        let queryWords = TextFeatures(query).words
        let plainQuery = Self.plainWords(query)
        let named = Set(recall.entities.filter { $0.kind != EntityKind.speaker.rawValue }.map { $0.name.lowercased() })
        let asksWhatIsDone = Self.asksWhatIsDone(query)
        for line in FactLines.lines(
            recall.facts.filter { Self.bears($0, on: plainQuery, named: named, asksWhatIsDone: asksWhatIsDone) })
        {
            guard add(line.text) else { break }
            facts += line.facts
        }
        let memories = recall.memories
        var heads = memories.map(Head.init)
        var (units, sentenceCounts) = Self.units(
            of: memories, heads: heads, query: queryWords, within: maximumWords, weights: weights)
        let sessions = memories.enumerated().map { index, memory in
            (memory.matched?.session ?? memory.session).map { "\(memory.device ?? "")\u{1}\($0)" } ?? "\u{2}\(index)"
        }
        let chosen = chooseSaying(
            &units, heads: &heads, query: queryWords, sessions: sessions,
            gathering: RecallGathering.asksForSeveral(query) ? weights : nil, saidAgain: weights.saidAgain)
        quote(memories, chosen, of: units, sentenceCounts: sentenceCounts, heads: heads)
    }

    /// The day and the speaker a memory's line begins with: those of its turn that matched; and
    /// for a peer's memory, its device.
    private struct Head {
        let day: CalendarDay
        let speaker: String?
        let device: String?
        /// Other days the same was said on, by memories not quoted for it.
        var again: [CalendarDay] = []

        init(_ memory: Recall.Memory) {
            day = CalendarDay(memory.matched?.createdAt ?? memory.createdAt)
            speaker = memory.matched?.speaker ?? memory.source
            device = memory.device
        }

        /// `[16 March 2022] James:`, or `James:` after a line of the same day; `James@desktop:`
        /// for a peer's memory. A line said again on other days has them all: `[2 May 2022, 16 March 2022]`.
        func text(after previous: CalendarDay?) -> String {
            let days = Set([day] + again).sorted()
            let date = days.count == 1 && day == previous ? nil : "[\(days.map(\.spoken).joined(separator: ", "))]"
            return [date, DeviceMark.speaker(speaker, device: device).map { "\($0):" }]
                .compactMap { $0 }.joined(separator: " ")
        }
    }

    /// Every sentence of the memories' matched turns, with its worth, and how many sentences
    /// each memory has.
    private static func units(
        of memories: [Recall.Memory], heads: [Head], query: WordSet, within maximumWords: Int, weights: Weights
    ) -> (units: [Unit], sentenceCounts: [Int]) {
        // What a relative time means is written after it: "yesterday (16 March 2022)".
        let texts = memories.map { memory in
            TextFeatures(
                memory.matched.map { TimeResolver.annotated($0.text, at: $0.createdAt) }
                    ?? TimeResolver.annotated(memory.text, at: memory.createdAt))
        }
        // A line shows who said it: the words of the speaker's name that the query holds are words of
        // every sentence of it. So a sentence that only names the person asked about ("Thanks,
        // Joanna!") is no better a quote than what that person said, and a name on many lines says
        // little.
        let speakers = heads.map { head in
            WordSet(
                hashes: RecallRanker.nameWords(head.speaker ?? "")
                    .compactMap { TextFeatures.contentWordHash(Substring($0)) }.filter(query.hashes.contains))
        }
        // All the words of each line's speaker's name, which its head shows.
        let speakerWords = heads.map { head in
            Set(RecallRanker.nameWords(head.speaker ?? "").compactMap { TextFeatures.contentWordHash(Substring($0)) })
        }
        let rarity = rarity(of: query, in: zip(texts, speakers).map { $1.count == 0 ? $0.words : $0.words.union($1) })
        // Summed in the query's order (its sorted hashes), not the dictionary's, which differs from one
        // process to the next: the same recall gives the same text.
        let total = max(query.hashes.reduce(0) { $0 + (rarity[$1] ?? 0) }, .leastNonzeroMagnitude)
        // The rarity of the query's words that `words` hold.
        func rarityHeld(by words: WordSet) -> Double { words.hashes.reduce(0) { $0 + (rarity[$1] ?? 0) } }
        let longest = max(shortestCut, Int(Double(maximumWords) * weights.longestSentence))
        // The speakers' names, which an acknowledgement may hold (`Filler`).
        let names = Filler.names(of: Set(heads.compactMap(\.speaker)))
        var sentenceCounts: [Int] = []
        var units: [Unit] = []
        for (index, text) in texts.enumerated() {
            let sentences = quotable(text.sentences)
            let filler = Filler.sentences(of: text, names: names)
            sentenceCounts.append(sentences.count)
            let rank = pow(weights.rankDecay, Double(index))
            // A reply's first sentence follows the turn before it, said by someone else: "How long
            // have you been creating art?" — "Seven years now, and …".
            // A turn that carries a matched turn's thread on follows it as well.
            let matchedTurn = memories[index].matched
            var before = [matchedTurn?.before, matchedTurn?.carriesOn].compactMap { $0 }
                .map { rarityHeld(by: TextFeatures($0).words) / total }.max() ?? 0
            for (position, (sentence, parts)) in sentences.enumerated() {
                // An acknowledgement ("Thanks, Caroline!", "Wow, that's great!") is not quoted: the
                // words go to what was said, and what it follows passes to the sentence after it.
                if filler[parts].allSatisfy(\.isAcknowledgement) { continue }
                let said = rarityHeld(by: sentence.words)
                let saidBy = speakers[index].hashes.reduce(0) {
                    $0 + (sentence.words.hashes.contains($1) ? 0 : rarity[$1] ?? 0)
                }
                let matched = (said + saidBy) / total
                let value = rank * (weights.context + matched + weights.follows * before)
                before = matched
                let quoted = sentence.text.replacingLineBreaks()
                let count = wordCount(quoted)
                let says = sentence.words.hashes.contains {
                    !query.hashes.contains($0) && !speakerWords[index].contains($0)
                }
                let unit = Unit(
                    memory: index, position: position, text: quoted, words: count, value: value, isCut: false,
                    sentence: quoted, matches: matched > 0, says: says, content: sentence.words)
                units.append(count > longest ? unit.cut(to: longest, query: query) : unit)
            }
        }
        return (units, sentenceCounts)
    }

    /// The units quoted, by index: the most worth first, as long as it fits. A memory's first
    /// sentence also pays for its head, counted as it will be printed (without the date after a
    /// line of the same day). A sentence that holds query words and does not fit whole is cut
    /// to the room left, around its first matched word, if that is at least `shortestCut`
    /// words: an answer of twenty words then still shows its matched part, where before a
    /// shorter sentence that matched nothing took the room.
    private mutating func choose(
        _ units: inout [Unit], heads: inout [Head], query: WordSet, sessions: [String], gathering: Weights?,
        saidAgain: Double, excluding silent: Set<Int> = []
    ) -> Set<Int> {
        var quoted = [Bool](repeating: false, count: heads.count)
        func headWords() -> Int {
            var total = 0
            var previous: CalendarDay?
            for (index, head) in heads.enumerated() where quoted[index] {
                total += Self.wordCount(head.text(after: previous))
                previous = head.day
            }
            return total
        }
        var linesOf: [String: Int] = [:]
        // What a unit is worth now: when gathering, less for a new line of a session already quoted
        // and for another sentence of a memory already quoted. Never more than its worth.
        func worth(_ index: Int) -> Double {
            let unit = units[index]
            guard let gathering else { return unit.value }
            if quoted[unit.memory] { return unit.value * gathering.anotherSentence }
            return unit.value * pow(gathering.anotherLine, Double(linesOf[sessions[unit.memory], default: 0]))
        }
        var chosen: Set<Int> = []
        var chosenInOrder: [Int] = []
        var spent = words
        var headsSpent = 0
        var remaining = units.indices.filter { !silent.contains(units[$0].memory) }
            .sorted(by: { (units[$0].value, -$0) > (units[$1].value, -$1) })
        while !remaining.isEmpty {
            // The unit worth most now: sorted by worth before any was quoted, which only falls.
            var best = 0
            var bestWorth = -Double.infinity
            for (position, index) in remaining.enumerated() {
                if units[index].value <= bestWorth { break }
                let now = worth(index)
                if now > bestWorth { (best, bestWorth) = (position, now) }
            }
            let index = remaining.remove(at: best)
            let unit = units[index]
            if unit.content.count >= Self.fewestWordsSaidAgain,
                let said = chosenInOrder.first(where: {
                    units[$0].memory != unit.memory
                        && Double(units[$0].content.sharedCount(with: unit.content))
                            >= saidAgain * Double(unit.content.count)
                })
            {
                // Said again: the day it was said again goes with the quote that says it.
                let other = units[said].memory
                let day = heads[unit.memory].day
                if day != heads[other].day, !heads[other].again.contains(day) {
                    heads[other].again.append(day)
                    let withDay = headWords()
                    if spent + withDay - headsSpent <= maximumWords {
                        spent += withDay - headsSpent
                        headsSpent = withDay
                    } else {
                        heads[other].again.removeLast()
                    }
                }
                continue
            }
            var withMemory = headsSpent
            if !quoted[unit.memory] {
                quoted[unit.memory] = true
                withMemory = headWords()
                quoted[unit.memory] = false
            }
            var cost = unit.words + withMemory - headsSpent
            if spent + cost > maximumWords {
                truncated = true
                let room = maximumWords - spent - (withMemory - headsSpent)
                guard unit.matches, room >= Self.shortestCut else { continue }
                units[index] = unit.cut(to: room, query: query)
                cost = room + withMemory - headsSpent
            }
            spent += cost
            headsSpent = withMemory
            if !quoted[unit.memory] { linesOf[sessions[unit.memory], default: 0] += 1 }
            quoted[unit.memory] = true
            chosen.insert(index)
            chosenInOrder.append(index)
        }
        return chosen
    }

    /// `choose`, with no line that says nothing of its own: a memory whose chosen sentences
    /// hold no content word but the query's and its speaker's ("Caroline: …How long have you
    /// been into art?" for "How long has Caroline been practicing art?") is left out, and the
    /// choice made again without it, so that its words go to the lines after it. A sentence
    /// that says nothing is still quoted beside one of its memory's that does: a question
    /// before its answer.
    private mutating func chooseSaying(
        _ units: inout [Unit], heads: inout [Head], query: WordSet, sessions: [String], gathering: Weights?,
        saidAgain: Double
    ) -> Set<Int> {
        // A memory none of whose sentences says anything of its own is left out at once: only
        // one whose chosen sentences happen to be silent costs a choice made again.
        var silent = Set(units.map(\.memory)).subtracting(units.filter(\.says).map(\.memory))
        while true {
            var (tried, triedHeads) = (units, heads)
            let chosen = choose(
                &tried, heads: &triedHeads, query: query, sessions: sessions, gathering: gathering,
                saidAgain: saidAgain, excluding: silent)
            let saying = Set(chosen.compactMap { tried[$0].says ? tried[$0].memory : nil })
            let quiet = Set(chosen.map { tried[$0].memory }).subtracting(saying)
            if quiet.isEmpty {
                (units, heads) = (tried, triedHeads)
                return chosen
            }
            silent.formUnion(quiet)
        }
    }

    /// Each memory's chosen sentences in their order, in rank order, "…" where any were left out.
    private mutating func quote(
        _ memories: [Recall.Memory], _ chosen: Set<Int>, of units: [Unit], sentenceCounts: [Int], heads: [Head]
    ) {
        let byMemory = Dictionary(grouping: chosen.map { units[$0] }, by: \.memory)
        var previousDay: CalendarDay?
        for (index, memory) in memories.enumerated() {
            let quoted = (byMemory[index] ?? []).sorted { $0.position < $1.position }
            guard let first = quoted.first, let last = quoted.last else { continue }
            var text = first.position > 0 ? "…" : ""
            for (offset, unit) in quoted.enumerated() {
                if offset > 0 { text += quoted[offset - 1].position + 1 == unit.position ? " " : " …" }
                text += unit.text
            }
            let isCut = quoted.count < sentenceCounts[index] || quoted.contains(where: \.isCut)
            if last.position < sentenceCounts[index] - 1 { text += "…" }
            // A sentence cut around its match carries its own marks.
            text = text.replacing("……", with: "…")
            if isCut { truncated = true }
            let head = heads[index].text(after: previousDay)
            previousDay = heads[index].day
            let line = head.isEmpty ? text : head + " " + text
            lines.append(line)
            words += Self.wordCount(line)
            passages.append(
                Passage(memory: memory, text: text, day: heads[index].day, speaker: heads[index].speaker, isCut: isCut))
        }
    }

    /// A memory's sentences as they are quoted, each with the range of the text's sentences it is
    /// made of: one that holds no content word ("Oh!", a bullet) or no letter ("1.", "2)") goes
    /// with the sentence after it, so that no quote is a bare list number.
    static func quotable(_ sentences: [TextFeatures.Sentence]) -> [(sentence: TextFeatures.Sentence, parts: Range<Int>)] {
        var quotable: [(sentence: TextFeatures.Sentence, parts: Range<Int>)] = []
        var pending: (text: String, start: Int)?
        for (index, sentence) in sentences.enumerated() {
            let text = pending.map { $0.text + " " + sentence.text } ?? sentence.text
            let start = pending?.start ?? index
            if sentence.words.isEmpty || !sentence.text.contains(where: \.isLetter) {
                pending = (text, start)
            } else {
                quotable.append((TextFeatures.Sentence(text: text, words: sentence.words), start..<(index + 1)))
                pending = nil
            }
        }
        if let pending {
            if let last = quotable.popLast() {
                let merged = TextFeatures.Sentence(text: last.sentence.text + " " + pending.text, words: last.sentence.words)
                quotable.append((merged, last.parts.lowerBound..<sentences.count))
            } else {
                quotable.append((TextFeatures.Sentence(text: pending.text, words: WordSet([String]())), 0..<sentences.count))
            }
        }
        return quotable
    }

    // MARK: - Facts

    /// A fact bears on the question when an entity the query names is its subject or object, and
    /// its predicate or other end shares a word with the query ("Where does Leah live?" and
    /// `Leah lives_in Munich`). Words meet when one is the other or begins it with at least four
    /// letters ("live", "lives"), as a predicate's words are not stemmed like a sentence's. What
    /// someone does bears on a question that asks what they do (`doingWords`: "What activities
    /// does Leah partake in?", "What are Leah's hobbies?"), and only on such a question.
    static func bears(_ fact: Recall.Fact, on query: Set<String>, named: Set<String>, asksWhatIsDone: Bool) -> Bool {
        let subjectNamed = named.contains(fact.subject.lowercased())
        let objectNamed = named.contains(fact.object.lowercased())
        guard subjectNamed || objectNamed else { return false }
        // Not by its object: "Melanie does pottery" says nothing to "Why did Melanie paint her pottery blue?"
        if fact.predicate == Predicate.does.rawValue { return subjectNamed && asksWhatIsDone }
        let words = plainWords(fact.predicate + " " + (subjectNamed ? fact.object : fact.subject))
        return words.contains { word in
            query.contains { asked in
                let (short, long) = asked.count <= word.count ? (asked, word) : (word, asked)
                return short == long || (short.count >= 4 && long.hasPrefix(short))
            }
        }
    }

    /// Whether a question asks what someone does: one of `doingWords`, or "like" as a verb after a
    /// name, a pronoun or "both" ("What sports does John like?", "How do Jon and Gina both like to
    /// destress?"), not as a preposition ("cool places like Whispering Falls").
    static func asksWhatIsDone(_ query: String) -> Bool {
        let tokens = TextTokens(query).tokens.filter(\.isWord)
        return tokens.indices.contains { index in
            let word = tokens[index].lower
            if doingWords.contains(word) { return true }
            guard word == "like" || word == "likes", index > 0 else { return false }
            let before = tokens[index - 1]
            return before.isNameLike || likeSubjects.contains(before.lower)
        }
    }

    /// Words after which "like" is a verb.
    static let likeSubjects: Set<String> = ["i", "you", "he", "she", "we", "they", "both", "also", "really", "still", "not"]

    /// Words that ask what someone does.
    static let doingWords: Set<String> = [
        "activity", "activities", "hobby", "hobbies", "interest", "interests", "pastime", "pastimes", "sport",
        "sports", "fun", "partake", "enjoy", "enjoys", "events", "participated", "attended",
    ]

    /// Lower-cased words of a text without stop words: what a fact is matched by.
    static func plainWords(_ text: String) -> Set<String> {
        Set(text.lowercased().split { !$0.isLetter && !$0.isNumber }.map(String.init).filter {
            $0.count >= 3 && !TextFeatures.stopWords.contains($0)
        })
    }

    // MARK: - Passages

    /// How much each query word says, among the recalled lines' words: a word in few of them picks
    /// the right sentence better than one in all of them (an IDF over what was recalled).
    static func rarity(of query: WordSet, in texts: [WordSet]) -> [UInt64: Double] {
        let count = Double(texts.count)
        var weights: [UInt64: Double] = [:]
        for word in query.hashes {
            let containing = Double(texts.filter { $0.hashes.contains(word) }.count)
            weights[word] = log(1 + (count + 1) / (containing + 0.5))
        }
        return weights
    }

    /// `room` words of one long sentence, from a little before its first word that matches the
    /// query, with "…" where it was cut.
    private static func cut(_ sentence: String, query: WordSet, within room: Int) -> String {
        let words = sentence.split(whereSeparator: \.isWhitespace)
        let hit = words.firstIndex { word in
            TextFeatures.contentWordHash(word).map(query.hashes.contains) ?? false
        } ?? 0
        let start = max(0, min(hit - room / 4, words.count - room))
        let end = min(words.count, start + room)
        return (start > 0 ? "…" : "") + words[start..<end].joined(separator: " ") + (end < words.count ? "…" : "")
    }

    // MARK: - Budget

    /// Adds a line if it fits in the budget; otherwise marks the context truncated.
    private mutating func add(_ line: String) -> Bool {
        let count = Self.wordCount(line)
        guard words + count <= maximumWords else {
            truncated = true
            return false
        }
        lines.append(line)
        words += count
        return true
    }

    private static func wordCount(_ text: String) -> Int { RecallRanker.wordCount(text) }
}
