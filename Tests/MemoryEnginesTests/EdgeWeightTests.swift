import Foundation
import Testing

@testable import MemoryEngines
@testable import MemoryModel

/// The one decay rule of edge weights (`EdgeWeight`): the graph pass folds observations in as
/// they arrive, and a forget weighs the evidence left in one go; both must agree.
@Suite("Edge weights")
struct EdgeWeightTests {
    static let halfLife = Duration.seconds(30 * 86_400)
    static let day: Int64 = 86_400_000

    static func at(days: Double) -> Timestamp { Timestamp(millisecondsSince1970: Int64(days * Double(day))) }

    /// The sum over the observations of 2^(−age / half-life) at the latest: what docs/GRAPH.md says.
    static func closedForm(_ times: [Timestamp]) -> Double {
        let last = times.max()!
        return times.reduce(0) { $0 + Decay.decayed(1, from: $1, to: last, halfLife: halfLife) }
    }

    @Test("the fold of incremental adds, in any arrival order, equals the recomputation from the evidence")
    func incrementalEqualsRecomputed() {
        var generator = SystemRandomNumberGenerator()
        for trial in 0..<200 {
            let count = 1 + trial % 12
            let times = (0..<count).map { _ in Self.at(days: Double.random(in: 0...400, using: &generator)) }
            // The graph pass: the first observation inserts the edge, each later one is added.
            var incremental = EdgeWeight(observationAt: times[0])
            for time in times.dropFirst() { incremental = incremental.adding(observationAt: time, halfLife: Self.halfLife) }
            // A forget: the evidence left, oldest first, weighed at once.
            let recomputed = EdgeWeight.of(observationsAt: times.sorted(), halfLife: Self.halfLife)
            #expect(recomputed?.lastSeen == times.max())
            #expect(incremental.lastSeen == times.max())
            #expect(abs(incremental.value - (recomputed?.value ?? .nan)) < 1e-9, "\(times)")
            #expect(abs(incremental.value - Self.closedForm(times)) < 1e-9, "\(times)")
        }
        #expect(EdgeWeight.of(observationsAt: [], halfLife: Self.halfLife) == nil)
    }

    @Test("the weight of an edge does not depend on the order its observations arrive in")
    func weightOrder() {
        let times = [0, 5, 2, 9].map { Self.at(days: Double($0)) }
        func total(_ order: [Timestamp]) -> Double {
            let weight = EdgeWeight.of(observationsAt: order, halfLife: Self.halfLife)!
            return Decay.decayed(weight.value, from: weight.lastSeen, to: times[3], halfLife: Self.halfLife)
        }
        #expect(abs(total(times) - total(times.sorted())) < 1e-12)
        #expect(abs(total(times) - total(times.reversed())) < 1e-12)
    }

    @Test("two observations a day apart with a 30-day half-life weigh 2^(-1/30) + 1")
    func twoObservations() {
        let weight = EdgeWeight(observationAt: Self.at(days: 0)).adding(observationAt: Self.at(days: 1), halfLife: Self.halfLife)
        #expect(abs(weight.value - (pow(2, -1.0 / 30) + 1)) < 1e-12)
        #expect(weight.lastSeen == Self.at(days: 1))
        // An older observation arriving later fades instead, and the weight stays as of the newer.
        let late = EdgeWeight(observationAt: Self.at(days: 1)).adding(observationAt: Self.at(days: 0), halfLife: Self.halfLife)
        #expect(late == weight)
    }
}
