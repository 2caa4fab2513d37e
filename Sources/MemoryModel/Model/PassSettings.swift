import FoundationEssentials
import Glibc
import SystemSupport

/// What every pass shares, and what recall and the graph's queries read the same way: how much
/// one transaction takes, and how fast strength and edge weights fade. One value, so that
/// `--half-life 7d` means the same to consolidation, recall and `memctl graph`.
package struct PassSettings: Codable, Sendable, Equatable {
    /// Memories per batch and transaction (default 1,024). It changes speed, memory and how long
    /// a writer beside a pass may wait, never what a pass decides.
    package var batchSize = 1_024
    /// Long-term strength halves over this time without reinforcement (default 30 days).
    package var strengthHalfLife: Duration = .seconds(30 * 86_400)
    /// An edge's weight (its observations) halves over this time (default 30 days).
    package var weightHalfLife: Duration = .seconds(30 * 86_400)
    /// Threads a pass runs on, its engine work split among them (default: the cores available
    /// to the process, at most 8; `Processors`). Like the batch size, it changes speed and
    /// memory, never what a pass decides.
    package var threads = Processors.defaultThreads
    /// The thread counts a setting may ask for: a pass's threads each hold a share of a batch,
    /// so a mistyped 10000 would be a crash, not a faster pass.
    package static let threadCounts = 1...256

    /// `text` as a thread count, when it is a whole number in `threadCounts`; and what it must
    /// be, for the message that refuses it.
    package static func threads(_ text: String) -> Int? { Int(text).flatMap { threadCounts.contains($0) ? $0 : nil } }
    package static let threadsExpected = "a whole number from 1 to \(threadCounts.upperBound)"

    package init() {}
}

/// Exponential fading: the one decay rule of strengths and edge weights.
package enum Decay {
    /// `value` after `from` → `to` at `halfLife`; never negative time.
    package static func decayed(_ value: Double, from: Timestamp, to: Timestamp, halfLife: Duration) -> Double {
        let elapsed = Double(max(0, to.millisecondsSince1970 - from.millisecondsSince1970))
        return value * factor(elapsedMilliseconds: elapsed, halfLife: halfLife)
    }

    /// 2^(−elapsed / halfLife).
    package static func factor(elapsedMilliseconds elapsed: Double, halfLife: Duration) -> Double {
        pow(2, -elapsed / Double(max(1, halfLife.milliseconds)))
    }
}
