import MemoryModel

/// Finds the relative time expressions of a text and resolves them against when it was said:
/// "yesterday" said on 17 March 2022 is 16 March 2022. Pure and deterministic. Only expressions
/// whose meaning is clear are resolved; "recently", "the other day", "on Friday" (past or
/// coming?) and "this Friday" are left alone, since a date never guessed is better than a wrong
/// one. docs/TIME.md has the full list.
package enum TimeResolver {
    /// The resolved expressions of `text`, said at `time`, in the order they appear.
    package static func resolve(_ text: String, at time: Timestamp) -> [ResolvedTime] {
        let words = Self.words(of: text)
        let today = CalendarDay(time)
        var found: [ResolvedTime] = []
        var index = 0
        while index < words.count {
            if let match = match(words, at: index, today: today) {
                let phrase = String(decoding: Array(text.utf8)[words[index].start..<words[match.end - 1].end], as: UTF8.self)
                found.append(
                    ResolvedTime(
                        phrase: phrase, start: words[index].start, end: words[match.end - 1].end, firstDay: match.first,
                        lastDay: match.last, granularity: match.granularity, isStart: match.isStart))
                index = match.end
            } else {
                index += 1
            }
        }
        return found
    }

    /// `text` with what each expression means after it: "yesterday (16 March 2022) I went
    /// bowling". What recall shows.
    package static func annotated(_ text: String, at time: Timestamp) -> String {
        let times = resolve(text, at: time)
        guard !times.isEmpty else { return text }
        var bytes = Array(text.utf8)
        for resolved in times.reversed() {
            bytes.insert(contentsOf: Array(" (\(resolved.shown))".utf8), at: resolved.end)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    // MARK: - Words

    /// A lower-cased word and where it is (UTF-8 byte offsets).
    struct Word {
        let text: String
        let start: Int
        let end: Int
    }

    /// Runs of ASCII letters and digits (and apostrophes inside them), lower-cased.
    static func words(of text: String) -> [Word] {
        var words: [Word] = []
        var current: [UInt8] = []
        var start = 0
        for (offset, byte) in text.utf8.enumerated() {
            let letter = (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x30 && byte <= 0x39)
            let upper = byte >= 0x41 && byte <= 0x5A
            if letter || upper || (byte == 0x27 && !current.isEmpty) {
                if current.isEmpty { start = offset }
                current.append(upper ? byte | 0x20 : byte)
            } else if !current.isEmpty {
                words.append(Word(text: String(decoding: current, as: UTF8.self), start: start, end: offset))
                current.removeAll(keepingCapacity: true)
            }
        }
        if !current.isEmpty {
            words.append(Word(text: String(decoding: current, as: UTF8.self), start: start, end: text.utf8.count))
        }
        return words
    }

    // MARK: - Matching

    private struct Match {
        let end: Int
        let first: CalendarDay
        let last: CalendarDay
        let granularity: ResolvedTime.Granularity
        var isStart = false
    }

    private static func match(_ words: [Word], at index: Int, today: CalendarDay) -> Match? {
        func word(_ offset: Int) -> String? { index + offset < words.count ? words[index + offset].text : nil }
        func day(_ days: Int, through end: Int) -> Match {
            let resolved = today.adding(days: days)
            return Match(end: index + end, first: resolved, last: resolved, granularity: .day)
        }
        let first = words[index].text
        switch first {
        case "yesterday": return day(-1, through: 1)
        case "today", "tonight": return day(0, through: 1)
        case "tomorrow": return day(1, through: 1)
        case "the" where word(1) == "day" && word(2) == "before" && word(3) == "yesterday": return day(-2, through: 4)
        case "the" where word(1) == "day" && word(2) == "after" && word(3) == "tomorrow": return day(2, through: 4)
        case "last" where word(1) == "night": return day(-1, through: 2)
        case "this" where ["morning", "afternoon", "evening"].contains(word(1) ?? ""): return day(0, through: 2)
        case "last", "past", "previous", "next", "coming", "this":
            // "the last week of June", "the next day": an order, not a time.
            if index > 0, words[index - 1].text == "the" { return nil }
            let direction = ["next", "coming"].contains(first) ? 1 : first == "this" ? 0 : -1
            // "this past weekend", "this coming Friday".
            var offset = 1
            var towards = direction
            if first == "this", let second = word(1), ["past", "coming"].contains(second) {
                offset = 2
                towards = second == "past" ? -1 : 1
            }
            return relative(word(offset), direction: towards, today: today, end: index + offset + 1)
        default:
            break
        }
        // "two weeks ago", "a week from now", "a month now", "for two years now". Not "in 3 days":
        // "I read it in 3 days" is as common as "I leave in 3 days".
        let counted = first == "for" ? index + 1 : index
        guard let (count, unitAt) = number(words, at: counted), let unit = unit(words, unitAt) else { return nil }
        let after = unitAt + 1 < words.count ? words[unitAt + 1].text : nil
        if after == "ago" { return shifted(today, by: -count, unit, end: unitAt + 2) }
        if after == "from", unitAt + 2 < words.count, words[unitAt + 2].text == "now" {
            return shifted(today, by: count, unit, end: unitAt + 3)
        }
        // "for a month now", "been two years now"; not "twice a day now".
        if after == "now", first == "for" || (index > 0 && words[index - 1].text == "been") {
            var start = shifted(today, by: -count, unit, end: unitAt + 2)
            start.isStart = true
            return start
        }
        return nil
    }

    /// "last Friday", "next week", "this month", "last weekend".
    private static func relative(_ word: String?, direction: Int, today: CalendarDay, end: Int) -> Match? {
        guard let word else { return nil }
        if let weekday = weekday(word) {
            // Only "last" and "next": "this Friday" may be either side of today.
            guard direction != 0 else { return nil }
            var days = (weekday - today.weekday) * direction
            if days <= 0 { days += 7 }
            let resolved = today.adding(days: days * direction)
            return Match(end: end, first: resolved, last: resolved, granularity: .day)
        }
        switch word {
        case "week":
            let monday = today.adding(days: 1 - today.weekday + 7 * direction)
            return Match(end: end, first: monday, last: monday.adding(days: 6), granularity: .week)
        case "weekend":
            // This weekend is the one of today's week (Monday to Sunday), last weekend the one
            // before; "next weekend" may mean either of the next two, so it is left alone.
            guard direction <= 0 else { return nil }
            let saturday = today.adding(days: 6 - today.weekday + 7 * direction)
            return Match(end: end, first: saturday, last: saturday.adding(days: 1), granularity: .weekend)
        case "month": return shifted(today, by: direction, .month, end: end)
        case "year": return shifted(today, by: direction, .year, end: end)
        default: return nil
        }
    }

    /// Today moved by `count` units: a day for days and weeks, the month or the year for those.
    private static func shifted(_ today: CalendarDay, by count: Int, _ unit: ResolvedTime.Granularity, end: Int) -> Match {
        switch unit {
        case .day, .weekend:
            let day = today.adding(days: count)
            return Match(end: end, first: day, last: day, granularity: .day)
        case .week:
            let day = today.adding(days: 7 * count)
            return Match(end: end, first: day, last: day, granularity: .day)
        case .month:
            let month = CalendarDay(year: today.year, month: today.month, day: 1)!.adding(months: count)
            return Match(
                end: end, first: month, last: month.adding(days: CalendarDay.length(ofMonth: month.month, in: month.year) - 1),
                granularity: .month)
        case .year:
            let year = today.year + count
            return Match(
                end: end, first: CalendarDay(year: year, month: 1, day: 1)!, last: CalendarDay(year: year, month: 12, day: 31)!,
                granularity: .year)
        }
    }

    /// A count and where its unit starts: "3", "two", "a", "an", "a couple of".
    private static func number(_ words: [Word], at index: Int) -> (Int, Int)? {
        guard index < words.count else { return nil }
        let word = words[index].text
        if word == "a" || word == "an" {
            if index + 2 < words.count, words[index + 1].text == "couple", words[index + 2].text == "of" {
                return (2, index + 3)
            }
            return (1, index + 1)
        }
        if let value = Int(word), (1...99).contains(value) { return (value, index + 1) }
        if let value = counts[word] { return (value, index + 1) }
        return nil
    }

    private static func unit(_ words: [Word], _ index: Int) -> ResolvedTime.Granularity? {
        guard index < words.count else { return nil }
        return switch words[index].text {
        case "day", "days": .day
        case "week", "weeks": .week
        case "month", "months": .month
        case "year", "years": .year
        default: nil
        }
    }

    private static let counts = [
        "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10,
        "eleven": 11, "twelve": 12,
    ]

    /// 1 Monday … 7 Sunday, from a weekday's name or its usual abbreviation.
    private static func weekday(_ word: String) -> Int? {
        switch word {
        case "monday", "mon": 1
        case "tuesday", "tue", "tues": 2
        case "wednesday", "wed": 3
        case "thursday", "thu", "thur", "thurs": 4
        case "friday", "fri": 5
        case "saturday", "sat": 6
        case "sunday", "sun": 7
        default: nil
        }
    }
}
