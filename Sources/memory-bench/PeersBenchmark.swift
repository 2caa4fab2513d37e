import Foundation

/// `memory-bench peers`: recall across devices (docs/PEERS.md). Three databases of `rows`
/// messages each (default 100,000; this device's the first `rows`, the two peers' the next), each
/// given a full cycle (`--keep DIR --reuse` uses those of an earlier run). Then `memctl recall` as
/// a process, as the other recall figures are taken, for each question of `questions`, plain and
/// within 100 words: this device's database alone (`--no-peers`) and with the two peers, in turn,
/// `runs` times. Reported: the median and the 99th percentile of each, and their ratio. Target:
/// with two peers at most twice the time alone.
struct PeersBenchmark {
    let rows: Int
    let runs: Int
    let messages: BenchmarkMessages
    let directory: URL
    let memctl: String
    let reuse: Bool

    static let target = 2.0
    /// The questions the recall figures at 1M use (docs/RECALL.md), and the hook benchmark's prompts.
    static let questions = [
        "favorite movie of all time", "what do you like to do for fun", "do you have any pets", "disapointed",
        "where did you go on vacation last summer",
        "can you remind me what we decided about the dog and the new apartment",
    ]

    func run() throws {
        let names = ["own", "desktop", "laptop"]
        let databases = names.map { directory.appendingPathComponent("peers-\($0)-\(rows).db").path }
        for (index, database) in databases.enumerated() {
            if reuse, FileManager.default.fileExists(atPath: database) {
                print("reusing \(database)")
                continue
            }
            removeDatabase(database)
            try messages.importInto(database, count: rows, after: index * rows, memctl: memctl)
            let cycle = try Subprocess.run(memctl, ["--db", database, "consolidate", "--local", "--min-age", "0"])
            guard cycle.status == 0 else { throw BenchmarkError("memctl consolidate exited \(cycle.status)") }
            print(String(format: "%@: full cycle over %d messages: %.1f s", names[index], rows, cycle.seconds))
        }
        let peers = zip(names, databases).dropFirst().flatMap { ["--peer", "\($0)=\($1)"] }
        let output = directory.appendingPathComponent("peers-output.txt").path
        var times: [String: (alone: [Double], peers: [Double])] = [:]
        var answered = 0
        for _ in 0..<runs {
            for question in Self.questions {
                for budget in [[], ["--max-words", "100"]] {
                    let kind = budget.isEmpty ? "memctl recall" : "memctl recall --max-words 100"
                    let base = ["--db", databases[0], "recall", question] + budget
                    let alone = try Subprocess.run(memctl, base + ["--no-peers"], outputPath: output)
                    let together = try Subprocess.run(memctl, base + peers, outputPath: output)
                    guard alone.status == 0, together.status == 0 else {
                        throw BenchmarkError("memctl recall exited \(alone.status), \(together.status)")
                    }
                    // Every peer read: no line says one was skipped.
                    let printed = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
                    guard !printed.contains("skipped") else { throw BenchmarkError("a peer was skipped: \(printed)") }
                    if printed.contains("@desktop") || printed.contains("desktop:") || printed.contains("@laptop")
                        || printed.contains("laptop:")
                    {
                        answered += 1
                    }
                    times[kind, default: ([], [])].alone.append(alone.seconds * 1000)
                    times[kind, default: ([], [])].peers.append(together.seconds * 1000)
                }
            }
        }
        print("")
        print("| \(rows) messages each, \(Self.questions.count) questions × \(runs) | runs | p50 (ms) | p99 (ms) |")
        print("| --- | ---: | ---: | ---: |")
        var ratios: [String] = []
        for kind in times.keys.sorted() {
            let (alone, together) = times[kind]!
            for (label, values) in [("this device alone", alone), ("with 2 peers", together)] {
                print(
                    String(
                        format: "| %@, %@ | %d | %.1f | %.1f |", kind, label, values.count, median(values),
                        percentile(values.sorted(), 0.99)))
            }
            ratios.append(
                String(
                    format: "%@: p50 %.2f×, p99 %.2f×", kind, median(together) / median(alone),
                    percentile(together.sorted(), 0.99) / percentile(alone.sorted(), 0.99)))
        }
        print("\nwith 2 peers against alone: " + ratios.joined(separator: "; "))
        print("recalls that held a peer's memory: \(answered) of \(runs * Self.questions.count * 2)")
        print(String(format: "target: with 2 peers at most %.0f× the time alone", Self.target))
    }
}
