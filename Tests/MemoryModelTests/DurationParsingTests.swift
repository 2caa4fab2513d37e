import Testing

@testable import MemoryModel

/// `DaemonPaths.parseDuration`: the syntax of memoryd's interval settings and memctl's policy
/// options (`0`, `90`, `90s`, `10m`, `2h`, `7d`).
@Suite("Duration parsing")
struct DurationParsingTests {
    @Test("a whole number with an optional unit: s, m, h or d; no unit means seconds", arguments: [
        ("0", 0), ("90", 90), ("90s", 90), ("0s", 0), ("1m", 60), ("10m", 600), ("0m", 0), ("2h", 7200), ("7d", 604_800),
        ("30d", 2_592_000), ("007m", 420), ("86400", 86_400),
    ] as [(String, Int64)])
    func parses(text: String, seconds: Int64) {
        #expect(DaemonPaths.parseDuration(text) == .seconds(seconds))
    }

    @Test("refuses what is not a whole, non-negative number of a known unit", arguments: [
        "", "s", "m", "-1", "-5m", "1.5h", "0.5", "5x", "5M", "5H", "5ms", "5mm", "m5", " 5m", "5m ", "5 m", "ten",
        "1h30m", "1e3", "5w", "5y",
    ])
    func refuses(text: String) {
        #expect(DaemonPaths.parseDuration(text) == nil)
    }

    @Test("units scale exactly: one of each unit is as many seconds as the smaller units make")
    func unitsAgree() {
        #expect(DaemonPaths.parseDuration("60s") == DaemonPaths.parseDuration("1m"))
        #expect(DaemonPaths.parseDuration("60m") == DaemonPaths.parseDuration("1h"))
        #expect(DaemonPaths.parseDuration("24h") == DaemonPaths.parseDuration("1d"))
        #expect(DaemonPaths.parseDuration("3600") == DaemonPaths.parseDuration("1h"))
    }

    @Test("a duration too long to count in milliseconds is refused, not a crash", arguments: [
        "9999999999999999d", "106751991167300d", "9223372036854776s", "9223372036854775807m",
    ])
    func tooLong(text: String) {
        #expect(DaemonPaths.parseDuration(text) == nil)
    }

    @Test("the longest duration still parses")
    func longest() {
        #expect(DaemonPaths.parseDuration("\(DaemonPaths.longestDuration)s") == .seconds(DaemonPaths.longestDuration))
    }
}
