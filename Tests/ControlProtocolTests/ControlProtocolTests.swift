import Foundation
import Testing

@testable import ControlProtocol
@testable import MemoryModel

/// The control protocol's codec, without a socket: what a request line becomes, why a bad one
/// is refused (the text the daemon sends back), and what a response line looks like.
@Suite("Control protocol codec")
struct ControlProtocolTests {
    typealias Request = ControlProtocol.Request
    typealias Response = ControlProtocol.Response

    /// The reason `request(from:)` refuses `line`, or nil when it accepts it.
    private func refusal(_ line: String) -> String? {
        do {
            _ = try ControlProtocol.request(from: line)
            return nil
        } catch {
            return error.description
        }
    }

    /// docs/PROTOCOL.md, which is the contract.
    private static func protocolDocument() throws -> String {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        return try String(contentsOf: root.appendingPathComponent("docs/PROTOCOL.md"), encoding: .utf8)
    }

    /// The same JSON value, whatever the key order and spacing.
    private func sameJSON(_ a: String, _ b: String) throws -> Bool {
        let left = try JSONSerialization.jsonObject(with: Data(a.utf8)) as? NSDictionary
        let right = try JSONSerialization.jsonObject(with: Data(b.utf8)) as? NSDictionary
        return left != nil && left == right
    }

    // MARK: Requests

