import MemoryModel

/// Entities recognised by their characters: URLs, e-mail addresses, @handles, #hashtags, money.
extension Scan {
    /// URLs, e-mail addresses, handles and hashtags, found on each run of non-space characters
    /// with surrounding brackets, quotes and sentence punctuation trimmed off.
    package mutating func findPatterns() {
        let scalars = tokens.scalars
        var index = 0
        while index < scalars.count {
            if TextTokens.isWhitespace(scalars[index]) {
                index += 1
                continue
            }
            var end = index
            while end < scalars.count, !TextTokens.isWhitespace(scalars[end]) { end += 1 }
            findPattern(in: index..<end)
            index = end
        }
    }

    private mutating func findPattern(in chunk: Range<Int>) {
        let scalars = tokens.scalars
        var start = chunk.lowerBound
        var end = chunk.upperBound
        while start < end, "([{<\"'“‘".unicodeScalars.contains(scalars[start]) { start += 1 }
        while end > start, ".,;:!?)]}>\"'”’…".unicodeScalars.contains(scalars[end - 1]) { end -= 1 }
        guard end - start >= 2 else { return }
        // Every pattern has one of these: "@" (e-mail, handle), a leading "#" (hashtag), ":"
        // ("http://") or "." ("www.", a bare domain). Most words have none: no strings for them.
        guard scalars[start] == "#" || scalars[start..<end].contains(where: { $0 == "@" || $0 == "." || $0 == ":" })
        else { return }
        let text = tokens.text(from: start, to: end)
        let lower = text.lowercased()
        if lower.hasPrefix("http://") || lower.hasPrefix("https://") || lower.hasPrefix("www.") {
            if lower.count > 8 { claim(start, end, .url) }
        } else if let at = text.firstIndex(of: "@") {
            if at == text.startIndex {
                // "@jonas_codes": letters, digits, "_" (and "." or "@" inside, as on Mastodon).
                var length = 1
                while start + length < end, Self.isHandleScalar(scalars[start + length]) { length += 1 }
                while length > 1, scalars[start + length - 1] == "." { length -= 1 }
                if length >= 2 { claim(start, start + length, .handle) }
            } else if Self.isEmail(text, at: at) {
                claim(start, end, .email)
            }
        } else if scalars[start] == "#", end - start >= 2 {
            var length = 1
            var letters = 0
            while start + length < end, TextTokens.isWordScalar(scalars[start + length]) || scalars[start + length] == "_" {
                if scalars[start + length].properties.isAlphabetic { letters += 1 }
                length += 1
            }
            if letters > 0 { claim(start, start + length, .hashtag) }
        } else if Self.isBareURL(lower) {
            claim(start, end, .url)
        }
    }

    /// Adds the span and claims the tokens it covers.
    private mutating func claim(_ start: Int, _ end: Int, _ kind: EntityKind) {
        addSpan(from: start, to: end, kind)
        for index in 0..<count where self[index].start < end && self[index].end > start { claimed[index] = true }
    }

    private static func isHandleScalar(_ scalar: Unicode.Scalar) -> Bool {
        (scalar.isASCII && (TextTokens.isWordScalar(scalar) || scalar == "_" || scalar == "." || scalar == "@"))
    }

    private static func isEmail(_ text: String, at: String.Index) -> Bool {
        let local = text[..<at]
        let domain = text[text.index(after: at)...]
        guard !local.isEmpty, domain.contains("."), !domain.hasPrefix("."), !domain.hasSuffix("."),
            !domain.contains("@")
        else { return false }
        let allowedLocal = local.unicodeScalars.allSatisfy { $0.isASCII && (TextTokens.isWordScalar($0) || "._%+-".unicodeScalars.contains($0)) }
        let allowedDomain = domain.unicodeScalars.allSatisfy { TextTokens.isWordScalar($0) || $0 == "." || $0 == "-" }
        return allowedLocal && allowedDomain
    }

    /// "example.com/flats/123": a domain with a common top-level domain and a path.
    private static func isBareURL(_ lower: String) -> Bool {
        guard let slash = lower.firstIndex(of: "/") else { return false }
        let host = lower[..<slash]
        guard let dot = host.lastIndex(of: "."), host.first?.isLetter == true else { return false }
        return topLevelDomains.contains(String(host[host.index(after: dot)...]))
    }

    private static let topLevelDomains: Set<String> = [
        "com", "org", "net", "io", "dev", "app", "edu", "gov", "de", "uk", "fr", "nl", "eu", "ai", "co", "me", "ly",
    ]

    // MARK: - Money

    /// "$120", "€1,450", "$5k", "$3 million", "1.450 €", "20 bucks", "USD 100", "30 euros".
    package mutating func findMoney() {
        var index = 0
        while index < count {
            defer { index += 1 }
            guard !claimed[index] else { continue }
            let token = self[index]
            if token.shape == .symbol, Self.currencySymbols.contains(token.lower), index + 1 < count, self[index + 1].shape == .number, !claimed[index + 1]
            {
                var end = index + 2
                if Self.scaleWords.contains(word(end)) { end += 1 }
                add(index..<end, .money)
            } else if token.shape == .allCaps, Self.currencyCodes.contains(token.lower), index + 1 < count,
                self[index + 1].shape == .number, !claimed[index + 1]
            {
                var end = index + 2
                if Self.scaleWords.contains(word(end)) { end += 1 }
                add(index..<end, .money)
            } else if token.shape == .number, Self.isAmount(token.lower) {
                var end = index + 1
                if Self.scaleWords.contains(word(end)) { end += 1 }
                let unit = word(end)
                if end < count, !claimed[end],
                    Self.currencySymbols.contains(unit) || Self.currencyWords.contains(unit)
                        || (Self.currencyCodes.contains(unit) && self[end].shape == .allCaps)
                {
                    add(index..<(end + 1), .money)
                }
            }
        }
    }

    private static func isAmount(_ word: String) -> Bool {
        word.unicodeScalars.allSatisfy { ($0.value >= 0x30 && $0.value <= 0x39) || $0 == "," || $0 == "." || $0 == "k" }
    }

    package static let currencySymbols: Set<String> = ["$", "€", "£", "¥", "₹", "₩", "₽", "₺", "₪", "₦", "฿"]
    package static let currencyCodes: Set<String> = ["usd", "eur", "gbp", "chf", "jpy", "cad", "aud", "inr", "cny", "sek", "nok", "dkk"]
    package static let currencyWords: Set<String> = [
        "dollar", "dollars", "euro", "euros", "pound", "pounds", "bucks", "cents", "cent", "yen", "francs", "rupees",
        "pesos", "quid", "usd", "eur", "gbp", "chf",
    ]
    package static let scaleWords: Set<String> = ["k", "m", "bn", "million", "billion", "thousand", "trillion", "grand"]
}
