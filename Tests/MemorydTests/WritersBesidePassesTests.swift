import Foundation
import TestFixtures
import Testing

/// Writers beside memoryd's passes: four processes add memories with `memctl add` while memoryd
/// runs cycles on the same database, and a fifth forgets and purges memories the passes may be
/// working on. Every add succeeds at the default busy timeout, nothing is lost, and no pass
/// fails because a writer was there.
@Suite("writers beside memoryd's passes")
struct WritersBesidePassesTests {
    static let writers = 4
    /// 2,500 adds each, 10,000 in all (about two minutes on two cores); `MEMORYD_TEST_ADDS=N`
    /// changes it for a quick run.
    static let addsPerWriter = Int(ProcessInfo.processInfo.environment["MEMORYD_TEST_ADDS"] ?? "") ?? 2_500

    /// One writer: `memctl add` in a loop; a failed add is written to `failed-N` with its error.
    static let writerScript = """
        #!/bin/bash
        n=$1
        for i in $(seq 1 "$ADDS"); do
            if ! out=$("$MEMCTL" --db "$DB" add --session "writer$n-$((i / 40))" --source "writer$n" \\
                "Writer $n note $i: Leah booked theremin lesson $((i % 97)) in Berlin with Priya" 2>&1); then
                echo "add $i: $out" >> "$DIR/failed-$n"
            fi
        done
        """

    /// Forgets (soft) or purges a random memory every few milliseconds until `stop` exists; what
    /// memctl printed on errors goes to `forget-errors`, purge reports to `purges`.
    static let forgetterScript = """
        #!/bin/bash
        j=0
        while [ ! -e "$DIR/stop" ]; do
            j=$((j + 1))
            id=$(( (RANDOM * 32768 + RANDOM) % 10000 + 1 ))
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

        let environment = [
            "MEMCTL": Memctl.executable.path, "DB": db, "DIR": dir.url.path, "ADDS": String(Self.addsPerWriter),
        ]
        let writerScript = try dir.write("writer.sh", Self.writerScript)
        let forgetterScript = try dir.write("forgetter.sh", Self.forgetterScript)
        let writers = try (1...Self.writers).map { try launch(writerScript, [String($0)], environment: environment) }
        let forgetter = try launch(forgetterScript, [], environment: environment)
        for writer in writers { writer.waitUntilExit() }
        _ = try dir.write("stop", "")
        forgetter.waitUntilExit()

        // One more cycle through memoryd, so that the passes meet everything written.
        let cycle = try Memctl.run(["--db", db, "--socket", socket, "consolidate", "--wait", "--json"], in: dir)
        #expect(cycle.status == 0, "\(cycle.stderr)")

        for n in 1...Self.writers {
            let failed = (try? String(contentsOfFile: dir.path("failed-\(n)"), encoding: .utf8)) ?? ""
            #expect(failed.isEmpty, "writer \(n): \(failed.prefix(2000))")
        }
        // Forgetting a random id may find it purged already, or not added yet: that is all.
        let forgetErrors = ((try? String(contentsOfFile: dir.path("forget-errors"), encoding: .utf8)) ?? "")
            .split(separator: "\n")
        let unexpected = forgetErrors.filter {
            !$0.contains("was purged") && !$0.contains("there is no stm:")
        }
        #expect(unexpected.isEmpty, "\(unexpected.prefix(10))")
        let purges = ((try? String(contentsOfFile: dir.path("purges"), encoding: .utf8)) ?? "").split(separator: "\n")
        #expect(!purges.isEmpty, "the forgetter purged nothing")

        let stats = try Memctl.run(["--db", db, "stats", "--json"], in: dir).jsonObject()
        let stm = try #require(stats["stm"] as? [String: Int])
        let stored = stm.values.reduce(0, +)
        #expect(stored == Self.writers * Self.addsPerWriter - purges.count, "\(stm), \(purges.count) purged")
        #expect((stm["consolidated"] ?? 0) > 0, "the passes consolidated while the writers wrote: \(stm)")

        let passes = try Memctl.run(["--db", db, "passes", "--json", "--limit", "100000"], in: dir).jsonArray()
        #expect(passes.count > 3, "memoryd ran cycles beside the writers")
        let failedPasses = passes.filter { $0["outcome"] as? String == "failed" }
        #expect(failedPasses.isEmpty, "\(failedPasses.prefix(5))")
        #expect(!daemon.log.contains("failed"), "\(daemon.log.suffix(3000))")
        let check = try Memctl.run(["--db", db, "check"], in: dir)
        #expect(check.status == 0, "\(check.stdout)")
        daemon.signal(SIGTERM)
        #expect(daemon.waitForExit(timeout: 15) && daemon.process.terminationStatus == 0)
    }
}
