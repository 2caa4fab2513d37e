import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// `memory-bench idle`: what memoryd holds while it waits. It starts the memoryd built next to
/// memctl on an empty database, then on `rows` imported messages with `min_age` 0, so that its
/// first cycle takes them all; once that cycle is over it reads the daemon's resident memory and
/// counts its CPU ticks over `seconds` of idling.
struct IdleBenchmark {
    let rows: Int
    let messages: BenchmarkMessages
    let directory: URL
    let memctl: String
    let seconds: Int

    func run() throws {
        let memoryd = URL(fileURLWithPath: memctl).deletingLastPathComponent().appendingPathComponent("memoryd").path
        guard FileManager.default.isExecutableFile(atPath: memoryd) else {
            throw BenchmarkError("no memoryd next to memctl (\(memoryd)); run `swift build -c release` first")
        }
        let empty = try measure(memoryd, database: directory.appendingPathComponent("idle-empty.db").path)
        let database = directory.appendingPathComponent("idle.db").path
        try messages.importInto(database, count: rows, memctl: memctl)
        let worked = try measure(memoryd, database: database)

        print("")
        print("idle memoryd (target: RSS ≤ 15 MB, no CPU):")
        for (label, figures) in [("started on an empty database", empty), ("after a cycle over \(rows)", worked)] {
            print(
                "  " + label.padding(toLength: 34, withPad: " ", startingAt: 0)
                    + String(
                        format: "RSS %5.1f MB (anonymous %4.1f, file %4.1f)   CPU %d ticks in %d s   cycle %.1f s",
                        Double(figures.rss) / 1000, Double(figures.anonymous) / 1000, Double(figures.file) / 1000,
                        figures.ticks, seconds, figures.cycleSeconds))
        }
    }

    struct Idle {
        /// Kilobytes (as /proc says kB) resident, of them anonymous and file-backed.
        let rss: Int
        let anonymous: Int
        let file: Int
        let ticks: Int
        let cycleSeconds: Double
    }

    /// Starts memoryd on `database`, waits for its first cycle to end, reads its memory and
    /// CPU over the idle seconds, and stops it with SIGTERM.
    private func measure(_ memoryd: String, database: String) throws -> Idle {
        let socket = directory.appendingPathComponent("idle-\(UUID().uuidString.prefix(8)).sock").path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: memoryd)
        process.arguments = ["--db", database, "--socket", socket, "--log-level", "error"]
        var environment = ProcessInfo.processInfo.environment
        environment["MEMORYD_MIN_AGE"] = "0"
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        let start = Date()
        try process.run()
        defer {
            if process.isRunning {
                process.terminate()
                process.waitUntilExit()
            }
        }
        // The first cycle is over once every loop is idle with a last pass.
        while true {
            guard process.isRunning else { throw BenchmarkError("memoryd exited \(process.terminationStatus)") }
            let status = try Subprocess.run(
                memctl, ["--socket", socket, "status", "--json"],
                outputPath: directory.appendingPathComponent("idle-status.json").path)
            if status.status == 0, let loops = try? loopStates(), loops.count == 3,
                loops.allSatisfy({ $0.state == "idle" && $0.hasLastPass })
            {
                break
            }
            Thread.sleep(forTimeInterval: 0.25)
        }
        let cycleSeconds = Date().timeIntervalSince(start)
        Thread.sleep(forTimeInterval: 2)
        let pid = process.processIdentifier
        let ticksBefore = try ProcessFigures.cpuTicks(pid)
        Thread.sleep(forTimeInterval: Double(seconds))
        let ticks = try ProcessFigures.cpuTicks(pid) - ticksBefore
        let memory = try ProcessFigures.statusKilobytes(pid)
        return Idle(
            rss: memory["VmRSS"] ?? 0, anonymous: memory["RssAnon"] ?? 0, file: memory["RssFile"] ?? 0, ticks: ticks,
            cycleSeconds: cycleSeconds)
    }

    private func loopStates() throws -> [(state: String, hasLastPass: Bool)] {
        let data = try Data(contentsOf: directory.appendingPathComponent("idle-status.json"))
        guard let object = try JSONSerialization.jsonObject(with: data) as? [String: Any],
            let loops = object["loops"] as? [[String: Any]]
        else { return [] }
        return loops.map { (($0["state"] as? String) ?? "", $0["last_pass"] is [String: Any]) }
    }
}
