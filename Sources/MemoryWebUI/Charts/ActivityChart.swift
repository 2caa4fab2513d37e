import MemoryModel
import MemoryStorage

/// A bar chart of days, drawn here as SVG: one bar per day, its series stacked from the
/// bottom in the order given; a day's numbers are in its tooltip.
struct ActivityChart {
    struct Series {
        /// The bar's class (its colour in the stylesheet), and the word for it in the tooltip.
        let name: String
        let values: [Int]
    }

    let label: String
    let days: [CalendarDay]
    let series: [Series]

    /// Memories said per day, by what became of them.
    init(memories: [DailyMemoryCounts]) {
        label = "Memories said per day"
        days = memories.map(\.day)
        series = [
            Series(name: "consolidated", values: memories.map(\.consolidated)),
            Series(name: "pending", values: memories.map(\.pending)),
            Series(name: "forgotten", values: memories.map(\.forgotten)),
        ]
    }

    /// What the consolidation passes did per day.
    init(passes: [DailyPassCounts]) {
        label = "Memories consolidated and forgotten per day"
        days = passes.map(\.day)
        series = [
            Series(name: "consolidated", values: passes.map(\.consolidated)),
            Series(name: "forgotten", values: passes.map(\.forgotten)),
        ]
    }

    static let width = 960.0
    static let height = 220.0
    static let left = 44.0
    static let bottom = 26.0
    static let top = 10.0

    var svg: String {
        let plotWidth = Self.width - Self.left - 8
        let plotHeight = Self.height - Self.bottom - Self.top
        let totals = days.indices.map { index in series.reduce(0) { $0 + $1.values[index] } }
        let maximum = Self.roundedUp(totals.max() ?? 0)
        let slot = plotWidth / Double(max(1, days.count))
        let barWidth = max(1, slot * 0.78)
        var svg =
            "<div class=\"chart\"><svg viewBox=\"0 0 \(Int(Self.width)) \(Int(Self.height))\" role=\"img\" "
            + "aria-label=\"\(HTML.escaped(label))\">"
        for step in 0...2 {
            let y = Self.top + plotHeight - plotHeight * Double(step) / 2
            svg +=
                "<line class=\"axis\" x1=\"\(Self.left)\" x2=\"\(Self.width - 8)\" y1=\"\(y.fixed(1))\" y2=\"\(y.fixed(1))\"/>"
            svg +=
                "<text x=\"\(Self.left - 6)\" y=\"\((y + 4).fixed(1))\" text-anchor=\"end\">\(maximum * step / 2)</text>"
        }
        for (index, day) in days.enumerated() {
            let x = Self.left + slot * Double(index) + (slot - barWidth) / 2
            var y = Self.top + plotHeight
            svg += "<g><title>\(HTML.escaped(tooltip(index)))</title>"
            for part in series where part.values[index] > 0 && maximum > 0 {
                let height = plotHeight * Double(part.values[index]) / Double(maximum)
                y -= height
                svg +=
                    "<rect class=\"bar \(part.name)\" x=\"\(x.fixed(1))\" y=\"\(y.fixed(1))\" "
                    + "width=\"\(barWidth.fixed(1))\" height=\"\(max(0.5, height).fixed(1))\"/>"
            }
            svg += "</g>"
            // A label under each Monday.
            if day.weekday == 1 {
                let name = "\(day.day) \(CalendarDay.monthNames[day.month - 1].prefix(3))"
                svg +=
                    "<text x=\"\((x + barWidth / 2).fixed(1))\" y=\"\(Self.height - 8)\" text-anchor=\"middle\">"
                    + "\(name)</text>"
            }
        }
        return svg + "</svg></div>"
    }

    /// "16 March 2026: 5 consolidated, 1 pending, 1 forgotten".
    func tooltip(_ index: Int) -> String {
        "\(days[index].spoken): " + series.map { "\($0.values[index]) \($0.name)" }.joined(separator: ", ")
    }

    /// The axis's top: 1, 2 or 5 times a power of ten, at least `value`.
    static func roundedUp(_ value: Int) -> Int {
        guard value > 0 else { return 0 }
        var power = 1
        while true {
            for factor in [1, 2, 5] where factor * power >= value { return factor * power }
            power *= 10
        }
    }
}
