/// A JSON-RPC error: the request could not be handled at all (as opposed to a tool that ran and
/// failed, which is a normal result with `isError`).
package struct JSONRPCError: Error, Equatable, CustomStringConvertible {
    package let code: Int
    package let message: String

    package static func parseError(_ message: String) -> JSONRPCError { JSONRPCError(code: -32700, message: message) }
    package static func invalidRequest(_ message: String) -> JSONRPCError {
        JSONRPCError(code: -32600, message: message)
    }
    package static func methodNotFound(_ method: String) -> JSONRPCError {
        JSONRPCError(code: -32601, message: "method not found: \(method)")
    }
    package static func invalidParams(_ message: String) -> JSONRPCError {
        JSONRPCError(code: -32602, message: message)
    }

    package var description: String { "\(code): \(message)" }

    /// The error response to request `id` (null when the request's id could not be read).
    package func response(to id: JSONValue) -> JSONValue {
        ["jsonrpc": "2.0", "id": id, "error": ["code": .integer(Int64(code)), "message": .string(message)]]
    }
}
