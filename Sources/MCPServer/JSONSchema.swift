import MCPProtocol

/// JSON Schema pieces for the output schemas.
enum JSONSchema {
    static let string: JSONValue = ["type": "string"]
    static let integer: JSONValue = ["type": "integer"]
    static let number: JSONValue = ["type": "number"]
    static let boolean: JSONValue = ["type": "boolean"]

    static func nullable(_ type: String) -> JSONValue { ["type": [.string(type), "null"]] }

    static func array(_ items: JSONValue) -> JSONValue { ["type": "array", "items": items] }

    /// An object with these properties, all present unless `required` says otherwise.
    static func object(_ properties: [String: JSONValue], required: [String]? = nil) -> JSONValue {
        [
            "type": "object", "properties": .object(properties),
            "required": .array((required ?? properties.keys.sorted()).map(JSONValue.string)),
        ]
    }
}
