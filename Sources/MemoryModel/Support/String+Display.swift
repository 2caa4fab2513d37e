extension String {
    /// A number written with at least two digits: 3 → "03", 12 → "12".
    package init(format2 number: Int) { self = number < 10 ? "0\(number)" : "\(number)" }

    /// Line breaks and tabs as spaces, so that a piece of a memory fits on one line.
    public func replacingLineBreaks() -> String {
        String(unicodeScalars.map { $0 == "\n" || $0 == "\r" || $0 == "\t" ? " " : Character($0) })
    }
}

extension String {
    /// This string as a JSON string literal, quotes included: for output written by hand
    /// where `JSONEncoder` would be the bottleneck (`memctl extract`, generated benchmark data).
    public var jsonQuoted: String {
        var result = "\""
        for scalar in unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
