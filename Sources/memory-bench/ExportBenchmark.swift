import Foundation

/// `memory-bench export`: `memctl export` of N imported messages, to a file and to standard output
/// (/dev/null), then `memctl import` of that file into a new database: rows/s, MB/s and peak RSS
/// of each. The export reads a page of memories at a time, so its peak should not grow with N.
struct ExportBenchmark {
    let rows: Int
    let messages: BenchmarkMessages
    let directory: URL
    let memctl: String

    func run() throws {
        let database = directory.appendingPathComponent("export.db").path
        let again = directory.appendingPathComponent("export-imported.db").path
        let file = directory.appendingPathComponent("export.jsonl").path
        removeDatabase(database)
        removeDatabase(again)
        defer {
            removeDatabase(database)
            removeDatabase(again)
            try? FileManager.default.removeItem(atPath: file)
        }
        try messages.importInto(database, count: rows, memctl: memctl)
        print("")
        print("memctl export of \(rows) \(messages.name) messages, and the import of the export:")
        let runs: [(label: String, arguments: [String])] = [
            ("memctl export FILE", ["--db", database, "export", file]),
            ("memctl export > /dev/null", ["--db", database, "export"]),
            ("memctl import FILE (new db)", ["--db", again, "import", file]),
        ]
        for (label, arguments) in runs {
            let result = try Subprocess.run(memctl, arguments)
            guard result.status == 0 else { throw BenchmarkError("\(label) exited \(result.status)") }
            let megabytes = Double(FileSizeWatch.size(file)) / 1_048_576
            var line = "  " + label.padding(toLength: 30, withPad: " ", startingAt: 0)
            line += String(
                format: "%9.0f rows/s  %7.1f MB/s of %7.1f MB   peak RSS %6.1f MiB", Double(rows) / result.seconds,
                megabytes / result.seconds, megabytes, Double(result.peakResidentKilobytes) / 1024)
            print(line)
        }
    }
}
