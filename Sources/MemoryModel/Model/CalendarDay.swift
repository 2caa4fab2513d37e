/// A day of the proleptic Gregorian calendar, in UTC: what recall shows of a time ("16 March
/// 2022") and what a relative time expression ("yesterday", "last Tuesday") resolves to.
package struct CalendarDay: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    /// Days since 1970-01-01.
    package let daysSince1970: Int64

    package init(daysSince1970: Int64) { self.daysSince1970 = daysSince1970 }

    /// Nil for an impossible date (30 February).
    package init?(year: Int, month: Int, day: Int) {
        guard (1...12).contains(month), day >= 1, day <= Self.length(ofMonth: month, in: year) else { return nil }
        daysSince1970 = MemoryModel.daysSince1970(year: Int64(year), month: Int64(month), day: Int64(day))
    }

    /// `2022-03-16`; nil for anything else.
    package init?(iso text: some StringProtocol) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2])
        else { return nil }
        self.init(year: year, month: month, day: day)
    }

    package init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let day = CalendarDay(iso: text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "not a day: \(text)"))
        }
        self = day
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }

    /// The day a time falls on, in UTC.
    package init(_ time: Timestamp) {
        daysSince1970 = floorDivide(time.millisecondsSince1970, 86_400_000).quotient
    }

    package var year: Int { Int(civilDate(fromDaysSince1970: daysSince1970).year) }
    package var month: Int { Int(civilDate(fromDaysSince1970: daysSince1970).month) }
    package var day: Int { Int(civilDate(fromDaysSince1970: daysSince1970).day) }
    /// 1 Monday … 7 Sunday (ISO 8601).
    package var weekday: Int { Int(floorDivide(daysSince1970 + 3, 7).remainder) + 1 }

    /// Midnight at the start of the day, UTC.
    package var start: Timestamp { Timestamp(millisecondsSince1970: daysSince1970 * 86_400_000) }

    package func adding(days: Int) -> CalendarDay { CalendarDay(daysSince1970: daysSince1970 + Int64(days)) }

    /// The same day of the month `months` later (or earlier), or the month's last day when it has
    /// fewer days ("a month before 31 March" is 28 or 29 February).
    package func adding(months: Int) -> CalendarDay {
        let index = year * 12 + (month - 1) + months
        let (newYear, newMonth) = (Int(floorDivide(Int64(index), 12).quotient), Int(floorDivide(Int64(index), 12).remainder) + 1)
        return CalendarDay(year: newYear, month: newMonth, day: min(day, Self.length(ofMonth: newMonth, in: newYear)))!
    }

    package static func < (lhs: CalendarDay, rhs: CalendarDay) -> Bool { lhs.daysSince1970 < rhs.daysSince1970 }

    /// `2022-03-16`.
    package var description: String {
        func padded(_ value: Int, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return "\(padded(year, 4))-\(padded(month, 2))-\(padded(day, 2))"
    }

    /// `16 March 2022`: the form recall shows, in words an assistant (and a reader) takes in at
    /// a glance.
    package var spoken: String { "\(day) \(Self.monthNames[month - 1]) \(year)" }

    package static let monthNames = [
        "January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November",
        "December",
    ]

    package static let weekdayNames = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]

    package static func length(ofMonth month: Int, in year: Int) -> Int {
        Int(daysInMonth(year: Int64(year), month: Int64(month)))
    }
}
