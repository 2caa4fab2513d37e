import MemoryPasses
import MemoryStorage
import Foundation

/// A LoCoMo-format file (Maharana et al., ACL 2024): long conversations between two people,
/// the facts worth remembering (`observation`) and questions with their evidence turns.
struct LocomoDataset {
    struct Turn {
        /// "D3:12": session 3, turn 12.
        let id: String
        let speaker: String
        /// The text as memoryd imports it: the turn, plus ` [shares <caption>]` for an image.
        let content: String
        let session: String
        let time: Date
    }

    struct Question {
        let text: String
        let evidence: [String]
        let category: Int
    }

    struct Conversation {
        let sampleID: String
        let turns: [Turn]
        /// Turns cited by the `observation` annotations: the facts worth keeping.
        let goldTurns: Set<String>
        /// Categories 1–4 (5, adversarial, is left out).
        let questions: [Question]
    }

    let conversations: [Conversation]

    /// Reads a `.json` or `.json.gz` file (decompressed with the system's gzip).
    init(path: String) throws {
        let data: Data
        if path.hasSuffix(".gz") {
            let output = FileManager.default.temporaryDirectory.appendingPathComponent("locomo-\(getpid()).json").path
            defer { try? FileManager.default.removeItem(atPath: output) }
            guard let gzip = Subprocess.find("gzip") else { throw BenchmarkError("gzip is not on PATH") }
            let result = try Subprocess.run(gzip, ["-dc", path], outputPath: output)
            guard result.status == 0 else { throw BenchmarkError("gzip -dc \(path) exited \(result.status)") }
            data = try Data(contentsOf: URL(fileURLWithPath: output))
        } else {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        }
        guard let samples = try JSONSerialization.jsonObject(with: data) as? [[String: Any]] else {
            throw BenchmarkError("\(path) is not a JSON array of conversations")
        }
        conversations = try samples.map(Self.conversation)
    }

    private static let sessionDate: DateFormatter = {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "h:mm a 'on' d MMMM, yyyy"
        return formatter
    }()

    private static func conversation(_ sample: [String: Any]) throws -> Conversation {
        guard let sampleID = sample["sample_id"] as? String, let body = sample["conversation"] as? [String: Any] else {
            throw BenchmarkError("a conversation without sample_id or conversation")
        }
        let sessionNumbers = body.keys.compactMap { key -> Int? in
            guard key.hasPrefix("session_"), !key.hasSuffix("date_time") else { return nil }
            return Int(key.dropFirst("session_".count))
        }.sorted()
        var turns: [Turn] = []
        for number in sessionNumbers {
            guard let dateText = body["session_\(number)_date_time"] as? String,
                let start = sessionDate.date(from: dateText)
            else { throw BenchmarkError("\(sampleID): session \(number) has no readable date") }
            for (index, turn) in ((body["session_\(number)"] as? [[String: Any]]) ?? []).enumerated() {
                guard let id = turn["dia_id"] as? String, let speaker = turn["speaker"] as? String,
                    let text = turn["text"] as? String
                else { continue }
                let caption = (turn["blip_caption"] as? String).map { " [shares \($0)]" } ?? ""
                turns.append(
                    Turn(
                        id: id, speaker: speaker, content: text + caption, session: "\(sampleID)-s\(number)",
                        time: start.addingTimeInterval(Double(index) * 30)))
            }
        }
        var gold: Set<String> = []
        for case let perSession as [String: Any] in (sample["observation"] as? [String: Any])?.values.map({ $0 }) ?? [] {
            for case let facts as [Any] in perSession.values {
                for case let fact as [Any] in facts where fact.count >= 2 {
                    gold.formUnion(evidenceIDs(fact[1]))
                }
            }
        }
        let questions = ((sample["qa"] as? [[String: Any]]) ?? []).compactMap { qa -> Question? in
            guard let text = qa["question"] as? String, let category = qa["category"] as? Int, (1...4).contains(category)
            else { return nil }
            return Question(text: text, evidence: evidenceIDs(qa["evidence"] as Any), category: category)
        }
        return Conversation(sampleID: sampleID, turns: turns, goldTurns: gold, questions: questions)
    }

    /// Evidence is a dia_id or a list of them; a few are written "D1:3; D1:5".
    private static func evidenceIDs(_ value: Any) -> [String] {
        let texts = (value as? [Any])?.compactMap { $0 as? String } ?? (value as? String).map { [$0] } ?? []
        return texts.flatMap { $0.split(whereSeparator: { ";, ".contains($0) }).map(String.init) }
            .filter { $0.hasPrefix("D") && $0.contains(":") }
    }
}
