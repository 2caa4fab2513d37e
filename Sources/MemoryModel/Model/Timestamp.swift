import FoundationEssentials

/// An instant with millisecond precision, stored in the DB as fixed-width ISO-8601 UTC text
/// (`2026-11-02T09:30:00.000Z`), which sorts correctly as text and which SQLite's date
/// functions read.
package struct Timestamp: Hashable, Comparable, Sendable, CustomStringConvertible {
    package let millisecondsSince1970: Int64

    package init(millisecondsSince1970: Int64) {
        self.millisecondsSince1970 = millisecondsSince1970
    }

    package init(_ date: Date) {
        self.init(millisecondsSince1970: Int64((date.timeIntervalSince1970 * 1000).rounded(.down)))
    }

    package static var now: Timestamp { Timestamp(Date()) }

    package var date: Date { Date(timeIntervalSince1970: Double(millisecondsSince1970) / 1000) }

    package static func < (lhs: Timestamp, rhs: Timestamp) -> Bool {
        lhs.millisecondsSince1970 < rhs.millisecondsSince1970
    }

    package var description: String { iso8601 }

    /// Earliest and latest instants the stored form can hold (years 0000 through 9999).
    package static let range = Timestamp(millisecondsSince1970: -62_167_219_200_000)...Timestamp(
        millisecondsSince1970: 253_402_300_799_999)
}

// MARK: - Formatting

extension Timestamp {
    /// The stored form: `YYYY-MM-DDTHH:MM:SS.mmmZ`, always 24 characters.
    package var iso8601: String {
        let clamped = min(max(self, Self.range.lowerBound), Self.range.upperBound).millisecondsSince1970
        let (days, msOfDay) = floorDivide(clamped, 86_400_000)
        let (year, month, day) = civilDate(fromDaysSince1970: days)
        let hour = msOfDay / 3_600_000
        let minute = msOfDay / 60_000 % 60
        let second = msOfDay / 1000 % 60
        let millisecond = msOfDay % 1000
        var bytes = [UInt8](repeating: 0, count: 24)
        func put(_ value: Int64, _ width: Int, at offset: Int) {
            var value = value
            for position in stride(from: offset + width - 1, through: offset, by: -1) {
                bytes[position] = UInt8(truncatingIfNeeded: 48 + value % 10)
                value /= 10
            }
        }
        put(year, 4, at: 0)
        bytes[4] = UInt8(ascii: "-")
        put(month, 2, at: 5)
        bytes[7] = UInt8(ascii: "-")
        put(day, 2, at: 8)
        bytes[10] = UInt8(ascii: "T")
        put(hour, 2, at: 11)
        bytes[13] = UInt8(ascii: ":")
        put(minute, 2, at: 14)
        bytes[16] = UInt8(ascii: ":")
        put(second, 2, at: 17)
        bytes[19] = UInt8(ascii: ".")
        put(millisecond, 3, at: 20)
        bytes[23] = UInt8(ascii: "Z")
        return String(decoding: bytes, as: UTF8.self)
    }
}

// MARK: - Parsing

extension Timestamp {
    /// Parses ISO-8601 / RFC 3339 text: `2026-11-02`, `2026-11-02T09:30`, `2026-11-02T09:30:00Z`,
    /// `2026-11-02 09:30:00.123+01:00`, `…-0530`. A time without a zone is taken as UTC.
    /// Returns nil for anything else, including impossible dates such as `2026-02-30`.
    package init?(iso8601 text: some StringProtocol) {
        let parsed =
            text.utf8.withContiguousStorageIfAvailable { Timestamp(iso8601UTF8: $0) }
            ?? Array(text.utf8).withUnsafeBufferPointer { Timestamp(iso8601UTF8: $0) }
        guard let parsed else { return nil }
        self = parsed
    }

    /// As `init?(iso8601:)`, from the text's UTF-8 bytes: what a store reads straight from a
    /// row, without making a string of it first.
    package init?(iso8601UTF8 bytes: UnsafeBufferPointer<UInt8>) {
        var count = bytes.count
        while count > 0, bytes[count - 1] == UInt8(ascii: " ") { count -= 1 }
        guard let parsed = Self.parse(UnsafeBufferPointer(rebasing: bytes[0..<count])) else { return nil }
        self = parsed
    }

