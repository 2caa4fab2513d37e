import MemoryEngines
import MemoryModel
import MemoryPasses
import MemoryStorage
import Foundation
import Synchronization
import SystemSupport

#if canImport(Glibc)
    import Glibc
#endif

/// `memory-bench consolidate`: a consolidation pass over the first N messages, for each N;
/// `memory-bench cycle`: a full cycle (consolidation, extraction, graph). Each pass runs in a
/// `memctl consolidate --local --min-age 0 --only PASS` process of its own, so that every pass
/// has its own seconds and peak RSS; the full cycle is their sum (and their largest peak). On
/// generated data, the time from cancelling a pass to its return is also measured, in-process,
/// on a copy of the same database.
struct ConsolidationBenchmark {
    let sizes: [Int]
    let messages: BenchmarkMessages
    let directory: URL
    let memctl: String
    /// All three passes, not only consolidation.
    var fullCycle = false
    /// Threads of each pass (`memctl consolidate --threads`), printed beside every peak.
    var threads = Processors.defaultThreads

    /// One pass, or the full cycle, over one database.
    struct Pass {
        let name: String
        let seconds: Double
        let peakKilobytes: Int
        /// The largest the `-wal` grew while the pass ran, and its size when the pass ended.
        var walPeakBytes = 0
        var walAfterBytes = 0
    }

    struct Row {
        /// Memories in the database.
        let memories: Int
        let passes: [Pass]
        /// Cancel → return of each kind of pass, in milliseconds (generated data only).
        let cancelMilliseconds: [(String, Double)]

        /// The passes and, when there are several, the full cycle: their seconds summed, their
        /// largest peak.
        var lines: [Pass] {
            guard passes.count > 1 else { return passes }
            let total = Pass(
                name: "full cycle", seconds: passes.reduce(0) { $0 + $1.seconds },
                peakKilobytes: passes.map(\.peakKilobytes).max() ?? 0, walPeakBytes: passes.map(\.walPeakBytes).max() ?? 0,
                walAfterBytes: passes.last?.walAfterBytes ?? 0)
            return passes + [total]
        }

        func microsecondsPerMemory(_ pass: Pass) -> Double { pass.seconds * 1e6 / Double(max(memories, 1)) }
    }

    func run() async throws {
        var rows: [Row] = []
        for size in sizes { rows.append(try await measure(size)) }
        for row in rows {
            print("\n\(row.memories) memories (\(messages.name)):\n")
            print("| pass | seconds | msg/s | µs per msg | peak RSS (MiB), \(threads) threads | -wal peak / after (MB) |")
            print("| --- | ---: | ---: | ---: | ---: | ---: |")
            for pass in row.lines {
                print(
                    String(
                        format: "| %@ | %.2f | %.0f | %.1f | %.1f | %.1f / %.1f |", pass.name, pass.seconds,
                        Double(row.memories) / pass.seconds, row.microsecondsPerMemory(pass),
                        Double(pass.peakKilobytes) / 1024, Double(pass.walPeakBytes) / 1e6,
                        Double(pass.walAfterBytes) / 1e6))
            }
            if !row.cancelMilliseconds.isEmpty {
                let latencies = row.cancelMilliseconds.map { String(format: "%@ %.1f ms", $0.0, $0.1) }
                print("\ncancel → return: " + latencies.joined(separator: ", "))
            }
        }
        let bySize = rows.sorted { $0.memories < $1.memories }
        guard let first = bySize.first, let last = bySize.last else { return }
        // The issue's targets are for real chat; generated data keeps its own cost target.
        let real = if case .chitchat = messages { true } else { false }
        if rows.count > 1 {
            let ratios = zip(first.lines, last.lines).map { small, large in
                let ratio = last.microsecondsPerMemory(large) / first.microsecondsPerMemory(small)
                return String(format: "%@ %.2f×", small.name, ratio)
            }
            print(
                "\ncost per message at \(last.memories) vs \(first.memories) (target ≤ \(real ? "1.25" : "1.5")×): "
                    + ratios.joined(separator: ", "))
        }
        guard real else { return }
        if fullCycle, let cycle = last.lines.last {
            let rate = Double(last.memories) / cycle.seconds
            print(String(format: "full cycle at %d: %.0f msg/s (target ≥ 10,000)", last.memories, rate))
        }
        let wal = rows.flatMap(\.passes).map(\.walPeakBytes).max() ?? 0
        print(String(format: "largest -wal during a pass: %.1f MB (bound: 64 MB)", Double(wal) / 1e6))
        let peak = rows.flatMap(\.passes).map(\.peakKilobytes).max() ?? 0
        print(
            String(
                format: "largest peak RSS: %.1f MB with %d threads (target ≤ 100 MB)", Double(peak) * 1024 / 1e6, threads))
    }

