/// A JSON-RPC error: the request could not be handled at all (as opposed to a tool that ran and
/// failed, which is a normal result with `isError`).
struct JSONRPCError: Error, Equatable, CustomStringConvertible {
    let code: Int
    let message: String

    static func parseError(_ message: String) -> JSONRPCError { JSONRPCError(code: -32700, message: message) }
    static func invalidRequest(_ message: String) -> JSONRPCError { JSONRPCError(code: -32600, message: message) }
    static func methodNotFound(_ method: String) -> JSONRPCError {
        JSONRPCError(code: -32601, message: "method not found: \(method)")
    }
    static func invalidParams(_ message: String) -> JSONRPCError { JSONRPCError(code: -32602, message: message) }

    var description: String { "\(code): \(message)" }
}
