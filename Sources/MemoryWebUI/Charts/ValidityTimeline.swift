import MemoryModel

/// An entity's relations on one time axis, drawn here as SVG: each a bar from when it was first
/// said to when a later fact replaced it, or to now while it still holds.
struct ValidityTimeline {
    let entity: EntityID
    let relations: [Relation]
    let now: Timestamp

    static let width = 960.0
    static let labelWidth = 300.0
    static let rowHeight = 26.0
    static let axisHeight = 24.0
    static let rowsShown = 30

    var svg: String {
        let rows = Array(relations.prefix(Self.rowsShown))
        let start = rows.map(\.validFrom).min() ?? now
        let end = max(now, rows.compactMap(\.validTo).max() ?? now)
        let span = Double(max(1, end.millisecondsSince1970 - start.millisecondsSince1970))
        let plotLeft = Self.labelWidth + 8
        let plotWidth = Self.width - plotLeft - 12
        func x(_ time: Timestamp) -> Double {
            plotLeft + plotWidth * Double(time.millisecondsSince1970 - start.millisecondsSince1970) / span
        }
        let height = Double(rows.count) * Self.rowHeight + Self.axisHeight
        var svg =
            "<div class=\"timeline\"><svg viewBox=\"0 0 \(Int(Self.width)) \(Int(height))\" role=\"img\" "
            + "aria-label=\"Relations over time\">"
        for (index, relation) in rows.enumerated() {
            let y = Double(index) * Self.rowHeight
            let from = x(relation.validFrom)
            let to = max(from + 3, x(relation.validTo ?? now))
            let state = relation.validTo == nil ? "open" : "closed"
            svg += "<g><title>\(HTML.escaped(Self.tooltip(relation)))</title>"
            svg +=
                "<text class=\"span-label\" x=\"\(Self.labelWidth)\" y=\"\((y + 17).fixed(1))\" text-anchor=\"end\">"
                + "\(HTML.escaped(label(relation)))</text>"
            svg +=
                "<rect class=\"span \(state)\" x=\"\(from.fixed(1))\" y=\"\((y + 7).fixed(1))\" "
                + "width=\"\((to - from).fixed(1))\" height=\"13\" rx=\"4\"/></g>"
        }
        let axis = Double(rows.count) * Self.rowHeight + 2
        svg += "<line class=\"axis\" x1=\"\(plotLeft)\" x2=\"\(plotLeft + plotWidth)\" y1=\"\(axis)\" y2=\"\(axis)\"/>"
        svg += "<line class=\"now\" x1=\"\(x(now).fixed(1))\" x2=\"\(x(now).fixed(1))\" y1=\"0\" y2=\"\(axis)\"/>"
        svg += "<text x=\"\(plotLeft)\" y=\"\(axis + 16)\">\(CalendarDay(start).spoken)</text>"
        svg += "<text x=\"\(plotLeft + plotWidth)\" y=\"\(axis + 16)\" text-anchor=\"end\">now</text>"
        return svg + "</svg></div>"
    }

    /// The relation as seen from this entity: "lives in Hamburg", or "user sibling of Leah" when
    /// this entity is its object.
    func label(_ relation: Relation) -> String {
        let predicate = relation.predicate.replacing("_", with: " ")
        let text =
            relation.subjectID == entity
            ? "\(predicate) \(relation.objectName)" : "\(relation.subjectName) \(predicate) \(relation.objectName)"
        return text.count > 40 ? String(text.prefix(39)) + "…" : text
    }

    static func tooltip(_ relation: Relation) -> String {
        "\(relation.subjectName) \(relation.predicate.replacing("_", with: " ")) \(relation.objectName): since "
            + relation.validFrom.minutes + (relation.validTo.map { ", until \($0.minutes)" } ?? ", still holds")
    }
}
