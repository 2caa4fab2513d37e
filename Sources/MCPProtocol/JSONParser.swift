import JSONReading

/// A JSON text read into a `JSONValue` as `JSONDecoder` reads it, by the one JSON reader
/// (`JSONReading`) under `JSONPolicy.jsonDecoder`: RFC 8259, plus a comma before a closing
/// bracket and a leading byte order mark; a half surrogate pair refused; a whole number that fits
/// (also `1.0` or `1e2`) an integer, exactly, any other finite number a double; a key given twice
/// counts with its first value.
///
/// `JSONDecoder` gives the same values, but a `JSONValue` can only learn a value's type from it
/// by trying one type after another, and each failed try costs time that grows with the square of
/// the depth. While `FuzzMCPMessage` ran, its executions slowed as its inputs nested deeper; a line
/// of 1 KB nested 500 deep then took 2 s in a release build of `memctl mcp`, and one line of its
/// 16 MiB limit could have held thousands. This reads each value once. It is stricter than
/// `JSONDecoder` in two places, where that one takes what is not JSON: a raw NUL after a number
/// (`0\0`), and what is wrong in the value of a key given twice, which `JSONDecoder` never reads.
package enum JSONParser {
    /// What is wrong with the text, and where (a byte offset).
    package struct Failure: Error, CustomStringConvertible {
        package let reason: String
        package let offset: Int
        /// In the value of a key given twice, which counts with its first value: JSONDecoder
        /// never reads such a value, so it takes a text this refuses.
        package var inRepeatedKey = false
        package var description: String {
            "\(reason) at byte \(offset)" + (inRepeatedKey ? ", in the value of a key given twice" : "")
        }
    }

    package static func parse(_ bytes: [UInt8]) throws(Failure) -> JSONValue {
        do {
            return value(
                try bytes.withUnsafeBufferPointer { try JSONArrayReader.value(of: $0, name: "", policy: .jsonDecoder) })
        } catch let error as JSONReadError {
            throw Failure(reason: error.reason, offset: error.offset, inRepeatedKey: error.inRepeatedKey)
        } catch {
            throw Failure(reason: "\(error)", offset: 0)
        }
    }

    /// The reader's value as MCP's: an object's first value of a key counts, as with JSONDecoder.
    private static func value(_ node: JSONNode) -> JSONValue {
        switch node {
        case .null: return .null
        case .bool(let value): return .bool(value)
        case .integer(let value): return .integer(value)
        case .number(let value): return .double(value)
        case .string(let value): return .string(value)
        case .array(let elements): return .array(elements.map(value))
        case .object(let members):
            var fields: [String: JSONValue] = [:]
            fields.reserveCapacity(members.count)
            for member in members where fields[member.key] == nil { fields[member.key] = value(member.value) }
            return .object(fields)
        }
    }
}
