import Foundation
import Testing

@testable import MemoryEngines
@testable import MemoryModel

@Suite("Consolidation engine")
struct ConsolidationEngineTests {
    let engine = ConsolidationEngine(policy: ConsolidationPolicy())
    let base = Timestamp(iso8601: "2026-03-02T09:00:00Z")!

    private func memory(
        _ id: Int64, _ content: String, session: String = "s1", minutes: Int64 = 0, importance: Double? = nil,
        project: String? = nil
    ) -> ShortTermMemory {
        ShortTermMemory(
            id: ShortTermMemoryID(id), content: content, session: session, source: "user", importance: importance,
            createdAt: Timestamp(millisecondsSince1970: base.millisecondsSince1970 + minutes * 60_000),
            status: .pending, ltmID: nil, project: project)
    }

    private func plan(
        _ memories: [ShortTermMemory], stored: [LongTermMemory] = [], engine: ConsolidationEngine? = nil
    ) -> ConsolidationPlan {
        plan(memories, InMemoryLongTermIndex(stored), engine: engine ?? self.engine)
    }

    private func plan(
        _ memories: [ShortTermMemory], _ index: some LongTermIndex, engine: ConsolidationEngine? = nil
    ) -> ConsolidationPlan {
        let engine = engine ?? self.engine
        return try! ConsolidationPlanner.plan(
            memories, features: memories.map { engine.features(of: $0) }, engine: engine, index: index)
    }

    @Test("near-duplicates of one conversation merge into one long-term memory with both sources")
    func duplicatesMerge() {
        let result = plan([
            memory(1, "My sister Leah is moving to Lisbon in June"),
            memory(2, "my sister leah moves to lisbon in june!", minutes: 3),
        ])
        #expect(result.writes.count == 1)
        #expect(result.writes.first?.sources.map(\.role) == [.created, .merged])
        #expect(result.writes.first?.sources.map(\.stmID.rawValue) == [1, 2])
        #expect(result.parked.isEmpty)
    }

    @Test("unrelated memories stay apart")
    func unrelatedStayApart() {
        let result = plan([
            memory(1, "My dentist appointment is on Friday at 9:30"),
            memory(2, "I started learning Portuguese with an app", minutes: 2),
            memory(3, "Remember that Marcus is allergic to peanuts", minutes: 4),
        ])
        #expect(result.writes.count == 3)
        #expect(result.writes.allSatisfy { $0.sources.count == 1 && $0.sources[0].role == .created })
    }

    @Test("the same words a week later in another session reinforce the stored memory instead of duplicating it")
    func restatementReinforces() throws {
        let stored = LongTermMemory(
            id: LongTermMemoryID(7), summary: "My sister Leah lives in Lisbon.", strength: 1, importance: 0.6,
            createdAt: base, updatedAt: base, lastReinforcedAt: base, sourceCount: 1)
        let weekLater = memory(9, "my sister Leah lives in Lisbon now", session: "s2", minutes: 7 * 24 * 60)
        let result = plan([weekLater], stored: [stored])
        let write = try #require(result.writes.first)
        #expect(result.writes.count == 1)
        #expect(write.existing == stored.id)
        #expect(write.sources.map(\.role) == [.reinforced])
        #expect(write.lastReinforcedAt == weekLater.createdAt)
        // Decayed for a week (half-life 30 days), then one more restatement.
        let expected = Decay.decayed(
            1, from: base, to: weekLater.createdAt, halfLife: ConsolidationPolicy().strengthHalfLife) + 1
        #expect(abs(write.strength - expected) < 1e-9)
        #expect(write.strength > 1.8 && write.strength < 2)
    }

