import MCPProtocol
import MemoryModel

/// A recall as the `recall` tool answers it: a text within a word budget, and as JSON exactly
/// what that text shows. Memories come in rank order, then the entities and the facts; what
/// does not fit is left out from the lowest-ranked end, and the memory at the edge is
/// shortened with "…" when some of its words still fit.
struct RecallDigest {
    /// A memory shortened to fewer words than this is left out instead.
    static let shortestCut = 3

    private(set) var lines: [String] = []
    private(set) var words = 0
    private(set) var memories: [JSONValue] = []
    private(set) var entities: [JSONValue] = []
    private(set) var facts: [JSONValue] = []
    private(set) var truncated = false
    let maximumWords: Int

    init(_ recall: Recall, maximumWords: Int) {
        self.maximumWords = maximumWords
        add(recall.memories.isEmpty ? "No memories match." : "Memories, best first (times UTC):")
        for memory in recall.memories where !truncated { add(memory) }
        if !recall.entities.isEmpty, !truncated, add("Named:") {
            for entity in recall.entities where !truncated {
                guard add("- \(entity.name) (\(entity.kind), entity:\(entity.id))") else { break }
                entities.append([
                    "ref": .string("entity:\(entity.id)"), "name": .string(entity.name), "kind": .string(entity.kind),
                ])
            }
        }
        if !recall.facts.isEmpty, !truncated, add("Facts that hold now:") {
            for fact in recall.facts where !truncated {
                guard add("- \(fact.subject) \(fact.predicate) \(fact.object) (since \(fact.since.minutes))") else {
                    break
                }
                facts.append(
                    [
                        "subject": .string(fact.subject), "predicate": .string(fact.predicate),
                        "object": .string(fact.object), "since": .string(fact.since.iso8601),
                    ])
            }
        }
    }

    var result: ToolResult {
        ToolResult(
            text: lines.joined(separator: "\n"),
            structured: [
                "memories": .array(memories), "entities": .array(entities), "facts": .array(facts),
                "truncated": .bool(truncated),
            ])
    }

    static func wordCount(_ text: some StringProtocol) -> Int { text.split(whereSeparator: \.isWhitespace).count }

    /// Adds a line if it fits in the budget; otherwise marks the digest truncated.
    @discardableResult
    private mutating func add(_ line: String) -> Bool {
        let count = Self.wordCount(line)
        guard words + count <= maximumWords else {
            truncated = true
            return false
        }
        lines.append(line)
        words += count
        return true
    }

    private mutating func add(_ memory: Recall.Memory) {
        var details = [RecallCommand.when(memory)]
        if let session = memory.session { details.append("session \(session)") }
        if let source = memory.source { details.append("said by \(source)") }
        let head = "- \(RecallCommand.reference(memory)) [\(details.joined(separator: ", "))]:"
        var text = memory.text.replacingLineBreaks()
        let room = maximumWords - words - Self.wordCount(head)
        if Self.wordCount(text) > room {
            guard room >= Self.shortestCut else {
                truncated = true
                return
            }
            text = text.split(whereSeparator: \.isWhitespace).prefix(room).joined(separator: " ") + "…"
        }
        add(head + " " + text)
        if Self.wordCount(memory.text) > Self.wordCount(text) { truncated = true }
        memories.append(
            [
                "ref": .string("\(memory.kind):\(memory.id)"), "text": .string(text),
                "score": .double(MCPToolbox.rounded(memory.score)),
                "created_at": .string(memory.createdAt.iso8601),
                "first_added_at": JSONValue(memory.firstAddedAt?.iso8601),
                "last_added_at": JSONValue(memory.lastAddedAt?.iso8601), "session": JSONValue(memory.session),
                "source": JSONValue(memory.source),
                "sources": memory.sources.map { .array($0.map { .string("stm:\($0)") }) } ?? .null,
                "source_count": memory.sourceCount.map(JSONValue.init) ?? .null,
            ])
    }
}
