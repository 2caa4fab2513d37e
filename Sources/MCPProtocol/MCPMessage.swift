import FoundationEssentials

/// One line from the client, sorted out: what the server must answer, act on, or ignore.
package enum MCPMessage: Equatable {
    case request(id: JSONValue, method: String, params: [String: JSONValue])
    case notification(method: String, params: [String: JSONValue])
    /// A response to something the server sent; this server sends no requests, so it is ignored.
    case response
    /// Not a message: answered with this error, to `id` when it could be read, else null.
    case invalid(id: JSONValue, JSONRPCError)

    package init(line: String) {
        guard let value = try? JSONValue(parsing: Data(line.utf8)) else {
            self = .invalid(id: .null, .parseError("parse error: the line is not valid JSON"))
            return
        }
        self = Self.classify(value)
    }

    private static func classify(_ value: JSONValue) -> MCPMessage {
        guard case .object(let fields) = value else {
            let what =
                if case .array = value { "a batch (JSON array); send one message per line" } else {
                    "not a JSON object"
                }
            return .invalid(id: .null, .invalidRequest("invalid request: the message is \(what)"))
        }
        // An id the server could not echo is reported with a null id.
        let id: JSONValue? =
            switch fields["id"] {
            case .string?, .integer?: fields["id"]
            case nil: nil
            default: .null
            }
        guard fields["jsonrpc"] == "2.0" else {
            return .invalid(id: id ?? .null, .invalidRequest("invalid request: \"jsonrpc\" must be \"2.0\""))
        }
        if id == .null {
            return .invalid(id: .null, .invalidRequest("invalid request: \"id\" must be a string or an integer"))
        }
        guard let methodValue = fields["method"] else {
            if fields["result"] != nil || fields["error"] != nil { return .response }
            return .invalid(id: id ?? .null, .invalidRequest("invalid request: no \"method\""))
        }
        guard let method = methodValue.stringValue else {
            return .invalid(id: id ?? .null, .invalidRequest("invalid request: \"method\" must be a string"))
        }
        let params: [String: JSONValue]
        switch fields["params"] {
        case nil, .null?: params = [:]
        case .object(let object)?: params = object
        default:
            return .invalid(id: id ?? .null, .invalidParams("invalid params: \"params\" must be an object"))
        }
        guard let id else { return .notification(method: method, params: params) }
        return .request(id: id, method: method, params: params)
    }
}
