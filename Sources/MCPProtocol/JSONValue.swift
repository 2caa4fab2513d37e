import FoundationEssentials

/// Any JSON value, kept as parsed: what MCP messages, tool arguments and schemas are made of.
/// Integers stay integers, so a request id of `7` is answered with `7`, not `7.0`.
package enum JSONValue: Sendable, Hashable {
    case null
    case bool(Bool)
    case integer(Int64)
    case double(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    package subscript(key: String) -> JSONValue? {
        if case .object(let fields) = self { return fields[key] }
        return nil
    }

    package var stringValue: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    package var boolValue: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    package var objectValue: [String: JSONValue]? {
        if case .object(let fields) = self { return fields }
        return nil
    }

    /// A whole number, including one written as `5.0`.
    package var integerValue: Int64? {
        switch self {
        case .integer(let value): value
        case .double(let value) where value.rounded() == value && abs(value) < 9e15: Int64(value)
        default: nil
        }
    }

    package var doubleValue: Double? {
        switch self {
        case .integer(let value): Double(value)
        case .double(let value): value
        default: nil
        }
    }

    /// The JSON type's name, for messages about a value of the wrong type.
    package var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "boolean"
        case .integer, .double: "number"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        }
    }
}

// MARK: - Coding

extension JSONValue: Codable {
    package init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int64.self) {
            self = .integer(value)
        } else if let value = try? container.decode(Double.self) {
            self = .double(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .integer(let value): try container.encode(value)
        case .double(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }

    /// Parses one JSON text, in one pass (`JSONParser`): decoding a `JSONValue` with
    /// `JSONDecoder` takes time that grows with the cube of the nesting depth.
    package init(parsing data: Data) throws {
        self = try JSONParser.parse(Array(data))
    }

    /// `value` as memctl's --json writes it (snake_case keys, ISO-8601 times), as a JSON value.
    package init(encoding value: some Encodable) throws {
        self = try JSONParser.parse(Array(Self.snakeCaseEncoder.encode(value)))
    }

    /// One line of compact JSON: no newline inside, since a newline ends an MCP message.
    package var line: String {
        // Encoding a JSONValue cannot fail: every case maps onto JSON (non-finite doubles never
        // come from parsing, and the tools produce only finite ones).
        (try? String(decoding: Self.plainEncoder.encode(self), as: UTF8.self)) ?? "null"
    }

    /// Keeps keys as they are: MCP's own are camelCase (`protocolVersion`, `isError`). A key
    /// strategy would rewrite dictionary keys too.
    private static let plainEncoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()

    private static let snakeCaseEncoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()
}

// MARK: - Literals, for schemas and results written in code

extension JSONValue: ExpressibleByStringLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral, ExpressibleByNilLiteral
{
    package init(stringLiteral value: String) { self = .string(value) }
    package init(booleanLiteral value: Bool) { self = .bool(value) }
    package init(integerLiteral value: Int64) { self = .integer(value) }
    package init(floatLiteral value: Double) { self = .double(value) }
    package init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    package init(nilLiteral: ()) { self = .null }

    package init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
}

extension JSONValue {
    package init(_ text: String?) { self = text.map(JSONValue.string) ?? .null }
    package init(_ number: Int) { self = .integer(Int64(number)) }
    package init(_ number: Double) { self = .double(number) }
}
