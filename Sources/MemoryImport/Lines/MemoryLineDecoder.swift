import JSONReading
import MemoryModel

/// Turns one JSONL line into a `NewMemory`, or a one-line reason why not.
///
/// Accepted: `{"content": "...", "session": "...", "source": "...", "importance": 0.5,
/// "created_at": "2026-11-02T09:30:00Z", "project": "/home/me/src/shop"}` with only `content` required, and chat-style
/// `{"role": "user", "content": "..."}` where the role becomes the source (an explicit `source`
/// wins). What `memctl export` adds is read too (`MemoryLineEncoder`): `export_origin` and
/// `export_id`, and `forgotten_at`. Other keys are ignored; `null` counts as absent.
package struct MemoryLineDecoder {
    package init() {}

    /// Decodes and validates one line. It is read by the one JSON reader under JSONDecoder's
    /// policy (`JSONPolicy.jsonDecoder`), which this import used before it; a key given twice
    /// counts with its first value.
    package func decode(_ bytes: UnsafeBufferPointer<UInt8>) throws(InvalidMemory) -> NewMemory {
        if let offset = firstInvalidUTF8Offset(bytes) {
            throw InvalidMemory("invalid UTF-8 at byte \(offset + 1)")
        }
        let line: JSONNode
        do {
            line = try JSONArrayReader.value(of: bytes, name: "", policy: .jsonDecoder)
        } catch let error as JSONReadError {
            throw InvalidMemory("invalid JSON: \(error.reason) (column \(error.column))")
        } catch {
            throw InvalidMemory("invalid JSON")
        }
        guard line.object != nil else { throw InvalidMemory("expected a JSON object") }
        guard let content = try Self.string(line, "content") else { throw InvalidMemory("missing \"content\"") }
        let createdAt = try Self.time(line, "created_at")
        var importance: Double?
        if let value = line["importance"], !value.isNull {
            guard let number = value.double else { throw InvalidMemory("\"importance\" must be a number") }
            importance = number
        }
        var source = try Self.string(line, "source")
        if source == nil { source = try Self.string(line, "role") }
        let session = try Self.string(line, "session")
        var project: String?
        if let directory = try Self.string(line, "project") {
            guard directory.hasPrefix("/") else {
                throw InvalidMemory("\"project\" must be an absolute directory: \(Self.quote(directory))")
            }
            project = ProjectScope.lexicallyNormalized(directory)
        }
        let memory = NewMemory(
            content: content, session: session, source: source, importance: importance, createdAt: createdAt,
            project: project, exportOrigin: try Self.string(line, "export_origin"),
            exportID: try Self.string(line, "export_id"), forgottenAt: try Self.time(line, "forgotten_at"))
        try memory.validate()
        return memory
    }

    /// The time under `key`; nil when it is absent or null.
    private static func time(_ line: JSONNode, _ key: String) throws(InvalidMemory) -> Timestamp? {
        guard let text = try string(line, key) else { return nil }
        guard let time = Timestamp(iso8601: text) else {
            throw InvalidMemory("\"\(key)\" is not an ISO-8601 time: \(quote(text))")
        }
        return time
    }

    /// The string under `key`; nil when it is absent or null.
    private static func string(_ line: JSONNode, _ key: String) throws(InvalidMemory) -> String? {
        guard let value = line[key], !value.isNull else { return nil }
        guard let text = value.string else { throw InvalidMemory("\"\(key)\" must be a string") }
        return text
    }

    private static func quote(_ text: String) -> String {
        "\"" + (text.count > 40 ? text.prefix(40) + "…" : text) + "\""
    }
}