    @Test("every command decodes, with trigger's passes and wait", arguments: [
        (#"{"version": 1, "command": "status"}"#, Request(command: .status)),
        (#"{"version": 1, "command": "pause"}"#, Request(command: .pause)),
        (#"{"version": 1, "command": "resume"}"#, Request(command: .resume)),
        (#"{"version": 1, "command": "reload"}"#, Request(command: .reload)),
        (#"{"version": 1, "command": "trigger"}"#, Request(command: .trigger)),
        (#"{"version":1,"command":"trigger","wait":false}"#, Request(command: .trigger, wait: false)),
        (#"{"command":"trigger","passes":["graph"],"version":1}"#, Request(command: .trigger, passes: [.graph])),
        (
            #"{"version": 1, "command": "trigger", "passes": ["consolidation", "extraction", "graph"], "wait": true}"#,
            Request(command: .trigger, passes: [.consolidation, .extraction, .graph], wait: true)
        ),
        // Fields a later version may add are ignored.
        (#"{"version": 1, "command": "status", "verbose": true}"#, Request(command: .status)),
    ])
    func decodesRequests(line: String, expected: Request) throws {
        #expect(try ControlProtocol.request(from: line) == expected)
    }

    @Test("every request example in docs/PROTOCOL.md decodes")
    func documentedRequests() throws {
        let document = try Self.protocolDocument()
        let section = try #require(document.components(separatedBy: "## Requests").dropFirst().first)
        let block = try #require(section.components(separatedBy: "```").dropFirst().first)
        let lines = block.split(separator: "\n").filter { $0.hasPrefix("{") }.map(String.init)
        let commands = try lines.map { try ControlProtocol.request(from: $0).command }
        #expect(Set(commands) == [.status, .pause, .resume, .trigger, .reload])
        #expect(lines.count == 5)
    }

    @Test("a bad request is refused with a reason a person can act on", arguments: [
        ("", "the request is not JSON"),
        ("status", "the request is not JSON"),
        (#"{"version": 1, "command": "status""#, "the request is not JSON"),
        ("[1, 2]", "the request is not a JSON object"),
        (#"{"command": "status"}"#, #"the request has no "version""#),
        (#"{"version": "1", "command": "status"}"#, #"the request has no "version""#),
        (#"{"version": 2, "command": "status"}"#, "protocol version 2 is not supported; this daemon speaks version 1"),
        (#"{"version": 0, "command": "status"}"#, "protocol version 0 is not supported; this daemon speaks version 1"),
        (#"{"version": 1}"#, #"the request has no "command""#),
        (#"{"version": 1, "command": 3}"#, #"the request has no "command""#),
        (
            #"{"version": 1, "command": "explode"}"#,
            #"unknown command "explode"; commands are status, trigger, pause, resume, reload"#
        ),
        (
            #"{"version": 1, "command": "STATUS"}"#,
            #"unknown command "STATUS"; commands are status, trigger, pause, resume, reload"#
        ),
        (#"{"version": 1, "command": "trigger", "passes": ["dreaming"]}"#, #""passes" must be a list of consolidation, extraction, graph"#),
        (#"{"version": 1, "command": "trigger", "passes": "graph"}"#, #""passes" must be a list of consolidation, extraction, graph"#),
        (#"{"version": 1, "command": "trigger", "passes": ["graph", 2]}"#, #""passes" must be a list of consolidation, extraction, graph"#),
        (#"{"version": 1, "command": "trigger", "wait": "yes"}"#, #"the request does not match the protocol ("wait" is true or false)"#),
    ])
    func refusesBadRequests(line: String, reason: String) {
        #expect(refusal(line) == reason)
    }

    /// Found by FuzzControlRequest (Tests/Fuzz/Corpus/FuzzControlRequest/crash-duplicate-version.json):
    /// the checks read the last "version" and the decoder the first, so version 2 was accepted.
    @Test("a key given twice counts once, with its first value, for the checks as for the request")
    func repeatedKey() throws {
        // The input FuzzControlRequest found; its seed is the shortest line that shows the same.
        for crash in [
            #"{"version": 2, "cNmmand": [], "version": 1, "command":"reload"}"#,
            #"{"version": 2, "version": 1, "command": "reload"}"#,
        ] {
            #expect(refusal(crash) == "protocol version 2 is not supported; this daemon speaks version 1")
        }
        let status = #"{"version": 1, "command": "status", "version": 2}"#
        #expect(try ControlProtocol.request(from: status) == Request(command: .status))
        let passes = #"{"version": 1, "command": "trigger", "passes": ["dreaming"], "passes": ["graph"]}"#
        #expect(refusal(passes) == #""passes" must be a list of consolidation, extraction, graph"#)
        let wait = #"{"version": 1, "command": "trigger", "wait": true, "wait": "no"}"#
        #expect(try ControlProtocol.request(from: wait) == Request(command: .trigger, wait: true))
    }

    @Test("JSON types are not converted: a boolean is no version, a number no wait, null no passes", arguments: [
        (#"{"version": true, "command": "status"}"#, #"the request has no "version""#),
        (#"{"version": 1.5, "command": "status"}"#, #"the request has no "version""#),
        (
            #"{"version": 1, "command": "trigger", "wait": 1}"#,
            #"the request does not match the protocol ("wait" is true or false)"#
        ),
        (
            #"{"version": 1, "command": "trigger", "passes": null}"#,
            #""passes" must be a list of consolidation, extraction, graph"#
        ),
        ("1", "the request is not a JSON object"),
        (#""status""#, "the request is not a JSON object"),
    ])
    func strictTypes(line: String, reason: String) {
        #expect(refusal(line) == reason)
    }

    @Test("the version is checked before the command")
    func versionFirst() {
        #expect(refusal(#"{"version": 9, "command": "explode"}"#) == "protocol version 9 is not supported; this daemon speaks version 1")
    }

    @Test("a refusal goes back as one error line, and it is the one docs/PROTOCOL.md shows")
    func refusalLine() throws {
        let reason = try #require(refusal(#"{"version": 1, "command": "explode"}"#))
        let line = ControlProtocol.line(Response.failure(reason))
        #expect(
            line
                == #"{"error":"unknown command \"explode\"; commands are status, trigger, pause, resume, reload","event":"error","ok":false,"version":1}"#
                + "\n")
        let document = try Self.protocolDocument()
        let documented = try #require(document.split(separator: "\n").first { $0.contains(#""error": "unknown command"#) })
        #expect(try sameJSON(String(documented), line))
    }

    @Test("a request encodes as one line of sorted snake_case JSON without absent fields, and decodes back", arguments: [
        (Request(command: .status), #"{"command":"status","version":1}"#),
        (Request(command: .reload), #"{"command":"reload","version":1}"#),
        (
            Request(command: .trigger, passes: [.consolidation, .graph], wait: true),
            #"{"command":"trigger","passes":["consolidation","graph"],"version":1,"wait":true}"#
        ),
    ])
    func requestRoundTrip(request: Request, json: String) throws {
        let line = ControlProtocol.line(request)
        #expect(line == json + "\n")
        #expect(try ControlProtocol.request(from: String(line.dropLast())) == request)
        #expect(try ControlProtocol.decode(Request.self, from: line) == request)
    }

    @Test("the limits are the ones docs/PROTOCOL.md states")
    func limits() throws {
        #expect(ControlProtocol.version == 1)
        #expect(ControlProtocol.maximumRequestBytes == 65_536)
        #expect(ControlProtocol.requestTimeoutSeconds == 10)
        let document = try Self.protocolDocument()
        #expect(document.contains("at most **65,536 bytes**"))
        #expect(document.contains("within **10 seconds**"))
    }

    // MARK: Responses

    private let startedAt = Timestamp(iso8601: "2026-06-01T12:00:00.250Z")!

    private var record: PassRecord {
        PassRecord(
            id: PassID(7), kind: .consolidation, startedAt: startedAt, finishedAt: startedAt.adding(.seconds(3)),
            outcome: .completed, processed: 40, batches: 1, counts: PassCounts(created: 3, merged: 2))
    }

    private var status: ControlProtocol.DaemonStatus {
        let loops = [
            LoopStatus(
                kind: .consolidation, state: .idle, intervalSeconds: 300, lastPass: record, failures: 0,
                nextRun: startedAt.adding(.seconds(300))),
            LoopStatus(kind: .extraction, state: .running, intervalSeconds: 600, processed: 256, total: 12_000, failures: 0),
            LoopStatus(kind: .graph, state: .paused, intervalSeconds: 1800, lastError: "locked by process 12", failures: 2),
        ]
        return ControlProtocol.DaemonStatus(
            pid: 4242, database: "/var/lib/memoryd/memory.db", startedAt: startedAt, pendingMemories: 12,
            orchestrator: OrchestratorStatus(paused: false, loops: loops))
    }

    private func roundTrip(_ response: Response) throws -> Response {
        let line = ControlProtocol.line(response)
        #expect(line.hasSuffix("\n") && line.dropLast().firstIndex(of: "\n") == nil, "one line: \(line)")
        return try ControlProtocol.decode(Response.self, from: line)
    }

    @Test("an error response encodes exactly, and decodes back")
    func failureResponse() throws {
        let response = Response.failure("the request is not JSON")
        #expect(ControlProtocol.line(response) == #"{"error":"the request is not JSON","event":"error","ok":false,"version":1}"# + "\n")
        let decoded = try roundTrip(response)
        #expect(!decoded.ok && decoded.event == .error && decoded.error == "the request is not JSON" && decoded.version == 1)
    }

    @Test("a paused or triggered response encodes exactly")
    func smallResponses() {
        var paused = Response(event: .paused)
        paused.paused = true
        #expect(ControlProtocol.line(paused) == #"{"event":"paused","ok":true,"paused":true,"version":1}"# + "\n")
        var triggered = Response(event: .triggered)
        triggered.passes = [.consolidation, .extraction, .graph]
        #expect(
            ControlProtocol.line(triggered)
                == #"{"event":"triggered","ok":true,"passes":["consolidation","extraction","graph"],"version":1}"# + "\n")
    }

    @Test("a status response round-trips, with snake_case keys, ISO-8601 times and explicit nulls")
    func statusResponse() throws {
        var response = Response(event: .status)
        response.status = status
        let line = ControlProtocol.line(response)
        for key in [
            #""pending_memories":12"#, #""started_at":"2026-06-01T12:00:00.250Z""#, #""interval_seconds":300"#,
            #""next_run":"2026-06-01T12:05:00.250Z""#, #""last_error":null"#, #""last_pass":null"#, #""processed":null"#,
            #""finished_at":"2026-06-01T12:00:03.250Z""#, #""error":null"#, #""counts":{"created":3,"merged":2}"#,
            #""database":"/var/lib/memoryd/memory.db""#,
        ] {
            #expect(line.contains(key), "\(key) in \(line)")
        }
        let decoded = try roundTrip(response)
        #expect(decoded.ok && decoded.event == .status)
        #expect(decoded.status == status)
    }

    @Test("the events of trigger --wait and reload round-trip", arguments: [
        "accepted", "progress", "finished", "could_not_run", "done", "reloaded",
    ])
    func streamEvents(name: String) throws {
        let event = try #require(ControlProtocol.Event(rawValue: name))
        var response = Response(event: event)
        switch name {
        case "accepted": response.passes = [.consolidation, .extraction, .graph]
        case "progress":
            response.kind = .consolidation
            response.processed = 256
            response.total = 12_000
        case "finished": response.pass = record
        case "could_not_run":
            response.kind = .extraction
            response.error = "another process holds the extraction lock"
        case "done": response.records = [record, record]
        default:
            response.notes = ["db and socket changes take effect at the next start"]
            response.status = status
        }
        let decoded = try roundTrip(response)
        #expect(decoded.event == event && decoded.ok && decoded.version == 1)
        #expect(decoded.passes == response.passes)
        #expect(decoded.kind == response.kind)
        #expect(decoded.processed == response.processed && decoded.total == response.total)
        #expect(decoded.pass == response.pass)
        #expect(decoded.records == response.records)
        #expect(decoded.error == response.error)
        #expect(decoded.notes == response.notes)
        #expect(decoded.status == response.status)
        #expect(decoded.paused == nil)
    }

    @Test("a response line from a later daemon with keys this one does not know still decodes")
    func unknownResponseKeys() throws {
        let decoded = try ControlProtocol.decode(
            Response.self, from: #"{"version":1,"ok":true,"event":"paused","paused":false,"mood":"sunny"}"#)
        #expect(decoded.event == .paused && decoded.paused == false)
    }
}
