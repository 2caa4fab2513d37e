extension ConfigValue {
    /// The value as JSON, laid out as `JSON.stringify(value, null, indent)` does: each member
    /// and element on a line of its own, `indentation` deeper than the line the value starts on.
    /// The first line is not indented (the value follows a key or a bracket).
    package func json(indentation: String, lineIndent: String = "", newline: String = "\n") -> String {
        let inner = lineIndent + indentation
        switch self {
        case .array(let elements) where !elements.isEmpty:
            let lines = elements.map { inner + $0.json(indentation: indentation, lineIndent: inner, newline: newline) }
            return "[" + newline + lines.joined(separator: "," + newline) + newline + lineIndent + "]"
        case .table(let members) where !members.isEmpty:
            let lines = members.map {
                inner + Self.jsonString($0.key) + ": "
                    + $0.value.json(indentation: indentation, lineIndent: inner, newline: newline)
            }
            return "{" + newline + lines.joined(separator: "," + newline) + newline + lineIndent + "}"
        default:
            return compactJSON
        }
    }

    /// The value as JSON on one line: `{"a": 1, "b": [true]}`.
    package var compactJSON: String {
        switch self {
        case .string(let text): Self.jsonString(text)
        case .integer(let number): String(number)
        case .float(let number): number.isFinite ? "\(number)" : "null"
        case .bool(let flag): flag ? "true" : "false"
        case .null: "null"
        case .dateTime(let text): Self.jsonString(text)
        case .array(let elements): "[" + elements.map(\.compactJSON).joined(separator: ", ") + "]"
        case .table(let members):
            "{" + members.map { Self.jsonString($0.key) + ": " + $0.value.compactJSON }.joined(separator: ", ") + "}"
        }
    }

    /// A JSON string literal, escaped as `JSON.stringify` escapes it (non-ASCII stays as it is).
    package static func jsonString(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case "\u{08}": result += "\\b"
            case "\u{0C}": result += "\\f"
            case "\u{00}"..."\u{1F}":
                let hex = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
