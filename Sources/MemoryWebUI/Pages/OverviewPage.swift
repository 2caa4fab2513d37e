import MemoryModel
import MemoryStorage

/// `/`: counts by status, the memories said per day over ten weeks by what became of them, and
/// the last passes. `?until=YYYY-MM-DD` moves the ten weeks back.
struct OverviewPage {
    let store: MemoryStore
    let query: [String: String]

    /// Ten weeks: long enough to see memory grow, short enough to read each day.
    static let days = 70
    static let passesShown = 12

    func page() async throws -> Page {
        let stats = try await store.inspecting { try $0.statistics() }
        let passes = try await store.inspecting { try $0.passes(limit: Self.passesShown) }
        let last = try await lastDay(passes: passes)
        let first = last.adding(days: -(Self.days - 1))
        let days = try await store.browsing { try $0.memoriesByDay(from: first, through: last) }
        let passDays = try await store.browsing { try $0.passesByDay(from: first, through: last) }

        var body = "<h1>What memoryd remembers</h1>"
        body +=
            "<p class=\"subtitle\">\(HTML.count(stats.stm.total)) memories written, "
            + "\(HTML.count(stats.ltm)) long-term memories made of them, database of "
            + "\(Self.megabytes(stats.dbBytes)) (schema \(stats.schemaVersion)).</p>"
        body += cards(stats)
        body += "<h2>Memories added per day</h2>"
        body +=
            "<p class=\"muted\">\(first.spoken) to \(last.spoken): each day's memories, by the day they were "
            + "said, and what became of them.</p>"
        body += ActivityChart(memories: days).svg + Self.legend(["consolidated", "pending", "forgotten"])
        body += "<h2>Consolidated and forgotten per day</h2>"
        body +=
            "<p class=\"muted\">What the consolidation passes that ran each day did: the memories they "
            + "consolidated (into a new long-term memory, merged, or reinforcing one) and those they forgot.</p>"
        body += ActivityChart(passes: passDays).svg + Self.legend(["consolidated", "forgotten"])
        let earlier = Link.with("/", [("until", first.adding(days: -1).description)])
        let later = Link.with("/", [("until", last.adding(days: Self.days).description)])
        body +=
            "<div class=\"pager\">\(HTML.link(earlier, "← Ten weeks earlier"))"
            + (query["until"] == nil ? "<span></span>" : HTML.link(later, "Ten weeks later →")) + "</div>"
        body += "<h2>Last passes</h2>"
        body +=
            passes.isEmpty
            ? "<p class=\"muted\">No pass has run yet: memoryd runs them, or <code>memctl consolidate</code>.</p>"
            : PassPage.table(passes)
        return Page(title: "Overview", section: .overview, body: body)
    }

    /// The last day shown: `?until=`, else the day of the newest memory or pass, whichever is later.
    private func lastDay(passes: [PassRecord]) async throws -> CalendarDay {
        if let until = query["until"] {
            guard let day = CalendarDay(iso: until) else {
                throw PageError(.badRequest, "until=\(until) is not a day: write it as YYYY-MM-DD.")
            }
            return day
        }
        let newestMemory = try await store.browsing { try $0.newestMemoryTime() }
        let newest = [newestMemory, passes.first?.startedAt].compactMap { $0 }.max()
        return CalendarDay(newest ?? .now)
    }

    /// The key under an activity chart: a dot of each status's colour (its CSS class) and its name.
    private static func legend(_ statuses: [String]) -> String {
        "<div class=\"legend\">"
            + statuses.map { "<span><span class=\"dot \($0)\"></span>\($0)</span>" }.joined() + "</div>"
    }

    private func cards(_ stats: StoreStatistics) -> String {
        func card(_ value: Int, _ label: String, _ href: String, dot: String? = nil) -> String {
            let marker = dot.map { "<span class=\"dot \($0)\"></span>" } ?? ""
            return "<div class=\"card\"><span class=\"value\">\(HTML.count(value))</span>"
                + "<a class=\"label\" href=\"\(HTML.escaped(href))\">\(marker)\(HTML.escaped(label))</a></div>"
        }
        return "<div class=\"cards\">"
            + card(stats.stm.pending, "pending", Link.with(Link.memories, [("status", "pending")]), dot: "pending")
            + card(
                stats.stm.consolidated, "consolidated", Link.with(Link.memories, [("status", "consolidated")]),
                dot: "consolidated")
            + card(
                stats.stm.forgotten, "forgotten", Link.with(Link.memories, [("status", "forgotten")]), dot: "forgotten")
            + card(stats.ltm, "long-term", Link.with(Link.memories, [("status", "long-term")]))
            + card(stats.entities, "entities", Link.entities)
            + card(stats.relations, "relations", Link.graph)
            + "</div>"
    }

    static func megabytes(_ bytes: Int) -> String { (Double(bytes) / 1_000_000).fixed(1) + " MB" }
}
