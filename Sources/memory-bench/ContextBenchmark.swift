import Foundation
import SQLiteKit

/// `memory-bench context`: `memctl context --hook claude-code` as Claude Code runs it, a whole
/// process per hook, on a store of `rows` messages (default 100,000) spread over eight projects
/// and given a full cycle (`--keep DIR --reuse` uses the store of an earlier run). Each of
/// `runs` rounds starts a new session (SessionStart) and submits three prompts
/// (UserPromptSubmit) in it; every run is timed from the process's start to its exit.
/// Reported: the median, the 99th percentile and the largest, per event. Target: under 50 ms.
struct ContextBenchmark {
    let rows: Int
    let runs: Int
    let messages: BenchmarkMessages
    let directory: URL
    let memctl: String
    let reuse: Bool

    static let target = 50.0
    static let projects = 8
    static let prompts = [
        "what do you like to do for fun on the weekend?", "where did you go on vacation last summer",
        "can you remind me what we decided about the dog and the new apartment",
    ]

    func run() throws {
        let database = directory.appendingPathComponent("context-\(rows).db").path
        if reuse, FileManager.default.fileExists(atPath: database) {
            print("reusing the store of \(rows) messages in \(database)")
        } else {
            removeDatabase(database)
            try messages.importInto(database, count: rows, memctl: memctl)
            // Each conversation in one of eight projects (a session is one project, as an agent's is).
            let connection = try Connection(path: database, mode: .readWrite, busyTimeoutMilliseconds: 1000)
            try connection.execute(
                """
                UPDATE short_term_memories SET project = '/home/dana/src/project-' || (s.n % \(Self.projects))
                FROM (SELECT session, row_number() OVER (ORDER BY min(id)) AS n FROM short_term_memories GROUP BY session) AS s
                WHERE s.session = short_term_memories.session
                """)
            connection.close()
            let cycle = try Subprocess.run(memctl, ["--db", database, "consolidate", "--local", "--min-age", "0"])
            guard cycle.status == 0 else { throw BenchmarkError("memctl consolidate exited \(cycle.status)") }
            print(String(format: "full cycle over %d messages: %.1f s", rows, cycle.seconds))
        }
        let state = directory.appendingPathComponent("context-state").path
        try? FileManager.default.removeItem(atPath: state)
        setenv("XDG_STATE_HOME", state, 1)
        var starts: [Double] = []
        var prompts: [Double] = []
        var answered = (starts: 0, prompts: 0)
        let input = directory.appendingPathComponent("context-input.json").path
        let output = directory.appendingPathComponent("context-output.txt").path
        for round in 0..<runs {
            let session = "bench-\(getpid())-\(round)"
            let cwd = "/home/dana/src/project-\(round % Self.projects)/api"
            for (index, event) in ([nil] + Self.prompts.map(Optional.some)).enumerated() {
                var object: [String: Any] = [
                    "session_id": session, "cwd": cwd, "transcript_path": "/dev/null",
                    "hook_event_name": event == nil ? "SessionStart" : "UserPromptSubmit",
                ]
                if let event { object["prompt"] = event } else { object["source"] = "startup" }
                try JSONSerialization.data(withJSONObject: object).write(to: URL(fileURLWithPath: input))
                let measured = try Subprocess.run(
                    memctl, ["--db", database, "context", "--hook", "claude-code"], stdinPath: input, outputPath: output)
                guard measured.status == 0 else { throw BenchmarkError("memctl context exited \(measured.status)") }
                let printed = (try? Data(contentsOf: URL(fileURLWithPath: output)).count) ?? 0
                if index == 0 {
                    starts.append(measured.seconds * 1000)
                    if printed > 0 { answered.starts += 1 }
                } else {
                    prompts.append(measured.seconds * 1000)
                    if printed > 0 { answered.prompts += 1 }
                }
            }
        }
        print("")
        print("| hook (\(rows) messages, \(Self.projects) projects) | runs | answered | p50 (ms) | p99 (ms) | max (ms) |")
        print("| --- | ---: | ---: | ---: | ---: | ---: |")
        for (name, times, count) in [
            ("SessionStart", starts, answered.starts), ("UserPromptSubmit", prompts, answered.prompts),
        ] {
            let sorted = times.sorted()
            let p99 = percentile(sorted, 0.99)
            print(
                String(
                    format: "| %@ | %d | %d | %.1f | %.1f | %.1f |", name, sorted.count, count, sorted[sorted.count / 2],
                    p99, sorted.last ?? 0))
        }
        print(String(format: "\ntarget: the whole run under %.0f ms (p50 and p99)", Self.target))
    }
}
