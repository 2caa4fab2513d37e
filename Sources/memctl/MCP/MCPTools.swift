import Foundation

/// What the tools work with: the store, memoryd's control socket, and the output for progress.
struct MCPToolbox: Sendable {
    let store: MCPStore
    let socketPath: String
    let output: MCPOutput

    /// Every tool, in the order `tools/list` shows them.
    var tools: [MCPTool] { [remember, recall, search, entity, why, forget, consolidate, status] }
}

// MARK: - Definitions

extension MCPToolbox {
    private var remember: MCPTool {
        MCPTool(
            name: "remember", title: "Remember",
            description: """
                Store something worth remembering across conversations as a short-term memory: \
                a fact the user told, a decision, a preference, a plan. One self-contained \
                statement per call. memoryd consolidates it into long-term memory later.
                """,
            parameters: [
                .init(
                    name: "content", type: .string, description: "What to remember, as said or as a plain statement",
                    required: true),
                .init(name: "session", type: .string, description: "The conversation it belongs to (default: default)"),
                .init(
                    name: "source", type: .string,
                    description: "Who said it: user, assistant, a tool's name (default: user)"),
                .init(
                    name: "importance", type: .number, description: "0 to 1; without it memoryd estimates it",
                    constraints: ["minimum": 0, "maximum": 1]),
                .init(
                    name: "at", type: .string,
                    description: "When it happened, ISO-8601, e.g. 2026-11-02T09:30:00Z (default: now)",
                    constraints: ["format": "date-time"]),
            ],
            outputSchema: Schema.object(["id": Schema.integer, "ref": Schema.string]),
            readOnly: false, destructive: false, run: { try await rememberTool($0.arguments) })
    }

    private var recall: MCPTool {
        MCPTool(
            name: "recall", title: "Recall",
            description: """
                What the user's memory holds about a question or topic: the best-matching \
                long-term and recent memories (with when they were said, by whom, and their \
                refs), the people, places and things the query names, and their current facts. \
                The answer fits in max_words words.
                """,
            parameters: [
                .init(name: "query", type: .string, description: "A question or topic in plain words", required: true),
                .init(
                    name: "limit", type: .integer, description: "At most this many memories (1-50, default 10)",
                    constraints: ["minimum": 1, "maximum": 50, "default": 10]),
                .init(
                    name: "max_words", type: .integer,
                    description: "Word budget of the text answer (20-5000, default 400)",
                    constraints: ["minimum": 20, "maximum": 5000, "default": 400]),
            ],
            outputSchema: Schema.object(
                [
                    "memories": Schema.array(
                        Schema.object(
                            [
                                "ref": Schema.string, "text": Schema.string, "score": Schema.number,
                                "created_at": Schema.string, "first_added_at": Schema.nullable("string"),
                                "last_added_at": Schema.nullable("string"), "session": Schema.nullable("string"),
                                "source": Schema.nullable("string"), "sources": Schema.nullable("array"),
                                "source_count": Schema.nullable("integer"),
                            ], required: ["ref", "text", "score", "created_at"])),
                    "entities": Schema.array(
                        Schema.object(["ref": Schema.string, "name": Schema.string, "kind": Schema.string])),
                    "facts": Schema.array(
                        Schema.object(
                            [
                                "subject": Schema.string, "predicate": Schema.string, "object": Schema.string,
                                "since": Schema.string,
                            ])),
                    "truncated": Schema.boolean,
                ]),
            readOnly: true, destructive: false, run: { try await recallTool($0.arguments) })
    }

    private var search: MCPTool {
        MCPTool(
            name: "search", title: "Full-text search",
            description: """
                Exact full-text search (SQLite FTS5, BM25 ranking) over short-term memories and \
                long-term summaries. Syntax: words (all must match), "an exact phrase", OR, NOT, \
                prefix*. Pass next_cursor back as cursor for the next page. Prefer recall for \
                questions.
                """,
            parameters: [
                .init(name: "query", type: .string, description: "An FTS5 query", required: true),
                .init(
                    name: "limit", type: .integer, description: "Hits per page (1-50, default 10)",
                    constraints: ["minimum": 1, "maximum": 50, "default": 10]),
                .init(name: "cursor", type: .string, description: "next_cursor of the previous page"),
            ],
            outputSchema: Schema.object(
                [
                    "hits": Schema.array(
                        Schema.object(["ref": Schema.string, "snippet": Schema.string, "score": Schema.number])),
                    "next_cursor": Schema.nullable("string"),
                ], required: ["hits"]),
            readOnly: true, destructive: false, run: { try await searchTool($0.arguments) })
    }

