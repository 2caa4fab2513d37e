import MemoryModel
import MemoryStorage

/// `/memories`: short-term memories newest first, by status (`?status=pending`), or the
/// long-term memories (`?status=long-term`), 50 a page. The next page starts after the last row
/// of this one (`?before=TIME_ID`), so the hundredth page costs what the first does.
struct MemoriesPage {
    let store: MemoryStore
    let query: [String: String]

    static let pageSize = 50
    static let longTerm = "long-term"
    static let textShown = 240

    func page() async throws -> Page {
        let status = query["status"] ?? ""
        guard status.isEmpty || status == Self.longTerm || MemoryStatus(rawValue: status) != nil else {
            throw PageError(
                .badRequest, "status=\(status) is not one of pending, consolidated, forgotten or long-term.")
        }
        let cursor = try query["before"].map(Self.cursor)
        var body = "<h1>Memories</h1>"
        body += "<div class=\"filters\">"
        for (value, label) in [
            ("", "all short-term"), ("pending", "pending"), ("consolidated", "consolidated"),
            ("forgotten", "forgotten"), (Self.longTerm, "long-term"),
        ] {
            let current = value == status ? " aria-current=\"true\"" : ""
            body += "<a href=\"\(HTML.escaped(Link.with(Link.memories, [("status", value)])))\"\(current)>\(label)</a>"
        }
        body += "</div>"
        let next: MemoryCursor?
        if status == Self.longTerm {
            let memories = try await store.browsing { try $0.longTermMemories(before: cursor, limit: Self.pageSize) }
            body += memories.isEmpty ? Self.none : Self.longTermTable(memories)
            next =
                memories.count == Self.pageSize
                ? memories.last.map { MemoryCursor(createdAt: $0.createdAt, id: $0.id.rawValue) } : nil
        } else {
            let memories = try await store.inspecting {
                try $0.shortTermMemories(
                    status: MemoryStatus(rawValue: status), before: cursor, limit: Self.pageSize)
            }
            let titles = try await store.inspecting { try $0.sessionTitles(Set(memories.map(\.session))) }
            body += memories.isEmpty ? Self.none : Self.shortTermTable(memories, titles: titles)
            next =
                memories.count == Self.pageSize
                ? memories.last.map { MemoryCursor(createdAt: $0.createdAt, id: $0.id.rawValue) } : nil
        }
        body += "<div class=\"pager\">"
        body += cursor == nil ? "<span></span>" : HTML.link(Link.with(Link.memories, [("status", status)]), "← Newest")
        if let next {
            body += HTML.link(Link.with(Link.memories, [("status", status), ("before", Self.text(next))]), "Older →")
        }
        body += "</div>"
        return Page(title: "Memories", section: .memories, body: body)
    }

    static let none = "<p class=\"muted\">No memories here.</p>"

    static func shortTermTable(_ memories: [ShortTermMemory], titles: [String: String]) -> String {
        HTML.table(
            ["Memory", "Said (UTC)", "Who", "Session", "Status", "Text"],
            memories.map { memory in
                [
                    HTML.link(Link.shortTerm(memory.id), "stm:\(memory.id)"),
                    HTML.time(memory.createdAt), HTML.escaped(memory.source),
                    HTML.escaped(titles[memory.session] ?? memory.session), badge(memory.status),
                    HTML.escaped(shortened(memory.content)),
                ]
            })
    }

    static func longTermTable(_ memories: [LongTermMemory]) -> String {
        HTML.table(
            ["Memory", "First said (UTC)", "Sources", "Strength", "Summary"],
            memories.map { memory in
                [
                    HTML.link(Link.longTerm(memory.id), "ltm:\(memory.id)"), HTML.time(memory.createdAt),
                    String(memory.sourceCount), memory.strength.fixed(2),
                    HTML.escaped(shortened(memory.summary))
                        + (memory.forgottenAt == nil ? "" : " " + badge(.forgotten)),
                ]
            })
    }

    static func badge(_ status: MemoryStatus) -> String {
        "<span class=\"badge \(status.rawValue)\">\(status.rawValue)</span>"
    }

    /// At most `textShown` characters, cut at a word, on one line.
    static func shortened(_ text: String) -> String {
        let line = text.replacingLineBreaks()
        guard line.count > textShown else { return line }
        let cut = line.prefix(textShown)
        return String(cut[..<(cut.lastIndex(of: " ") ?? cut.endIndex)]) + " …"
    }

    static func text(_ cursor: MemoryCursor) -> String { "\(cursor.createdAt.iso8601)_\(cursor.id)" }

    static func cursor(_ text: String) throws(PageError) -> MemoryCursor {
        let parts = text.split(separator: "_", maxSplits: 1)
        guard parts.count == 2, let time = Timestamp(iso8601: parts[0]), let id = Int64(parts[1]) else {
            throw PageError(.badRequest, "before=\(text) is not a place in the list: follow the page's own links.")
        }
        return MemoryCursor(createdAt: time, id: id)
    }
}
