import FoundationEssentials
import MCPProtocol
import MemoryModel

/// What the tools work with: the store, memoryd's control socket, and the output for progress.
package struct MCPToolbox: Sendable {
    let store: MCPStore
    let socketPath: String
    let output: MCPOutput
    /// Threads of a cycle run in this process (`memctl mcp --threads`).
    let threads: Int
    /// The project the server works in: what `remember` files a memory under, and what `recall`
    /// and `search` see unless told otherwise; nil: every project (`memctl mcp --all-projects`).
    let project: ProjectScope?
    /// The directory a relative `project` argument is taken from.
    let workingDirectory: String
    let home: String?
    /// Other devices' databases that `recall` and `search` read too, each opened read-only for
    /// the call (docs/PEERS.md).
    let peers: [Peer]

    package init(
        store: MCPStore, socketPath: String, output: MCPOutput, threads: Int, project: ProjectScope? = nil,
        workingDirectory: String = "/", home: String? = nil, peers: [Peer] = []
    ) {
        self.store = store
        self.socketPath = socketPath
        self.output = output
        self.threads = threads
        self.project = project
        self.workingDirectory = workingDirectory
        self.home = home
        self.peers = peers
    }

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
                statement per call. memoryd consolidates it into long-term memory later. \
                \(rememberScope)
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
                .init(
                    name: "project", type: .string,
                    description: """
                        The project directory it belongs to (default: \(project?.directory ?? "none")); \
                        "" for every project
                        """),
            ],
            outputSchema: JSONSchema.object(["id": JSONSchema.integer, "ref": JSONSchema.string]),
            readOnly: false, destructive: false, run: { try await rememberTool($0.arguments) })
    }

    private var recall: MCPTool {
        MCPTool(
            name: "recall", title: "Recall",
            description: """
                What the user's memory holds about a question or topic, in at most max_words \
                words: first the facts that hold now and bear on the question, then one line per \
                memory, best first, "[day said] who: passage". A long memory is quoted as the \
                passage that matches, its cuts marked "…". Refs are in the structured result. \
                \(readScope)
                """,
            parameters: [
                .init(name: "query", type: .string, description: "A question or topic in plain words", required: true),
                projectParameter, allProjectsParameter,
                .init(
                    name: "limit", type: .integer,
                    description: "At most this many memories (1-50, default 50: as many as fit in max_words)",
                    constraints: ["minimum": 1, "maximum": 50, "default": 50]),
                .init(
                    name: "max_words", type: .integer,
                    description: "Word budget of the text answer (20-5000, default 400)",
                    constraints: ["minimum": 20, "maximum": 5000, "default": 400]),
            ],
            outputSchema: JSONSchema.object(
                [
                    "text": JSONSchema.string, "words": JSONSchema.integer,
                    "memories": JSONSchema.array(
                        JSONSchema.object(
                            [
                                "ref": JSONSchema.string, "text": JSONSchema.string, "cut": JSONSchema.boolean,
                                "score": JSONSchema.number, "said_on": JSONSchema.string,
                                "said_by": JSONSchema.nullable("string"), "turn": JSONSchema.nullable("string"),
                                "created_at": JSONSchema.string, "first_added_at": JSONSchema.nullable("string"),
                                "last_added_at": JSONSchema.nullable("string"),
                                "session": JSONSchema.nullable("string"),
                                "source": JSONSchema.nullable("string"), "sources": JSONSchema.nullable("array"),
                                "source_count": JSONSchema.nullable("integer"),
                                "device": JSONSchema.nullable("string"),
                            ], required: ["ref", "text", "cut", "score", "said_on", "created_at"])),
                    "entities": JSONSchema.array(
                        JSONSchema.object([
                            "ref": JSONSchema.string, "name": JSONSchema.string, "kind": JSONSchema.string,
                            "device": JSONSchema.nullable("string"),
                        ])),
                    "facts": JSONSchema.array(
                        JSONSchema.object(
                            [
                                "subject": JSONSchema.string, "predicate": JSONSchema.string,
                                "object": JSONSchema.string,
                                "since": JSONSchema.string, "device": JSONSchema.nullable("string"),
                            ])),
                    "truncated": JSONSchema.boolean,
                    "skipped_peers": Self.skippedPeersSchema,
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
                questions. \(readScope)
                """,
            parameters: [
                .init(name: "query", type: .string, description: "An FTS5 query", required: true),
                projectParameter, allProjectsParameter,
                .init(
                    name: "limit", type: .integer, description: "Hits per page (1-50, default 10)",
                    constraints: ["minimum": 1, "maximum": 50, "default": 10]),
                .init(name: "cursor", type: .string, description: "next_cursor of the previous page"),
            ],
            outputSchema: JSONSchema.object(
                [
                    "hits": JSONSchema.array(
                        JSONSchema.object([
                            "ref": JSONSchema.string, "snippet": JSONSchema.string, "score": JSONSchema.number,
                            "device": JSONSchema.nullable("string"),
                        ])),
                    "next_cursor": JSONSchema.nullable("string"),
                    "skipped_peers": Self.skippedPeersSchema,
                ], required: ["hits"]),
            readOnly: true, destructive: false, run: { try await searchTool($0.arguments) })
    }

    /// What `remember` files a memory under, for its description.
    private var rememberScope: String {
        guard let project else { return "It belongs to every project unless project is given." }
        return "It belongs to the project in \(project.directory), where this server runs, unless project is given."
    }

    /// What `recall` and `search` see, for their descriptions.
    private var readScope: String {
        guard let project else { return "It reads every project's memories unless project is given." + peerScope }
        return """
            It reads the memories of the project in \(project.directory) (where this server runs; \
            its sub-directories included) and those of no project, unless project or all_projects is given.
            """ + peerScope
    }

    /// The user's other devices whose memories `recall` and `search` read too, for their descriptions.
    private var peerScope: String {
        guard !peers.isEmpty else { return "" }
        return """
             It also reads the memories of the user's other devices (\(peers.map(\.name).joined(separator: ", "))): \
            their lines say who@device, their refs device:ltm:ID; such a memory can be explained (why) but not \
            forgotten here.
            """
    }

    /// `skipped_peers`: the other devices' databases a call could not read, and why.
    static var skippedPeersSchema: JSONValue {
        JSONSchema.array(
            JSONSchema.object(["name": JSONSchema.string, "path": JSONSchema.string, "reason": JSONSchema.string]))
    }

    private var projectParameter: ToolParameter {
        .init(
            name: "project", type: .string,
            description: "Read this project directory's memories and those of no project instead")
    }

    private var allProjectsParameter: ToolParameter {
        .init(name: "all_projects", type: .boolean, description: "Read every project's memories (default: false)")
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
            outputSchema: JSONSchema.object(
                [
                    "entity": JSONSchema.object(
                        [
                            "ref": JSONSchema.string, "name": JSONSchema.string, "kind": JSONSchema.string,
                            "mention_count": JSONSchema.integer,
                        ]),
                    "aliases": JSONSchema.array(JSONSchema.string),
                    "mentions": JSONSchema.array(
                        JSONSchema.object(["ref": JSONSchema.string, "text": JSONSchema.string])),
                    "relations": JSONSchema.array(
                        JSONSchema.object(
                            [
                                "subject": JSONSchema.string, "predicate": JSONSchema.string,
                                "object": JSONSchema.string,
                                "valid_from": JSONSchema.string, "valid_to": JSONSchema.nullable("string"),
                                "evidence": JSONSchema.array(JSONSchema.string),
                            ])),
                    "also_called": JSONSchema.array(
                        JSONSchema.object([
                            "ref": JSONSchema.string, "name": JSONSchema.string, "kind": JSONSchema.string,
                        ])),
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
            outputSchema: JSONSchema.object(
                [
                    "ref": JSONSchema.string, "status": JSONSchema.string, "text": JSONSchema.string,
                    "long_term": JSONSchema.nullable("object"), "role": JSONSchema.nullable("string"),
                    "sources": JSONSchema.array(JSONSchema.object([:])), "source_count": JSONSchema.integer,
                ], required: ["ref", "status", "text"]),
            readOnly: true, destructive: false, run: { try await whyTool($0.arguments) })
    }

    private var forget: MCPTool {
        MCPTool(
            name: "forget", title: "Forget",
            description: """
                Forget a memory the user asks to forget (stm:ID or ltm:ID, as recall and search \
                return them). Soft by default: it is no longer recalled, searched or consolidated, \
                but kept until its retention ends; a long-term memory is forgotten with all its \
                sources. purge: true deletes its text and everything derived from it at once \
                (summaries are made again from what is left); that cannot be undone.
                """,
            parameters: [
                .init(name: "ref", type: .string, description: "The memory: stm:ID or ltm:ID", required: true),
                .init(
                    name: "purge", type: .boolean, description: "Delete the text and what was derived from it now",
                    constraints: ["default": false]),
            ],
            outputSchema: Self.forgetOutputSchema,
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
            outputSchema: JSONSchema.object(
                [
                    "where": JSONSchema.string, "triggered": JSONSchema.array(JSONSchema.string),
                    "waited": JSONSchema.boolean,
                    "passes": JSONSchema.array(JSONSchema.object([:], required: ["kind", "outcome", "processed"])),
                ], required: ["where", "triggered", "waited"]),
            readOnly: false, destructive: false, run: { try await consolidateTool($0) })
    }

    private var status: MCPTool {
        MCPTool(
            name: "status", title: "Status",
            description: """
                Whether memoryd is running for this database, how many short-term memories wait \
                for consolidation, and the last (and with memoryd the next) pass of each kind.
                """,
            parameters: [],
            outputSchema: JSONSchema.object(
                [
                    "memoryd_running": JSONSchema.boolean, "memoryd_database": JSONSchema.nullable("string"),
                    "database": JSONSchema.string,
                    "database_exists": JSONSchema.boolean,
                    "pending": JSONSchema.integer, "paused": JSONSchema.nullable("boolean"),
                    "passes": JSONSchema.array(
                        JSONSchema.object(
                            [
                                "kind": JSONSchema.string, "state": JSONSchema.nullable("string"),
                                "last": JSONSchema.nullable("object"), "next_run": JSONSchema.nullable("string"),
                            ])),
                ]),
            readOnly: true, destructive: false, run: { _ in try await statusTool() })
    }
}
