import Foundation
import MemoryModel
import SystemSupport

/// `memory-bench tenants`: a host that serves several users keeps one database each. `rows`
/// messages are imported once and copied `count` times; one full cycle (`memctl consolidate
/// --local --min-age 0`, every pass in one process) runs on a copy alone, then `count` of them
/// run side by side, one process a database, `runs` times in turn. Prints each run's aggregate
/// msg/s against the one alone just before it, each process's peak RSS with its thread count,
/// and the median ratio: one run on a shared machine swings by a tenth either way.
struct TenantsBenchmark {
    let count: Int
    let rows: Int
    var runs = 3
    let messages: BenchmarkMessages
    let directory: URL
    let memctl: String
    /// Threads of each process (`memctl consolidate --threads`).
    var threads = Processors.defaultThreads

    func run() throws {
        let source = directory.appendingPathComponent("tenant-source.db").path
        try messages.importInto(source, count: rows, memctl: memctl)

        let rate = { (run: (seconds: Double, peaks: [Int])) in Double(rows * run.peaks.count) / run.seconds }
        var ratios: [Double] = []
        print("")
        print("| run | databases side by side | wall seconds | aggregate msg/s | × one alone | peak RSS of each (MiB) |")
        print("| ---: | ---: | ---: | ---: | ---: | --- |")
        for index in 1...runs {
            let alone = try side(by: 1, from: source)
            let together = try side(by: count, from: source)
            ratios.append(rate(together) / rate(alone))
            for run in [alone, together] {
                print(
                    String(
                        format: "| %d | %d | %.2f | %.0f | %.2f | %@ |", index, run.peaks.count, run.seconds, rate(run),
                        rate(run) / rate(alone),
                        run.peaks.map { String(format: "%.1f", Double($0) / 1024) }.joined(separator: ", ")))
            }
        }
        print("each process: memctl consolidate --local --threads \(threads)")
        print(
            String(
                format: "%d side by side: %.2f× one, the median of %d runs (%@) (target for 2 on 2 cores: ≥ 1.7×)", count, median(ratios),
                runs, ratios.map { String(format: "%.2f", $0) }.joined(separator: ", ")))
    }

    /// Full cycles on `tenants` fresh copies of `source` at once: the wall time until the last
    /// ends, and each one's peak RSS in KiB.
    private func side(by tenants: Int, from source: String) throws -> (seconds: Double, peaks: [Int]) {
        let databases = (0..<tenants).map { directory.appendingPathComponent("tenant-\($0).db").path }
        for database in databases {
            removeDatabase(database)
            try FileManager.default.copyItem(atPath: source, toPath: database)
        }
        defer { databases.forEach(removeDatabase) }
        let started = Date()
        let runs = try Subprocess.runSideBySide(
            databases.map {
                (memctl, ["--db", $0, "consolidate", "--local", "--min-age", "0", "--threads", String(threads), "--json"])
            })
        let seconds = Date().timeIntervalSince(started)
        for (index, run) in runs.enumerated() where run.status != 0 {
            throw BenchmarkError("memctl consolidate on tenant \(index) exited \(run.status)")
        }
        return (seconds, runs.map(\.peakResidentKilobytes))
    }
}
