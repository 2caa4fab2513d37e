import FoundationEssentials
import MCPProtocol

/// One MCP tool: what `tools/list` shows of it, and the code `tools/call` runs.
struct MCPTool: Sendable {
    let name: String
    let title: String
    let description: String
    let parameters: [ToolParameter]
    let outputSchema: JSONValue
    let readOnly: Bool
    let destructive: Bool
    let run: @Sendable (ToolCall) async throws -> ToolResult

    /// The tool as `tools/list` lists it. The input schema is made from `parameters`, the same
    /// list `arguments(from:)` checks calls against, so the two cannot disagree.
    var listing: JSONValue {
        var properties: [String: JSONValue] = [:]
        for parameter in parameters { properties[parameter.name] = parameter.schema }
        var annotations: [String: JSONValue] = [
            "title": .string(title), "readOnlyHint": .bool(readOnly), "openWorldHint": false,
        ]
        if !readOnly { annotations["destructiveHint"] = .bool(destructive) }
        return [
            "name": .string(name), "title": .string(title), "description": .string(description),
            "inputSchema": [
                "type": "object", "properties": .object(properties),
                "required": .array(parameters.filter(\.required).map { .string($0.name) }),
                "additionalProperties": false,
            ],
            "outputSchema": outputSchema,
            "annotations": .object(annotations),
        ]
    }

    /// The call's arguments checked against the input schema's types: a missing required
    /// argument, an unknown one or one of the wrong type is a protocol error (-32602) naming it.
    /// Ranges (limit 0, importance 1.5) are the tool's to refuse, as a tool error a model can fix.
    func arguments(from value: JSONValue?) throws(JSONRPCError) -> ToolArguments {
        let given: [String: JSONValue]
        switch value {
        case nil, .null?: given = [:]
        case .object(let object)?: given = object
        case let other?:
            throw .invalidParams("invalid params: \"arguments\" must be an object, not \(other.typeName)")
        }
        for key in given.keys.sorted() where !parameters.contains(where: { $0.name == key }) {
            let known = parameters.map(\.name).joined(separator: ", ")
            throw .invalidParams("invalid params: \(name) has no argument \"\(key)\" (it takes: \(known))")
        }
        for parameter in parameters {
            guard let argument = given[parameter.name], argument != .null else {
                if parameter.required {
                    throw .invalidParams(
                        "invalid params: \(name) needs \"\(parameter.name)\" (\(parameter.type.rawValue))")
                }
                continue
            }
            guard parameter.type.accepts(argument) else {
                throw .invalidParams(
                    "invalid params: \"\(parameter.name)\" must be \(parameter.type.withArticle), not \(argument.typeName)"
                )
            }
        }
        return ToolArguments(values: given.filter { $0.value != .null })
    }
}

/// One argument of a tool.
struct ToolParameter: Sendable {
    enum Kind: String, Sendable {
        case string, integer, number, boolean

        func accepts(_ value: JSONValue) -> Bool {
            switch self {
            case .string: value.stringValue != nil
            case .integer: value.integerValue != nil
            case .number: value.doubleValue != nil
            case .boolean: value.boolValue != nil
            }
        }

        var withArticle: String { self == .integer ? "an integer" : "a \(rawValue)" }
    }

    let name: String
    let type: Kind
    let description: String
    var required = false
    /// More JSON Schema keywords: minimum, maximum, default, format.
    var constraints: [String: JSONValue] = [:]

    var schema: JSONValue {
        var schema = constraints
        schema["type"] = .string(type.rawValue)
        schema["description"] = .string(description)
        return .object(schema)
    }
}
