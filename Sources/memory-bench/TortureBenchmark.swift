import Foundation
import MemoryStorage
import SQLiteKit

#if canImport(Glibc)
    import Glibc
#endif

/// `memory-bench torture`: the crash-torture harness. `memctl import` and a full cycle
/// (`memctl consolidate --local`) are killed with SIGKILL at random instants, half the kills
/// each; after every kill `memctl check` must pass and an import must have left all or nothing;
/// then both run to the end and the database must equal an uninterrupted copy, row for row
/// (`StoreInspection.decisions`).
struct TortureBenchmark {
    let kills: Int
    let memories: Int
    let messages: BenchmarkMessages
    let directory: URL
    let memctl: String

    /// Generated data starts in 2020: every memory is past the forget and retention windows
    /// whenever the runs happen, so that their "now" cannot make them decide differently.
    static let cycle = ["consolidate", "--local", "--min-age", "0", "--batch-size", "64"]

    private struct Tally {
        /// Kills that found memctl still working.
        var kills = 0
        /// Kills before memctl had set up the schema of a new database: the file holds nothing,
        /// `memctl check` refuses it as not a memory database yet (docs/RELIABILITY.md DB-06),
        /// and the next import sets it up.
        var beforeSchema = 0
        var checkFailures: [String] = []
        var partialImports: [String] = []
    }

    func run() throws {
        let jsonl = directory.appendingPathComponent("torture.jsonl").path
        print("writing \(memories) \(messages.name) messages …")
        try messages.writeImport(memories, to: jsonl)

        let reference = directory.appendingPathComponent("reference.db").path
        let importSeconds = try timed { try memctlSucceeds(["--db", reference, "import", jsonl]) }
        let cycleSeconds = try timed { try memctlSucceeds(["--db", reference] + Self.cycle) }
        print(String(format: "uninterrupted: import %.2f s, cycle %.2f s", importSeconds, cycleSeconds))

        let db = directory.appendingPathComponent("torture.db").path
        let importKills = kills / 2
        var imports = Tally()
        var attempts = 0
        while imports.kills < importKills && attempts < 4 * kills {
            attempts += 1
            let landed = try killed(["--db", db, "import", jsonl], within: importSeconds, db: db, tally: &imports)
            let stored = try count(db)
            if stored != 0 && stored != memories { imports.partialImports.append("\(stored) of \(memories) stored") }
            // An import that ended before its kill starts again from nothing.
            if !landed || stored == memories { try removeDatabase(db) }
        }
        try memctlSucceeds(["--db", db, "import", jsonl])
        let imported = directory.appendingPathComponent("imported.db").path
        try FileManager.default.copyItem(atPath: db, toPath: imported)

        var cycles = Tally()
        var completions = 0
        let expected = try decisions(reference)
        while cycles.kills < kills - importKills && attempts < 8 * kills {
            attempts += 1
            guard try !killed(["--db", db] + Self.cycle, within: cycleSeconds, db: db, tally: &cycles) else { continue }
            // The cycle finished what the kills before left: compare, and start over.
            completions += 1
            if try decisions(db) != expected { cycles.checkFailures.append("cycle \(completions) ended elsewhere") }
            try removeDatabase(db)
            try FileManager.default.copyItem(atPath: imported, toPath: db)
        }
        let finish = try timed { try memctlSucceeds(["--db", db] + Self.cycle) }
        let converged = try decisions(db) == expected && cycles.checkFailures.isEmpty

        print(
            """

            | run | kills, each while memctl was working | `memctl check` failures after a kill | other failures |
            | --- | ---: | ---: | --- |
            | import | \(imports.kills) | \(imports.checkFailures.count) | \(imports.partialImports.isEmpty ? "none: every killed import kept all of it or nothing" : imports.partialImports.joined(separator: "; ")) |
            | cycle | \(cycles.kills) | \(cycles.checkFailures.count) | none |

            """)
        if imports.beforeSchema > 0 {
            print("\(imports.beforeSchema) of the import kills came before the schema was set up (nothing to check)")
        }
        for failure in imports.checkFailures + cycles.checkFailures { print("check failed: \(failure)") }
        print(String(format: "the cycle after the last kill took %.2f s", finish))
        print(
            "converged to the uninterrupted result, row for row: \(converged ? "yes" : "NO"), "
                + "\(completions + 1) time(s) (each time a resumed cycle reached the end)")
        guard converged, imports.checkFailures.isEmpty, cycles.checkFailures.isEmpty, imports.partialImports.isEmpty
        else { throw BenchmarkError("the torture run found a failure (above)") }
    }

    /// Starts memctl and kills it with SIGKILL at a random instant within `seconds`, then runs
    /// `memctl check`. False when memctl had ended by then (nothing was killed).
    private func killed(_ arguments: [String], within seconds: Double, db: String, tally: inout Tally) throws -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: memctl)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        usleep(UInt32(Double.random(in: 0..<max(seconds, 0.01)) * 1_000_000))
        guard process.isRunning else {
            process.waitUntilExit()
            return false
        }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        tally.kills += 1
        guard try hasSchema(db) else {
            tally.beforeSchema += 1
            return true
        }
        let check = try Subprocess.run(memctl, ["--db", db, "check"])
        if check.status != 0 { tally.checkFailures.append("after kill \(tally.kills) of \(arguments.dropFirst(2).first ?? "?")") }
        return true
    }

    private func memctlSucceeds(_ arguments: [String]) throws {
        let run = try Subprocess.run(memctl, arguments)
        guard run.status == 0 else { throw BenchmarkError("memctl \(arguments.joined(separator: " ")) exited \(run.status)") }
    }

    private func timed(_ body: () throws -> Void) rethrows -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        try body()
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }

    /// Whether `db` exists and memctl has set up its schema (the first migration is committed).
    private func hasSchema(_ db: String) throws -> Bool {
        guard FileManager.default.fileExists(atPath: db) else { return false }
        let connection = try Connection(path: db, mode: .readWrite, busyTimeoutMilliseconds: 5000)
        return try connection.scalarInt("SELECT count(*) FROM sqlite_master WHERE name = 'short_term_memories'") == 1
    }

    private func count(_ db: String) throws -> Int {
        guard try hasSchema(db) else { return 0 }
        let connection = try Connection(path: db, mode: .readWrite, busyTimeoutMilliseconds: 5000)
        return Int(try connection.scalarInt("SELECT count(*) FROM short_term_memories") ?? 0)
    }

    /// An import that finished before its kill: start again from nothing, so that the next kill
    /// lands in an import too.
    private func removeDatabase(_ db: String) throws {
        for suffix in ["", "-wal", "-shm"] where FileManager.default.fileExists(atPath: db + suffix) {
            try FileManager.default.removeItem(atPath: db + suffix)
        }
    }

    private func decisions(_ db: String) throws -> [String] {
        try StoreInspection.decisions(try Connection(path: db, mode: .readWrite, busyTimeoutMilliseconds: 5000))
    }
}
