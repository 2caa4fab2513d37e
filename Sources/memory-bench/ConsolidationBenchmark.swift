import MemoryEngines
import MemoryModel
import MemoryPasses
import MemoryStorage
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// `memory-bench consolidate`: a consolidation pass over N generated memories, for each N;
/// `memory-bench cycle`: a full cycle (consolidation, extraction, graph). Throughput and peak
/// RSS are those of the real `memctl consolidate` process; the time from cancellation to a pass
/// returning is measured in-process, on a copy of the same database.
struct ConsolidationBenchmark {
    let sizes: [Int]
    let directory: URL
    let memctl: String
    /// All three passes, not only consolidation.
    var fullCycle = false

    struct Row {
        let size: Int
        let processed: Int
        let seconds: Double
        let peakKilobytes: Int
        let cancelMilliseconds: Double
        /// Seconds of each pass, in cycle order.
        var passSeconds: [(String, Double)] = []
        var microsecondsPerMemory: Double { seconds * 1e6 / Double(max(processed, 1)) }
    }

    func run() async throws {
        var rows: [Row] = []
        for size in sizes {
            rows.append(try await measure(size))
            let row = rows.last!
            print(
                String(
                    format: "  %9d memories: %8.0f memories/s (%.1f µs each), peak RSS %6.1f MiB, cancel → return %6.1f ms",
                    row.size, Double(row.processed) / row.seconds, row.microsecondsPerMemory,
                    Double(row.peakKilobytes) / 1024, row.cancelMilliseconds)
                    + (fullCycle ? "  (" + row.passSeconds.map { String(format: "%@ %.1f s", $0.0, $0.1) }.joined(separator: ", ") + ")" : ""))
        }
        print("")
        print("| memories | processed | seconds | memories/s | µs per memory | peak RSS (MiB) | cancel → return (ms) |")
        print("| ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
        for row in rows {
            print(
                String(
                    format: "| %d | %d | %.1f | %.0f | %.1f | %.1f | %.1f |", row.size, row.processed, row.seconds,
                    Double(row.processed) / row.seconds, row.microsecondsPerMemory, Double(row.peakKilobytes) / 1024,
                    row.cancelMilliseconds))
        }
        if let first = rows.first, let last = rows.last, rows.count > 1 {
            print(
                String(
                    format: "\ncost per memory at %d is %.2f× that at %d (target ≤ 1.5×)", last.size,
                    last.microsecondsPerMemory / first.microsecondsPerMemory, first.size))
        }
    }

    private func measure(_ size: Int) async throws -> Row {
        let jsonl = directory.appendingPathComponent("memories-\(size).jsonl").path
        let database = directory.appendingPathComponent("consolidate-\(size).db").path
        let copy = directory.appendingPathComponent("cancel-\(size).db").path
        for path in [database, copy] { removeDatabase(path) }
        print("generating and importing \(size) memories …")
        try writeMemories(size, to: jsonl)
        let imported = try Subprocess.run(memctl, ["--db", database, "import", jsonl])
        guard imported.status == 0 else { throw BenchmarkError("memctl import exited \(imported.status)") }
        try FileManager.default.copyItem(atPath: database, toPath: copy)

        let output = directory.appendingPathComponent("consolidate-\(size).json").path
        let only = fullCycle ? [] : ["--only", "consolidation"]
        let pass = try Subprocess.run(
            memctl, ["--db", database, "consolidate", "--local", "--min-age", "0", "--json"] + only, outputPath: output)
        guard pass.status == 0 else { throw BenchmarkError("memctl consolidate exited \(pass.status)") }
        let report = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: output)))
        let passes = (report as? [String: Any])?["passes"] as? [[String: Any]] ?? []
        let processed = passes.first?["processed"] as? Int ?? 0
        let passSeconds = passes.map { ($0["kind"] as? String ?? "?", $0["seconds"] as? Double ?? 0) }

        let cancel = try await cancellationLatency(copy)
        for path in [database, copy] { removeDatabase(path) }
        try? FileManager.default.removeItem(atPath: jsonl)
        return Row(
            size: size, processed: processed, seconds: pass.seconds, peakKilobytes: pass.peakResidentKilobytes,
            cancelMilliseconds: cancel, passSeconds: passSeconds)
    }

    /// Starts a pass in this process, cancels it once it is well under way, and times how long
    /// it takes to return; for a full cycle, the slowest of the three kinds of pass.
    private func cancellationLatency(_ path: String) async throws -> Double {
        let store = try MemoryStore(.init(path: path, pageCacheMebibytes: ConsolidationPass.pageCacheMebibytes))
        var policy = ConsolidationPolicy()
        policy.minimumAge = .zero
        let cycle = MaintenanceCycle(store: store, policy: policy)
        // Extraction works on short-term memories whether or not they are consolidated, and the
        // graph on what extraction did: each has work when the one before it is cut short.
        let kinds: [(PassKind, Duration)] =
            fullCycle ? [(.consolidation, .milliseconds(1500)), (.extraction, .milliseconds(1500)), (.graph, .milliseconds(150))]
            : [(.consolidation, .milliseconds(1500))]
        var worst = 0.0
        for (kind, delay) in kinds {
            let task = Task { try await cycle.run(kind) }
            try await Task.sleep(for: delay)
            let cancelled = DispatchTime.now().uptimeNanoseconds
            task.cancel()
            let record = try await task.value
            let milliseconds = Double(DispatchTime.now().uptimeNanoseconds - cancelled) / 1e6
            if record.outcome != .cancelled { print("  (the \(kind.rawValue) pass had finished before it was cancelled)") }
            if fullCycle { print(String(format: "  cancel → return, %@: %.1f ms", kind.rawValue, milliseconds)) }
            worst = max(worst, milliseconds)
        }
        return worst
    }

    private func writeMemories(_ count: Int, to path: String) throws {
        _ = FileManager.default.createFile(atPath: path, contents: nil)
        guard let file = FileHandle(forWritingAtPath: path) else { throw BenchmarkError("cannot write \(path)") }
        defer { try? file.close() }
        var generator = ChatGenerator(count: count)
        var buffer = ""
        for index in 0..<count {
            let message = generator.next()
            buffer += chatLine(message)
            if index % 10_000 == 9_999 || index == count - 1 {
                try file.write(contentsOf: Data(buffer.utf8))
                buffer = ""
            }
        }
    }
}

/// One generated message as a JSONL line for `memctl import`.
func chatLine(_ message: ChatMessage) -> String {
    let time = Timestamp(millisecondsSince1970: message.createdAt).iso8601
    var line = "{\"role\":\"\(message.role)\",\"content\":\(message.content.jsonQuoted),"
    line += "\"session\":\"\(message.session)\",\"created_at\":\"\(time)\""
    line += message.importance.map { ",\"importance\":\($0)}\n" } ?? "}\n"
    return line
}

func removeDatabase(_ path: String) {
    for suffix in ["", "-wal", "-shm", "-consolidation.lock", "-extraction.lock", "-graph.lock"] { try? FileManager.default.removeItem(atPath: path + suffix) }
}
