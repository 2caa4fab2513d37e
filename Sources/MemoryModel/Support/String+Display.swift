extension Double {
    /// This number with `places` digits after the point, as printf's `%.Nf` writes it:
    /// 1.05.fixed(3) → "1.050", 2.0 / 3 .fixed(2) → "0.67". Halves round away from zero.
    package func fixed(_ places: Int) -> String {
        guard isFinite else { return isNaN ? "nan" : self < 0 ? "-inf" : "inf" }
        var scale: Double = 1
        for _ in 0..<places { scale *= 10 }
        let scaled = (abs(self) * scale).rounded(.toNearestOrAwayFromZero)
        guard scaled < 9e15 else { return "\(self)" }
        let digits = String(Int64(scaled))
        let padded = String(repeating: "0", count: max(0, places + 1 - digits.count)) + digits
        let whole = padded.dropLast(places)
        let fraction = padded.suffix(places)
        let sign = self < 0 && scaled > 0 ? "-" : ""
        return sign + whole + (places > 0 ? "." + fraction : "")
    }

    /// Two decimals, for importance, strength and score columns.
    package var twoDecimals: String { fixed(2) }
}

extension String {
    /// A number written with at least two digits: 3 → "03", 12 → "12".
    package init(format2 number: Int) { self = number < 10 ? "0\(number)" : "\(number)" }

    /// Line breaks and tabs as spaces, so that a piece of a memory fits on one line.
    package func replacingLineBreaks() -> String {
        String(unicodeScalars.map { $0 == "\n" || $0 == "\r" || $0 == "\t" ? " " : Character($0) })
    }
}

extension String {
    /// This string as a JSON string literal, quotes included: for output written by hand
    /// where `JSONEncoder` would be the bottleneck (`memctl extract`, `memctl export`, generated
    /// benchmark data). It works on the UTF-8 bytes: only ASCII ones are escaped, and a text
    /// with none to escape is copied whole (escaping scalar by scalar was half of an export's time).
    package var jsonQuoted: String {
        var text = self
        return text.withUTF8 { bytes in
            guard bytes.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) else {
                return "\"" + self + "\""
            }
            let hex = Array("0123456789abcdef".utf8)
            var quoted: [UInt8] = [UInt8(ascii: "\"")]
            quoted.reserveCapacity(bytes.count + 16)
            func escaped(_ byte: UInt8) {
                quoted.append(UInt8(ascii: "\\"))
                quoted.append(byte)
            }
            for byte in bytes {
                switch byte {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"): escaped(byte)
                case UInt8(ascii: "\n"): escaped(UInt8(ascii: "n"))
                case UInt8(ascii: "\r"): escaped(UInt8(ascii: "r"))
                case UInt8(ascii: "\t"): escaped(UInt8(ascii: "t"))
                case ..<0x20:
                    escaped(UInt8(ascii: "u"))
                    quoted.append(contentsOf: [
                        UInt8(ascii: "0"), UInt8(ascii: "0"), hex[Int(byte >> 4)], hex[Int(byte & 0xF)],
                    ])
                default: quoted.append(byte)
                }
            }
            quoted.append(UInt8(ascii: "\""))
            return String(decoding: quoted, as: UTF8.self)
        }
    }
}

extension StringProtocol {
    /// Without white space at either end, "\r" included (the rest of a CRLF line end).
    package var trimmed: String {
        let scalars = String(self).unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })!
        return String(scalars[first...last])
    }
}
