import MemoryModel

/// How a line recalled from a peer says which device it came from (docs/PEERS.md). A memory's
/// line gives its speaker as `speaker@device` (`[2 March 2024] dana@desktop: …`): one word, as
/// the speaker alone is, so the mark takes nothing from a word budget; a fact's line ends "on
/// desktop". This device's own lines are not marked: a line without a mark is this device's.
package enum DeviceMark {
    /// The speaker of a line: `speaker`, or `speaker@device` for a peer's memory.
    package static func speaker(_ speaker: String?, device: String?) -> String? {
        guard let device else { return speaker }
        return (speaker ?? "") + "@" + device
    }

    /// A fact as a line: "Leah lives in Munich (since 2 March 2024).", and for a peer's fact
    /// "… (since 2 March 2024, on desktop)."
    package static func line(_ fact: Recall.Fact) -> String {
        "\(fact.subject) \(fact.predicate.split(separator: "_").joined(separator: " ")) \(fact.object) "
            + "(since \(CalendarDay(fact.since).spoken)\(fact.device.map { ", on \($0)" } ?? ""))."
    }
}
