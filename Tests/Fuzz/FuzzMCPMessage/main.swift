import Foundation
import FuzzSupport
import MCPProtocol

// One MCP line from the client (`memctl mcp` answers a line that is not UTF-8 before sorting it,
// so only UTF-8 gets here). It sorts into one kind, consistent with its JSON: parse error
// (-32700, null id) exactly when it is not JSON; a request has a string or integer id, and a
// notification none; an invalid message's error response is one line that carries its code and
// id. Written back as JSON, a message sorts the same. The one-pass JSON parser reads what
// JSONDecoder reads (checked on lines with at most 16 brackets and braces: JSONDecoder's time
// grows with the cube of the depth), numbers past 2^53 up to their last unit. JSONDecoder does
// not see a raw NUL after a number, nor what is wrong in the value of a key given twice (it
// never reads that value): there only, the parser may refuse what JSONDecoder takes.

/// The same JSON, but for numbers of 2^53 or more, which may be read a unit or two apart.
func same(_ a: JSONValue, _ b: JSONValue) -> Bool {
    switch (a, b) {
    case (.array(let left), .array(let right)):
        return left.count == right.count && zip(left, right).allSatisfy { same($0, $1) }
    case (.object(let left), .object(let right)):
        return left.keys == right.keys && left.allSatisfy { key, value in right[key].map { same(value, $0) } ?? false }
    default:
        guard a != b, let left = a.doubleValue, let right = b.doubleValue else { return a == b }
        return abs(left) >= 9_007_199_254_740_992 && abs(left - right) <= 2 * max(left.ulp, right.ulp)
    }
}

runFuzzer { bytes in
    guard let line = String(validating: bytes, as: UTF8.self) else { return }
    let message = MCPMessage(line: line)
    let value = try? JSONValue(parsing: Data(line.utf8))
    if line.utf8.contains(0) {
        // A raw NUL is never JSON (RFC 8259); JSONDecoder takes `0\0` for 0, the parser does not.
        precondition(value == nil, "\(line.debugDescription) has a raw NUL but parses as \(String(describing: value))")
    } else if line.utf8.lazy.filter({ $0 == UInt8(ascii: "[") || $0 == UInt8(ascii: "{") }).count <= 16 {
        let reference = try? JSONDecoder().decode(JSONValue.self, from: Data(line.utf8))
        switch (value, reference) {
        case (let value?, let reference?):
            precondition(same(value, reference), "\(line) parses as \(value), JSONDecoder: \(reference)")
        case (nil, let reference?):
            // JSONDecoder never reads the value of a key given twice, so it does not see what is
            // wrong there; anything else it takes, the parser must take too.
            do throws(JSONParser.Failure) {
                _ = try JSONParser.parse(Array(line.utf8))
            } catch {
                precondition(error.inRepeatedKey, "\(line) is refused (\(error)), JSONDecoder: \(reference)")
            }
        case (let value?, nil):
            fatalError("\(line) parses as \(value), JSONDecoder refuses it")
        case (nil, nil):
            break
        }
    }
    switch message {
    case .invalid(let id, let error):
        if value == nil {
            precondition(error.code == -32700 && id == .null, "\(line) is not JSON but gets \(error) to \(id)")
        } else {
            precondition([-32600, -32602].contains(error.code), "\(line) is JSON but gets \(error)")
        }
        switch id {
        case .null, .string, .integer: break
        default: fatalError("\(line) gets an error to id \(id)")
        }
        let response = error.response(to: id).line
        precondition(!response.contains("\n"), "the error response to \(line) is more than one line")
        guard let parsed = try? JSONValue(parsing: Data(response.utf8)) else {
            fatalError("the error response to \(line) is not JSON: \(response)")
        }
        precondition(
            parsed["jsonrpc"] == "2.0" && parsed["id"] == id && parsed["error"]?["code"] == .integer(Int64(error.code))
                && parsed["error"]?["message"] == .string(error.message),
            "the error response to \(line) is \(response)")
    case .request(let id, let method, _):
        switch id {
        case .string, .integer: break
        default: fatalError("\(line) is a request with id \(id)")
        }
        precondition(value?["jsonrpc"] == "2.0" && value?["id"] == id, "\(line) is a request without its id")
        precondition(value?["method"] == .string(method), "\(line) is a request for \(method)")
    case .notification(let method, _):
        precondition(value?["id"] == nil, "\(line) has an id but is a notification")
        precondition(value?["method"] == .string(method), "\(line) is a notification of \(method)")
    case .response:
        precondition(value?["method"] == nil, "\(line) has a method but is a response")
        precondition(value?["result"] != nil || value?["error"] != nil, "\(line) is a response without a result")
    }
    if let value {
        let again = MCPMessage(line: value.line)
        precondition(again == message, "\(line) → \(value.line) sorts as \(again), not \(message)")
    }
}
