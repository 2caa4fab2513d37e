import Foundation
import TestFixtures
import Testing

/// `memory-bench follow` on the programs `swift test` built, at sizes that take seconds: every
/// part runs to the end and prints its row.
@Suite("memory-bench follow")
struct FollowBenchmarkTests {
    @Test("a tiny run prints the backfill of both importers, the latency idle and during a pass, and the idle cost")
    func tinyRun() throws {
        let dir = try TemporaryDirectory()
        let result = try MemoryBench.run(
            [
                "follow", "--megabytes", "2", "--lines", "5", "--rows", "300", "--seconds", "1", "--files", "20",
                "--keep", dir.path("kept"),
            ], in: dir, timeout: 120)
        #expect(result.status == 0, "\(result.stdout) \(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        func row(_ start: String) -> [String]? {
            lines.first { $0.hasPrefix(start) }?.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
        }
        // | run | seconds | MB/s | messages/s | peak RSS (MiB) |: both stored every message.
        let imported = try #require(row("| memctl import --from claude-code |"), "\(result.stdout)")
        let followed = try #require(row("| memoryd --follow (backfill) |"), "\(result.stdout)")
        #expect(imported.count == 5 && followed.count == 5, "\(imported) \(followed)")
        #expect(!result.stdout.contains("note: "), "\(result.stdout)")
        // | memoryd | lines | p50 ms | p99 ms | max ms | not seen |: all five lines seen.
        let idle = try #require(row("| idle |"), "\(result.stdout)")
        #expect(idle.count == 6 && idle[1] == "5" && idle[5] == "0", "\(idle)")
        #expect(row("| during a consolidation pass over ") != nil, "\(result.stdout)")
        #expect(result.stdout.contains("memoryd following 20 idle sessions"), "\(result.stdout)")
        #expect(row("| CPU over 1 s |") != nil, "\(result.stdout)")
    }
}
