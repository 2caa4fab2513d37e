import MemoryDaemon
import MemoryModel
import MemoryPasses
import MemoryStorage
import CSQLite
import Foundation

/// `memory-bench locomo FILE`: memoryd's memory on real conversations against plain BM25 over
/// the raw turns, as the quality issue measures it. Each conversation is imported into a
/// database of its own (one memory per turn), a full cycle runs (`memctl consolidate --local
/// --min-age 0`), and every question of categories 1–4 goes through `memctl recall --json`.
struct LocomoBenchmark {
    let path: String
    let ks: [Int]
    let directory: URL
    let memctl: String

    /// Totals over every conversation, for one system (memoryd or the baseline).
    struct Tally {
        var hits: [Int: Int] = [:]
        var words: [Int: Int] = [:]
        var categoryHits: [Int: [Int: Int]] = [:]

        mutating func record(_ ranked: [(text: String, turns: Set<String>)], _ question: LocomoDataset.Question,
            visible: (String, String) -> Bool, ks: [Int])
        {
            for k in ks {
                let top = ranked.prefix(k)
                let hit = question.evidence.contains { turn in top.contains { $0.turns.contains(turn) && visible(turn, $0.text) } }
                if hit {
                    hits[k, default: 0] += 1
                    categoryHits[question.category, default: [:]][k, default: 0] += 1
                }
                words[k, default: 0] += top.reduce(0) { $0 + LocomoMetrics.wordCount($1.text) }
            }
        }
    }

    func run() async throws {
        let dataset = try LocomoDataset(path: path)
        var ours = Tally()
        var baseline = Tally()
        var questionsByCategory: [Int: Int] = [:]
        var questionCount = 0
        var goldTurns = 0
        var goldCovered = 0
        var longTermCount = 0
        var junk = 0
        var turnWords = 0
        var longTermWords = 0
        var promoted = 0
        var turnCount = 0
        var cycleSeconds = 0.0
        let maxK = ks.max() ?? 10

        for conversation in dataset.conversations {
            let database = directory.appendingPathComponent("\(conversation.sampleID).db").path
            let jsonl = directory.appendingPathComponent("\(conversation.sampleID).jsonl").path
            try writeImport(conversation, to: jsonl)
            let imported = try Subprocess.run(memctl, ["--db", database, "import", jsonl])
            guard imported.status == 0 else { throw BenchmarkError("memctl import of \(conversation.sampleID) failed") }
            let cycle = try Subprocess.run(memctl, ["--db", database, "consolidate", "--local", "--min-age", "0", "--json"])
            guard cycle.status == 0 else { throw BenchmarkError("memctl consolidate on \(conversation.sampleID) failed") }
            cycleSeconds += cycle.seconds

            // Turns and short-term memories pair up in import order.
            let store = try MemoryStore(.init(path: database))
            let memories = try await store.shortTermMemories(limit: Int.max).sorted { $0.id.rawValue < $1.id.rawValue }
            guard memories.count == conversation.turns.count else {
                throw BenchmarkError("\(conversation.sampleID): \(memories.count) memories for \(conversation.turns.count) turns")
            }
            var turnOf: [Int64: String] = [:]
            var words: [String: Set<String>] = [:]
            for (turn, memory) in zip(conversation.turns, memories) {
                turnOf[memory.id.rawValue] = turn.id
                words[turn.id] = LocomoMetrics.contentWords(turn.content)
            }
            func visible(_ turn: String, _ text: String) -> Bool {
                LocomoMetrics.isVisible(turn: words[turn] ?? [], in: LocomoMetrics.contentWords(text))
            }

            // What the cycle kept.
            let longTerm = try await store.longTermMemories(limit: Int.max)
            var summaries: [Int64: String] = [:]
            var sources: [Int64: Set<String>] = [:]
            for memory in longTerm {
                let detail = try await store.longTermMemory(memory.id)
                let turns = Set(detail.sources.compactMap { turnOf[$0.stmID.rawValue] })
                sources[memory.id.rawValue] = turns
                summaries[memory.id.rawValue] = memory.summary
                longTermWords += LocomoMetrics.wordCount(memory.summary)
                if turns.isDisjoint(with: conversation.goldTurns) { junk += 1 }
            }
            longTermCount += longTerm.count
            for (turn, memory) in zip(conversation.turns, memories) {
                turnCount += 1
                turnWords += LocomoMetrics.wordCount(turn.content)
                if memory.ltmID != nil { promoted += 1 }
                guard conversation.goldTurns.contains(turn.id) else { continue }
                goldTurns += 1
                switch memory.status {
                case .pending: goldCovered += 1
                case .consolidated:
                    if let ltm = memory.ltmID, let summary = summaries[ltm.rawValue], visible(turn.id, summary) { goldCovered += 1 }
                case .forgotten: break
                }
            }

            let index = try BaselineIndex(conversation.turns)
            for question in conversation.questions {
                questionCount += 1
                questionsByCategory[question.category, default: 0] += 1
                let output = directory.appendingPathComponent("recall.json").path
                let result = try Subprocess.run(
                    memctl, ["--db", database, "recall", question.text, "--limit", String(maxK), "--json"], outputPath: output)
                guard result.status == 0,
                    let object = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: output)))
                        as? [String: Any],
                    let recalled = object["memories"] as? [[String: Any]]
                else { throw BenchmarkError("memctl recall failed for \(question.text)") }
                let ranked = recalled.map { memory -> (text: String, turns: Set<String>) in
                    let id = (memory["id"] as? Int).map(Int64.init) ?? 0
                    let text = memory["text"] as? String ?? ""
                    if memory["kind"] as? String == "ltm" { return (text, sources[id] ?? []) }
                    return (text, Set([turnOf[id]].compactMap { $0 }))
                }
                ours.record(ranked, question, visible: visible, ks: ks)
                baseline.record(try index.search(question.text, limit: maxK), question, visible: visible, ks: ks)
            }
            print("  \(conversation.sampleID): \(conversation.turns.count) turns, \(longTerm.count) long-term memories, "
                + "\(conversation.questions.count) questions, cycle \(String(format: "%.1f", cycle.seconds)) s")
        }

        let share = { (part: Int, whole: Int) in whole == 0 ? 0 : Double(part) / Double(whole) }
        print("")
        print("\(dataset.conversations.count) conversations, \(turnCount) turns, \(questionCount) questions (categories 1–4)")
        print("                              memoryd    BM25 over the raw turns")
        for k in ks.sorted() {
            print(String(format: "R@%-3d                        %7.3f    %7.3f", k,
                share(ours.hits[k] ?? 0, questionCount), share(baseline.hits[k] ?? 0, questionCount)))
            print(String(format: "words per query at K=%-3d     %7.1f    %7.1f", k,
                Double(ours.words[k] ?? 0) / Double(max(1, questionCount)),
                Double(baseline.words[k] ?? 0) / Double(max(1, questionCount))))
        }
        for category in questionsByCategory.keys.sorted() {
            let count = questionsByCategory[category] ?? 0
            for k in ks.sorted() {
                print(String(format: "R@%-3d category %d (%3d)     %7.3f    %7.3f", k, category, count,
                    share(ours.categoryHits[category]?[k] ?? 0, count),
                    share(baseline.categoryHits[category]?[k] ?? 0, count)))
            }
        }
        print("")
        print(String(format: "coverage (gold turns visible in what represents them)  %.3f  (%d of %d)",
            share(goldCovered, goldTurns), goldCovered, goldTurns))
        print(String(format: "junk share (long-term memories with no gold turn)      %.3f  (%d of %d)",
            share(junk, longTermCount), junk, longTermCount))
        print(String(format: "long-term word share                                   %.3f", share(longTermWords, turnWords)))
        print(String(format: "turns promoted to long-term memory                     %.3f", share(promoted, turnCount)))
        print(String(format: "cycle time (memctl consolidate --local, all conversations)  %.1f s", cycleSeconds))
    }

    /// One JSONL line per turn: the issue's import mapping.
    private func writeImport(_ conversation: LocomoDataset.Conversation, to path: String) throws {
        var text = ""
        for turn in conversation.turns {
            let line: [String: Any] = [
                "content": turn.content, "session": turn.session, "source": turn.speaker,
                "created_at": Timestamp(turn.time).iso8601,
            ]
            text += String(decoding: try JSONSerialization.data(withJSONObject: line, options: [.sortedKeys]), as: UTF8.self)
            text += "\n"
        }
        try text.write(toFile: path, atomically: true, encoding: .utf8)
    }
}

