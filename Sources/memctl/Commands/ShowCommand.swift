import MemoryModel
import MemoryPasses
import MemoryStorage
import SystemSupport

struct ShowCommand: Command {
    static let name = "show"
    static let summary = "Show one record with its links: stm:ID, ltm:ID, entity:ID or pass:ID"
    static let help = """
        Usage: memctl show [DEVICE:]stm:ID|ltm:ID|entity:ID|pass:ID [--json]

        Shows one record and what it links to: a short-term memory with the long-term memory
        it went into, its relative times as resolved ("yesterday = 16 March 2022") and its
        entity mentions; a long-term memory with every source short-term
        memory; an entity with its aliases, mentions and relations; a pass from the ledger.
        Content is printed whole.

        DEVICE:REF (desktop:ltm:3, as recall marks a peer's memory) shows the record in that peer's
        database (the peers setting, docs/PEERS.md), read-only; the ids it shows are that
        database's.
        """

    let reference: RecordReference
    /// The peer whose record it is; nil for this device's.
    let device: String?

    init(parsing arguments: inout ArgumentList) throws(UsageError) {
        let text = try arguments.positionals(named: "REFERENCE")[0]
        if let onPeer = DeviceReference(text) {
            (reference, device) = (onPeer.reference, onPeer.device)
            return
        }
        guard let reference = RecordReference(text) else {
            throw UsageError("'\(text)' is not a record reference: use stm:ID, ltm:ID, entity:ID or pass:ID (e.g. stm:12)")
        }
        (self.reference, device) = (reference, nil)
    }

    func run(_ context: Context) async throws {
        let store = try context.openStoreToRead(device: device)
        switch reference {
        case .shortTerm(let id):
            let detail = try await store.inspecting { try $0.shortTermMemory(id) }
            if context.json { return try context.printJSON(detail) }
            printShortTerm(detail, context)
        case .longTerm(let id):
            let detail = try await store.inspecting { try $0.longTermMemory(id) }
            if context.json { return try context.printJSON(detail) }
            printLongTerm(detail, context)
        case .entity(let id):
            let detail = try await store.inspecting { try $0.entity(id) }
            if context.json { return try context.printJSON(detail) }
            Self.printEntity(detail, context)
        case .pass(let id):
            guard let pass = try await store.inspecting({ try $0.passes(limit: 1, id: id) }).first else {
                throw StoreError.notFound(reference)
            }
            if context.json { return try context.printJSON(pass) }
            context.printFields(
                [
                    ("pass", String(pass.id.rawValue)), ("kind", pass.kind.rawValue),
                    ("outcome", pass.outcome.rawValue), ("started", pass.startedAt.iso8601),
                    ("finished", pass.finishedAt?.iso8601 ?? "-"), ("processed", String(pass.processed)),
                    ("batches", String(pass.batches)),
                ] + pass.counts.recorded.map { ($0.name, String($0.value)) }
                    + (pass.error.map { [("error", $0)] } ?? []))
        }
    }

    private func printShortTerm(_ detail: ShortTermMemoryDetail, _ context: Context) {
        let memory = detail.memory
        var fields: [(String, String)] = [
            ("stm", String(memory.id.rawValue)),
            ("status", memory.status.rawValue),
            ("long-term", memory.ltmID.map { "ltm:\($0)" + (detail.longTermMemory.map { " " + $0.summary } ?? "") } ?? "-"),
            ("session", memory.session + (detail.sessionTitle.map { " (\($0))" } ?? "")),
        ]
        if let project = memory.project ?? detail.sessionProject { fields.append(("project", project)) }
        context.printFields(fields + [
            ("source", memory.source),
            ("importance", memory.importance.map(\.twoDecimals) ?? "- (estimated when consolidated)"),
            ("created", memory.createdAt.iso8601),
        ])
        StandardStream.out("content:")
        StandardStream.out(memory.content)
        if !detail.times.isEmpty {
            StandardStream.out("times:")
            for time in detail.times { StandardStream.out("  \(time.phrase) = \(time.shown)") }
        }
        Self.printMentions(detail.mentions, context)
    }

    private func printLongTerm(_ detail: LongTermMemoryDetail, _ context: Context) {
        let memory = detail.memory
        context.printFields([
            ("ltm", String(memory.id.rawValue)),
            ("strength", memory.strength.twoDecimals),
            ("importance", memory.importance.twoDecimals),
            ("created", memory.createdAt.iso8601),
            ("updated", memory.updatedAt.iso8601),
            ("last reinforced", memory.lastReinforcedAt.iso8601),
            ("project", memory.project ?? "- (every project)"),
            ("forgotten", memory.forgottenAt.map { "\($0.iso8601) (memctl forget: not recalled, searched or reinforced)" } ?? "no"),
        ])
        StandardStream.out("summary:")
        StandardStream.out(memory.summary)
        StandardStream.out("sources (\(detail.sources.count)):")
        var table = Table(.init(header: "STM", rightAligned: true), .init(header: "JOINED (UTC)"), .init(header: "HOW"))
        for source in detail.sources {
            table.append("stm:\(source.stmID)", source.joinedAt.minutes, source.role.rawValue)
        }
        context.printTable(table)
        Self.printMentions(detail.mentions, context)
    }

    static func printEntity(_ detail: EntityDetail, _ context: Context) {
        let entity = detail.entity
        context.printFields([
            ("entity", String(entity.id.rawValue)),
            ("name", entity.name),
            ("kind", entity.kind),
            ("key", entity.canonicalKey),
            ("aliases", detail.aliases.isEmpty ? "-" : detail.aliases.joined(separator: ", ")),
            ("mentions", String(entity.mentionCount)),
        ])
        printMentions(detail.mentions, context, of: entity)
        StandardStream.out("relations (\(detail.relations.count)):")
        var table = Table(
            .init(header: "ID", rightAligned: true), .init(header: "VALID (UTC)"),
            .init(header: "WEIGHT", rightAligned: true), .init(header: "RELATION", maximumWidth: 80),
            .init(header: "EVIDENCE"))
        for relation in detail.relations {
            table.append(
                String(relation.id.rawValue),
                relation.validFrom.minutes + " → " + (relation.validTo?.minutes ?? "now"),
                relation.weight.twoDecimals,
                "\(relation.subjectName) \(relation.predicate) \(relation.objectName)",
                relation.evidence.map(\.description).joined(separator: " "))
        }
        context.printTable(table)
    }

    private static func printMentions(_ mentions: [EntityMention], _ context: Context, of entity: Entity? = nil) {
        if let entity, entity.mentionCount > mentions.count {
            StandardStream.out("mentions (newest \(mentions.count) of \(entity.mentionCount)):")
        } else {
            StandardStream.out("mentions (\(mentions.count)):")
        }
        guard !mentions.isEmpty else { return }
        var table = Table(
            .init(header: "IN"), .init(header: "SPAN", rightAligned: true), .init(header: "ENTITY"),
            .init(header: "IN CONTEXT"))
        for mention in mentions {
            table.append(
                mention.memory.description, "\(mention.start)..<\(mention.end)",
                "\(mention.entityName) (entity:\(mention.entityID))", mention.snippet)
        }
        context.printTable(table)
    }
}
