import MemoryModel
import MemoryPasses
import MemoryStorage
import Foundation

/// `memory-bench import`: `memctl import` against the `sqlite3` shell loading the same rows into
/// the same schema (a database the store created: triggers, partial indexes, FTS5 tables), then
/// `memctl stats` and a rare-word `memctl search` on the result. Two references: a bulk load
/// (`.import --csv` into a TEMP table, then one `INSERT … SELECT` in a transaction, with
/// `synchronous = FULL`) and, as before, one `INSERT` per row in one transaction.
struct ImportBenchmark {
    let rows: Int
    let runs: Int
    let messages: BenchmarkMessages
    let directory: URL
    let memctl: String

    func run() async throws {
        guard let sqlite3 = Subprocess.find("sqlite3") else {
            throw BenchmarkError("the sqlite3 shell is not on PATH (apt-get install sqlite3)")
        }
        let jsonl = directory.appendingPathComponent("chat.jsonl").path
        let csv = directory.appendingPathComponent("chat.csv").path
        let perRowSQL = directory.appendingPathComponent("chat.sql").path
        let bulkSQL = directory.appendingPathComponent("bulk.sql").path
        print("writing \(rows) \(messages.name) chat messages …")
        let bytes = try writeInputs(jsonl: jsonl, csv: csv, sql: perRowSQL)
        print("  \(jsonl): \(bytes / 1_048_576) MiB")
        try Data(
            """
            PRAGMA synchronous = FULL;
            CREATE TEMP TABLE incoming(content, session, source, importance, created_at);
            .import --csv --schema temp "\(csv)" incoming
            BEGIN;
            INSERT INTO short_term_memories(content, session, source, importance, created_at)
                SELECT content, session, source, NULLIF(importance, ''), created_at FROM temp.incoming;
            COMMIT;

            """.utf8
        ).write(to: URL(fileURLWithPath: bulkSQL))

        var seconds: [String: [Double]] = [:]
        var memctlPeakKB = 0
        var lastDatabase = ""
        for run in 1...runs {
            let ours = directory.appendingPathComponent("memctl-\(run).db").path
            let a = try Subprocess.run(memctl, ["--db", ours, "import", jsonl])
            guard a.status == 0 else { throw BenchmarkError("memctl import exited \(a.status)") }
            memctlPeakKB = max(memctlPeakKB, a.peakResidentKilobytes)
            seconds["memctl", default: []].append(a.seconds)
            var line = String(format: "  run %d: memctl import %.2f s", run, a.seconds)
            for (name, script) in [("bulk", bulkSQL), ("per row", perRowSQL)] {
                let theirs = directory.appendingPathComponent("sqlite3-\(run).db").path
                // The same empty schema as memctl's, made by the store itself.
                _ = try MemoryStore(.init(path: theirs, createIfMissing: true))
                let b = try Subprocess.run(sqlite3, ["-bail", theirs], stdinPath: script)
                guard b.status == 0 else { throw BenchmarkError("sqlite3 (\(name)) exited \(b.status)") }
                let loaded = try await MemoryStore(.init(path: theirs)).inspecting { try $0.statistics() }.stm.total
                guard loaded == rows else { throw BenchmarkError("sqlite3 (\(name)) loaded \(loaded) rows of \(rows)") }
                removeDatabase(theirs)
                seconds[name, default: []].append(b.seconds)
                line += String(format: ", sqlite3 %@ %.2f s", name, b.seconds)
            }
            print(line)
            if run < runs { removeDatabase(ours) } else { lastDatabase = ours }
        }
        let rate = seconds.mapValues { Double(rows) / median($0) }
        let ours = rate["memctl"]!
        func line(_ label: String, _ figures: String) {
            print("  " + label.padding(toLength: max(34, label.count + 2), withPad: " ", startingAt: 0) + figures)
        }
        print("")
        print("import of \(rows) \(messages.name) rows (median of \(runs) run\(runs == 1 ? "" : "s")):")
        line("memctl import", String(format: "%8.0f rows/s   peak RSS %.1f MiB", ours, Double(memctlPeakKB) / 1024))
        let bulk = rate["bulk"]!, perRow = rate["per row"]!
        line(
            "sqlite3 bulk load (.import --csv)",
            String(format: "%8.0f rows/s   ratio %.2f (target ≥ 0.60)", bulk, ours / bulk))
        line(
            "sqlite3 one INSERT per row",
            String(format: "%8.0f rows/s   ratio %.2f (earlier target ≥ 0.50)", perRow, ours / perRow))

        let word = messages.rareWord(rows)
        let question = "what do you like to do for fun"
        // A question that asks for several things: the text within a budget gathers
        // (docs/RECALL.md, "Gathering").
        let several = "what kinds of movies do you like"
        let timed = [
            ("memctl stats", try timeCommand(["--db", lastDatabase, "stats", "--json"])),
            ("memctl search \(word) (rare)", try timeCommand(["--db", lastDatabase, "search", word, "--json"])),
            ("memctl recall \(word) (rare)", try timeCommand(["--db", lastDatabase, "recall", word, "--json"])),
            ("memctl recall \"\(question)\"", try timeCommand(["--db", lastDatabase, "recall", question, "--json"])),
            (
                "memctl recall \"\(question)\" --max-words 400",
                try timeCommand(["--db", lastDatabase, "recall", question, "--max-words", "400"])
            ),
            (
                "memctl recall \"\(several)\" --max-words 400",
                try timeCommand(["--db", lastDatabase, "recall", several, "--max-words", "400"])
            ),
        ]
        print("")
        print("on that database (process start included, 20 runs):")
        for (label, times) in timed {
            line(label, String(format: "median %5.1f ms   max %5.1f ms (target ≤ 20)", times.median, times.max))
        }
    }

