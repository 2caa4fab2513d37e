import MemoryModel

/// Dates and times: "March 14, 1990", "14th of March", "next Tuesday", "2024-03-14", "in 2019",
/// "three weeks ago", "Christmas"; "3pm", "15:30", "10 a.m.", "noon", "this morning", "two hours".
extension Scan {
    package mutating func findDatesAndTimes() {
        var index = 0
        while index < count {
            guard !claimed[index], self[index].isWord else {
                index += 1
                continue
            }
            let time = matchTime(at: index)
            let date = matchDate(at: index)
            if let best = [time, date].compactMap({ $0 }).max(by: { $0.end < $1.end }), isFree(index..<best.end) {
                add(index..<best.end, best.kind, key: best.key)
                index = best.end
            } else {
                index += 1
            }
        }
    }

    package typealias Match = (end: Int, kind: EntityKind, key: String?)

    // MARK: - Dates

    private func matchDate(at index: Int) -> Match? {
        let first = word(index)
        if Self.dateModifiers.contains(first) {
            let next = word(index + 1)
            if Self.weekdays[next] != nil || Self.dateUnits.contains(next) || Self.seasons.contains(next) {
                return (index + 2, .date, nil)
            }
            if let month = month(at: index + 1, afterPreposition: true) { return (month.end, .date, month.key) }
            return nil
        }
        if Self.weekdays[first] != nil {
            if word(index + 1) == ",", let month = month(at: index + 2, afterPreposition: true), month.hasDay {
                return (month.end, .date, month.key)
            }
            return (index + 1, .date, nil)
        }
        if let month = month(at: index, afterPreposition: Self.datePrepositions.contains(word(index - 1))) {
            return (month.end, .date, month.key)
        }
        if let day = Self.day(first) {
            // "14 March", "14th of March 2024", "the 14th of March"
            var next = index + 1
            if word(next) == "of" { next += 1 }
            if let monthNumber = Self.months[word(next)], !claimed[next] {
                var end = next + 1
                if word(end) == ".", !Self.monthNames.contains(word(next)) { end += 1 }
                var key = String(format2: monthNumber) + "-" + String(format2: day)
                if let year = Self.year(word(end)) {
                    end += 1
                    key = "\(year)-" + key
                } else {
                    key = "--" + key
                }
                return (end, .date, key)
            }
        }
        if self[index].shape == .number, let key = Self.numericDate(first) { return (index + 1, .date, key) }
        if let year = Self.year(first), isStandaloneYear(at: index) { return (index + 1, .date, String(year)) }
        if Self.isDecade(first) { return (index + 1, .date, nil) }
        if Self.relativeDays.contains(first) { return (index + 1, .date, nil) }
        if first == "the", word(index + 1) == "day", ["after", "before"].contains(word(index + 2)),
            ["tomorrow", "yesterday"].contains(word(index + 3))
        {
            return (index + 4, .date, nil)
        }
        if first == "the", word(index + 1) == "weekend" { return (index + 2, .date, nil) }
        if Self.isCount(first) || (first == "a" || first == "few" || first == "several"), Self.dateUnits.contains(word(index + 1)) {
            if word(index + 2) == "ago" { return (index + 3, .date, nil) }
            if first != "a" && first != "few" && first != "several" { return (index + 2, .date, nil) }
        }
        if let holiday = holiday(at: index) { return (holiday, .date, nil) }
        return nil
    }

    /// "March", "March 14", "March 14, 1990", "Mar. 2024": the month and what follows it. A
    /// month that is also a word ("may", "march") must be followed by a day or a year, or come
    /// after a preposition ("in May"); in ordinary text it must also be capitalised.
    private func month(at index: Int, afterPreposition: Bool) -> (end: Int, key: String, hasDay: Bool)? {
        guard index < count, !claimed[index], let number = Self.months[word(index)] else { return nil }
        let name = word(index)
        var end = index + 1
        if word(end) == ".", self[end].start == self[index].end, !Self.monthNames.contains(name) { end += 1 }
        let day = Self.day(word(end))
        let yearAfterDay = day != nil ? Self.year(word(end + 1)) ?? (word(end + 1) == "," ? Self.year(word(end + 2)) : nil) : nil
        let year = day == nil ? Self.year(word(end)) : yearAfterDay
        let isWord = Self.ambiguousMonths.contains(name)
        if isWord {
            guard day != nil || year != nil || afterPreposition else { return nil }
            if casing == .mixed && self[index].shape != .capitalized { return nil }
        }
        let monthKey = String(format2: number)
        if let day {
            end += 1
            if let year = yearAfterDay {
                end += word(end) == "," ? 2 : 1
                return (end, "\(year)-\(monthKey)-" + String(format2: day), true)
            }
            return (end, "--\(monthKey)-" + String(format2: day), true)
        }
        if let year {
            return (end + 1, "\(year)-\(monthKey)", false)
        }
        return (end, name.count > 4 ? name : Self.monthNames[number - 1], false)
    }

