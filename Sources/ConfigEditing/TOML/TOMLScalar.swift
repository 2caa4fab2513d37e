/// TOML's bare values, read from their text: numbers, dates and times.
enum TOMLScalar {
    /// An integer or a float, or nil when the text is neither.
    static func number(_ token: [UInt8]) -> ConfigValue? {
        let text = String(decoding: token, as: UTF8.self)
        switch text {
        case "inf", "+inf": return .float(.infinity)
        case "-inf": return .float(-.infinity)
        case "nan", "+nan", "-nan": return .float(.nan)
        default: break
        }
        for (prefix, radix, digits) in [("0x", 16, "0123456789abcdefABCDEF"), ("0o", 8, "01234567"), ("0b", 2, "01")]
        where text.hasPrefix(prefix) {
            let body = text.dropFirst(2)
            guard isDigitRun(body, digits: digits), let value = Int64(body.filter { $0 != "_" }, radix: radix) else {
                return nil
            }
            return .integer(value)
        }
        var rest = Substring(text)
        if rest.first == "+" || rest.first == "-" { rest = rest.dropFirst() }
        let exponentStart = rest.firstIndex { $0 == "e" || $0 == "E" }
        let mantissa = rest[..<(exponentStart ?? rest.endIndex)]
        let point = mantissa.firstIndex(of: ".")
        let whole = mantissa[..<(point ?? mantissa.endIndex)]
        // The whole part as a decimal integer: no leading zero.
        guard isDigitRun(whole, digits: "0123456789"), whole == "0" || whole.first != "0" else { return nil }
        if let point, !isDigitRun(mantissa[mantissa.index(after: point)...], digits: "0123456789") { return nil }
        if let exponentStart {
            var exponent = rest[rest.index(after: exponentStart)...]
            if exponent.first == "+" || exponent.first == "-" { exponent = exponent.dropFirst() }
            guard isDigitRun(exponent, digits: "0123456789") else { return nil }
        }
        let plain = text.filter { $0 != "_" }
        if point == nil && exponentStart == nil {
            return Int64(plain).map(ConfigValue.integer)
        }
        return Double(plain).map(ConfigValue.float)
    }

    /// True for text shaped as a decimal integer (one that `number` refused is out of range).
    static func isWholeNumberShape(_ token: [UInt8]) -> Bool {
        var text = Substring(String(decoding: token, as: UTF8.self))
        if text.first == "+" || text.first == "-" { text = text.dropFirst() }
        return isDigitRun(text, digits: "0123456789") && (text == "0" || text.first != "0")
    }

    /// Digits from `digits`, with single underscores between them.
    static func isDigitRun(_ text: Substring, digits: String) -> Bool {
        guard let first = text.first, let last = text.last, first != "_", last != "_" else { return false }
        return !text.contains("__") && text.allSatisfy { $0 == "_" || digits.contains($0) }
    }

    /// An offset date-time, local date-time, local date or local time (RFC 3339, with seconds),
    /// or nil when the text is none of them.
    static func dateTime(_ token: [UInt8]) -> ConfigValue? {
        var index = 0
        func number(_ count: Int) -> Int? {
            guard index + count <= token.count else { return nil }
            var value = 0
            for byte in token[index..<(index + count)] {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            index += count
            return value
        }
        func take(_ character: Character) -> Bool {
            guard index < token.count, Character(Unicode.Scalar(token[index])) == character else { return false }
            index += 1
            return true
        }
        func time() -> Bool {
            guard let hour = number(2), take(":"), let minute = number(2), take(":"), let second = number(2),
                hour < 24, minute < 60, second <= 60
            else { return false }
            if take(".") {
                let start = index
                while index < token.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(token[index]) { index += 1 }
                return index > start
            }
            return true
        }
        let text = ConfigValue.dateTime(String(decoding: token, as: UTF8.self))
        guard token.count >= 8 else { return nil }
        if token[2] == UInt8(ascii: ":") {
            return time() && index == token.count ? text : nil
        }
        guard let year = number(4), take("-"), let month = number(2), take("-"), let day = number(2),
            (1...12).contains(month), day >= 1, day <= daysIn(month: month, year: year)
        else { return nil }
        if index == token.count { return text }
        guard take("T") || take("t") || take(" "), time() else { return nil }
        if index == token.count || take("Z") || take("z") { return index == token.count ? text : nil }
        guard take("+") || take("-"), let hours = number(2), take(":"), let minutes = number(2), hours < 24,
            minutes < 60,
            index == token.count
        else { return nil }
        return text
    }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }
}
