import MemoryModel
import MemoryStorage
import Foundation

/// `memory-bench locomo FILE` and `memory-bench longmemeval FILE`: memoryd's memory on real
/// conversations, against plain BM25 over the raw turns and against the annotated evidence
/// alone, as the quality issues measure it. Each haystack is imported into a database of its own
/// (one memory per turn) and a full cycle runs (`memctl consolidate --local --min-age 0`). Then
/// every question is asked twice:
/// - as an assistant asks it: one `memctl mcp` process per database, the `recall` tool called
///   with the question and `max_words` B; its text is what the assistant reads (Answer@B);
/// - through `memctl recall --limit K --json`, for R@K of the whole memories it ranks.
struct QualityBenchmark {
    let name: String
    let haystacks: [Haystack]
    let ks: [Int]
    let budgets: [Int]
    let directory: URL
    let memctl: String
    /// Keep the databases in `directory`; and with `reuse`, ask the ones kept by an earlier run
    /// again instead of importing and consolidating anew (for changes to recall alone).
    let keep: Bool
    let reuse: Bool
    /// Where to write one JSON line per question (what each system handed over, and whether it
    /// held the answer), for reading the misses; nil for none.
    let dump: String?

    /// Counts by metric name, over all questions and per category.
    struct Tally {
        var questions = 0
        var counts: [String: Double] = [:]
        var categoryQuestions: [String: Int] = [:]
        var categoryCounts: [String: [String: Double]] = [:]

        mutating func add(_ metric: String, _ value: Double = 1, category: String) {
            counts[metric, default: 0] += value
            categoryCounts[category, default: [:]][metric, default: 0] += value
        }

        func share(_ metric: String) -> Double { questions == 0 ? 0 : (counts[metric] ?? 0) / Double(questions) }

        func share(_ metric: String, category: String) -> Double {
            let count = categoryQuestions[category] ?? 0
            return count == 0 ? 0 : (categoryCounts[category]?[metric] ?? 0) / Double(count)
        }
    }

    /// A ranked memory as R@K sees it: its text and the turns it stands for.
    struct Ranked {
        let text: String
        let turns: Set<String>
    }

