import Foundation

/// A LoCoMo-format file (Maharana et al., ACL 2024): long conversations between two people,
/// the facts worth remembering (`observation`) and questions with their evidence turns. One
/// haystack per conversation; questions of categories 1–4 (5, adversarial, is left out).
enum LocomoDataset {
    static func haystacks(path: String) throws -> [Haystack] {
        try Haystack.readArray(path).map(conversation)
    }

    /// LoCoMo's question categories, as the benchmark prints them.
    static let categories = [1: "1 multi-hop", 2: "2 temporal", 3: "3 open-domain", 4: "4 single-hop"]

    private static let sessionDate = Haystack.utcFormatter("h:mm a 'on' d MMMM, yyyy")

    private static func conversation(_ sample: [String: Any]) throws -> Haystack {
        guard let sampleID = sample["sample_id"] as? String, let body = sample["conversation"] as? [String: Any] else {
            throw BenchmarkError("a conversation without sample_id or conversation")
        }
        let sessionNumbers = body.keys.compactMap { key -> Int? in
            guard key.hasPrefix("session_"), !key.hasSuffix("date_time") else { return nil }
            return Int(key.dropFirst("session_".count))
        }.sorted()
        var turns: [Haystack.Turn] = []
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
                    Haystack.Turn(
                        id: id, speaker: speaker, content: text + caption, session: "\(sampleID)-s\(number)",
                        time: start.addingTimeInterval(Double(index) * 30)))
            }
        }
        let sessionOf = Dictionary(turns.map { ($0.id, $0.session) }, uniquingKeysWith: { first, _ in first })
        var gold: Set<String> = []
        for case let perSession as [String: Any] in (sample["observation"] as? [String: Any])?.values.map({ $0 }) ?? [] {
            for case let facts as [Any] in perSession.values {
                for case let fact as [Any] in facts where fact.count >= 2 {
                    gold.formUnion(evidenceIDs(fact[1]))
                }
            }
        }
        let questions = ((sample["qa"] as? [[String: Any]]) ?? []).compactMap { qa -> Haystack.Question? in
            guard let text = qa["question"] as? String, let category = qa["category"] as? Int,
                let label = categories[category]
            else { return nil }
            let evidence = evidenceIDs(qa["evidence"] as Any)
            let answer = (qa["answer"] as? String) ?? (qa["answer"].map { "\($0)" } ?? "")
            return Haystack.Question(
                text: text, answer: answer, evidence: evidence,
                evidenceSessions: Set(evidence.compactMap { sessionOf[$0] }), category: label)
        }
        return Haystack(id: sampleID, turns: turns, goldTurns: gold, questions: questions)
    }

    /// Evidence is a dia_id or a list of them; a few are written "D1:3; D1:5".
    private static func evidenceIDs(_ value: Any) -> [String] {
        let texts = (value as? [Any])?.compactMap { $0 as? String } ?? (value as? String).map { [$0] } ?? []
        return texts.flatMap { $0.split(whereSeparator: { ";, ".contains($0) }).map(String.init) }
            .filter { $0.hasPrefix("D") && $0.contains(":") }
    }
}
