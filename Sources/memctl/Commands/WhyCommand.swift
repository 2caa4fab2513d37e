import MemoryModel
import MemoryStorage
import SystemSupport

struct WhyCommand: Command {
    static let name = "why"
    static let summary = "Explain a long-term memory: every source memory and how it joined"
    static let help = """
        Usage: memctl why [DEVICE:]ltm:ID [--json]

        Shows a long-term memory and, oldest first, each short-term memory it came from: its time
        (UTC), session and source, and how it joined — created it, merged into it in the same
        conversation, or reinforced it by restating it later. DEVICE:ltm:ID (desktop:ltm:3, as
        recall marks a peer's memory) explains it from that peer's database, read-only.
        """

    let id: LongTermMemoryID
    /// The peer whose memory it is; nil for this device's.
    let device: String?

    init(parsing arguments: inout ArgumentList) throws(UsageError) {
        let text = try arguments.positionals(named: "ltm:ID")[0]
        let onPeer = DeviceReference(text)
        guard case .longTerm(let id)? = onPeer?.reference ?? RecordReference(text) else {
            throw UsageError("'\(text)' is not a long-term memory reference: use ltm:ID (e.g. ltm:3)")
        }
        (self.id, device) = (id, onPeer?.device)
    }

    func run(_ context: Context) async throws {
        let store = try context.openStoreToRead(device: device)
        let explanation = try await store.inspecting { try $0.explain(id) }
        if context.json { return try context.printJSON(explanation) }
        // A conversation imported from a chat export is shown by its title.
        let titles = try await store.inspecting { try $0.sessionTitles(Set(explanation.sources.map(\.memory.session))) }
        let memory = explanation.memory
        context.printFields([
            ("ltm", String(memory.id.rawValue)),
            ("summary", memory.summary),
            ("strength", memory.strength.twoDecimals + " (at last reinforcement)"),
            ("importance", memory.importance.twoDecimals),
            ("formed", memory.createdAt.iso8601),
            ("last reinforced", memory.lastReinforcedAt.iso8601),
        ])
        StandardStream.out("sources (\(explanation.sources.count)):")
        var table = Table(
            .init(header: "WHEN (UTC)"), .init(header: "SESSION"), .init(header: "SOURCE"), .init(header: "HOW"),
            .init(header: "STM", rightAligned: true), .init(header: "CONTENT"))
        for source in explanation.sources {
            table.append(
                source.memory.createdAt.minutes, titles[source.memory.session] ?? source.memory.session,
                source.memory.source, source.role.rawValue,
                "stm:\(source.memory.id)", source.memory.content)
        }
        context.printTable(table)
    }
}
