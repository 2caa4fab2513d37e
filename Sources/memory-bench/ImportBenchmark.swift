import MemoryModel
import MemoryPasses
import MemoryStorage
import Foundation

/// `memory-bench import`: `memctl import` against the `sqlite3` shell loading the same rows
/// into the same schema, then `memctl stats` and a rare-word `memctl search` on the result.
struct ImportBenchmark {
    let rows: Int
    let runs: Int
    let directory: URL
    let memctl: String

    func run() async throws {
        guard let sqlite3 = Subprocess.find("sqlite3") else {
            throw BenchmarkError("the sqlite3 shell is not on PATH (apt-get install sqlite3)")
        }
        let jsonl = directory.appendingPathComponent("chat.jsonl").path
        let sql = directory.appendingPathComponent("chat.sql").path
        print("generating \(rows) chat messages …")
        let bytes = try writeInputs(jsonl: jsonl, sql: sql)
        print("  \(jsonl): \(bytes / 1_048_576) MiB")

        var memctlSeconds: [Double] = []
        var sqliteSeconds: [Double] = []
        var memctlPeakKB = 0
        var lastDatabase = ""
        for run in 1...runs {
            let ours = directory.appendingPathComponent("memctl-\(run).db").path
            let theirs = directory.appendingPathComponent("sqlite3-\(run).db").path
            // The same empty schema for both, made by the store itself.
            _ = try MemoryStore(.init(path: theirs, createIfMissing: true))
            let a = try Subprocess.run(memctl, ["--db", ours, "import", jsonl])
            guard a.status == 0 else { throw BenchmarkError("memctl import exited \(a.status)") }
            let b = try Subprocess.run(sqlite3, [theirs], stdinPath: sql)
            guard b.status == 0 else { throw BenchmarkError("sqlite3 exited \(b.status)") }
            memctlSeconds.append(a.seconds)
            sqliteSeconds.append(b.seconds)
            memctlPeakKB = max(memctlPeakKB, a.peakResidentKilobytes)
            print(String(format: "  run %d: memctl import %.2f s, sqlite3 shell %.2f s", run, a.seconds, b.seconds))
            if run < runs {
                for file in [ours, theirs] { removeDatabase(file) }
            } else {
                removeDatabase(theirs)
                lastDatabase = ours
            }
        }
        let ourRate = Double(rows) / median(memctlSeconds)
        let theirRate = Double(rows) / median(sqliteSeconds)
        print("")
        print("import of \(rows) rows (median of \(runs) runs):")
        print(String(format: "  memctl import   %10.0f rows/s   peak RSS %.1f MiB", ourRate, Double(memctlPeakKB) / 1024))
        print(String(format: "  sqlite3 shell   %10.0f rows/s", theirRate))
        print(String(format: "  ratio           %10.2f (target ≥ 0.50)", ourRate / theirRate))

        let stats = try timeCommand(["--db", lastDatabase, "stats", "--json"])
        let search = try timeCommand(["--db", lastDatabase, "search", ChatGenerator.rareWord, "--json"])
        print("")
        print("on that database (process start included, 20 runs):")
        print(String(format: "  memctl stats            median %5.1f ms   max %5.1f ms (target < 50)", stats.median, stats.max))
        print(String(format: "  memctl search (rare)    median %5.1f ms   max %5.1f ms (target < 50)", search.median, search.max))
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

    /// Writes the rows as JSONL for memctl and as one SQL transaction for the sqlite3 shell.
    private func writeInputs(jsonl: String, sql: String) throws -> Int {
        guard let jsonFile = FileHandle(forWritingAtPath: createEmpty(jsonl)),
            let sqlFile = FileHandle(forWritingAtPath: createEmpty(sql))
        else { throw BenchmarkError("cannot write to \(directory.path)") }
        defer {
            try? jsonFile.close()
            try? sqlFile.close()
        }
        var generator = ChatGenerator(count: rows)
        var jsonBuffer = ""
        var sqlBuffer = "BEGIN;\n"
        var written = 0
        for index in 0..<rows {
            let message = generator.next()
            let time = Timestamp(millisecondsSince1970: message.createdAt).iso8601
            let importance = message.importance.map { String($0) }
            jsonBuffer += chatLine(message)
            sqlBuffer += "INSERT INTO short_term_memories(content, session, source, importance, created_at) VALUES ("
            sqlBuffer += "'\(message.content.replacingOccurrences(of: "'", with: "''"))', '\(message.session)', "
            sqlBuffer += "'\(message.source)', \(importance ?? "NULL"), '\(time)');\n"
            if index % 10_000 == 9_999 || index == rows - 1 {
                written += jsonBuffer.utf8.count
                try jsonFile.write(contentsOf: Data(jsonBuffer.utf8))
                try sqlFile.write(contentsOf: Data(sqlBuffer.utf8))
                jsonBuffer = ""
                sqlBuffer = ""
            }
        }
        try sqlFile.write(contentsOf: Data("COMMIT;\n".utf8))
        return written
    }

    private func createEmpty(_ path: String) -> String {
        _ = FileManager.default.createFile(atPath: path, contents: nil)
        return path
    }

}

/// JSON string literal for `text`.
func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    guard !sorted.isEmpty else { return 0 }
    return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
}
