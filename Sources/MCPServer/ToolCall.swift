import FoundationEssentials
import MCPProtocol

/// A call's arguments, already checked against the tool's parameter types.
struct ToolArguments: Sendable {
    let values: [String: JSONValue]

    func string(_ name: String) -> String? { values[name]?.stringValue }
    func bool(_ name: String) -> Bool? { values[name]?.boolValue }
    func double(_ name: String) -> Double? { values[name]?.doubleValue }

    /// An integer argument within `range`, `default` when absent; out of range is a tool error.
    func integer(_ name: String, in range: ClosedRange<Int>, default defaultValue: Int) throws(ToolFailure) -> Int {
        guard let value = values[name]?.integerValue else { return defaultValue }
        guard value >= range.lowerBound, value <= range.upperBound else {
            throw ToolFailure("\(name) must be from \(range.lowerBound) to \(range.upperBound), got \(value)")
        }
        return Int(value)
    }

    /// A string argument that must hold more than whitespace.
    func text(_ name: String) throws(ToolFailure) -> String {
        guard let text = string(name), !text.allSatisfy(\.isWhitespace) else { throw ToolFailure("\(name) is empty") }
        return text
    }
}

/// One `tools/call`: the checked arguments and the request's progress token, if it gave one.
struct ToolCall: Sendable {
    let arguments: ToolArguments
    let progressToken: JSONValue?
}

/// What a tool answers: a compact text for the model and people, and the same as JSON
/// matching the tool's output schema.
struct ToolResult: Sendable {
    let text: String
    let structured: JSONValue
    /// What the model should know beside the answer (a peer that could not be read), each a text
    /// item after it: the answer's text stays exactly what was asked for, within its budget.
    var notes: [String] = []

    var json: JSONValue {
        let items = ([text] + notes).map { text -> JSONValue in ["type": "text", "text": .string(text)] }
        return ["content": .array(items), "structuredContent": structured, "isError": false]
    }
}

/// A tool could not do what was asked. The message says what to change; it reaches the model
/// as a result with `isError`, and nothing was changed in the database.
struct ToolFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }

    var json: JSONValue { ["content": [["type": "text", "text": .string(description)]], "isError": true] }
}
