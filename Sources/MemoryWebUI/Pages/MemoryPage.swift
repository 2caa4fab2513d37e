import MemoryModel
import MemoryStorage

/// `/memory/stm:ID` and `/memory/ltm:ID`: a memory's text, times, session and speaker, the
/// entities it names, and its provenance: for a long-term memory every source and how it
/// joined (`memctl why`), for a short-term one the long-term memory it went into.
struct MemoryPage {
    let store: MemoryStore
    let reference: MemoryReference

    /// A long-term memory of many restatements lists its oldest sources, not thousands.
    static let sourcesShown = 200

    func page() async throws -> Page {
        switch reference {
        case .shortTerm(let id): try await shortTerm(id)
        case .longTerm(let id): try await longTerm(id)
        }
    }

    private func shortTerm(_ id: ShortTermMemoryID) async throws -> Page {
        let detail = try await store.inspecting { try $0.shortTermMemory(id) }
        let memory = detail.memory
        var body = "<h1>Short-term memory stm:\(id)</h1>"
        body += "<p class=\"subtitle\">\(HTML.escaped(memory.source)) said it on \(memory.createdAt.minutes) UTC.</p>"
        body += "<div class=\"columns\"><div>"
        body += "<div class=\"panel\"><p class=\"memory-text\">\(HTML.escaped(memory.content))</p>"
        var fields: [(String, String)] = [
            ("Status", MemoriesPage.badge(memory.status)),
            ("Said", memory.createdAt.minutes + " UTC"),
            ("Who", HTML.escaped(memory.source)),
            ("Session", HTML.escaped(detail.sessionTitle.map { "\($0) (\(memory.session))" } ?? memory.session)),
            ("Importance", memory.importance.map { $0.fixed(2) } ?? "estimated by the consolidator"),
        ]
        if let project = detail.memory.project ?? detail.sessionProject {
            fields.insert(("Project", HTML.escaped(project)), at: 4)
        }
        if let longTerm = detail.longTermMemory {
            fields.append(("Went into", HTML.link(Link.longTerm(longTerm.id), "ltm:\(longTerm.id)")))
        }
        body += HTML.fields(fields) + "</div>"
        if let longTerm = detail.longTermMemory {
            body +=
                "<h2>The long-term memory it went into</h2><div class=\"panel\">"
                + "<p>\(HTML.escaped(longTerm.summary))</p><p>\(HTML.link(Link.longTerm(longTerm.id), "Why: its \(longTerm.sourceCount) sources →"))</p></div>"
        }
        body += "</div><div>"
        body += Self.times(detail.times)
        body += Self.mentions(detail.mentions)
        body += "</div></div>"
        return Page(title: "stm:\(id)", section: .memories, body: body)
    }

    private func longTerm(_ id: LongTermMemoryID) async throws -> Page {
        let explanation = try await store.inspecting { try $0.explain(id, sourceLimit: Self.sourcesShown) }
        let mentions = try await store.browsing { try $0.mentions(in: .longTerm(id)) }
        let memory = explanation.memory
        let titles = try await store.inspecting { try $0.sessionTitles(Set(explanation.sources.map(\.memory.session))) }
        var body = "<h1>Long-term memory ltm:\(id)</h1>"
        body +=
            "<p class=\"subtitle\">Made of \(memory.sourceCount) short-term "
            + "\(memory.sourceCount == 1 ? "memory" : "memories"), first said \(memory.createdAt.minutes) UTC.</p>"
        body += "<div class=\"columns\"><div>"
        body += "<div class=\"panel\"><p class=\"memory-text\">\(HTML.escaped(memory.summary))</p>"
        body += HTML.fields([
            ("First said", memory.createdAt.minutes + " UTC"),
            ("Last changed", memory.updatedAt.minutes + " UTC"),
            ("Last reinforced", memory.lastReinforcedAt.minutes + " UTC"),
            ("Strength", memory.strength.fixed(2)),
            ("Importance", memory.importance.fixed(2)),
            ("Forgotten", memory.forgottenAt.map { $0.minutes + " UTC" } ?? "no"),
        ])
        body += "</div></div><div>"
        body += Self.mentions(mentions)
        body += "</div></div>"
        body += "<h2>Why: where it came from</h2>"
        body +=
            "<p class=\"muted\">Each short-term memory it was made from, and how it joined: <b>created</b> "
            + "started it, <b>merged</b> joined it in the same pass on the same topic, <b>reinforced</b> "
            + "restated it later."
            + (memory.sourceCount > Self.sourcesShown ? " The oldest \(Self.sourcesShown) are listed." : "") + "</p>"
        body += HTML.table(
            ["How", "Joined (UTC)", "Memory", "Said (UTC)", "Who", "Session", "Text"],
            explanation.sources.map { source in
                [
                    "<span class=\"badge\">\(source.role.rawValue)</span>", HTML.time(source.joinedAt),
                    HTML.link(Link.shortTerm(source.memory.id), "stm:\(source.memory.id)"),
                    HTML.time(source.memory.createdAt), HTML.escaped(source.memory.source),
                    HTML.escaped(titles[source.memory.session] ?? source.memory.session),
                    HTML.escaped(source.memory.content),
                ]
            })
        return Page(title: "ltm:\(id)", section: .memories, body: body)
    }

    /// The relative times of a memory and the days they mean.
    static func times(_ times: [ResolvedTime]) -> String {
        guard !times.isEmpty else { return "" }
        return "<h2>Times it names</h2>"
            + HTML.table(
                ["Said", "Means"], times.map { ["“\(HTML.escaped($0.phrase))”", HTML.escaped($0.shown)] })
    }

    /// The entities a memory names, each once, linked to its page.
    static func mentions(_ mentions: [EntityMention]) -> String {
        var seen: Set<EntityID> = []
        let unique = mentions.filter { seen.insert($0.entityID).inserted }
        guard !unique.isEmpty else { return "<h2>Entities</h2><p class=\"muted\">It names no entity.</p>" }
        return "<h2>Entities</h2>"
            + HTML.table(
                ["Entity", "As written"],
                unique.map { [HTML.link(Link.entity($0.entityID), $0.entityName), "“\(HTML.escaped($0.text))”"] })
    }
}