/// The baseline: FTS5 (`porter unicode61`) over the raw turns; the question's content words
/// OR-ed; the top K by bm25.
final class BaselineIndex {
    private var database: OpaquePointer?
    private let turns: [LocomoDataset.Turn]

    init(_ turns: [LocomoDataset.Turn]) throws {
        self.turns = turns
        guard sqlite3_open(":memory:", &database) == SQLITE_OK else { throw BenchmarkError("cannot open SQLite") }
        try execute("CREATE VIRTUAL TABLE turns USING fts5(content, tokenize = 'porter unicode61')")
        try execute("BEGIN")
        for turn in turns {
            try query("INSERT INTO turns(content) VALUES (?)", [turn.content]) { _ in }
        }
        try execute("COMMIT")
    }

    deinit { sqlite3_close(database) }

    func search(_ question: String, limit: Int) throws -> [(text: String, turns: Set<String>)] {
        let words = LocomoMetrics.contentWords(question).sorted()
        guard !words.isEmpty else { return [] }
        var found: [(text: String, turns: Set<String>)] = []
        try query(
            "SELECT rowid FROM turns WHERE turns MATCH ? ORDER BY bm25(turns) LIMIT \(limit)",
            [words.map { "\"\($0)\"" }.joined(separator: " OR ")]
        ) { statement in
            let turn = turns[Int(sqlite3_column_int64(statement, 0)) - 1]
            found.append((turn.content, [turn.id]))
        }
        return found
    }

    private func execute(_ sql: String) throws {
        guard sqlite3_exec(database, sql, nil, nil, nil) == SQLITE_OK else {
            throw BenchmarkError("SQLite: \(String(cString: sqlite3_errmsg(database)))")
        }
    }

    private func query(_ sql: String, _ texts: [String], _ row: (OpaquePointer?) -> Void) throws {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(database, sql, -1, &statement, nil) == SQLITE_OK else {
            throw BenchmarkError("SQLite: \(String(cString: sqlite3_errmsg(database)))")
        }
        defer { sqlite3_finalize(statement) }
        let transient = unsafeBitCast(OpaquePointer(bitPattern: -1), to: sqlite3_destructor_type.self)
        for (index, text) in texts.enumerated() { sqlite3_bind_text(statement, Int32(index + 1), text, -1, transient) }
        while true {
            let step = sqlite3_step(statement)
            if step == SQLITE_ROW { row(statement); continue }
            guard step == SQLITE_DONE else { throw BenchmarkError("SQLite: \(String(cString: sqlite3_errmsg(database)))") }
            return
        }
    }
}

@available(*, unavailable)
extension BaselineIndex: Sendable {}
