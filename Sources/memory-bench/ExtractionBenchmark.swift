import MemoryEngines
import MemoryModel
import MemoryPasses
import Foundation

/// `memory-bench extract`: entity extraction throughput in tokens (words and punctuation) per
/// second, through `memctl extract --json` (a real process reading a file on standard input)
/// and through the extractor in this process; both on one core.
struct ExtractionBenchmark {
    let rows: Int
    let directory: URL
    let memctl: String

    func run() throws {
        let input = directory.appendingPathComponent("extract-\(rows).txt").path
        var generator = ChatGenerator(count: rows)
        var texts: [String] = []
        texts.reserveCapacity(rows)
        for _ in 0..<rows { texts.append(generator.next().content.replacingLineBreaks()) }
        try Data((texts.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: input))
        let tokens = texts.reduce(0) { $0 + EntityExtractor.tokenCount($1) }
        let bytes = texts.reduce(0) { $0 + $1.utf8.count + 1 }
        print("\(rows) lines, \(tokens) tokens, \(bytes / 1024) KiB")

        let output = directory.appendingPathComponent("extract-\(rows).jsonl").path
        let process = try Subprocess.run(memctl, ["extract", "--json"], stdinPath: input, outputPath: output)
        guard process.status == 0 else { throw BenchmarkError("memctl extract exited \(process.status)") }
        let lines = try String(contentsOfFile: output, encoding: .utf8).split(separator: "\n").count
        guard lines == rows else { throw BenchmarkError("memctl extract wrote \(lines) lines for \(rows)") }

        let extractor = EntityExtractor()
        let started = DispatchTime.now().uptimeNanoseconds
        var entities = 0
        for text in texts { entities += extractor.extract(text).count }
        let inProcess = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9

        print("| path | seconds | tokens/s | lines/s | peak RSS (MiB) |")
        print("| --- | ---: | ---: | ---: | ---: |")
        print(
            String(
                format: "| memctl extract --json | %.2f | %.0f | %.0f | %.1f |", process.seconds,
                Double(tokens) / process.seconds, Double(rows) / process.seconds,
                Double(process.peakResidentKilobytes) / 1024))
        print(
            String(
                format: "| EntityExtractor in process | %.2f | %.0f | %.0f | – |", inProcess, Double(tokens) / inProcess,
                Double(rows) / inProcess))
        print("\(entities) entities found")
        try? FileManager.default.removeItem(atPath: input)
        try? FileManager.default.removeItem(atPath: output)
    }
}
