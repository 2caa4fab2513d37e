import Foundation
import MemoryModel
import TestFixtures
import Testing

/// Writers beside memoryd's passes: four processes add memories with `memctl add` while memoryd
/// runs cycles on the same database, and a fifth forgets and purges memories the passes may be
/// working on. What it proves: every add succeeds at the default busy timeout, nothing is lost
/// (what is stored is what was added minus what was purged), forgetting beside the passes fails
/// only for ids that are not there, and no pass fails because a writer was there.
///
/// The writers write until memoryd has run whole cycles beside them (three passes of each kind
/// that started after the writers did and ended before they stopped, each with work to do) and
/// the forgetter has purged; the ledger shows the overlap, so the test needs no fixed number of
/// adds (it took 10,000, about five minutes under load): a few seconds on an idle machine,
/// longer under load, the same proof.
@Suite("writers beside memoryd's passes")
struct WritersBesidePassesTests {
    static let writers = 4
    /// Cycles whose every pass ran while the writers wrote.
    static let cyclesBeside = 3
    /// Purges the forgetter must have done beside the passes.
    static let purgesBeside = 3
    /// How long the writers may take to get there; nothing waits this long when all is well.
    static let deadline = 300.0

    /// One writer: `memctl add` in a loop until `stop` exists; each add that succeeded is a line
    /// in `added-N`, each that failed a line in `failed-N` with its error.
    static let writerScript = """
        #!/bin/bash
        n=$1
        i=0
        while [ ! -e "$DIR/stop" ]; do
            i=$((i + 1))
            if out=$("$MEMCTL" --db "$DB" add --session "writer$n-$((i / 40))" --source "writer$n" \\
                "Writer $n note $i: Leah booked theremin lesson $((i % 97)) in Berlin with Priya" 2>&1); then
                echo "$i" >> "$DIR/added-$n"
            else
                echo "add $i: $out" >> "$DIR/failed-$n"
            fi
        done
        """

    /// Forgets (soft) or purges a random memory among those added so far, every few milliseconds,
    /// until `stop` exists; what memctl printed on errors goes to `forget-errors`, purge reports
    /// to `purges`.
    static let forgetterScript = """
        #!/bin/bash
        j=0
        while [ ! -e "$DIR/stop" ]; do
            added=$(cat "$DIR"/added-* 2>/dev/null | wc -l)
            if [ "$added" -eq 0 ]; then sleep 0.02; continue; fi
            j=$((j + 1))
            id=$(( (RANDOM * 32768 + RANDOM) % added + 1 ))
            if [ $((j % 2)) -eq 0 ]; then
                "$MEMCTL" --db "$DB" forget "stm:$id" --purge --json >> "$DIR/purges" 2>> "$DIR/forget-errors"
            else
                "$MEMCTL" --db "$DB" forget "stm:$id" > /dev/null 2>> "$DIR/forget-errors"
            fi
            sleep 0.02
        done
        """

