import MemoryModel

/// The weight of a graph edge: the sum over its observations of 2^(−age / half-life), stated as
/// of its latest observation, so that the order in which observations arrive does not change it.
/// The one definition of edge decay: the graph pass adds an observation at a time (`adding`), and
/// a forget that takes evidence away weighs what is left (`of(observationsAt:)`), the same fold.
package struct EdgeWeight: Sendable, Equatable {
    package var value: Double
    /// The time `value` is stated as of: the latest observation.
    package var lastSeen: Timestamp

    package init(value: Double, lastSeen: Timestamp) {
        self.value = value
        self.lastSeen = lastSeen
    }

    /// One observation at `time` weighs 1 then.
    package init(observationAt time: Timestamp) { self.init(value: 1, lastSeen: time) }

    /// The weight after one more observation at `time`: the older side fades by the time between
    /// them, and the newer side is what the weight is stated as of.
    package func adding(observationAt time: Timestamp, halfLife: Duration) -> EdgeWeight {
        let apart = Double(abs(time.millisecondsSince1970 - lastSeen.millisecondsSince1970))
        let fade = Decay.factor(elapsedMilliseconds: apart, halfLife: halfLife)
        if time >= lastSeen { return EdgeWeight(value: value * fade + 1, lastSeen: time) }
        return EdgeWeight(value: value + fade, lastSeen: lastSeen)
    }

    /// The weight of observations at `times`, in any order; nil when there are none.
    package static func of(observationsAt times: [Timestamp], halfLife: Duration) -> EdgeWeight? {
        guard let first = times.first else { return nil }
        return times.dropFirst().reduce(EdgeWeight(observationAt: first)) {
            $0.adding(observationAt: $1, halfLife: halfLife)
        }
    }
}
