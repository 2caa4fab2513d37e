import Foundation

/// What a quality benchmark asks one database: the turns imported into it (one memory each) and
/// the questions asked of it, with their evidence. LoCoMo gives one haystack per conversation,
/// LongMemEval one per question.
struct Haystack {
    struct Turn {
        /// Unique within the haystack: "D3:12" (LoCoMo), "SESSION:INDEX" (LongMemEval).
        let id: String
        let speaker: String
        let content: String
        let session: String
        let time: Date
    }

    struct Question {
        let text: String
        /// The gold answer as text ("7" for a numeric one).
        let answer: String
        /// The turns that hold the answer.
        let evidence: [String]
        /// The sessions that hold the answer.
        let evidenceSessions: Set<String>
        /// LoCoMo's category ("2 temporal") or LongMemEval's question type.
        let category: String
    }

    let id: String
    let turns: [Turn]
    /// Turns worth remembering (LoCoMo's observations, LongMemEval's `has_answer` turns): coverage
    /// counts how many stay visible in the memory that represents them.
    let goldTurns: Set<String>
    let questions: [Question]

    /// A formatter of dates in UTC, in English, whatever the machine's locale.
    static func utcFormatter(_ format: String) -> DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = format
        return formatter
    }

    /// Reads a `.json` or `.json.gz` file (decompressed with the system's gzip) as a JSON array.
    static func readArray(_ path: String) throws -> [[String: Any]] {
        let data: Data
        if path.hasSuffix(".gz") {
            let output = FileManager.default.temporaryDirectory.appendingPathComponent("haystack-\(getpid()).json").path
            defer { try? FileManager.default.removeItem(atPath: output) }
            guard let gzip = Subprocess.find("gzip") else { throw BenchmarkError("gzip is not on PATH") }
            let result = try Subprocess.run(gzip, ["-dc", path], outputPath: output)
            guard result.status == 0 else { throw BenchmarkError("gzip -dc \(path) exited \(result.status)") }
            data = try Data(contentsOf: URL(fileURLWithPath: output))
        } else {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        }
        guard let array = try JSONSerialization.jsonObject(with: data) as? [[String: Any]] else {
            throw BenchmarkError("\(path) is not a JSON array")
        }
        return array
    }
}
