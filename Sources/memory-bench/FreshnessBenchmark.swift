import Foundation

/// `memory-bench fresh`: what new memories cost on a big store. `rows` messages (default
/// 1,000,000) are imported and given a full cycle; then `fresh` more (default 1,000), the next
/// ones, are imported and a full cycle runs over them. That cycle's time per new message is
/// set against a full cycle over 25,000 messages in a store of their own, per message. With
/// `--keep DIR --reuse`, the big store of an earlier run in DIR is used again.
struct FreshnessBenchmark {
    let rows: Int
    let fresh: Int
    let messages: BenchmarkMessages
    let directory: URL
    let memctl: String
    let reuse: Bool
    static let smallStore = 25_000

    func run() throws {
        let small = directory.appendingPathComponent("fresh-small.db").path
        removeDatabase(small)
        try messages.importInto(small, count: Self.smallStore, memctl: memctl)
        let smallCycle = try cycle(small)
        removeDatabase(small)

        let big = directory.appendingPathComponent("fresh-\(rows).db").path
        let kept = big + ".consolidated"
        if reuse, FileManager.default.fileExists(atPath: kept) {
            print("reusing the consolidated store of \(rows) messages in \(kept)")
        } else {
            removeDatabase(big)
            removeDatabase(kept)
            try messages.importInto(big, count: rows, memctl: memctl)
            let first = try cycle(big)
            print(String(format: "first cycle over %d messages: %.1f s", rows, first))
            try FileManager.default.moveItem(atPath: big, toPath: kept)
        }
        removeDatabase(big)
        try FileManager.default.copyItem(atPath: kept, toPath: big)
        try messages.importInto(big, count: fresh, after: rows, memctl: memctl)
        let freshCycle = try cycle(big)
        removeDatabase(big)

        let perSmall = smallCycle * 1e6 / Double(Self.smallStore)
        let perFresh = freshCycle * 1e6 / Double(fresh)
        print("")
        print("| full cycle over | store after it | seconds | µs per new message |")
        print("| --- | ---: | ---: | ---: |")
        print(String(format: "| %d messages | %d | %.2f | %.0f |", Self.smallStore, Self.smallStore, smallCycle, perSmall))
        print(String(format: "| %d new messages | %d | %.2f | %.0f |", fresh, rows + fresh, freshCycle, perFresh))
        print(String(format: "\ncost per new message at %d vs %d: %.2f× (target ≤ 2×)", rows, Self.smallStore, perFresh / perSmall))
    }

    /// A full cycle in a `memctl consolidate --local --min-age 0` process: its seconds.
    private func cycle(_ database: String) throws -> Double {
        let run = try Subprocess.run(memctl, ["--db", database, "consolidate", "--local", "--min-age", "0"])
        guard run.status == 0 else { throw BenchmarkError("memctl consolidate exited \(run.status)") }
        return run.seconds
    }
}
