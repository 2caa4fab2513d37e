import Testing

@testable import MemoryDaemon
@testable import MemoryModel

/// `LoopSettings.retryDelay`: docs/DECISIONS.md, "The daemon" ("30 s, then doubling, capped at
/// the loop's interval and an hour") and the README ("30 s, then 60 s, 2 min, … never longer
/// than its interval").
@Suite("Retry delay")
struct RetryDelayTests {
    private func seconds(_ settings: LoopSettings, _ kind: PassKind, _ failures: Int) -> Int64 {
        settings.retryDelay(kind, failures: failures).milliseconds / 1000
    }

    @Test("the defaults: 30 s base, 1 h limit, intervals of 5, 10 and 30 minutes")
    func defaults() {
        let settings = LoopSettings()
        #expect(settings.retryBase == .seconds(30))
        #expect(settings.retryLimit == .seconds(3600))
        #expect(settings.interval(.consolidation) == .seconds(300))
        #expect(settings.interval(.extraction) == .seconds(600))
        #expect(settings.interval(.graph) == .seconds(1800))
    }

    @Test("the first retry waits the base, and each further failure doubles the wait up to the interval")
    func doublesUpToTheInterval() {
        let settings = LoopSettings()
        #expect((1...8).map { seconds(settings, .graph, $0) } == [30, 60, 120, 240, 480, 960, 1800, 1800])
        #expect((1...6).map { seconds(settings, .consolidation, $0) } == [30, 60, 120, 240, 300, 300])
        #expect((1...6).map { seconds(settings, .extraction, $0) } == [30, 60, 120, 240, 480, 600])
    }

    @Test("with a long interval the wait stops at the hour limit")
    func cappedAtTheLimit() {
        var settings = LoopSettings()
        settings.intervals[.graph] = .seconds(6 * 3600)
        #expect((6...9).map { seconds(settings, .graph, $0) } == [960, 1920, 3600, 3600])
        settings.retryLimit = .seconds(100)
        #expect(seconds(settings, .graph, 3) == 100)
    }

    @Test("many failures in a row neither overflow nor exceed the caps", arguments: [21, 22, 63, 64, 1000, Int.max])
    func manyFailures(failures: Int) {
        var settings = LoopSettings()
        settings.intervals[.graph] = .seconds(24 * 3600)
        #expect(seconds(settings, .graph, failures) == 3600)
        #expect(seconds(LoopSettings(), .consolidation, failures) == 300)
    }

    @Test("no failure, or a count below one, waits the base")
    func belowOne() {
        let settings = LoopSettings()
        for failures in [0, -1, -100] { #expect(seconds(settings, .graph, failures) == 30) }
    }

    @Test("a base longer than the interval waits the interval; sub-second bases keep their milliseconds")
    func otherBases() {
        var settings = LoopSettings()
        settings.retryBase = .seconds(600)
        #expect(seconds(settings, .consolidation, 1) == 300)
        settings.retryBase = .milliseconds(1500)
        #expect(settings.retryDelay(.graph, failures: 1) == .milliseconds(1500))
        #expect(settings.retryDelay(.graph, failures: 3) == .milliseconds(6000))
    }

    @Test("the wait never shrinks as failures add up, and never exceeds the interval or the limit")
    func monotonic() {
        for base in [1, 7, 30, 90] {
            for interval in [60, 300, 1800, 7200, 86_400] {
                var settings = LoopSettings()
                settings.retryBase = .seconds(base)
                settings.intervals[.extraction] = .seconds(interval)
                let waits = (1...40).map { settings.retryDelay(.extraction, failures: $0) }
                #expect(zip(waits, waits.dropFirst()).allSatisfy { $0 <= $1 }, "base \(base), interval \(interval)")
                #expect(waits.allSatisfy { $0 <= .seconds(min(interval, 3600)) && $0 >= .seconds(min(base, interval)) })
                #expect(waits.last == .seconds(min(interval, 3600)))
            }
        }
    }

    @Test("a kind without an interval is capped at the 10-minute fallback")
    func missingInterval() {
        var settings = LoopSettings()
        settings.intervals[.graph] = nil
        #expect(settings.interval(.graph) == .seconds(600))
        #expect(seconds(settings, .graph, 10) == 600)
    }
}
