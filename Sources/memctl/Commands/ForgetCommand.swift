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
        guard let reference = RecordReference(text)?.memory else {
            throw UsageError("'\(text)' is not a memory reference: use stm:ID or ltm:ID (e.g. stm:12)")
        }
        self.reference = reference
    }

    func run(_ context: Context) async throws {
        let report = try await Forgetter(store: context.openStore()).forget(reference, purge: purge)
        if context.json { return try context.printJSON(report) }
        for line in Self.describe(report) { StandardStream.out(line) }
    }

    /// What happened, in a few lines a person reads.
    static func describe(_ report: ForgetReport) -> [String] {
        func references<ID>(_ prefix: String, _ ids: [ID]) -> String {
            ids.map { "\(prefix):\($0)" }.joined(separator: ", ")
        }
        var lines: [String] = []
        if report.changedNothing {
            return ["\(report.reference) was already forgotten; nothing changed (--purge removes it for good)"]
        }
        let verb = report.purged ? "purged" : "forgot"
        lines.append("\(verb) \(report.reference): short-term \(references("stm", report.shortTerm))")
        if !report.longTermRebuilt.isEmpty {
            lines.append("  summary made again from the sources left: \(references("ltm", report.longTermRebuilt))")
        }
        if !report.longTermForgotten.isEmpty {
            lines.append("  forgotten with no remembered source left: \(references("ltm", report.longTermForgotten))")
        }
        if !report.longTermRemoved.isEmpty {
            lines.append("  deleted with no source left: \(references("ltm", report.longTermRemoved))")
        }
        if report.purged {
            lines.append(
                "  removed \(report.mentionsRemoved) entity mention(s), \(report.evidenceRemoved) evidence row(s), "
                    + "\(report.relationsRemoved) relation(s) and \(report.entitiesRemoved) entit\(report.entitiesRemoved == 1 ? "y" : "ies") left without support")
        }
        return lines
    }
}