    @Test("a memory joins only long-term memories of its own project: restating one of another project, or of none, starts its own")
    func projectsNeverJoin() throws {
        let shop = "/home/dana/src/shop"
        let stored = [
            LongTermMemory(
                id: LongTermMemoryID(7), summary: "We deploy the shop with blue-green releases on Fridays.", strength: 1,
                importance: 0.6, createdAt: base, updatedAt: base, lastReinforcedAt: base, sourceCount: 1, project: shop),
            LongTermMemory(
                id: LongTermMemoryID(8), summary: "My sister Leah lives in Lisbon.", strength: 1, importance: 0.6,
                createdAt: base, updatedAt: base, lastReinforcedAt: base, sourceCount: 1),
        ]
        let day = Int64(24 * 60)
        let result = plan(
            [
                // The same words in another project, and in none: new memories of their own.
                memory(1, "we deploy the shop with blue-green releases on Fridays", session: "t", minutes: day, project: "/home/dana/src/thesis"),
                memory(2, "We deploy the shop with blue-green releases on fridays!", session: "n", minutes: day + 1),
                // In the shop, it reinforces the shop's; in the shop too, Leah's stays apart.
                memory(3, "we deploy the shop with blue-green releases on Fridays", session: "s", minutes: day + 2, project: shop),
                memory(4, "my sister Leah lives in Lisbon", session: "s", minutes: day + 3, project: shop),
                // Merges stay within a project even inside one session.
                memory(5, "my sister Leah lives in Lisbon now", session: "s", minutes: day + 4),
            ], stored: stored)
        let bySource = Dictionary(
            uniqueKeysWithValues: result.writes.flatMap { write in write.sources.map { ($0.stmID.rawValue, write) } })
        #expect(bySource[1]?.existing == nil && bySource[1]?.project == "/home/dana/src/thesis")
        #expect(bySource[2]?.existing == nil && bySource[2]?.project == nil)
        #expect(bySource[3]?.existing == LongTermMemoryID(7))
        #expect(bySource[4]?.existing == nil && bySource[4]?.project == shop)
        #expect(bySource[5]?.existing == LongTermMemoryID(8))
        for write in result.writes where write.existing == nil {
            #expect(write.sources.count == 1, "joined across projects: \(write.sources)")
        }
    }