    func run() async throws {
        var tally = Tally()
        var goldTurns = 0
        var goldCovered = 0
        var turnCount = 0
        var promoted = 0
        var longTermCount = 0
        var cycleSeconds = 0.0
        let maxK = ks.max() ?? 10
        let started = Date()
        var dumped: [String] = []

        for (number, haystack) in haystacks.enumerated() {
            let database = directory.appendingPathComponent("\(haystack.id).db").path
            let files = ["", "-wal", "-shm", "-consolidation.lock", "-extraction.lock", "-graph.lock"].map { database + $0 }
            var seconds = 0.0
            if !(reuse && FileManager.default.fileExists(atPath: database)) {
                for file in files { try? FileManager.default.removeItem(atPath: file) }
                let jsonl = directory.appendingPathComponent("\(haystack.id).jsonl").path
                try writeImport(haystack, to: jsonl)
                let imported = try Subprocess.run(memctl, ["--db", database, "import", jsonl])
                try? FileManager.default.removeItem(atPath: jsonl)
                guard imported.status == 0 else { throw BenchmarkError("memctl import of \(haystack.id) failed") }
                let cycle = try Subprocess.run(memctl, ["--db", database, "consolidate", "--local", "--min-age", "0", "--json"])
                guard cycle.status == 0 else { throw BenchmarkError("memctl consolidate on \(haystack.id) failed") }
                seconds = cycle.seconds
                cycleSeconds += seconds
            }

            // Turns and short-term memories pair up in import order.
            let store = try MemoryStore(.init(path: database))
            let memories = try await store.inspecting { try $0.shortTermMemories(limit: Int.max) }
                .sorted { $0.id.rawValue < $1.id.rawValue }
            guard memories.count == haystack.turns.count else {
                throw BenchmarkError("\(haystack.id): \(memories.count) memories for \(haystack.turns.count) turns")
            }
            var turnOf: [Int64: String] = [:]
            var sessionOf: [String: String] = [:]
            var words: [String: Set<String>] = [:]
            for (turn, memory) in zip(haystack.turns, memories) {
                turnOf[memory.id.rawValue] = turn.id
                sessionOf[turn.id] = turn.session
                words[turn.id] = QualityMetrics.contentWords(turn.content)
            }
            func visible(_ turn: String, _ text: String) -> Bool {
                QualityMetrics.isVisible(turn: words[turn] ?? [], in: QualityMetrics.contentWords(text))
            }

            // What the cycle kept.
            var summaries: [Int64: String] = [:]
            var sources: [Int64: Set<String>] = [:]
            for memory in try await store.inspecting({ try $0.longTermMemories(limit: Int.max) }) {
                let detail = try await store.inspecting { try $0.longTermMemory(memory.id) }
                sources[memory.id.rawValue] = Set(detail.sources.compactMap { turnOf[$0.stmID.rawValue] })
                summaries[memory.id.rawValue] = memory.summary
                longTermCount += 1
            }
            await store.close()
            for (turn, memory) in zip(haystack.turns, memories) {
                turnCount += 1
                if memory.ltmID != nil { promoted += 1 }
                guard haystack.goldTurns.contains(turn.id) else { continue }
                goldTurns += 1
                switch memory.status {
                case .pending: goldCovered += 1
                case .consolidated:
                    if let ltm = memory.ltmID, let summary = summaries[ltm.rawValue], visible(turn.id, summary) {
                        goldCovered += 1
                    }
                case .forgotten: break
                }
            }

            let contexts = try MCPRecall(memctl: memctl, database: database, directory: directory)
                .texts(haystack.questions.map(\.text), budgets: budgets)
            let baseline = try BaselineIndex(haystack.turns)
            let turnByID = Dictionary(haystack.turns.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
            for (index, question) in haystack.questions.enumerated() {
                tally.questions += 1
                tally.categoryQuestions[question.category, default: 0] += 1
                let category = question.category

                // R@K of whole memories, turn and session level.
                let output = directory.appendingPathComponent("recall.json").path
                let result = try Subprocess.run(
                    memctl, ["--db", database, "recall", question.text, "--limit", String(maxK), "--json"],
                    outputPath: output)
                guard result.status == 0,
                    let object = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: output)))
                        as? [String: Any],
                    let recalled = object["memories"] as? [[String: Any]]
                else { throw BenchmarkError("memctl recall failed for \(question.text)") }
                let ours = recalled.map { memory -> Ranked in
                    let id = (memory["id"] as? Int).map(Int64.init) ?? 0
                    let text = memory["text"] as? String ?? ""
                    if memory["kind"] as? String == "ltm" { return Ranked(text: text, turns: sources[id] ?? []) }
                    return Ranked(text: text, turns: Set([turnOf[id]].compactMap { $0 }))
                }
                let theirs = try baseline.search(question.text, limit: BaselineIndex.depth)
                // The k for which every evidence session is among the first k memories (recall_all@K), by system.
                var allSessions: [String: [Int]] = [:]
                for (system, ranked) in [("memoryd", ours), ("BM25", theirs.prefix(maxK).map { Ranked(text: $0.content, turns: [$0.id]) })] {
                    for k in ks {
                        let top = ranked.prefix(k)
                        if question.evidence.contains(where: { turn in top.contains { $0.turns.contains(turn) && visible(turn, $0.text) } }) {
                            tally.add("\(system) R@\(k)", category: category)
                        }
                        if top.contains(where: { !$0.turns.compactMap { sessionOf[$0] }.allSatisfy { !question.evidenceSessions.contains($0) } }) {
                            tally.add("\(system) session R@\(k)", category: category)
                        }
                        let sessions = Set(top.flatMap { $0.turns.compactMap { sessionOf[$0] } })
                        if !question.evidenceSessions.isEmpty, question.evidenceSessions.isSubset(of: sessions) {
                            tally.add("\(system) session all@\(k)", category: category)
                            allSessions[system, default: []].append(k)
                        }
                        tally.add("\(system) words@\(k)", Double(top.reduce(0) { $0 + QualityMetrics.wordCount($1.text) }), category: category)
                    }
                }

                // Answer@B: what the assistant reads.
                let answer = QualityMetrics.answerWords(question.answer)
                let log = theirs.map(QualityMetrics.rendered).joined(separator: "\n")
                for budget in budgets {
                    if QualityMetrics.holdsAnswer(answer, in: contexts[index][budget] ?? "") {
                        tally.add("memoryd Answer@\(budget)", category: category)
                    }
                    if QualityMetrics.holdsAnswer(answer, in: QualityMetrics.cut(log, to: budget)) {
                        tally.add("BM25 Answer@\(budget)", category: category)
                    }
                    tally.add("memoryd words@B\(budget)", Double(QualityMetrics.wordCount(contexts[index][budget] ?? "")), category: category)
                }
                if dump != nil {
                    let line: [String: Any] = [
                        "haystack": haystack.id, "category": category, "question": question.text, "answer": question.answer,
                        "memoryd": Dictionary(uniqueKeysWithValues: budgets.map { (String($0), contexts[index][$0] ?? "") }),
                        "held": budgets.filter { QualityMetrics.holdsAnswer(answer, in: contexts[index][$0] ?? "") },
                        "bm25_held": budgets.filter { QualityMetrics.holdsAnswer(answer, in: QualityMetrics.cut(log, to: $0)) },
                        "evidence": question.evidence.compactMap { turnByID[$0] }.map(QualityMetrics.rendered),
                        "recall_all": allSessions["memoryd"] ?? [], "bm25_recall_all": allSessions["BM25"] ?? [],
                    ]
                    dumped.append(String(decoding: try JSONSerialization.data(withJSONObject: line, options: [.sortedKeys]), as: UTF8.self))
                }
                let oracle = question.evidence.compactMap { turnByID[$0] }.map(QualityMetrics.rendered).joined(separator: "\n")
                if QualityMetrics.holdsAnswer(answer, in: oracle) { tally.add("oracle Answer", category: category) }
                tally.add("oracle words", Double(QualityMetrics.wordCount(oracle)), category: category)
            }
            if haystacks.count <= 20 || (number + 1) % 25 == 0 || number + 1 == haystacks.count {
                print("  \(number + 1)/\(haystacks.count) \(haystack.id): \(haystack.turns.count) turns, "
                    + "\(sources.count) long-term memories, \(haystack.questions.count) questions, "
                    + String(format: "cycle %.1f s, %.0f s so far", seconds, Date().timeIntervalSince(started)))
            }
            if !keep { for file in files { try? FileManager.default.removeItem(atPath: file) } }
        }
        report(tally)
        if let dump { try (dumped.joined(separator: "\n") + "\n").write(toFile: dump, atomically: true, encoding: .utf8) }
        let share = { (part: Int, whole: Int) in whole == 0 ? 0 : Double(part) / Double(whole) }
        print(String(format: "coverage (gold turns visible in what represents them)  %.3f  (%d of %d)",
            share(goldCovered, goldTurns), goldCovered, goldTurns))
        print(String(format: "turns promoted to long-term memory                     %.3f  (%d long-term memories)",
            share(promoted, turnCount), longTermCount))
        print(String(format: "cycle time (memctl consolidate --local, all haystacks)  %.1f s", cycleSeconds))
    }

    private func report(_ tally: Tally) {
        let categories = tally.categoryQuestions.keys.sorted()
        print("")
        print("\(name): \(haystacks.count) databases, \(haystacks.reduce(0) { $0 + $1.turns.count }) turns, "
            + "\(tally.questions) questions")
        func row(_ label: String, _ values: [Double], format: String = "%7.3f") {
            print(label.padding(toLength: 34, withPad: " ", startingAt: 0)
                + values.map { String(format: format, $0) }.joined(separator: "  "))
        }
        print("".padding(toLength: 34, withPad: " ", startingAt: 0) + "memoryd     BM25   oracle")
        for budget in budgets {
            row("Answer@\(budget)", [tally.share("memoryd Answer@\(budget)"), tally.share("BM25 Answer@\(budget)")])
        }
        row("oracle Answer (words)", [tally.share("oracle Answer"), tally.share("oracle words")])
        for budget in budgets { row("memoryd words at B=\(budget)", [tally.share("memoryd words@B\(budget)")], format: "%7.1f") }
        for k in ks.sorted() {
            row("R@\(k) (turn)", [tally.share("memoryd R@\(k)"), tally.share("BM25 R@\(k)")])
            row("R@\(k) (session)", [tally.share("memoryd session R@\(k)"), tally.share("BM25 session R@\(k)")])
            row("recall_all@\(k) (every session)",
                [tally.share("memoryd session all@\(k)"), tally.share("BM25 session all@\(k)")])
            row("words per query at K=\(k)", [tally.share("memoryd words@\(k)"), tally.share("BM25 words@\(k)")], format: "%7.1f")
        }
        print("")
        print("per category".padding(toLength: 34, withPad: " ", startingAt: 0)
            + budgets.map { "A@\($0) ours/BM25" }.joined(separator: "  ") + "  oracle  " + ks.map { "R@\($0)" }.joined(separator: "  ")
            + "  " + ks.map { "all@\($0) ours/BM25" }.joined(separator: "  "))
        for category in categories {
            let values = budgets.map {
                String(format: "%5.3f/%5.3f", tally.share("memoryd Answer@\($0)", category: category),
                    tally.share("BM25 Answer@\($0)", category: category))
            } + [String(format: "%6.3f", tally.share("oracle Answer", category: category))]
                + ks.map { String(format: "%5.3f", tally.share("memoryd R@\($0)", category: category)) }
                + ks.map {
                    String(format: "  %5.3f/%5.3f", tally.share("memoryd session all@\($0)", category: category),
                        tally.share("BM25 session all@\($0)", category: category))
                }
            print("\(category) (\(tally.categoryQuestions[category] ?? 0))".padding(toLength: 34, withPad: " ", startingAt: 0)
                + values.joined(separator: "  "))
        }
        print("")
    }

    /// One JSONL line per turn: the import mapping.
    private func writeImport(_ haystack: Haystack, to path: String) throws {
        var text = ""
        for turn in haystack.turns {
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

/// The `recall` tool as an assistant calls it: one `memctl mcp` process per database, with every
/// question at every budget sent down its standard input; the text of each answer.
struct MCPRecall {
    let memctl: String
    let database: String
    let directory: URL

    /// `texts(questions, budgets)[i][b]`: what question i gets at budget b.
    func texts(_ questions: [String], budgets: [Int]) throws -> [[Int: String]] {
        var requests: [[String: Any]] = [
            [
                "jsonrpc": "2.0", "id": 0, "method": "initialize",
                "params": [
                    "protocolVersion": "2025-06-18", "capabilities": [String: Any](),
                    "clientInfo": ["name": "memory-bench", "version": "1"],
                ],
            ],
            ["jsonrpc": "2.0", "method": "notifications/initialized"],
        ]
        for (index, question) in questions.enumerated() {
            for (slot, budget) in budgets.enumerated() {
                requests.append([
                    "jsonrpc": "2.0", "id": 1 + index * budgets.count + slot, "method": "tools/call",
                    "params": ["name": "recall", "arguments": ["query": question, "max_words": budget]],
                ])
            }
        }
        let input = directory.appendingPathComponent("mcp-in.jsonl").path
        let output = directory.appendingPathComponent("mcp-out.jsonl").path
        let lines = try requests.map { String(decoding: try JSONSerialization.data(withJSONObject: $0), as: UTF8.self) }
        try (lines.joined(separator: "\n") + "\n").write(toFile: input, atomically: true, encoding: .utf8)
        let result = try Subprocess.run(memctl, ["--db", database, "mcp"], stdinPath: input, outputPath: output)
        guard result.status == 0 else { throw BenchmarkError("memctl mcp on \(database) exited \(result.status)") }
        var texts = Array(repeating: [Int: String](), count: questions.count)
        for line in try String(contentsOfFile: output, encoding: .utf8).split(separator: "\n") {
            guard let response = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                let id = response["id"] as? Int, id > 0
            else { continue }
            guard let result = response["result"] as? [String: Any], result["isError"] as? Bool != true,
                let content = result["content"] as? [[String: Any]], let text = content.first?["text"] as? String
            else { throw BenchmarkError("the recall tool failed: \(line.prefix(300))") }
            texts[(id - 1) / budgets.count][budgets[(id - 1) % budgets.count]] = text
        }
        return texts
    }
}
