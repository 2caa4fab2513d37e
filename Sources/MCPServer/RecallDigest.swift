import MCPProtocol
import MemoryEngines
import MemoryModel

/// A recall within a word budget, as the `recall` tool and `memctl recall --max-words --json`
/// answer it: the text an assistant reads (`RecallContext`), and as JSON exactly what that text
/// shows, with the ids the text leaves out.
package struct RecallDigest {
    package let context: RecallContext
    let entities: [Recall.NamedEntity]
    let skippedPeers: [SkippedPeer]

    package init(_ recall: Recall, query: String, maximumWords: Int) {
        context = RecallContext(recall, query: query, maximumWords: maximumWords)
        entities = recall.entities
        skippedPeers = recall.skippedPeers
    }

    var result: ToolResult {
        ToolResult(text: context.text, structured: structured, notes: Self.notes(skippedPeers))
    }

    /// One note for the peers a tool went without: what it answered is from the rest.
    static func notes(_ skipped: [SkippedPeer]) -> [String] {
        guard !skipped.isEmpty else { return [] }
        return ["Not read this time, so not in this answer: " + skipped.map(\.note).joined(separator: "; ") + "."]
    }

    package var structured: JSONValue {
        let memories = context.passages.map { passage -> JSONValue in
            let memory = passage.memory
            // A peer's ids are its database's: every reference says so (docs/PEERS.md).
            func reference(_ text: String) -> JSONValue { .string(DeviceReference.text(text, device: memory.device)) }
            return [
                "ref": .string(memory.reference), "text": .string(passage.text),
                "cut": .bool(passage.isCut), "score": .double(MCPToolbox.rounded(memory.score)),
                "said_on": .string(passage.day.description), "said_by": JSONValue(passage.speaker),
                "turn": memory.matched.map { reference("stm:\($0.id)") } ?? .null,
                "created_at": .string(memory.createdAt.iso8601),
                "first_added_at": JSONValue(memory.firstAddedAt?.iso8601),
                "last_added_at": JSONValue(memory.lastAddedAt?.iso8601), "session": JSONValue(memory.session),
                "source": JSONValue(memory.source),
                "sources": memory.sources.map { .array($0.map { reference("stm:\($0)") }) } ?? .null,
                "source_count": memory.sourceCount.map(JSONValue.init) ?? .null,
                "device": JSONValue(memory.device),
            ]
        }
        let entities = entities.map { entity -> JSONValue in
            [
                "ref": .string(entity.reference), "name": .string(entity.name), "kind": .string(entity.kind),
                "device": JSONValue(entity.device),
            ]
        }
        let facts = context.facts.map { fact -> JSONValue in
            [
                "subject": .string(fact.subject), "predicate": .string(fact.predicate), "object": .string(fact.object),
                "since": .string(fact.since.iso8601), "device": JSONValue(fact.device),
            ]
        }
        return [
            "text": .string(context.text), "words": .integer(Int64(context.words)), "memories": .array(memories),
            "entities": .array(entities), "facts": .array(facts), "truncated": .bool(context.truncated),
            "skipped_peers": Self.skipped(skippedPeers),
        ]
    }

    /// `[{"name", "path", "reason"}]`: the peers a tool went without.
    static func skipped(_ peers: [SkippedPeer]) -> JSONValue {
        .array(peers.map { ["name": .string($0.name), "path": .string($0.path), "reason": .string($0.reason)] })
    }
}