    @Test("a plan made after a stop request throws, so that its transaction is rolled back")
    func planStopsWhenCancelled() async {
        let memories = (0..<100).map { memory(Int64($0 + 1), "Note \($0): the garden needs water \($0 % 7)", minutes: Int64($0)) }
        let engine = engine
        let result = await Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return Result {
                try ConsolidationPlanner.plan(
                    memories, features: memories.map { engine.features(of: $0) }, engine: engine,
                    index: InMemoryLongTermIndex())
            }
        }.value
        #expect(throws: CancellationError.self) { try result.get() }
    }

    @Test("a statement about another person is not a restatement, however alike the words")
    func namesMustMatch() {
        let stored = LongTermMemory(
            id: LongTermMemoryID(1), summary: "My sister Kwame works at Initech now.", strength: 1, importance: 0.6,
            createdAt: base, updatedAt: base, lastReinforcedAt: base, sourceCount: 1)
        let result = plan([memory(2, "My sister Sven works at Initech now", session: "s9")], stored: [stored])
        #expect(result.writes.map(\.existing) == [nil])
    }

    @Test("shouting restates the same words in lower case, in either order", arguments: [false, true])
    func shouting(capsFirst: Bool) {
        let caps = "I MOVED TO BERLIN LAST MONTH"
        let plain = "i moved to berlin last month"
        let result = plan([
            memory(1, capsFirst ? caps : plain, session: "a"), memory(2, capsFirst ? plain : caps, session: "b", minutes: 60),
        ])
        #expect(result.writes.count == 1)
        #expect(result.writes.first?.sources.map(\.role) == [.created, .reinforced])
    }

    @Test("small talk that restates nothing is parked, not made into a long-term memory")
    func smallTalkIsParked() {
        let result = plan([memory(1, "ok"), memory(2, "lol", minutes: 1), memory(3, "thanks!", minutes: 2)])
        #expect(result.writes.isEmpty)
        #expect(result.parked.map(\.rawValue) == [1, 2, 3])
    }

    @Test("filler of a conversation is parked, never merged into a neighbour; its acknowledgements stay out of summaries")
    func conversationFiller() throws {
        let memories = [
            memory(1, "I went to a LGBTQ support group yesterday and it was so powerful."),
            memory(2, "Wow, that's cool! What happened?", minutes: 1),
            memory(3, "That's great! So happy for you!", minutes: 2),
            memory(4, "Wow! The support group made me feel accepted. Isn't that something?", minutes: 3),
        ]
        let result = plan(memories)
        #expect(result.parked.map(\.rawValue) == [2, 3])
        let summaries = result.writes.map(\.summary)
        #expect(summaries.allSatisfy { !$0.contains("Wow") && !$0.contains("So happy for you") }, "\(summaries)")
        #expect(summaries.contains { $0.contains("The support group made me feel accepted.") }, "\(summaries)")
    }

    @Test("a thank-you in front of a statement does not make it restate another memory")
    func acknowledgementIsNoRestatement() {
        let stored = LongTermMemory(
            id: LongTermMemoryID(3), summary: "Thanks, Caroline! Painting is a fun way to relax.", strength: 1,
            importance: 0.6, createdAt: base, updatedAt: base, lastReinforcedAt: base, sourceCount: 1)
        let later = memory(5, "Thanks, Caroline! My kids and I went camping at the lake last weekend.", session: "s3", minutes: 600)
        #expect(plan([later], stored: [stored]).writes.map(\.existing) == [nil])
    }

    @Test("a memory given high importance is consolidated even when it is short")
    func givenImportanceWins() {
        let result = plan([memory(1, "ok", importance: 0.9)])
        #expect(result.writes.count == 1 && result.parked.isEmpty)
    }

    @Test("a long-term memory keeps every sentence of its sources, says nothing twice and takes joins while it has room")
    func extractiveSummary() {
        var policy = ConsolidationPolicy()
        policy.maximumLongTermLength = 160
        let engine = ConsolidationEngine(policy: policy)
        let memories = (0..<6).map { index in
            memory(
                Int64(index + 1),
                "We are planning the kitchen renovation for May. The budget is about 8000 euros. Call #\(index) with the builder went fine.",
                minutes: Int64(index))
        }
        let result = plan(memories, engine: engine)
        // Each memory adds one new sentence: two fit in 160 characters, so three long-term memories.
        #expect(result.writes.count == 3)
        for write in result.writes {
            #expect(write.summary.count <= 160)
            let sentences = TextFeatures(write.summary).sentences.map(\.text)
            #expect(Set(sentences.map { $0.lowercased() }).count == sentences.count)
            for source in write.sources {
                for sentence in TextFeatures(memories[Int(source.stmID.rawValue) - 1].content).sentences {
                    #expect(sentences.contains(sentence.text), "lost: \(sentence.text)")
                }
            }
        }
    }

    @Test("a memory longer than the limit becomes a long-term memory of its own, whole")
    func longMemoryKeptWhole() {
        let long = (1...40).map { "Step \($0): sand the cabinet door number \($0) and paint it in coat \($0)." }
            .joined(separator: " ")
        let memories = [memory(1, "We are repainting the kitchen cabinets this weekend.", minutes: 0), memory(2, long, minutes: 1)]
        let result = plan(memories)
        #expect(result.writes.contains { $0.summary == long && $0.sources.map(\.stmID.rawValue) == [2] })
    }

    @Test("strength decays monotonically with time and never below zero")
    func decayIsMonotonic() {
        let halfLife = ConsolidationPolicy().strengthHalfLife
        var previous = Double.infinity
        for day in stride(from: 0, through: 400, by: 5) {
            let later = Timestamp(millisecondsSince1970: base.millisecondsSince1970 + Int64(day) * 86_400_000)
            let value = Decay.decayed(3, from: base, to: later, halfLife: halfLife)
            #expect(value <= previous && value >= 0)
            previous = value
        }
        let thirtyDays = Timestamp(millisecondsSince1970: base.millisecondsSince1970 + 30 * 86_400_000)
        #expect(abs(Decay.decayed(3, from: base, to: thirtyDays, halfLife: halfLife) - 1.5) < 1e-9)
        #expect(Decay.decayed(3, from: thirtyDays, to: base, halfLife: halfLife) == 3)
    }

    @Test(
        "a batch planned at once gives what its memories planned and written a few at a time give, stale newest ids asked again",
        arguments: [1, 5])
    func planDoesNotDependOnBatchSize(batchSize: Int) throws {
        let facts = [
            "We went hiking in the Alps near Innsbruck last weekend", "My cousin Tobias bought a red bicycle in Munich",
            "Our team moves to the new office in Hamburg in May", "I adopted a grey cat called Pixel",
            "The bakery on Main Street sells the best rye bread", "My sister Leah lives in Lisbon now",
        ]
        // Several stored memories under each fact's keys, more than a memory reaches under one key.
        let stored = (1...40).map { id in
            LongTermMemory(
                id: LongTermMemoryID(Int64(id)), summary: facts[id % facts.count] + (id % 4 == 0 ? " again." : "."),
                strength: 1, importance: 0.6, createdAt: base, updatedAt: base, lastReinforcedAt: base, sourceCount: 1)
        }
        let open = [3, 4].map { LongTermMemoryID(Int64($0)) }
        let merging = Dictionary(uniqueKeysWithValues: open.map { ($0, Merging(session: "s\($0.rawValue % 3)", lastMergedAt: base)) })
        // Restatements of stored facts, merges within a conversation, and new facts, in three sessions.
        let memories = (0..<48).map { index in
            let fact = facts[(index * 5) % facts.count]
            let text = index % 3 == 0 ? fact : index % 3 == 1 ? fact.lowercased() + " indeed" : "Something new number \(index) about Rome"
            return memory(Int64(100 + index), text, session: "s\(index % 3)", minutes: Int64(index))
        }
        let whole = InMemoryLongTermIndex(stored, merging: merging)
        let plan = plan(memories, whole)
        whole.apply(plan, of: memories)
        #expect(plan.created > 0 && plan.merged > 0 && plan.reinforced > 0)

        let parts = InMemoryLongTermIndex(stored, merging: merging)
        for start in stride(from: 0, to: memories.count, by: batchSize) {
            let batch = Array(memories[start..<min(start + batchSize, memories.count)])
            parts.apply(self.plan(batch, parts), of: batch)
        }
        #expect(parts.memories == whole.memories)
        #expect(parts.merged.mapValues { $0.map(\.at) } == whole.merged.mapValues { $0.map(\.at) })
    }

    @Test("a memory finds a long-term memory the batch changed under the band keys of its new summary")
    func batchChangesAreFoundAsWritten() throws {
        let stored = LongTermMemory(
            id: LongTermMemoryID(1), summary: "My sister Leah lives in Lisbon.", strength: 1, importance: 0.6,
            createdAt: base, updatedAt: base, lastReinforcedAt: base, sourceCount: 1)
        let memories = [
            memory(2, "My sister Leah lives in Lisbon. She works at the harbour museum.", session: "s2", minutes: 60),
            // Restates only the sentence the first one added: found under its keys alone.
            memory(3, "she works at the harbour museum", session: "s3", minutes: 120),
        ]
        let result = plan(memories, stored: [stored])
        #expect(result.writes.count == 1 && result.writes[0].existing == stored.id)
        #expect(result.writes[0].sources.map(\.role) == [.reinforced, .reinforced])
        #expect(result.writes[0].summary == "My sister Leah lives in Lisbon. She works at the harbour museum.")
        #expect(result.writes[0].bandKeys == ConsolidationEngine.summaryBandKeys(result.writes[0].summary))
    }

    @Test("the same batch always gives the same plan")
    func deterministic() {
        let memories = (0..<40).map { memory(Int64($0 + 1), "note \($0 % 7) about Berlin and work", minutes: Int64($0)) }
        #expect(plan(memories) == plan(memories.reversed()))
    }
}

