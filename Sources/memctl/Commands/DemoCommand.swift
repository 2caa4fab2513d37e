import MemoryEngines
import MemoryModel
import MemoryPasses
import MemoryStorage
import FoundationEssentials
import Glibc
import SystemSupport

struct DemoCommand: Command {
    static let name = "demo"
    static let summary = "Run a full cycle on a built-in sample and show before and after"
    static let help = """
        Usage: memctl demo [--db PATH] [--json]

        Imports a built-in sample — about 300 memories one fictional user told an assistant over
        ten weeks, ending today: facts restated across sessions, a move from Berlin to Hamburg,
        a job change, family, appointments and small talk — into a new database, runs a full
        cycle (consolidation, extraction, graph), and prints what changed: short-term and
        long-term counts, what was merged and forgotten, the top entities, the strongest edges,
        the lives_in edge the move closed, a sample recall, and what an assistant reads for it
        in 30 words.

        The database goes into a new temporary directory, whose path is printed so that you can
        explore it with other commands; with --db it goes to PATH, which must not exist yet or
        be empty (the demo never writes into a database that holds memories).
        """

    static let recallQuery = "Where does my sister Leah live?"

    init(parsing arguments: inout ArgumentList) throws(UsageError) {
        try arguments.finish()
    }

    func run(_ context: Context) async throws {
        let path = try databasePath(context)
        let store = try context.openStore(path: path, create: true)
        guard try await store.inspecting({ try $0.statistics() }).stm.total == 0 else {
            throw DemoNeedsNewDatabase(path: path)
        }
        // The sample's ten weeks end now: day 0 starts exactly 70 days ago, so every memory's
        // age, and so what the cycle keeps, merges and forgets, is the same whenever it runs.
        let memories = DemoSample.memories(startingAt: Timestamp.now.subtracting(.seconds(70 * 86_400)))
        _ = try await store.add(memories)
        let before = try await store.inspecting { try $0.statistics() }
        let records = try await MaintenanceCycle(store: store).run()
        for record in records where record.outcome != .completed {
            throw DemoFailed(record: record)
        }
        let report = try await DemoReport(store: store, path: path, before: before, records: records)
        if context.json { return try context.printJSON(report) }
        report.print(context)
    }

    /// --db PATH when given (it must be new or empty), else a new temporary directory.
    private func databasePath(_ context: Context) throws -> String {
        if context.databaseGiven { return context.databasePath }
        var directory = FileManager.default.temporaryDirectory.path
        while directory.count > 1 && directory.hasSuffix("/") { directory.removeLast() }
        var template = Array((directory + "/memctl-demo-XXXXXX").utf8CString)
        guard let created = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            throw SystemError(call: "mkdtemp", path: directory)
        }
        return String(cString: created) + "/memory.db"
    }
}

/// What the demo shows, computed from the database after the cycle.
struct DemoReport: Encodable {
    struct Merged: Encodable {
        let ltm: Int64
        let sources: Int
        let summary: String
    }

    struct Edge: Encodable {
        let subject: String
        let predicate: String
        let object: String
        let weight: Double
        let validFrom: Timestamp
        let validTo: Timestamp?
    }

    let database: String
    let shortTermBefore: Int
    let shortTermAfter: StoreStatistics.ShortTermCounts
    let longTerm: Int
    let passes: [PassSummary]
    let merged: [Merged]
    let forgotten: [String]
    let topEntities: [Entity]
    let strongestEdges: [Edge]
    let closedLivesIn: [Edge]
    let recallQuery: String
    let recall: Recall
    /// What an assistant reads for the query in `assistantBudget` words (the MCP recall tool's text).
    let assistantReads: String
    static let assistantBudget = 30