    private func launch(_ script: String, _ arguments: [String], environment: [String: String]) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = [script] + arguments
        var env = ProcessInfo.processInfo.environment
        for key in env.keys where key.hasPrefix("MEMORYD_") { env.removeValue(forKey: key) }
        process.environment = env.merging(environment) { $1 }
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        return process
    }

    private static func lines(_ path: String) -> [Substring] {
        ((try? String(contentsOfFile: path, encoding: .utf8)) ?? "").split(separator: "\n")
    }

    /// The passes of each kind in the ledger that started at or after `start`, finished at or
    /// before `end` (nil: still writing) and had work to do.
    private static func passesBeside(_ ledger: [[String: Any]], from start: String, to end: String?) -> [String: Int] {
        var counts: [String: Int] = [:]
        for pass in ledger {
            guard let kind = pass["kind"] as? String, pass["outcome"] as? String == "completed",
                let started = pass["started_at"] as? String, let finished = pass["finished_at"] as? String,
                (pass["processed"] as? Int ?? 0) > 0, started >= start, end.map({ finished <= $0 }) ?? true
            else { continue }
            counts[kind, default: 0] += 1
        }
        return counts
    }

    @Test("four writers add memories beside cycles, a fifth forgets and purges: all adds succeed, none is lost, no pass fails")
    func writersBesidePasses() throws {
        let dir = try TemporaryDirectory()
        let notify = try NotifyListener(in: dir)
        let db = dir.path("memory.db")
        let socket = dir.path("control.sock")
        let configuration = try dir.write(
            "memoryd.conf",
            """
            consolidation_interval = 1s
            extraction_interval = 1s
            graph_interval = 1s
            min_age = 0
            batch_size = 16
            log_level = info
            """)
        let daemon = try DaemonProcess(
            database: db, socket: socket, in: dir, environment: ["NOTIFY_SOCKET": notify.path],
            arguments: ["--config", configuration])
        try #require(notify.wait(for: "READY=1") != nil, "no READY=1; log: \(daemon.log)")

        let environment = ["MEMCTL": Memctl.executable.path, "DB": db, "DIR": dir.url.path]
        let writerScript = try dir.write("writer.sh", Self.writerScript)
        let forgetterScript = try dir.write("forgetter.sh", Self.forgetterScript)
        let writersStarted = Timestamp.now.iso8601
        let writers = try (1...Self.writers).map { try launch(writerScript, [String($0)], environment: environment) }
        let forgetter = try launch(forgetterScript, [], environment: environment)

        // Until two cycles ran whole beside the writers and the forgetter purged.
        func besideEnough() -> Bool {
            guard Self.lines(dir.path("purges")).count >= Self.purgesBeside,
                let ledger = try? Memctl.run(["--db", db, "passes", "--json", "--limit", "100000"], in: dir).jsonArray()
            else { return false }
            let beside = Self.passesBeside(ledger, from: writersStarted, to: nil)
            return ["consolidation", "extraction", "graph"].allSatisfy { beside[$0, default: 0] >= Self.cyclesBeside }
        }
        let waitUntil = Date().addingTimeInterval(Self.deadline)
        while !besideEnough() && Date() < waitUntil && writers.allSatisfy(\.isRunning) { usleep(200_000) }
        let writersStopped = Timestamp.now.iso8601
        _ = try dir.write("stop", "")
        for writer in writers { writer.waitUntilExit() }
        forgetter.waitUntilExit()

        // One more cycle through memoryd, so that the passes meet everything written.
        let cycle = try Memctl.run(["--db", db, "--socket", socket, "consolidate", "--wait", "--json"], in: dir)
        #expect(cycle.status == 0, "\(cycle.stderr)")

        var added = 0
        for n in 1...Self.writers {
            let failed = (try? String(contentsOfFile: dir.path("failed-\(n)"), encoding: .utf8)) ?? ""
            #expect(failed.isEmpty, "writer \(n): \(failed.prefix(2000))")
            let adds = Self.lines(dir.path("added-\(n)")).count
            #expect(adds > 0, "writer \(n) added nothing")
            added += adds
        }
        // Forgetting a random id may find it purged already: that is all.
        let unexpected = Self.lines(dir.path("forget-errors")).filter {
            !$0.contains("was purged") && !$0.contains("there is no stm:")
        }
        #expect(unexpected.isEmpty, "\(unexpected.prefix(10))")
        let purges = Self.lines(dir.path("purges"))
        #expect(purges.count >= Self.purgesBeside, "the forgetter purged \(purges.count)")

        let stats = try Memctl.run(["--db", db, "stats", "--json"], in: dir).jsonObject()
        let stm = try #require(stats["stm"] as? [String: Int])
        let stored = stm.values.reduce(0, +)
        #expect(stored == added - purges.count, "\(stm), \(added) added, \(purges.count) purged")
        #expect((stm["consolidated"] ?? 0) > 0, "the passes consolidated while the writers wrote: \(stm)")

        let passes = try Memctl.run(["--db", db, "passes", "--json", "--limit", "100000"], in: dir).jsonArray()
        let beside = Self.passesBeside(passes, from: writersStarted, to: writersStopped)
        for kind in ["consolidation", "extraction", "graph"] {
            #expect(
                beside[kind, default: 0] >= Self.cyclesBeside,
                "\(kind) passes that ran whole beside the writers: \(beside); \(added) added")
        }
        let failedPasses = passes.filter { $0["outcome"] as? String == "failed" }
        #expect(failedPasses.isEmpty, "\(failedPasses.prefix(5))")
        let failures = daemon.log.split(separator: "\n").filter { $0.contains("failed") }
        #expect(failures.isEmpty, "\(failures.prefix(10).joined(separator: "\n"))")
        let check = try Memctl.run(["--db", db, "check"], in: dir)
        #expect(check.status == 0, "\(check.stdout)")
        daemon.signal(SIGTERM)
        #expect(daemon.waitForExit(timeout: 15) && daemon.process.terminationStatus == 0)
    }
}