@Suite("Importance heuristic and text features")
struct ImportanceHeuristicTests {
    @Test(
        "chatter scores low, facts with names, numbers, cues and oneself score above the threshold",
        arguments: [
            ("ok", false), ("lol", false), ("thanks!", false), ("haha nice", false), ("👍", false), ("sure", false),
            ("That sounds like a good plan.", false),
            ("I moved to Berlin last month", true), ("Remember to water the plants", true),
            ("my sister leah works at the hospital", true), ("Dentist on 2026-03-14 at 9:30", true),
            ("never book flights through that agency again", true),
        ])
    func importance(text: String, important: Bool) {
        let score = ImportanceHeuristic.estimate(text)
        #expect((score >= ConsolidationPolicy().forgetBelowImportance) == important, "\(text): \(score)")
    }

    @Test("a text's tokens alone are the tokens of its full analysis, and give the same importance")
    func tokensAlone() {
        let texts = [
            "I moved to Berlin last month. My sister Leah lives there!", "ok", "", "👍 Dentist on 2026-03-14 at 9:30",
            "MEETING WITH DR. ALVAREZ", "Zoë déménage à Montréal\nI’m glad", "  spaces   between  ",
        ]
        for text in texts {
            let features = TextFeatures(text)
            let tokens = TextFeatures.tokens(of: text)
            #expect(tokens.map(\.text) == features.tokens.map(\.text), "\(text)")
            #expect(tokens.map(\.sentence) == features.tokens.map(\.sentence), "\(text)")
            #expect(tokens.map(\.startsSentence) == features.tokens.map(\.startsSentence), "\(text)")
            #expect(ImportanceHeuristic.estimate(text) == ImportanceHeuristic.estimate(features), "\(text)")
        }
    }

