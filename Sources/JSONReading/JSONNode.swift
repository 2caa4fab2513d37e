/// One JSON value, read whole: what `JSONArrayReader` hands over for each element of an export.
///
/// An object keeps its members in the order of the text, and a key given twice stays twice: the
/// importers read a few known keys (`subscript(key:)` gives the first), and keeping the order
/// costs nothing where a dictionary would cost a hash table per object.
package enum JSONNode: Sendable, Equatable {
    case null
    case bool(Bool)
    case number(Double)
    /// A whole number, read exactly (`JSONPolicy.exactIntegers`).
    case integer(Int64)
    case string(String)
    case array([JSONNode])
    case object([(key: String, value: JSONNode)])

    /// The value of the first member named `key`; nil when this is no object or has no such member.
    package subscript(key: String) -> JSONNode? {
        guard case .object(let members) = self else { return nil }
        for member in members where member.key == key { return member.value }
        return nil
    }

    package var string: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    package var double: Double? {
        switch self {
        case .number(let value): value
        case .integer(let value): Double(value)
        default: nil
        }
    }

    package var bool: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    package var array: [JSONNode]? {
        if case .array(let elements) = self { return elements }
        return nil
    }

    package var object: [(key: String, value: JSONNode)]? {
        if case .object(let members) = self { return members }
        return nil
    }

    package var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    // Written out because tuples are not Equatable: members compare in order, keys and values.
    package static func == (left: JSONNode, right: JSONNode) -> Bool {
        switch (left, right) {
        case (.null, .null): return true
        case (.bool(let a), .bool(let b)): return a == b
        case (.number(let a), .number(let b)): return a == b
        case (.integer(let a), .integer(let b)): return a == b
        case (.string(let a), .string(let b)): return a == b
        case (.array(let a), .array(let b)): return a == b
        case (.object(let a), .object(let b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        default: return false
        }
    }
}
