import Testing

@testable import MemoryEngines
@testable import MemoryModel

/// What a new session is told, from candidates (`SessionBriefing`): pure, no store.
@Suite("Session briefing")
struct SessionBriefingTests {
    let now = Timestamp(iso8601: "2026-11-28T12:00:00Z")!

    func candidate(
        _ id: Int64, _ text: String, project: String? = "/src/shop", speaker: String = "user", daysAgo: Int64 = 1,
        strength: Double = 1, importance: Double? = 0.5, kind: String = "ltm"
    ) -> BriefingCandidate {
        BriefingCandidate(
            kind: kind, id: id, text: text, project: project, speaker: speaker,
            saidAt: Timestamp(millisecondsSince1970: now.millisecondsSince1970 - daysAgo * 86_400_000),
            strength: strength, importance: importance)
    }

    func briefing(_ candidates: [BriefingCandidate], words: Int = 300, excluding: Set<String> = [], facts: [Recall.Fact] = [])
        -> SessionBriefing
    {
        SessionBriefing(
            candidates: candidates, userFacts: facts, directory: "/src/shop", maximumWords: words, now: now,
            strengthHalfLife: PassSettings().strengthHalfLife, excluding: excluding)
    }

    @Test("the user's facts and first-person notes of no project first, then the project's best; other notes of no project left out")
    func order() {
        let result = briefing(
            [
                candidate(1, "We use pnpm, never npm, in this repository.", daysAgo: 40),
                candidate(2, "Decided: orders stay in Postgres.", daysAgo: 3, strength: 6, importance: 0.9),
                candidate(3, "I prefer tabs over spaces.", project: nil, daysAgo: 90),
                candidate(4, "The pasta needs more garlic.", project: nil),
                candidate(5, "ok do it", kind: "stm"),
            ],
            facts: [Recall.Fact(subject: "user", predicate: "lives_in", object: "Berlin", since: now)])
        #expect(result.lines.first == "What memoryd remembers for /src/shop:")
        #expect(result.lines.dropFirst().first == "user lives in Berlin (since 28 November 2026).")
        #expect(result.shown == ["ltm:3", "ltm:2", "ltm:1"], "\(result.lines)")
        #expect(!result.text.contains("garlic") && !result.text.contains("ok do it"))
    }

    @Test("what the user does is one line after the user's other facts")
    func doing() {
        let result = briefing(
            [candidate(1, "Decided: orders stay in Postgres.")],
            facts: [
                Recall.Fact(subject: "user", predicate: "does", object: "bouldering", since: now),
                Recall.Fact(subject: "user", predicate: "lives_in", object: "Berlin", since: now),
                Recall.Fact(subject: "user", predicate: "does", object: "pottery class", since: now),
            ])
        #expect(
            Array(result.lines.dropFirst().prefix(2)) == [
                "user lives in Berlin (since 28 November 2026).", "user does bouldering and pottery class.",
            ])
    }

    @Test("within the budget, never a memory excluded, one text once, long memories cut at a sentence")
    func budget() {
        let long = (1...30).map { "Sentence \($0) of the release notes says something." }.joined(separator: " ")
        let candidates = [
            candidate(1, long, importance: 0.9), candidate(2, "Deploys run on Friday mornings only."),
            candidate(3, "Deploys run on Friday mornings only!", kind: "stm"), candidate(4, "The CI cache is keyed on the lockfile."),
        ]
        let full = briefing(candidates)
        #expect(full.shown == ["ltm:1", "ltm:2", "ltm:4"], "the pending copy of memory 2 is told once: \(full.lines)")
        let first = full.lines[1]
        // "[27 November 2026] user:" and at most 40 words, the cut marked.
        #expect(RecallRanker.wordCount(first) <= 4 + SessionBriefing.longestLine && first.hasSuffix(" …"), "\(first)")
        for words in [20, 30, 45] {
            let small = briefing(candidates, words: words)
            #expect(small.words <= words && small.words == RecallRanker.wordCount(small.text), "\(words): \(small.lines)")
        }
        #expect(briefing(candidates, excluding: ["ltm:1", "ltm:2"]).shown == ["stm:3", "ltm:4"])
        #expect(briefing([]).lines.isEmpty)
    }
}
