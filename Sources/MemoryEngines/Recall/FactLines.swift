import MemoryModel

/// Facts as an assistant reads them, in recall's text and in the session briefing: a line per
/// fact ("Leah lives in Munich (since 2 March 2024)."), but what one person does as one line
/// ("Leah does camping, pottery class and swimming."), after the other facts: five lines of "Leah
/// does …" would take a budget's words for one thing said.
package enum FactLines {
    /// At most this many things one person does are given, in the order they came (strongest
    /// first, as the store gives them).
    package static let mostDone = 8

    package static func lines(_ facts: [Recall.Fact]) -> [(text: String, facts: [Recall.Fact])] {
        var doing: [[Recall.Fact]] = []
        for fact in facts where fact.predicate == Predicate.does.rawValue {
            let same = { (group: [Recall.Fact]) in group[0].subject == fact.subject && group[0].device == fact.device }
            if let group = doing.firstIndex(where: same) {
                if doing[group].count < mostDone { doing[group].append(fact) }
            } else {
                doing.append([fact])
            }
        }
        return facts.filter { $0.predicate != Predicate.does.rawValue }.map { (DeviceMark.line($0), [$0]) }
            + doing.map { (line(doing: $0), $0) }
    }

    /// What one person does: "Melanie does camping, pottery class and painting.", and for a peer's
    /// "… (on desktop).". The facts share their subject and device.
    static func line(doing facts: [Recall.Fact]) -> String {
        let objects = facts.map(\.object)
        let last = objects[objects.count - 1]
        let list = objects.count == 1 ? last : objects.dropLast().joined(separator: ", ") + " and " + last
        return "\(facts[0].subject) does \(list)\(facts[0].device.map { " (on \($0))" } ?? "")."
    }
}
