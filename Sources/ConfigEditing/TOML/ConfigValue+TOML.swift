extension ConfigValue {
    /// A key as TOML writes it: bare when it can be, else a basic string.
    package static func tomlKey(_ key: String) -> String {
        !key.isEmpty && key.utf8.allSatisfy(isBareKeyByte) ? key : tomlString(key)
    }

    /// `A-Z a-z 0-9 _ -`: what a bare key is made of.
    static func isBareKeyByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "_"), UInt8(ascii: "-"):
            true
        default: false
        }
    }

    /// A basic string: quotes, backslashes and control characters escaped.
    package static func tomlString(_ text: String) -> String {
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
            case "\u{00}"..."\u{1F}", "\u{7F}":
                let hex = String(scalar.value, radix: 16, uppercase: true)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }

    /// The value as it is written after `key = `: strings quoted, arrays and tables inline.
    /// TOML has no null: none is ever written.
    package var tomlInline: String {
        switch self {
        case .string(let text): Self.tomlString(text)
        case .integer(let number): String(number)
        case .float(let number):
            number.isNaN ? "nan" : number.isInfinite ? (number < 0 ? "-inf" : "inf") : "\(number)"
        case .bool(let flag): flag ? "true" : "false"
        case .dateTime(let text): text
        case .null: preconditionFailure("TOML has no null")
        case .array(let elements): "[" + elements.map(\.tomlInline).joined(separator: ", ") + "]"
        case .table(let members):
            members.isEmpty
                ? "{}"
                : "{ " + members.map { Self.tomlKey($0.key) + " = " + $0.value.tomlInline }.joined(separator: ", ")
                    + " }"
        }
    }

    /// A table as a `[path]` section (or a `[[path]]` element): its plain keys first, then its
    /// tables as `[path.key]` sections and its arrays of tables as `[[path.key]]` elements, with
    /// no blank line between them. Every line ends with `newline`.
    package func tomlSection(at path: [String], isArrayElement: Bool, newline: String = "\n") -> String {
        guard case .table(let members) = self else { preconditionFailure("a TOML section is written from a table") }
        let name = path.tomlKey
        var text = (isArrayElement ? "[[\(name)]]" : "[\(name)]") + newline
        var sections = ""
        for (key, value) in members {
            switch value {
            case .table(let inner) where !inner.isEmpty:
                sections += value.tomlSection(at: path + [key], isArrayElement: false, newline: newline)
            case .array(let elements) where !elements.isEmpty && elements.allSatisfy(\.isTable):
                for element in elements {
                    sections += element.tomlSection(at: path + [key], isArrayElement: true, newline: newline)
                }
            default:
                text += Self.tomlKey(key) + " = " + value.tomlInline + newline
            }
        }
        return text + sections
    }
}