    /// A four-digit year on its own: after "in", "since", … or before punctuation or the end,
    /// and not a count of something ("2000 photos").
    private func isStandaloneYear(at index: Int) -> Bool {
        if Self.datePrepositions.contains(word(index - 1)) { return true }
        if index > 0, self[index - 1].shape == .symbol, Self.currencySymbols.contains(word(index - 1)) { return false }
        return index + 1 >= count || self[index + 1].shape == .symbol
    }

    private func holiday(at index: Int) -> Int? {
        let first = word(index)
        if Self.holidays.contains(first) {
            return ["eve", "day"].contains(word(index + 1)) ? index + 2 : index + 1
        }
        if first == "new", word(index + 1) == "year" {
            return ["eve", "day"].contains(word(index + 2)) ? index + 3 : (self[index + 1].possessive ? nil : index + 2)
        }
        if ["valentine", "mother", "father", "labor", "labour", "independence", "memorial", "boxing"].contains(first),
            word(index + 1) == "day", casing == .uninformative || self[index].shape == .capitalized
        {
            return index + 2
        }
        return nil
    }

    // MARK: - Times

    private func matchTime(at index: Int) -> Match? {
        let first = word(index)
        if self[index].shape == .number {
            if Self.isClockTime(first) { return (index + 1, .time, nil) }
            if let hour = Int(first), (0...24).contains(hour) || Self.isHourMinute(first) {
                if Self.meridiems.contains(word(index + 1)) { return (index + 2, .time, nil) }
                if word(index + 1) == "o'clock" { return (index + 2, .time, nil) }
            }
            if Self.isHourMinute(first), Self.meridiems.contains(word(index + 1)) { return (index + 2, .time, nil) }
            if Self.isHourMinute(first) { return (index + 1, .time, nil) }
        }
        // Capitalised inside a sentence, these are part of a name ("The Midnight Library").
        if ["noon", "midnight", "tonight", "midday"].contains(first),
            casing == .uninformative || self[index].shape == .lower || self[index].startsSentence
        {
            return (index + 1, .time, nil)
        }
        if ["this", "tomorrow", "yesterday", "last", "every"].contains(first),
            ["morning", "afternoon", "evening", "night"].contains(word(index + 1))
        {
            if first == "last" && word(index + 1) != "night" { return nil }
            return (index + 2, .time, nil)
        }
        if Self.isCount(first) || first == "an" || (first == "half" && word(index + 1) == "an"),
            Self.timeUnits.contains(word(index + (first == "half" ? 2 : 1)))
        {
            return (index + (first == "half" ? 3 : 2), .time, nil)
        }
        return nil
    }

    /// "3pm", "10am", "3:30pm", "3.30pm".
    private static func isClockTime(_ word: String) -> Bool {
        for suffix in ["am", "pm", "a.m.", "p.m."] where word.hasSuffix(suffix) {
            let number = String(word.dropLast(suffix.count))
            if let hour = Int(number) { return (1...12).contains(hour) }
            return isHourMinute(number)
        }
        return false
    }

    /// "15:30", "3:05", "3.30" (with a colon only, to leave prices alone).
    private static func isHourMinute(_ word: String) -> Bool {
        let parts = word.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, let hour = Int(parts[0]), let minute = Int(parts[1]), parts[1].count == 2 else {
            return false
        }
        return (0...24).contains(hour) && (0...59).contains(minute)
    }

    // MARK: - Words

    /// A day or a decade starts with a digit; most words do not, and need no look at their
    /// suffixes (checking them for every word was 7 % of extraction).
    private static func startsWithDigit(_ word: String) -> Bool {
        guard let first = word.utf8.first else { return false }
        return first >= UInt8(ascii: "0") && first <= UInt8(ascii: "9")
    }

    package static func day(_ word: String) -> Int? {
        guard startsWithDigit(word) else { return nil }
        var digits = Substring(word)
        for suffix in ["st", "nd", "rd", "th"] where digits.hasSuffix(suffix) { digits = digits.dropLast(2) }
        guard digits.count <= 2, let day = Int(digits), (1...31).contains(day) else { return nil }
        return day
    }