    private func timeCommand(_ arguments: [String]) throws -> (median: Double, max: Double) {
        var milliseconds: [Double] = []
        for _ in 0..<20 {
            let result = try Subprocess.run(memctl, arguments)
            guard result.status == 0 else { throw BenchmarkError("memctl \(arguments) exited \(result.status)") }
            milliseconds.append(result.seconds * 1000)
        }
        return (median(milliseconds), milliseconds.max() ?? 0)
    }

    /// Writes the rows as JSONL for memctl, as CSV for the bulk load and as one SQL transaction
    /// of one INSERT per row; returns the size of the JSONL.
    private func writeInputs(jsonl: String, csv: String, sql: String) throws -> Int {
        let files = try [jsonl, csv, sql].map { path in
            guard FileManager.default.createFile(atPath: path, contents: nil),
                let file = FileHandle(forWritingAtPath: path)
            else { throw BenchmarkError("cannot write \(path)") }
            return file
        }
        defer { for file in files { try? file.close() } }
        var buffers = ["", "", "BEGIN;\n"]
        var written = 0
        func flush() throws {
            written += buffers[0].utf8.count
            for (file, buffer) in zip(files, buffers) { try file.write(contentsOf: Data(buffer.utf8)) }
            buffers = ["", "", ""]
        }
        try messages.forEach(rows) { message in
            let time = Timestamp(millisecondsSince1970: message.createdAt).iso8601
            let importance = message.importance.map { String($0) }
            buffers[0] += chatLine(message)
            buffers[1] += [message.content, message.session, message.source, importance ?? "", time]
                .map { "\"" + $0.replacingOccurrences(of: "\"", with: "\"\"") + "\"" }.joined(separator: ",") + "\n"
            buffers[2] += "INSERT INTO short_term_memories(content, session, source, importance, created_at) VALUES ("
            buffers[2] += [message.content, message.session, message.source].map(\.sqlQuoted).joined(separator: ", ")
            buffers[2] += ", \(importance ?? "NULL"), '\(time)');\n"
            if buffers[0].utf8.count >= 1 << 20 { try flush() }
        }
        buffers[2] += "COMMIT;\n"
        try flush()
        return written
    }
}

extension String {
    /// This string as an SQL string literal, quotes included.
    fileprivate var sqlQuoted: String { "'" + replacingOccurrences(of: "'", with: "''") + "'" }
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    guard !sorted.isEmpty else { return 0 }
    return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
}

/// The nearest-rank percentile `p` (0–1) of sorted values.
func percentile(_ sorted: [Double], _ p: Double) -> Double {
    guard !sorted.isEmpty else { return 0 }
    return sorted[min(max(Int((p * Double(sorted.count)).rounded(.up)) - 1, 0), sorted.count - 1)]
}