    private static func parse(_ s: UnsafeBufferPointer<UInt8>) -> Timestamp? {
        var i = 0
        func digits(_ count: Int) -> Int64? {
            guard i + count <= s.count else { return nil }
            var value: Int64 = 0
            for _ in 0..<count {
                let d = s[i] &- 48
                guard d < 10 else { return nil }
                value = value * 10 + Int64(d)
                i += 1
            }
            return value
        }
        func skip(_ byte: UInt8) -> Bool {
            guard i < s.count, s[i] == byte else { return false }
            i += 1
            return true
        }
        guard let year = digits(4), skip(UInt8(ascii: "-")), let month = digits(2), skip(UInt8(ascii: "-")),
            let day = digits(2)
        else { return nil }
        guard (1...12).contains(month), day >= 1, day <= daysInMonth(year: year, month: month) else { return nil }
        var hour: Int64 = 0
        var minute: Int64 = 0
        var second: Int64 = 0
        var millisecond: Int64 = 0
        var offsetMinutes: Int64 = 0
        if i < s.count {
            guard s[i] == UInt8(ascii: "T") || s[i] == UInt8(ascii: "t") || s[i] == UInt8(ascii: " ") else {
                return nil
            }
            i += 1
            guard let h = digits(2), skip(UInt8(ascii: ":")), let m = digits(2) else { return nil }
            hour = h
            minute = m
            if skip(UInt8(ascii: ":")) {
                guard let sec = digits(2) else { return nil }
                second = sec
                if skip(UInt8(ascii: ".")) || skip(UInt8(ascii: ",")) {
                    var scale: Int64 = 100
                    var sawDigit = false
                    while i < s.count, s[i] &- 48 < 10 {
                        millisecond += Int64(s[i] &- 48) * scale
                        scale /= 10
                        sawDigit = true
                        i += 1
                    }
                    guard sawDigit else { return nil }
                }
            }
            guard hour < 24, minute < 60, second < 60 else { return nil }
            if skip(UInt8(ascii: "Z")) || skip(UInt8(ascii: "z")) {
                offsetMinutes = 0
            } else if i < s.count, s[i] == UInt8(ascii: "+") || s[i] == UInt8(ascii: "-") {
                let sign: Int64 = s[i] == UInt8(ascii: "-") ? -1 : 1
                i += 1
                guard let oh = digits(2) else { return nil }
                _ = skip(UInt8(ascii: ":"))
                guard let om = digits(2), oh < 24, om < 60 else { return nil }
                offsetMinutes = sign * (oh * 60 + om)
            }
        }
        guard i == s.count else { return nil }
        let days = daysSince1970(year: year, month: month, day: day)
        let ms = ((days * 24 + hour) * 60 + minute - offsetMinutes) * 60_000 + second * 1000 + millisecond
        let result = Timestamp(millisecondsSince1970: ms)
        return Self.range.contains(result) ? result : nil
    }
}

// MARK: - Calendar arithmetic (proleptic Gregorian, after Howard Hinnant's days_from_civil)

func floorDivide(_ a: Int64, _ b: Int64) -> (quotient: Int64, remainder: Int64) {
    let q = a / b
    let r = a % b
    return r < 0 ? (q - 1, r + b) : (q, r)
}

private func isLeap(_ year: Int64) -> Bool { year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) }

func daysInMonth(year: Int64, month: Int64) -> Int64 {
    switch month {
    case 2: return isLeap(year) ? 29 : 28
    case 4, 6, 9, 11: return 30
    default: return 31
    }
}

func daysSince1970(year: Int64, month: Int64, day: Int64) -> Int64 {
    let y = month <= 2 ? year - 1 : year
    let era = floorDivide(y, 400).quotient
    let yearOfEra = y - era * 400
    let monthIndex = (month + 9) % 12
    let dayOfYear = (153 * monthIndex + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
}

func civilDate(fromDaysSince1970 days: Int64) -> (year: Int64, month: Int64, day: Int64) {
    let z = days + 719_468
    let era = floorDivide(z, 146_097).quotient
    let dayOfEra = z - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let monthIndex = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
    let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
    return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
}

// MARK: - Codable as the stored text

extension Timestamp: Codable {
    package init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let parsed = Timestamp(iso8601: text) else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: "not an ISO-8601 time: \(text)"))
        }
        self = parsed
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(iso8601)
    }
}

extension Timestamp {
    package func adding(_ duration: Duration) -> Timestamp {
        Timestamp(millisecondsSince1970: millisecondsSince1970 + duration.milliseconds)
    }

    package func subtracting(_ duration: Duration) -> Timestamp {
        Timestamp(millisecondsSince1970: millisecondsSince1970 - duration.milliseconds)
    }
}

extension Duration {
    /// Whole milliseconds, for arithmetic with `Timestamp`.
    package var milliseconds: Int64 {
        let (seconds, attoseconds) = components
        return seconds * 1000 + attoseconds / 1_000_000_000_000_000
    }
}
