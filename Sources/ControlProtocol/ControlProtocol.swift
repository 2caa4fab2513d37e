import FoundationEssentials
import MemoryModel

/// The control socket's protocol: newline-delimited JSON, one request per line, one or more
/// response lines per request. docs/PROTOCOL.md is the contract.
package enum ControlProtocol {
    package static let version = 1
    /// Longest request line accepted, in bytes (without the newline).
    package static let maximumRequestBytes = 64 * 1024
    /// How long a request line may take to arrive once the client has started it, and how
    /// long an idle connection is kept.
    package static let requestTimeoutSeconds = 10

    package enum Command: String, Codable, Sendable {
        case status, trigger, pause, resume, reload
    }

    /// What a response line is.
    package enum Event: String, Codable, Sendable {
        case status, paused, triggered, accepted, progress, finished, done, reloaded, error
        case couldNotRun = "could_not_run"
    }

    package struct Request: Codable, Sendable, Equatable {
        package var version: Int
        package var command: Command
        /// For `trigger`: which passes (all three when absent), run in cycle order.
        package var passes: [PassKind]?
        /// For `trigger`: stream progress until the passes are done.
        package var wait: Bool?

        package init(command: Command, passes: [PassKind]? = nil, wait: Bool? = nil) {
            version = ControlProtocol.version
            self.command = command
            self.passes = passes
            self.wait = wait
        }
    }

    /// Every response line. `ok` false carries `error`; after a bad request (not a refused
    /// reload) the daemon closes the connection.
    package struct Response: Codable, Sendable {
        package var version = ControlProtocol.version
        package var ok = true
        package var event: Event
        package var error: String?
        package var status: DaemonStatus?
        package var paused: Bool?
        package var passes: [PassKind]?
        package var kind: PassKind?
        package var processed: Int?
        package var total: Int?
        package var pass: PassRecord?
        package var records: [PassRecord]?
        /// For `reloaded`: what a person should know about the new settings (for example, that
        /// a changed database path waits for the next start).
        package var notes: [String]?

        package init(event: Event) { self.event = event }

        package static func failure(_ message: String) -> Response {
            var response = Response(event: .error)
            response.ok = false
            response.error = message
            return response
        }
    }

    /// What `status` answers.
    package struct DaemonStatus: Codable, Sendable, Equatable {
        package let pid: Int32
        package let database: String
        package let startedAt: Timestamp
        package let paused: Bool
        /// Short-term memories no consolidation pass has looked at yet.
        package let pendingMemories: Int
        package let loops: [LoopStatus]
        /// The transcripts memoryd follows; nil when `follow` is off.
        package var follow: FollowStatus?

        package init(
            pid: Int32, database: String, startedAt: Timestamp, pendingMemories: Int, orchestrator: OrchestratorStatus,
            follow: FollowStatus? = nil
        ) {
            self.follow = follow
            self.pid = pid
            self.database = database
            self.startedAt = startedAt
            paused = orchestrator.paused
            self.pendingMemories = pendingMemories
            loops = orchestrator.loops
        }
    }

    package static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()

    package static let decoder: JSONDecoder = {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        return decoder
    }()

    /// One line of JSON, newline included.
    package static func line(_ value: some Encodable) -> String {
        (try? String(decoding: encoder.encode(value), as: UTF8.self)).map { $0 + "\n" } ?? "{}\n"
    }

    package static func decode<T: Decodable>(_ type: T.Type, from line: String) throws -> T {
        try decoder.decode(type, from: Data(line.utf8))
    }

    /// Parses a request line, with a message a person can act on when it is not one.
    ///
    /// The line is parsed once, and both the checks and the request read that one parse: a
    /// second parser could settle a repeated key (`{"version": 2, …, "version": 1}`) the other
    /// way and accept a request the checks never saw.
    package static func request(from line: String) throws(ProtocolError) -> Request {
        let parsed: RequestLine
        do {
            parsed = try JSONDecoder().decode(RequestLine.self, from: Data(line.utf8))
        } catch {
            throw ProtocolError("the request is not JSON")
        }
        guard let fields = parsed.fields else { throw ProtocolError("the request is not a JSON object") }
        guard case .integer(let version) = fields["version"] else {
            throw ProtocolError("the request has no \"version\"")
        }
        guard version == ControlProtocol.version else {
            throw ProtocolError("protocol version \(version) is not supported; this daemon speaks version \(ControlProtocol.version)")
        }
        guard case .string(let name) = fields["command"] else { throw ProtocolError("the request has no \"command\"") }
        guard let command = Command(rawValue: name) else {
            throw ProtocolError("unknown command \"\(name)\"; commands are status, trigger, pause, resume, reload")
        }
        var request = Request(command: command)
        if let passes = fields["passes"] {
            let kinds: [PassKind?] =
                if case .strings(let names) = passes { names.map(PassKind.init(rawValue:)) } else { [nil] }
            guard kinds.allSatisfy({ $0 != nil }) else {
                throw ProtocolError("\"passes\" must be a list of consolidation, extraction, graph")
            }
            request.passes = kinds.compactMap { $0 }
        }
        switch fields["wait"] {
        case nil, .null?: break
        case .bool(let wait)?: request.wait = wait
        default: throw ProtocolError("the request does not match the protocol (\"wait\" is true or false)")
        }
        return request
    }

    /// A request line as JSON: an object's fields, or nil for any other JSON value.
    private struct RequestLine: Decodable {
        let fields: [String: RequestField]?

        init(from decoder: any Decoder) throws {
            fields = try? decoder.singleValueContainer().decode([String: RequestField].self)
        }
    }

    /// One field of a request, as far as the checks need to tell its JSON type.
    private enum RequestField: Decodable {
        case null, bool(Bool), integer(Int), string(String), strings([String]), other

        init(from decoder: any Decoder) throws {
            let value = try decoder.singleValueContainer()
            if value.decodeNil() {
                self = .null
            } else if let bool = try? value.decode(Bool.self) {
                self = .bool(bool)
            } else if let integer = try? value.decode(Int.self) {
                self = .integer(integer)
            } else if let string = try? value.decode(String.self) {
                self = .string(string)
            } else if let strings = try? value.decode([String].self) {
                self = .strings(strings)
            } else {
                self = .other
            }
        }
    }
}

package struct ProtocolError: Error, CustomStringConvertible, Sendable, Equatable {
    package let description: String
    package init(_ description: String) { self.description = description }
}
