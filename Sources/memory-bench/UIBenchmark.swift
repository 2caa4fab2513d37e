import Foundation
import HTTPServer
import SQLiteKit

/// `memory-bench ui`: every page of `memctl ui` on a big store. `rows` messages (default
/// 1,000,000) are imported and given a full cycle (`--keep DIR --reuse` uses the store of an
/// earlier run); then one `memctl ui` process serves it, and each page is fetched `runs` times
/// over a socket, as a browser does: the time from the request to the last byte. The first fetch
/// of a page is shown apart: it may read its pages of the database from the disk, which costs
/// what the disk costs; the target is for the fetches after it. The pages
/// that cost most are asked for: the most mentioned entity, the long-term memory of the most
/// sources, the pass that forgot the most.
struct UIBenchmark {
    let rows: Int
    let runs: Int
    let messages: BenchmarkMessages
    let directory: URL
    let memctl: String
    let reuse: Bool

    static let target = 100.0

    func run() throws {
        let database = directory.appendingPathComponent("ui-\(rows).db").path
        if reuse, FileManager.default.fileExists(atPath: database) {
            print("reusing the store of \(rows) messages in \(database)")
        } else {
            removeDatabase(database)
            try messages.importInto(database, count: rows, memctl: memctl)
            let cycle = try Subprocess.run(memctl, ["--db", database, "consolidate", "--local", "--min-age", "0"])
            guard cycle.status == 0 else { throw BenchmarkError("memctl consolidate exited \(cycle.status)") }
            print(String(format: "full cycle over %d messages: %.1f s", rows, cycle.seconds))
        }
        let pages = try self.pages(database)

        let server = Process()
        server.executableURL = URL(fileURLWithPath: memctl)
        server.arguments = ["--db", database, "ui", "--port", "0"]
        let output = Pipe()
        server.standardOutput = output
        server.standardError = FileHandle.nullDevice
        try server.run()
        defer {
            server.terminate()
            server.waitUntilExit()
        }
        let (port, token) = try address(from: output.fileHandleForReading)
        let headers = [HTTPHeader("Host", "127.0.0.1:\(port)"), HTTPHeader("Cookie", "memoryd_ui_\(port)=\(token)")]

        print("")
        print("| page | bytes | first (ms) | after it: median (ms) | after it: max (ms) |")
        print("| --- | ---: | ---: | ---: | ---: |")
        var slowest = (page: "", milliseconds: 0.0)
        for (name, target) in pages {
            var times: [Double] = []
            var bytes = 0
            for _ in 0..<runs {
                let start = DispatchTime.now().uptimeNanoseconds
                let response = try LoopbackClient.get(target, port: port, headers: headers)
                times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
                guard response.status == 200 else {
                    throw BenchmarkError("\(target) answered \(response.status): \(response.text.prefix(300))")
                }
                bytes = response.body.count
            }
            // The first fetch may read the database from disk; the target is for the others.
            let warm = times.dropFirst().sorted()
            if let last = warm.last, last > slowest.milliseconds { slowest = (name, last) }
            print(
                String(
                    format: "| %@ | %d | %.1f | %.1f | %.1f |", "\(name) `\(target)`", bytes, times[0],
                    warm.isEmpty ? times[0] : warm[warm.count / 2], warm.last ?? times[0]))
        }
        print(
            String(
                format: "\nslowest page after its first fetch: %@, %.1f ms (target < %.0f ms at 1M memories)",
                slowest.page, slowest.milliseconds, Self.target))
    }

    /// The pages to fetch, the costly ones found by asking the database directly.
    private func pages(_ database: String) throws -> [(String, String)] {
        let connection = try Connection(path: database, mode: .readWrite, busyTimeoutMilliseconds: 1000)
        func id(_ sql: String) throws -> Int64 { try connection.prepare(sql).firstRow { $0.int64(0) } ?? 1 }
        let entity = try id("SELECT entity_id FROM entity_mentions GROUP BY entity_id ORDER BY count(*) DESC LIMIT 1")
        let longTerm = try id("SELECT ltm_id FROM long_term_sources GROUP BY ltm_id ORDER BY count(*) DESC LIMIT 1")
        let pass = try id(
            """
            SELECT id FROM passes WHERE kind = 'consolidation'
            ORDER BY coalesce(json_extract(counts, '$.forgotten'), 0) DESC LIMIT 1
            """)
        let shortTerm = try id("SELECT max(id) / 2 FROM short_term_memories")
        let middle =
            try connection.prepare("SELECT created_at, id FROM short_term_memories WHERE id = ?").bind([shortTerm])
            .firstRow { "\($0.text(0))_\($0.int64(1))" } ?? ""
        let entityHalfWay = try id(
            "SELECT id FROM entities ORDER BY name, id LIMIT 1 OFFSET (SELECT count(*) / 2 FROM entities)")
        let oldest =
            try connection.prepare("SELECT min(created_at) FROM short_term_memories").firstRow { $0.text(0) } ?? ""
        return [
            ("overview", "/"), ("overview, the first ten weeks", "/?until=\(oldest.prefix(10))"),
            ("recall", "/recall?q=what+do+you+like+to+do+for+fun&words=100"),
            ("recall", "/recall?q=where+did+you+go+on+vacation+last+summer&words=400"),
            ("memories", "/memories"), ("memories, consolidated", "/memories?status=consolidated"),
            ("memories, half way down", "/memories?before=\(middle)"), ("long-term", "/memories?status=long-term"),
            ("memory", "/memory/stm:\(shortTerm)"), ("memory of the most sources", "/memory/ltm:\(longTerm)"),
            ("entities", "/entities"), ("entities, half way down", "/entities?after=\(entityHalfWay)"),
            ("people", "/entities?kind=person"),
            ("the most mentioned entity", "/entity/\(entity)"),
            ("graph", "/graph"), ("graph, typed", "/graph?relation=typed&limit=200"),
            ("graph around the most mentioned", "/graph?entity=\(entity)&depth=2&limit=200"),
            ("the pass that forgot the most", "/pass/\(pass)"), ("stylesheet", "/static/style.css"),
        ]
    }

    /// The port and the token of the address `memctl ui` prints.
    private func address(from output: FileHandle) throws -> (UInt16, String) {
        var text = ""
        while !text.contains("\nCtrl-C") {
            let data = output.availableData
            guard !data.isEmpty else { throw BenchmarkError("memctl ui ended before it printed its address: \(text)") }
            text += String(decoding: data, as: UTF8.self)
        }
        guard let match = text.firstMatch(of: /http:\/\/127\.0\.0\.1:([0-9]+)\/\?token=([0-9a-f]+)/),
            let port = UInt16(match.1)
        else { throw BenchmarkError("no address in what memctl ui printed: \(text)") }
        return (port, String(match.2))
    }
}
