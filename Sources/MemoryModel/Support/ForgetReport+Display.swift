extension ForgetReport {
    /// What happened, in a few lines a person reads (`memctl forget`, the MCP forget tool).
    package var lines: [String] {
        func references<ID>(_ prefix: String, _ ids: [ID]) -> String {
            ids.map { "\(prefix):\($0)" }.joined(separator: ", ")
        }
        var lines: [String] = []
        if changedNothing {
            return ["\(reference) was already forgotten; nothing changed (--purge removes it for good)"]
        }
        let verb = purged ? "purged" : "forgot"
        lines.append("\(verb) \(reference): short-term \(references("stm", shortTerm))")
        if !longTermRebuilt.isEmpty {
            lines.append("  summary made again from the sources left: \(references("ltm", longTermRebuilt))")
        }
        if !longTermForgotten.isEmpty {
            lines.append("  forgotten with no remembered source left: \(references("ltm", longTermForgotten))")
        }
        if !longTermRemoved.isEmpty {
            lines.append("  deleted with no source left: \(references("ltm", longTermRemoved))")
        }
        if purged {
            lines.append(
                "  removed \(mentionsRemoved) entity mention(s), \(evidenceRemoved) evidence row(s), "
                    + "\(relationsRemoved) relation(s) and \(entitiesRemoved) entit\(entitiesRemoved == 1 ? "y" : "ies") left without support")
        }
        return lines
    }
}
