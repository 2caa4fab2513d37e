import MemoryModel
import MemoryPasses
import MemoryStorage
import SystemSupport

struct ForgetCommand: Command {
    static let name = "forget"
    static let summary = "Forget a memory on request, or purge it and everything made from it"
    static let help = """
        Usage: memctl forget stm:ID|ltm:ID [--purge] [--json]

        Without --purge (soft): the memory is no longer recalled or searched and feeds no new
        consolidation, but it is kept and listable (memctl stm --status forgotten, memctl show),
        like a memory forgotten by age. A consolidated short-term memory leaves its long-term
        memory, whose summary is made again from the sources still remembered (or which is
        forgotten when none is left). Forgetting a long-term memory forgets all its sources.

        With --purge, in one transaction: the text of the short-term memory (for ltm:ID, of all
        its sources) is deleted with its full-text entries, entity mentions and relation
        evidence; its sentences leave every long-term summary, which is made again from the
        sources left, or deleted with none left; relations left with no evidence and entities
        left with no mention are deleted. Afterwards no search or recall finds any word of it.

        A reference that does not exist, or was purged already, is an error (exit 1).

        JSON: {"reference", "purged", "short_term", "already_forgotten", "long_term_rebuilt",
               "long_term_forgotten", "long_term_removed", "mentions_removed",
               "evidence_removed", "relations_removed", "entities_removed"}
        """

    let reference: MemoryReference
    let purge: Bool

    init(parsing arguments: inout ArgumentList) throws(UsageError) {
        purge = arguments.flag("--purge")
        let text = try arguments.positionals(named: "stm:ID|ltm:ID")[0]
        if let onPeer = DeviceReference(text) { throw UsageError(onPeer.forgetRefusal) }
        guard let reference = RecordReference(text)?.memory else {
            throw UsageError("'\(text)' is not a memory reference: use stm:ID or ltm:ID (e.g. stm:12)")
        }
        self.reference = reference
    }

    func run(_ context: Context) async throws {
        let report = try await Forgetter(store: context.openStore()).forget(reference, purge: purge)
        if context.json { return try context.printJSON(report) }
        for line in report.lines { StandardStream.out(line) }
    }
}
