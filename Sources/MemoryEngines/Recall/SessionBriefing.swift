import FoundationEssentials
import Glibc
import MemoryModel

/// What a new session in a project should know, within a word budget: `memctl context` without a
/// query, and the SessionStart hooks. Pure: candidates in, lines out. docs/PROJECTS.md, "Context
/// for a new session", has the reasoning.
///
/// - First what holds about the user everywhere: the graph's current facts about the `user`
///   speaker, and what the user said about themselves in memories of no project ("I prefer …").
/// - Then the project's memories (a memory of no project is not the project's: chat history
///   imported from elsewhere would crowd it out), best first: important, reinforced and recent.
///   A long-term memory said again and again ranks above one said once; one not said for months
///   sinks.
/// - Each line in the recall text format, `[16 March 2022] user: text`, cut at a sentence's end
///   (or a word's, marked "…") so that no memory takes more than `longestLine` words.
package struct SessionBriefing: Sendable {
    package private(set) var lines: [String] = []
    /// The memories quoted, as `ltm:ID` and `stm:ID`.
    package private(set) var shown: [String] = []
    package private(set) var words = 0
    package let maximumWords: Int

    /// No memory is quoted longer than this many words.
    package static let longestLine = 40
    /// A pending memory of fewer words says too little to hand over ("ok, do it").
    package static let shortestPending = 4
    /// Recency halves a memory's worth every this many days.
    package static let recencyHalfLifeDays = 30.0

    package var text: String { lines.joined(separator: "\n") }

    /// `directory`: the project's, for the heading (nil: every project's memories are the
    /// project's). `excluding`: references already shown in this session.
    package init(
        candidates: [BriefingCandidate], userFacts: [Recall.Fact], directory: String?, maximumWords: Int,
        now: Timestamp, strengthHalfLife: Duration, excluding: Set<String> = []
    ) {
        self.maximumWords = maximumWords
        let heading = directory.map { "What memoryd remembers for \($0):" } ?? "What memoryd remembers:"
        var about: [BriefingCandidate] = []
        var project: [BriefingCandidate] = []
        var seenTexts: Set<String> = []
        for candidate in candidates where !excluding.contains(candidate.reference) {
            // A pending memory and the long-term memory it went into say the same: once.
            guard seenTexts.insert(Self.normalized(candidate.text)).inserted else { continue }
            if candidate.project != nil || directory == nil {
                if candidate.kind == "ltm" || RecallRanker.wordCount(candidate.text) >= Self.shortestPending {
                    project.append(candidate)
                }
            } else if candidate.speaker == NewMemory.defaultSource, Self.isAboutSpeaker(candidate.text) {
                about.append(candidate)
            }
        }
        func ranked(_ list: [BriefingCandidate]) -> [BriefingCandidate] {
            list.map { ($0, Self.worth($0, now: now, strengthHalfLife: strengthHalfLife)) }
                .sorted { $0.1 != $1.1 ? $0.1 > $1.1 : $0.0.saidAt > $1.0.saidAt }.map(\.0)
        }
        var body: [String] = []
        var previousDay: CalendarDay?
        var budget = maximumWords - RecallRanker.wordCount(heading)
        for (line, _) in FactLines.lines(userFacts) {
            let count = RecallRanker.wordCount(line)
            guard count <= budget else { break }
            body.append(line)
            budget -= count
        }
        for candidate in ranked(about) + ranked(project) {
            let day = CalendarDay(candidate.saidAt)
            let head = [
                day == previousDay ? nil : "[\(day.spoken)]",
                DeviceMark.speaker(candidate.speaker, device: candidate.device).map { "\($0):" },
            ].compactMap { $0 }.joined(separator: " ")
            let room = min(Self.longestLine, budget - RecallRanker.wordCount(head))
            guard room >= RecallContext.shortestCut, let quoted = Self.quoted(candidate.text, within: room) else {
                continue
            }
            let line = head + " " + quoted
            body.append(line)
            shown.append(candidate.reference)
            budget -= RecallRanker.wordCount(line)
            previousDay = day
        }
        guard !shown.isEmpty || !body.isEmpty else { return }
        lines = [heading] + body
        words = lines.map(RecallRanker.wordCount).reduce(0, +)
    }

    /// How much a memory is worth telling: its importance, its strength now (reinforcement
    /// decayed), and how recently it was said.
    static func worth(_ candidate: BriefingCandidate, now: Timestamp, strengthHalfLife: Duration) -> Double {
        let strength = Decay.decayed(candidate.strength, from: candidate.saidAt, to: now, halfLife: strengthHalfLife)
        let days = max(0, Double(now.millisecondsSince1970 - candidate.saidAt.millisecondsSince1970) / 86_400_000)
        let importance: Double = 0.5 + (candidate.importance ?? 0.5)
        let reinforced: Double = 1 + log(1 + strength)
        return importance * reinforced * pow(2, -days / recencyHalfLifeDays)
    }

    /// Whether the text speaks of its speaker: "I", "my", "me".
    static func isAboutSpeaker(_ text: String) -> Bool {
        !RecallRanker.firstPerson.isDisjoint(with: TextTokens(text).tokens.filter(\.isWord).map(\.lower))
    }

    /// The text's first sentences within `room` words, whole; else its first `room` words and "…".
    /// Line breaks become spaces. Nil for a text of no words.
    static func quoted(_ text: String, within room: Int) -> String? {
        let sentences = TextFeatures(text).sentences.map(\.text)
        var quoted: [String] = []
        var count = 0
        for (index, sentence) in sentences.enumerated() {
            let words = RecallRanker.wordCount(sentence)
            // Room for the "…" that marks a cut, unless this is the last sentence.
            guard count + words <= room - (index == sentences.count - 1 ? 0 : 1) else { break }
            quoted.append(sentence)
            count += words
        }
        if quoted.isEmpty {
            let words = text.split(whereSeparator: \.isWhitespace)
            guard !words.isEmpty else { return nil }
            return words.prefix(room).joined(separator: " ") + (words.count > room ? "…" : "")
        }
        let joined = quoted.joined(separator: " ").split(whereSeparator: \.isNewline).joined(separator: " ")
        return quoted.count < sentences.count ? joined + " …" : joined
    }

    /// Lower-cased words, for telling that two memories say the same.
    static func normalized(_ text: String) -> String {
        text.lowercased().split(whereSeparator: { !$0.isLetter && !$0.isNumber }).joined(separator: " ")
    }
}
