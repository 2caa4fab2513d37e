import MCPProtocol
import MemoryEngines
import MemoryModel

/// A recall within a word budget, as the `recall` tool and `memctl recall --max-words --json`
/// answer it: the text an assistant reads (`RecallContext`), and as JSON exactly what that text
/// shows, with the ids the text leaves out.
package struct RecallDigest {
    package let context: RecallContext
    let entities: [Recall.NamedEntity]

    package init(_ recall: Recall, query: String, maximumWords: Int) {
        context = RecallContext(recall, query: query, maximumWords: maximumWords)
        entities = recall.entities
    }

    var result: ToolResult { ToolResult(text: context.text, structured: structured) }

    package var structured: JSONValue {
        let memories = context.passages.map { passage -> JSONValue in
            let memory = passage.memory
            return [
                "ref": .string("\(memory.kind):\(memory.id)"), "text": .string(passage.text),
                "cut": .bool(passage.isCut), "score": .double(MCPToolbox.rounded(memory.score)),
                "said_on": .string(passage.day.description), "said_by": JSONValue(passage.speaker),
                "turn": memory.matched.map { .string("stm:\($0.id)") } ?? .null,
                "created_at": .string(memory.createdAt.iso8601),
                "first_added_at": JSONValue(memory.firstAddedAt?.iso8601),
                "last_added_at": JSONValue(memory.lastAddedAt?.iso8601), "session": JSONValue(memory.session),
                "source": JSONValue(memory.source),
                "sources": memory.sources.map { .array($0.map { .string("stm:\($0)") }) } ?? .null,
                "source_count": memory.sourceCount.map(JSONValue.init) ?? .null,
            ]
        }
        let entities = entities.map { entity -> JSONValue in
            ["ref": .string("entity:\(entity.id)"), "name": .string(entity.name), "kind": .string(entity.kind)]
        }
        let facts = context.facts.map { fact -> JSONValue in
            [
                "subject": .string(fact.subject), "predicate": .string(fact.predicate), "object": .string(fact.object),
                "since": .string(fact.since.iso8601),
            ]
        }
        return [
            "text": .string(context.text), "words": .integer(Int64(context.words)), "memories": .array(memories),
            "entities": .array(entities), "facts": .array(facts), "truncated": .bool(context.truncated),
        ]
    }
}
