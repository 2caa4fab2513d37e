import MCPProtocol
import MemoryModel
import MemoryPasses
import MemoryStorage

// MARK: - entity, why

extension MCPToolbox {
    /// Shown per entity, at most: enough to answer from, small enough for a model's context.
    static let listedAliases = 20
    static let listedMentions = 10
    static let listedRelations = 20
    static let listedSources = 50

    func entityTool(_ arguments: ToolArguments) async throws -> ToolResult {
        let name = try arguments.text("name")
        let opened = try await store.open(forWriting: false)
        // What the user asked to forget is not shown to the assistant here either: an entity
        // named only in forgotten memories is not found, as recall does not name it.
        var matches: [Entity] = []
        for match in try await opened.browsing({ try $0.entities(named: name) })
        where try await opened.inspecting({ try $0.isRemembered(match.id) }) {
            matches.append(match)
        }
        guard let best = matches.first else {
            throw ToolFailure("no entity is called '\(name)'; try recall or search with the name instead")
        }
        let detail = try await opened.inspecting {
            try $0.entity(
                best.id, mentionLimit: Self.listedMentions, relationLimit: Self.listedRelations, rememberedOnly: true)
        }
        let entity = detail.entity
        let aliases = Array(detail.aliases.prefix(Self.listedAliases))
        var lines = ["\(entity.name) (\(entity.kind), entity:\(entity.id)), mentioned \(entity.mentionCount) times"]
        if !aliases.isEmpty { lines.append("Also written: " + aliases.joined(separator: ", ")) }
        if !detail.relations.isEmpty { lines.append("Relations (UTC; \"now\": still holds):") }
        for relation in detail.relations {
            lines.append(
                "- \(relation.subjectName) \(relation.predicate) \(relation.objectName) "
                    + "[\(relation.validFrom.minutes) → \(relation.validTo?.minutes ?? "now")]")
        }
        if !detail.mentions.isEmpty { lines.append("Newest mentions:") }
        for mention in detail.mentions { lines.append("- \(mention.memory): \(mention.snippet)") }
        let others = matches.dropFirst()
        if !others.isEmpty {
            lines.append(
                "Others called \(name): "
                    + others.map { "\($0.name) (\($0.kind), entity:\($0.id))" }.joined(separator: ", "))
        }
        return ToolResult(
            text: lines.joined(separator: "\n"),
            structured: [
                "entity": [
                    "ref": .string("entity:\(entity.id)"), "name": .string(entity.name), "kind": .string(entity.kind),
                    "mention_count": JSONValue(entity.mentionCount),
                ],
                "aliases": .array(aliases.map(JSONValue.string)),
                "mentions": .array(
                    detail.mentions.map { ["ref": .string($0.memory.description), "text": .string($0.snippet)] }),
                "relations": .array(
                    detail.relations.map {
                        [
                            "subject": .string($0.subjectName), "predicate": .string($0.predicate),
                            "object": .string($0.objectName),
                            "valid_from": .string($0.validFrom.iso8601), "valid_to": JSONValue($0.validTo?.iso8601),
                            "evidence": .array($0.evidence.map { .string($0.description) }),
                        ]
                    }),
                "also_called": .array(
                    others.map {
                        ["ref": .string("entity:\($0.id)"), "name": .string($0.name), "kind": .string($0.kind)]
                    }),
            ])
    }

    func whyTool(_ arguments: ToolArguments) async throws -> ToolResult {
        let text = try arguments.text("ref")
        let onPeer = DeviceReference(text)
        guard let reference = onPeer?.reference ?? RecordReference(text), let memory = reference.memory else {
            throw ToolFailure(
                "'\(text)' is not a memory reference: use ltm:ID or stm:ID, as recall and search return them")
        }
        guard let device = onPeer?.device else {
            return try await explain(memory, in: try await store.open(forWriting: false), device: nil)
        }
        // A peer's memory (`desktop:ltm:3`) is explained from the peer's database, read-only.
        guard let peer = peers.first(where: { $0.name.lowercased() == device.lowercased() }) else {
            throw ToolFailure("\(text) names the device \(device), which is not among this server's peers")
        }
        let opened = PeerStores.open(
            [peer], besides: await store.path, busyTimeoutMilliseconds: await store.busyTimeoutMilliseconds,
            pageCacheKibibytes: nil)
        guard let peerStore = opened.opened.first?.store else {
            throw ToolFailure(opened.skipped.first.map { "cannot read \(text): \($0.note)" } ?? "cannot read \(text)")
        }
        do {
            let result = try await explain(memory, in: peerStore, device: peer.name)
            await opened.close()
            return result
        } catch {
            await opened.close()
            throw error
        }
    }

