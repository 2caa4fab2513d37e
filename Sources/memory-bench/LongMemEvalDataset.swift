import Foundation

/// A LongMemEval-format file (Wu et al., ICLR 2025): questions, each with its own haystack of
/// about 50 sessions of a user talking to an assistant. One haystack per question; abstention
/// questions (`_abs`) are left out. The import mapping is the quality issue's: one memory per
/// non-empty turn, its session the haystack session id, its source the role, its time the
/// session's date plus 30 s per turn; evidence turns are those marked `has_answer`.
enum LongMemEvalDataset {
    static func haystacks(path: String) throws -> [Haystack] {
        try Haystack.readArray(path).compactMap { entry in
            guard let id = entry["question_id"] as? String else { throw BenchmarkError("a question without question_id") }
            return id.hasSuffix("_abs") ? nil : try haystack(id, entry)
        }
    }

    private static let sessionDate = Haystack.utcFormatter("yyyy/MM/dd '('EEE')' HH:mm")

    private static func haystack(_ id: String, _ entry: [String: Any]) throws -> Haystack {
        guard let question = entry["question"] as? String, let type = entry["question_type"] as? String,
            let sessions = entry["haystack_sessions"] as? [[[String: Any]]],
            let sessionIDs = entry["haystack_session_ids"] as? [String],
            let dates = entry["haystack_dates"] as? [String], sessions.count == sessionIDs.count,
            dates.count == sessions.count
        else { throw BenchmarkError("\(id): not a LongMemEval question (question, haystack_sessions, ids, dates)") }
        let answer = (entry["answer"] as? String) ?? (entry["answer"].map { "\($0)" } ?? "")
        var turns: [Haystack.Turn] = []
        var evidence: [String] = []
        for (index, session) in sessions.enumerated() {
            guard let start = sessionDate.date(from: dates[index]) else {
                throw BenchmarkError("\(id): session date '\(dates[index])' is not like 2023/05/20 (Sat) 02:21")
            }
            for (position, turn) in session.enumerated() {
                guard let role = turn["role"] as? String, let content = turn["content"] as? String,
                    !content.allSatisfy(\.isWhitespace)
                else { continue }
                let turnID = "\(sessionIDs[index]):\(position)"
                turns.append(
                    Haystack.Turn(
                        id: turnID, speaker: role, content: content, session: sessionIDs[index],
                        time: start.addingTimeInterval(Double(position) * 30)))
                if turn["has_answer"] as? Bool == true { evidence.append(turnID) }
            }
        }
        let asked = Haystack.Question(
            text: question, answer: answer, evidence: evidence,
            evidenceSessions: Set((entry["answer_session_ids"] as? [String]) ?? []), category: type)
        return Haystack(id: id, turns: turns, goldTurns: Set(evidence), questions: [asked])
    }
}
