import FoundationEssentials
import MCPProtocol
import Synchronization
import SystemSupport

#if canImport(Glibc)
    import Glibc
#endif

/// Standard output as the MCP transport: each message is one line written by one write(2),
/// under a lock, so the responses and notifications of concurrent tool calls never interleave.
package final class MCPOutput: Sendable {
    private let descriptor: Int32
    /// Set once a write fails (the client closed its end): later messages are dropped.
    private let gone = Mutex(false)

    package init(descriptor: Int32 = STDOUT_FILENO) {
        self.descriptor = descriptor
    }

    func send(_ message: JSONValue) {
        let bytes = Array((message.line + "\n").utf8)
        gone.withLock { gone in
            guard !gone else { return }
            var offset = 0
            while offset < bytes.count {
                // A pipe takes a whole message in one write unless it is larger than the pipe's
                // buffer; the loop only finishes such a partial write.
                let written = retryingInterrupts {
                    bytes.withUnsafeBytes { write(descriptor, $0.baseAddress! + offset, bytes.count - offset) }
                }
                if written < 0 {
                    gone = true
                    return
                }
                offset += written
            }
        }
    }

    /// A response to request `id`.
    func respond(to id: JSONValue, result: JSONValue) {
        send(["jsonrpc": "2.0", "id": id, "result": result])
    }

    /// An error response; `id` is null when the request's id could not be read.
    func respond(to id: JSONValue, error: JSONRPCError) {
        send(error.response(to: id))
    }

    func notify(_ method: String, _ params: JSONValue) {
        send(["jsonrpc": "2.0", "method": .string(method), "params": params])
    }
}