    init(store: MemoryStore, path: String, before: StoreStatistics, records: [PassRecord]) async throws {
        database = path
        let after = try await store.inspecting { try $0.statistics() }
        shortTermBefore = before.stm.total
        shortTermAfter = after.stm
        longTerm = after.ltm
        passes = records.map { PassSummary(record: $0, seconds: $0.seconds) }
        merged = try await store.inspecting { try $0.longTermMemories(limit: 3, mostSources: true) }.map {
            Merged(ltm: $0.id.rawValue, sources: $0.sourceCount, summary: $0.summary)
        }
        forgotten = try await store.inspecting { try $0.shortTermMemories(status: .forgotten, limit: 5) }.map(\.content)
        let entities = try await store.inspecting { try $0.entities(limit: 100) }
        topEntities = Array(entities.filter { EntityKind(rawValue: $0.kind)?.isNamed == true && $0.kind != "speaker" }.prefix(8))
        let graph = try await GraphQuery(store: store).graph(around: nil, depth: 1, limit: 8, coOccurrence: false).roundedWeights
        let names = Dictionary(uniqueKeysWithValues: graph.nodes.map { ($0.id, $0.name) })
        strongestEdges = graph.edges.map {
            Edge(
                subject: names[$0.source] ?? "?", predicate: $0.predicate, object: names[$0.target] ?? "?",
                weight: $0.weight, validFrom: $0.validFrom, validTo: $0.validTo)
        }
        var closed: [Edge] = []
        for speaker in try await store.inspecting({ try $0.entities(kind: "speaker", limit: 10) }) {
            for relation in try await store.inspecting({ try $0.entity(speaker.id) }).relations
            where relation.predicate == Predicate.livesIn.rawValue && relation.validTo != nil {
                closed.append(
                    Edge(
                        subject: relation.subjectName, predicate: relation.predicate, object: relation.objectName,
                        weight: relation.weight, validFrom: relation.validFrom, validTo: relation.validTo))
            }
        }
        closedLivesIn = closed
        recallQuery = DemoCommand.recallQuery
        // One recall serves both: the best three memories as `memctl recall` lists them, and as
        // many as the budget takes for what an assistant reads.
        let full = try await Recaller(store: store).recall(DemoCommand.recallQuery, limit: 50, quoting: true)
        recall = Recall(memories: Array(full.memories.prefix(3)), entities: full.entities, facts: full.facts)
        assistantReads = RecallContext(full, query: DemoCommand.recallQuery, maximumWords: Self.assistantBudget).text
    }

    func print(_ context: Context) {
        let out = StandardStream.out
        out("memctl demo: \(shortTermBefore) memories of one user over ten weeks, in \(database)")
        out("")
        out("before: \(shortTermBefore) short-term memories, 0 long-term")
        out(
            "after:  \(longTerm) long-term memories; short-term: \(shortTermAfter.consolidated) consolidated, "
                + "\(shortTermAfter.forgotten) forgotten, \(shortTermAfter.pending) kept back")
        for pass in passes {
            let counts = PassCounts.reported(by: pass.record.kind).map { "\($0.rawValue) \(pass.record.counts[$0] ?? 0)" }
            out("  \(pass.record.kind.rawValue): " + counts.joined(separator: ", ").replacing("_", with: "-"))
        }
        out("")
        out("merged most (short-term memories → one long-term memory):")
        for memory in merged { out("  ltm:\(memory.ltm) ← \(memory.sources): \(TextLayout.cut(memory.summary, to: 100))") }
        out("forgotten (small talk nothing needed), e.g.: " + forgotten.map { "\"\($0)\"" }.joined(separator: ", "))
        out("")
        out("top entities: " + topEntities.map { "\($0.name) (\($0.kind), \($0.mentionCount))" }.joined(separator: ", "))
        out("strongest relations:")
        for edge in strongestEdges { out("  " + describe(edge)) }
        out("closed by the move (kept, with the time it stopped holding):")
        for edge in closedLivesIn {
            out("  \(edge.subject) \(edge.predicate) \(edge.object)  \(edge.validFrom.day) → \(edge.validTo?.day ?? "now")")
        }
        out("")
        out("memctl recall \"\(recallQuery)\":")
        for memory in recall.memories { out("  \(memory.score.fixed(3))  \(memory.kind):\(memory.id)  \(TextLayout.cut(memory.text, to: 90))") }
        for fact in recall.facts.prefix(6) { out("  fact: \(fact.subject) \(fact.predicate) \(fact.object) (since \(fact.since.day))") }
        out("what an assistant reads in \(Self.assistantBudget) words (recall --max-words \(Self.assistantBudget), the MCP recall tool):")
        for line in assistantReads.split(separator: "\n") { out("  " + line) }
        out("")
        out("explore: memctl --db \(database) entity Leah   (or: graph --entity Leah, recall \"...\", ltm, passes)")
    }

    private func describe(_ edge: Edge) -> String {
        "\(edge.subject) \(edge.predicate) \(edge.object)  weight \(edge.weight.twoDecimals), "
            + "\(edge.validFrom.day) → \(edge.validTo?.day ?? "now")"
    }
}

struct DemoNeedsNewDatabase: Error, CustomStringConvertible {
    let path: String
    var description: String {
        "\(path) already holds memories; the demo writes only into a new or empty database (omit --db for a temporary one)"
    }
}

struct DemoFailed: Error, CustomStringConvertible {
    let record: PassRecord
    var description: String {
        "the \(record.kind.rawValue) pass ended \(record.outcome.rawValue): \(record.error ?? "no error recorded")"
    }
}