    @Test("recall's length prior counts words as splitting on white space does")
    func wordCounts() {
        for text in ["", "one", " two  words ", "tabs\tand\nlines\r\n", "emoji 👍🏽 and é", "\u{00A0}nbsp\u{2003}em"] {
            #expect(RecallRanker.wordCount(text) == text.split(whereSeparator: \.isWhitespace).count, "\(text)")
        }
    }

    @Test("sentences split after end punctuation and at line breaks, not inside numbers or abbreviations of it")
    func sentences() {
        #expect(
            TextFeatures("It costs 3.5 euros. Really?! \"Yes.\" Then\nnew line").sentences.map(\.text) == [
                "It costs 3.5 euros.", "Really?!", "\"Yes.\"", "Then", "new line",
            ])
        #expect(TextFeatures("").sentences.isEmpty)
        #expect(TextFeatures("👍").sentences.map(\.text) == ["👍"])
    }

    @Test("the scan reads any script: accents, marks, curly quotes, ellipses, emoji and CJK split as they read")
    func nonASCIIScan() {
        let text = "Zoë’s café… “Já?” Ja! 東京へ行く。 Then 👍🏽 ok\u{0301}ay. Ünïcödé"
        #expect(
            TextFeatures(text).sentences.map(\.text) == ["Zoë’s café…", "“Já?”", "Ja!", "東京へ行く。 Then 👍🏽 ok\u{0301}ay.", "Ünïcödé"])
        #expect(
            TextFeatures.tokens(of: text).map(\.text) == [
                "Zoë’s", "café", "Já", "Ja", "東京へ行く", "Then", "ok\u{0301}ay", "Ünïcödé",
            ])
        #expect(TextFeatures.tokens(of: text).map(\.startsSentence) == [true, false, true, true, true, false, false, true])
        #expect(TextFeatures("Ünïcödé und Zoë").names == WordSet(["zoë"]))
    }

    @Test("content words are case-folded, lightly stemmed, and ignore stop words and possessives")
    func contentWords() {
        #expect(TextFeatures("Leah's MOVING to Berlin").words == TextFeatures("leah moved to berlin").words)
        #expect(TextFeatures("the and of").words.isEmpty)
        #expect(TextFeatures("Zoë déménage à Montréal").words.count == 3)
    }

    @Test("a word's hash is made without the word by the same rules as the word: every case, stop word and suffix")
    func contentWordHashes() {
        var words: [String] = [
            "", "'", "''", "a", "I", "i'm", "I'M", "Leah's", "LEAH'S", "'s", "x's", "it's", "don't", "dont", "Yourself",
            "yourselfs", "moving", "sing", "things", "moved", "bed", "goes", "yes", "cats", "class", "bus", "this",
            "analysis", "3", "42s", "2024's", "9th", "1,000", "3.5", "e-mail", "Zoë", "naïve's", "I’m", "Leah’s",
            "über", "👍", "MOVING", "Ing", "ings", "sings", "ed's", String(repeating: "ab", count: 40) + "ing",
            String(repeating: "x", count: 64), String(repeating: "x", count: 65) + "s",
        ]
        words += TextFeatures.stopWords.flatMap { [$0, $0.uppercased(), $0 + "s", $0 + "'s", "'" + $0] }
        // Random words over the bytes the fast path takes, and a few it hands back.
        let alphabet = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'''sgnide.é")
        var state: UInt64 = 7
        func next() -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(state >> 33)
        }
        for _ in 0..<5_000 {
            words.append(String((0..<next() % 12).map { _ in alphabet[next() % alphabet.count] }))
        }
        for word in words {
            #expect(
                TextFeatures.contentWordHash(word[...]) == TextFeatures.contentWord(word[...]).map(MinHash.fnv1a),
                "\(word)")
        }
    }

    @Test("names are capitalised words inside a sentence, and numbers")
    func names() {
        #expect(TextFeatures("My sister Leah lives in Berlin since 2024").names == WordSet(["leah", "berlin", "2024"]))
        #expect(TextFeatures("Yesterday I said hi. Then I left").names.isEmpty)
    }
}