    private var entity: MCPTool {
        MCPTool(
            name: "entity", title: "Entity",
            description: """
                Everything known about a person, place, organization or thing by name (any \
                spelling seen, case-insensitive): aliases, newest mentions, relations with \
                when they held, and other entities with the same name.
                """,
            parameters: [
                .init(name: "name", type: .string, description: "The name, e.g. Leah or Acme Robotics", required: true)
            ],
            outputSchema: Schema.object(
                [
                    "entity": Schema.object(
                        [
                            "ref": Schema.string, "name": Schema.string, "kind": Schema.string,
                            "mention_count": Schema.integer,
                        ]),
                    "aliases": Schema.array(Schema.string),
                    "mentions": Schema.array(Schema.object(["ref": Schema.string, "text": Schema.string])),
                    "relations": Schema.array(
                        Schema.object(
                            [
                                "subject": Schema.string, "predicate": Schema.string, "object": Schema.string,
                                "valid_from": Schema.string, "valid_to": Schema.nullable("string"),
                                "evidence": Schema.array(Schema.string),
                            ])),
                    "also_called": Schema.array(
                        Schema.object(["ref": Schema.string, "name": Schema.string, "kind": Schema.string])),
                ]),
            readOnly: true, destructive: false, run: { try await entityTool($0.arguments) })
    }

    private var why: MCPTool {
        MCPTool(
            name: "why", title: "Why",
            description: """
                Where a memory came from. For ltm:ID, each short-term memory it was made of and \
                how it joined (created, merged, reinforced). For stm:ID, the long-term memory \
                it went into, or whether it is still pending or was forgotten.
                """,
            parameters: [
                .init(name: "ref", type: .string, description: "A memory reference: ltm:ID or stm:ID", required: true)
            ],
            outputSchema: Schema.object(
                [
                    "ref": Schema.string, "status": Schema.string, "text": Schema.string,
                    "long_term": Schema.nullable("object"), "role": Schema.nullable("string"),
                    "sources": Schema.array(Schema.object([:])), "source_count": Schema.integer,
                ], required: ["ref", "status", "text"]),
            readOnly: true, destructive: false, run: { try await whyTool($0.arguments) })
    }

    private var forget: MCPTool {
        MCPTool(
            name: "forget", title: "Forget",
            description: """
                Forget a memory the user asks to forget (stm:ID or ltm:ID). Soft by default: it \
                stops being recalled but is kept until its retention ends. purge: true deletes \
                its text and everything derived from it at once; that cannot be undone.
                """,
            parameters: [
                .init(name: "ref", type: .string, description: "The memory: stm:ID or ltm:ID", required: true),
                .init(
                    name: "purge", type: .boolean, description: "Delete the text and what was derived from it now",
                    constraints: ["default": false]),
            ],
            outputSchema: Schema.object([:]),
            readOnly: false, destructive: true,
            run: { try await forgetTool(ref: $0.arguments.text("ref"), purge: $0.arguments.bool("purge") ?? false) })
    }

    private var consolidate: MCPTool {
        MCPTool(
            name: "consolidate", title: "Consolidate now",
            description: """
                Run a maintenance cycle now (consolidation into long-term memory, entity \
                extraction, knowledge graph) instead of waiting for memoryd's schedule. With \
                wait, answers when the passes are done, with what each did.
                """,
            parameters: [
                .init(
                    name: "wait", type: .boolean, description: "Wait for the passes and return their summary",
                    constraints: ["default": false])
            ],
            outputSchema: Schema.object(
                [
                    "where": Schema.string, "triggered": Schema.array(Schema.string), "waited": Schema.boolean,
                    "passes": Schema.array(Schema.object([:], required: ["kind", "outcome", "processed"])),
                ], required: ["where", "triggered", "waited"]),
            readOnly: false, destructive: false, run: { try await consolidateTool($0) })
    }

    private var status: MCPTool {
        MCPTool(
            name: "status", title: "Status",
            description: """
                Whether memoryd is running, how many short-term memories wait for \
                consolidation, and the last (and with memoryd the next) pass of each kind.
                """,
            parameters: [],
            outputSchema: Schema.object(
                [
                    "memoryd_running": Schema.boolean, "database": Schema.string, "database_exists": Schema.boolean,
                    "pending": Schema.integer, "paused": Schema.nullable("boolean"),
                    "passes": Schema.array(
                        Schema.object(
                            [
                                "kind": Schema.string, "state": Schema.nullable("string"),
                                "last": Schema.nullable("object"), "next_run": Schema.nullable("string"),
                            ])),
                ]),
            readOnly: true, destructive: false, run: { _ in try await statusTool() })
    }
}

/// JSON Schema pieces for the output schemas.
enum Schema {
    static let string: JSONValue = ["type": "string"]
    static let integer: JSONValue = ["type": "integer"]
    static let number: JSONValue = ["type": "number"]
    static let boolean: JSONValue = ["type": "boolean"]

    static func nullable(_ type: String) -> JSONValue { ["type": [.string(type), "null"]] }

    static func array(_ items: JSONValue) -> JSONValue { ["type": "array", "items": items] }

    /// An object with these properties, all present unless `required` says otherwise.
    static func object(_ properties: [String: JSONValue], required: [String]? = nil) -> JSONValue {
        [
            "type": "object", "properties": .object(properties),
            "required": .array((required ?? properties.keys.sorted()).map(JSONValue.string)),
        ]
    }
}
