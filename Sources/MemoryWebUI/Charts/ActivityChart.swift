import MemoryModel
import MemoryStorage

/// The overview's bar chart, drawn here as SVG: one bar per day, stacked consolidated, pending,
/// forgotten from the bottom; a day's numbers are in its tooltip.
struct ActivityChart {
    let days: [DailyMemoryCounts]

    static let width = 960.0
    static let height = 220.0
    static let left = 44.0
    static let bottom = 26.0
    static let top = 10.0

    var svg: String {
        let plotWidth = Self.width - Self.left - 8
        let plotHeight = Self.height - Self.bottom - Self.top
        let maximum = Self.roundedUp(days.map(\.total).max() ?? 0)
        let slot = plotWidth / Double(max(1, days.count))
        let barWidth = max(1, slot * 0.78)
        var svg =
            "<div class=\"chart\"><svg viewBox=\"0 0 \(Int(Self.width)) \(Int(Self.height))\" role=\"img\" "
            + "aria-label=\"Memories said per day\">"
        for step in 0...2 {
            let value = maximum * step / 2
            let y = Self.top + plotHeight - plotHeight * Double(step) / 2
            svg +=
                "<line class=\"axis\" x1=\"\(Self.left)\" x2=\"\(Self.width - 8)\" y1=\"\(y.fixed(1))\" y2=\"\(y.fixed(1))\"/>"
            svg += "<text x=\"\(Self.left - 6)\" y=\"\((y + 4).fixed(1))\" text-anchor=\"end\">\(value)</text>"
        }
        for (index, day) in days.enumerated() {
            let x = Self.left + slot * Double(index) + (slot - barWidth) / 2
            var y = Self.top + plotHeight
            svg += "<g><title>\(HTML.escaped(Self.tooltip(day)))</title>"
            for (count, kind) in [
                (day.consolidated, "consolidated"), (day.pending, "pending"), (day.forgotten, "forgotten"),
            ]
            where count > 0 && maximum > 0 {
                let height = plotHeight * Double(count) / Double(maximum)
                y -= height
                svg +=
                    "<rect class=\"bar \(kind)\" x=\"\(x.fixed(1))\" y=\"\(y.fixed(1))\" width=\"\(barWidth.fixed(1))\" "
                    + "height=\"\(max(0.5, height).fixed(1))\"/>"
            }
            svg += "</g>"
            // A label under each Monday.
            if day.day.weekday == 1 {
                let label = "\(day.day.day) \(CalendarDay.monthNames[day.day.month - 1].prefix(3))"
                svg +=
                    "<text x=\"\((x + barWidth / 2).fixed(1))\" y=\"\(Self.height - 8)\" text-anchor=\"middle\">"
                    + "\(label)</text>"
            }
        }
        return svg + "</svg></div>"
    }

    static func tooltip(_ day: DailyMemoryCounts) -> String {
        "\(day.day.spoken): \(day.total) said — \(day.consolidated) consolidated, \(day.pending) pending, "
            + "\(day.forgotten) forgotten"
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