    /// `memory` explained from `store`, its refs (and those it lists) prefixed with `device`, a
    /// peer's name, when it is one's.
    private func explain(_ memory: MemoryReference, in store: MemoryStore, device: String?) async throws -> ToolResult {
        do {
            switch memory {
            case .longTerm(let id): return try await explain(id, store, device: device)
            case .shortTerm(let id): return try await explain(id, store, device: device)
            }
        } catch StoreError.notFound {
            throw ToolFailure(
                "there is no memory \(DeviceReference.text(memory.description, device: device)) (it may have been "
                    + "purged); recall and search give valid refs")
        }
    }

    private func explain(_ id: LongTermMemoryID, _ store: MemoryStore, device: String?) async throws -> ToolResult {
        func ref(_ text: String) -> String { DeviceReference.text(text, device: device) }
        let explanation = try await store.inspecting { try $0.explain(id) }
        let memory = explanation.memory
        let sources = explanation.sources.prefix(Self.listedSources)
        var lines = [
            "\(ref("ltm:\(id)")) was made from \(explanation.sources.count) short-term memories (times UTC): \(memory.summary.replacingLineBreaks())"
        ]
        for source in sources {
            let stm = source.memory
            lines.append(
                "- \(ref("stm:\(stm.id)")) \(source.role.rawValue) it [\(stm.createdAt.minutes), session \(stm.session), said by \(stm.source)]: "
                    + stm.content.replacingLineBreaks())
        }
        if explanation.sources.count > sources.count {
            lines.append("… and \(explanation.sources.count - sources.count) more")
        }
        return ToolResult(
            text: lines.joined(separator: "\n"),
            structured: [
                "ref": .string(ref("ltm:\(id)")), "status": "long_term", "text": .string(memory.summary),
                "long_term": .null, "role": .null, "source_count": JSONValue(explanation.sources.count),
                "sources": .array(
                    sources.map {
                        [
                            "ref": .string(ref("stm:\($0.memory.id)")), "role": .string($0.role.rawValue),
                            "joined_at": .string($0.joinedAt.iso8601),
                            "created_at": .string($0.memory.createdAt.iso8601),
                            "session": .string($0.memory.session), "source": .string($0.memory.source),
                            "text": .string($0.memory.content),
                        ]
                    }),
            ])
    }

    private func explain(_ id: ShortTermMemoryID, _ store: MemoryStore, device: String?) async throws -> ToolResult {
        func ref(_ text: String) -> String { DeviceReference.text(text, device: device) }
        let detail = try await store.inspecting { try $0.shortTermMemory(id) }
        let memory = detail.memory
        var role: ProvenanceRole?
        var line: String
        switch (memory.status, detail.longTermMemory) {
        case (.consolidated, let longTerm?):
            role = try await store.inspecting {
                try $0.longTermMemory(longTerm.id)
            }.sources.first { $0.stmID == id }?.role
            line =
                "\(ref("stm:\(id)")) \(role?.rawValue ?? "joined") \(ref("ltm:\(longTerm.id)")): \(longTerm.summary.replacingLineBreaks())"
        case (.forgotten, _):
            line =
                "\(ref("stm:\(id)")) was forgotten (on request, or by age with low importance and nothing needing it): "
                + "it is no longer recalled or searched, and is kept until its retention ends"
        default:
            line = "\(ref("stm:\(id)")) is pending: the next consolidation decides what becomes of it"
        }
        return ToolResult(
            text: line
                + "\nIt said [\(memory.createdAt.minutes) UTC, session \(memory.session), said by \(memory.source)]: "
                + memory.content.replacingLineBreaks(),
            structured: [
                "ref": .string(ref("stm:\(id)")), "status": .string(memory.status.rawValue), "text": .string(memory.content),
                "long_term": detail.longTermMemory.map {
                    [
                        "ref": .string(ref("ltm:\($0.id)")), "text": .string($0.summary),
                        "source_count": JSONValue($0.sourceCount),
                    ]
                } ?? .null,
                "role": JSONValue(role?.rawValue), "sources": [], "source_count": 0,
            ])
    }
}
