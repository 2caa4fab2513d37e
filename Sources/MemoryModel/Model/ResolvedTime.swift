/// A relative time expression of a memory ("yesterday", "last Friday", "two weeks ago") and the
/// days it means, resolved against when the memory was said. docs/TIME.md lists what is resolved.
package struct ResolvedTime: Codable, Sendable, Equatable {
    /// How precise the expression is.
    package enum Granularity: String, Codable, Sendable {
        case day, weekend, week, month, year
    }

    /// The expression as written.
    package let phrase: String
    /// Where it is in the memory's text: UTF-8 byte offsets.
    package let start: Int
    package let end: Int
    /// The first and last day it means (the same day for a day).
    package let firstDay: CalendarDay
    package let lastDay: CalendarDay
    package let granularity: Granularity
    /// "since …": the expression says how long something has gone on ("for a month now"), and
    /// the days are when it began.
    package let isStart: Bool

    package init(
        phrase: String, start: Int, end: Int, firstDay: CalendarDay, lastDay: CalendarDay, granularity: Granularity,
        isStart: Bool = false
    ) {
        self.phrase = phrase
        self.start = start
        self.end = end
        self.firstDay = firstDay
        self.lastDay = lastDay
        self.granularity = granularity
        self.isStart = isStart
    }

    /// What recall and `show` print after the expression: "16 March 2022", "the week of 7 March
    /// 2022", "March 2022", "since 2021".
    package var shown: String {
        let when =
            switch granularity {
            case .day: firstDay.spoken
            case .weekend: "the weekend of \(firstDay.spoken)"
            case .week: "the week of \(firstDay.spoken)"
            case .month: "\(CalendarDay.monthNames[firstDay.month - 1]) \(firstDay.year)"
            case .year: "\(firstDay.year)"
            }
        return isStart ? "since \(when)" : when
    }

    /// The words recall's index holds for it: day, month, year and weekday of its first day (and
    /// of its last, for a weekend or a week), as far as it is precise.
    package var indexWords: String {
        func words(_ day: CalendarDay) -> String {
            "\(day.day) \(CalendarDay.monthNames[day.month - 1].lowercased()) \(day.year) "
                + CalendarDay.weekdayNames[day.weekday - 1].lowercased()
        }
        return switch granularity {
        case .day: words(firstDay)
        case .weekend, .week: words(firstDay) + " " + words(lastDay)
        case .month: "\(CalendarDay.monthNames[firstDay.month - 1].lowercased()) \(firstDay.year)"
        case .year: "\(firstDay.year)"
        }
    }
}