    package static func year(_ word: String) -> Int? {
        guard word.utf8.count == 4, let year = Int(word), (1800...2099).contains(year) else { return nil }
        return year
    }

    private static func isDecade(_ word: String) -> Bool {
        guard startsWithDigit(word), word.hasSuffix("s"), let number = Int(word.dropLast()) else { return false }
        return (number % 10 == 0) && ((1800...2090).contains(number) || (number < 100 && word.count == 3))
    }

    /// "2024-03-14", "14/03/2024", "3/14/2024", "14.03.2024" → an ISO key where the order is
    /// clear (year first, or a day above 12), else the text.
    private static func numericDate(_ word: String) -> String? {
        for separator in ["-", "/", "."] as [Character] {
            let parts = word.split(separator: separator, omittingEmptySubsequences: false).map { Int($0) }
            guard parts.count == 3, parts.allSatisfy({ $0 != nil }) else { continue }
            let numbers = parts.map { $0! }
            if word.split(separator: separator)[0].count == 4 {
                guard (1...12).contains(numbers[1]), (1...31).contains(numbers[2]) else { return nil }
                return "\(numbers[0])-" + String(format2: numbers[1]) + "-" + String(format2: numbers[2])
            }
            guard (1...31).contains(numbers[0]), (1...31).contains(numbers[1]), numbers[0] <= 12 || numbers[1] <= 12 else {
                return nil
            }
            let year = numbers[2] < 100 ? 2000 + numbers[2] : numbers[2]
            if numbers[0] > 12 { return "\(year)-" + String(format2: numbers[1]) + "-" + String(format2: numbers[0]) }
            if numbers[1] > 12 { return "\(year)-" + String(format2: numbers[0]) + "-" + String(format2: numbers[1]) }
            return word
        }
        return nil
    }

    private static func isCount(_ word: String) -> Bool {
        numberWords.contains(word) || (Int(word).map { $0 > 0 && $0 < 1000 } ?? false)
    }

    package static let monthNames = [
        "january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
        "november", "december",
    ]
    package static let months: [String: Int] = {
        var months: [String: Int] = [:]
        for (index, name) in monthNames.enumerated() {
            months[name] = index + 1
            months[String(name.prefix(3))] = index + 1
        }
        months["sept"] = 9
        return months
    }()
    /// Month names that are also ordinary words or given names.
    package static let ambiguousMonths: Set<String> = [
        "may", "march", "mar", "june", "jun", "april", "apr", "august", "aug", "jan", "sep", "oct", "nov", "dec", "feb",
        "jul",
    ]
    package static let weekdays: [String: Int] = [
        "monday": 1, "tuesday": 2, "wednesday": 3, "thursday": 4, "friday": 5, "saturday": 6, "sunday": 7,
        "mondays": 1, "tuesdays": 2, "wednesdays": 3, "thursdays": 4, "fridays": 5, "saturdays": 6, "sundays": 7,
    ]
    package static let dateModifiers: Set<String> = ["next", "last", "this", "coming", "past", "every", "early", "late", "mid"]
    package static let dateUnits: Set<String> = [
        "day", "days", "week", "weeks", "weekend", "weekends", "month", "months", "year", "years", "decade", "decades",
        "century", "fortnight",
    ]
    package static let seasons: Set<String> = ["spring", "summer", "autumn", "fall", "winter"]
    package static let timeUnits: Set<String> = ["hour", "hours", "minute", "minutes", "min", "mins", "second", "seconds"]
    package static let datePrepositions: Set<String> = [
        "in", "since", "until", "till", "by", "of", "from", "to", "before", "after", "during", "around", "early", "late",
        "mid", "on", "through", "throughout",
    ]
    package static let relativeDays: Set<String> = ["today", "tomorrow", "yesterday", "tmrw", "tomorow"]
    package static let holidays: Set<String> = [
        "christmas", "xmas", "easter", "thanksgiving", "halloween", "hanukkah", "chanukah", "ramadan", "diwali", "eid",
        "passover", "pentecost",
    ]
    package static let meridiems: Set<String> = ["am", "pm", "a.m.", "p.m.", "a.m", "p.m"]
    package static let numberWords: Set<String> = [
        "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve", "fifteen",
        "twenty", "thirty", "forty", "fifty", "sixty", "hundred", "couple",
    ]
}
