import MemoryModel
import MemoryStorage

/// `/pass/ID`: one pass of the ledger, what it counted, and the memories it forgot.
struct PassPage {
    let store: MemoryStore
    let id: PassID

    static let forgottenShown = 200

    func page() async throws -> Page {
        guard let pass = try await store.inspecting({ try $0.passes(limit: 1, id: id) }).first else {
            throw PageError(.notFound, "There is no pass \(id.rawValue) in the ledger.")
        }
        var body =
            "<h1>\(pass.kind.rawValue.prefix(1).uppercased() + pass.kind.rawValue.dropFirst()) pass \(id.rawValue)</h1>"
        body += "<p class=\"subtitle\">Started \(pass.startedAt.minutes) UTC, \(Self.outcome(pass)).</p>"
        var fields: [(String, String)] = [
            ("Started", pass.startedAt.minutes + " UTC"),
            ("Finished", pass.finishedAt.map { $0.minutes + " UTC" } ?? "—"),
            ("Took", pass.seconds.fixed(1) + " s"),
            ("Processed", HTML.count(pass.processed) + " in \(HTML.count(pass.batches)) batches"),
        ]
        fields += PassCounts.reported(by: pass.kind).map { key in
            (key.rawValue, pass.counts[key].map(HTML.count) ?? "—")
        }
        if let error = pass.error { fields.append(("Error", HTML.escaped(error))) }
        body += "<div class=\"panel\">" + HTML.fields(fields) + "</div>"
        if pass.kind == .consolidation {
            let forgotten = try await store.browsing { try $0.memoriesForgotten(by: pass, limit: Self.forgottenShown) }
            body += "<h2>What it forgot</h2>"
            if forgotten.isEmpty {
                body += "<p class=\"muted\">Nothing that is still stored as forgotten.</p>"
            } else {
                body +=
                    "<p class=\"muted\">Short-term memories it found too old and unimportant to keep, and that "
                    + "merged into nothing. They stay listed until the retention ends and a pass purges them.</p>"
                let titles = try await store.inspecting { try $0.sessionTitles(Set(forgotten.map(\.session))) }
                body += MemoriesPage.shortTermTable(forgotten, titles: titles)
            }
        }
        return Page(title: "Pass \(id.rawValue)", section: .overview, body: body)
    }

    static func outcome(_ pass: PassRecord) -> String {
        switch pass.outcome {
        case .running: "still running"
        case .completed: "completed"
        case .cancelled: "cancelled"
        case .failed: "failed"
        }
    }

    /// The last passes, for the overview.
    static func table(_ passes: [PassRecord]) -> String {
        HTML.table(
            ["Pass", "Kind", "Started (UTC)", "Took", "Outcome", "Processed", "What it did"],
            passes.map { pass in
                let counts = PassCounts.reported(by: pass.kind).compactMap { key in
                    pass.counts[key].map { "\(key.rawValue.replacing("_", with: " ")) \(HTML.count($0))" }
                }
                return [
                    HTML.link(Link.pass(pass.id), "#\(pass.id.rawValue)"), pass.kind.rawValue,
                    HTML.time(pass.startedAt),
                    pass.seconds.fixed(1) + " s",
                    "<span class=\"badge\(pass.outcome == .failed ? " failed" : "")\">\(outcome(pass))</span>",
                    HTML.count(pass.processed), HTML.escaped(counts.joined(separator: " · ")),
                ]
            })
    }
}
