/// A value of a configuration file, JSON or TOML: what the editors compare and write.
///
/// A table keeps its keys in order, for writing; two tables are equal when they hold the same
/// keys with equal values, in any order, as a program reading the file sees them.
package indirect enum ConfigValue: Sendable, Equatable {
    case string(String)
    case integer(Int64)
    case float(Double)
    case bool(Bool)
    /// JSON's null (TOML has none).
    case null
    /// A TOML date, time or date-time, as written.
    case dateTime(String)
    case array([ConfigValue])
    case table([(key: String, value: ConfigValue)])

    /// The value of `key` in a table (the last one, as JSON.parse reads a key given twice).
    package subscript(key: String) -> ConfigValue? {
        guard case .table(let members) = self else { return nil }
        return members.last { $0.key == key }?.value
    }

    /// The value at `path` of keys, through tables.
    package subscript(path path: [String]) -> ConfigValue? {
        path.reduce(self) { value, key in value?[key] }
    }

    package var string: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    package var bool: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    package var array: [ConfigValue]? {
        if case .array(let elements) = self { return elements }
        return nil
    }

    package var isTable: Bool {
        if case .table = self { return true }
        return false
    }

    package static func == (left: ConfigValue, right: ConfigValue) -> Bool {
        switch (left, right) {
        case (.string(let a), .string(let b)): return a == b
        case (.integer(let a), .integer(let b)): return a == b
        case (.float(let a), .float(let b)): return a == b || (a.isNaN && b.isNaN)
        case (.bool(let a), .bool(let b)): return a == b
        case (.null, .null): return true
        case (.dateTime(let a), .dateTime(let b)): return a == b
        case (.array(let a), .array(let b)): return a == b
        case (.table(let a), .table(let b)):
            let keys = Set(a.map(\.key))
            return keys == Set(b.map(\.key)) && keys.allSatisfy { left[$0] == right[$0] }
        default: return false
        }
    }
}