    private func measure(_ size: Int) async throws -> Row {
        let jsonl = directory.appendingPathComponent("memories-\(size).jsonl").path
        let database = directory.appendingPathComponent("consolidate-\(size).db").path
        let copy = directory.appendingPathComponent("cancel-\(size).db").path
        let output = directory.appendingPathComponent("consolidate-\(size).json").path
        for path in [database, copy] { removeDatabase(path) }
        print("writing and importing \(size) \(messages.name) messages …")
        try messages.writeImport(size, to: jsonl)
        let imported = try Subprocess.run(memctl, ["--db", database, "import", "--json", jsonl], outputPath: output)
        guard imported.status == 0 else { throw BenchmarkError("memctl import exited \(imported.status)") }
        let memories = try jsonObject(output)["imported"] as? Int ?? 0
        try? FileManager.default.removeItem(atPath: jsonl)
        let measureCancellation = if case .generated = messages { true } else { false }
        if measureCancellation { try FileManager.default.copyItem(atPath: database, toPath: copy) }

        var passes: [Pass] = []
        for kind: PassKind in fullCycle ? [.consolidation, .extraction, .graph] : [.consolidation] {
            let wal = FileSizeWatch(path: database + "-wal")
            let process = try Subprocess.run(
                memctl, [
                    "--db", database, "consolidate", "--local", "--min-age", "0", "--json", "--threads", String(threads),
                    "--only", kind.rawValue,
                ],
                outputPath: output)
            guard process.status == 0 else {
                throw BenchmarkError("memctl consolidate --only \(kind.rawValue) exited \(process.status)")
            }
            let report = (try jsonObject(output)["passes"] as? [[String: Any]])?.first ?? [:]
            guard report["outcome"] as? String == "completed" else {
                throw BenchmarkError("the \(kind.rawValue) pass did not complete: \(report)")
            }
            let walPeak = wal.stop()
            passes.append(
                Pass(
                    name: kind.rawValue, seconds: process.seconds, peakKilobytes: process.peakResidentKilobytes,
                    walPeakBytes: walPeak, walAfterBytes: FileSizeWatch.size(database + "-wal")))
            print(
                String(
                    format: "  %@: %.2f s, processed %d, peak RSS %.1f MiB with %d threads", kind.rawValue,
                    process.seconds, report["processed"] as? Int ?? 0, Double(process.peakResidentKilobytes) / 1024,
                    threads))
        }
        let cancel = measureCancellation ? try await cancellationLatency(copy) : []
        for path in [database, copy] { removeDatabase(path) }
        return Row(memories: memories, passes: passes, cancelMilliseconds: cancel)
    }

    private func jsonObject(_ path: String) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any] ?? [:]
    }

    /// Starts a pass in this process, cancels it once it is well under way, and times how long
    /// it takes to return; for a full cycle, each of the three kinds of pass.
    private func cancellationLatency(_ path: String) async throws -> [(String, Double)] {
        let store = try MemoryStore(
            .init(path: path, pageCacheKibibytes: ConsolidationPass.pageCacheKibibytes, durability: .checkpoints))
        var policy = ConsolidationPolicy()
        policy.minimumAge = .zero
        let cycle = MaintenanceCycle(store: store, policy: policy)
        // Extraction works on short-term memories whether or not they are consolidated, and the
        // graph on what extraction did: each has work when the one before it is cut short.
        let kinds: [(PassKind, Duration)] =
            fullCycle ? [(.consolidation, .milliseconds(1500)), (.extraction, .milliseconds(1500)), (.graph, .milliseconds(150))]
            : [(.consolidation, .milliseconds(1500))]
        var latencies: [(String, Double)] = []
        for (kind, delay) in kinds {
            let task = Task { try await cycle.run(kind) }
            try await Task.sleep(for: delay)
            let cancelled = DispatchTime.now().uptimeNanoseconds
            task.cancel()
            let record = try await task.value
            let milliseconds = Double(DispatchTime.now().uptimeNanoseconds - cancelled) / 1e6
            if record.outcome != .cancelled { print("  (the \(kind.rawValue) pass had finished before it was cancelled)") }
            latencies.append((kind.rawValue, milliseconds))
        }
        return latencies
    }
}

/// One message as a JSONL line for `memctl import`.
func chatLine(_ message: ChatMessage) -> String {
    let time = Timestamp(millisecondsSince1970: message.createdAt).iso8601
    var line = "{\"content\":\(message.content.jsonQuoted),\"session\":\(message.session.jsonQuoted),"
    line += "\"source\":\(message.source.jsonQuoted),\"created_at\":\"\(time)\""
    line += message.importance.map { ",\"importance\":\($0)}\n" } ?? "}\n"
    return line
}

func removeDatabase(_ path: String) {
    for suffix in ["", "-wal", "-shm", "-consolidation.lock", "-extraction.lock", "-graph.lock"] { try? FileManager.default.removeItem(atPath: path + suffix) }
}

/// The largest size a file reaches while it is watched: a thread looks every 2 ms.
final class FileSizeWatch: @unchecked Sendable {
    private let largest = Atomic<Int>(0)
    private let stopped = Atomic<Bool>(false)
    private let done = DispatchSemaphore(value: 0)

    init(path: String) {
        Thread { [self] in
            while !stopped.load(ordering: .acquiring) {
                let size = Self.size(path)
                if size > largest.load(ordering: .relaxed) { largest.store(size, ordering: .relaxed) }
                usleep(2_000)
            }
            done.signal()
        }.start()
    }

    /// Stops watching; the largest size seen.
    func stop() -> Int {
        stopped.store(true, ordering: .releasing)
        done.wait()
        return largest.load(ordering: .relaxed)
    }

    /// A file's size in bytes; 0 when there is none.
    static func size(_ path: String) -> Int {
        var status = stat()
        return stat(path, &status) == 0 ? Int(status.st_size) : 0
    }
}
