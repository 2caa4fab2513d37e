import FoundationEssentials
import MemoryModel

/// Turns one JSONL line into a `NewMemory`, or a one-line reason why not.
///
/// Accepted: `{"content": "...", "session": "...", "source": "...", "importance": 0.5,
/// "created_at": "2026-11-02T09:30:00Z"}` with only `content` required, and chat-style
/// `{"role": "user", "content": "..."}` where the role becomes the source (an explicit `source`
/// wins). Other keys are ignored; `null` counts as absent.
public struct MemoryLineDecoder {
    private let decoder = JSONDecoder()

    public init() {}

    private struct Line: Decodable {
        package let content: String?
        package let session: String?
        package let source: String?
        package let role: String?
        package let importance: Double?
        package let created_at: String?
    }

    /// Decodes and validates one line.
    public func decode(_ bytes: UnsafeBufferPointer<UInt8>) throws(InvalidMemory) -> NewMemory {
        if let offset = firstInvalidUTF8Offset(bytes) {
            throw InvalidMemory("invalid UTF-8 at byte \(offset + 1)")
        }
        let line: Line
        do {
            let data = Data(
                bytesNoCopy: UnsafeMutableRawPointer(mutating: bytes.baseAddress ?? UnsafePointer(bitPattern: 1)!),
                count: bytes.count, deallocator: .none)
            line = try decoder.decode(Line.self, from: data)
        } catch let error as DecodingError {
            throw InvalidMemory(Self.reason(error))
        } catch {
            throw InvalidMemory("invalid JSON")
        }
        guard let content = line.content else { throw InvalidMemory("missing \"content\"") }
        var createdAt: Timestamp?
        if let text = line.created_at {
            guard let parsed = Timestamp(iso8601: text) else {
                throw InvalidMemory("\"created_at\" is not an ISO-8601 time: \(Self.quote(text))")
            }
            createdAt = parsed
        }
        let memory = NewMemory(
            content: content, session: line.session, source: line.source ?? line.role, importance: line.importance,
            createdAt: createdAt)
        try memory.validate()
        return memory
    }

    private static func reason(_ error: DecodingError) -> String {
        switch error {
        case .typeMismatch(let type, let context), .valueNotFound(let type, let context):
            guard let key = context.codingPath.last?.stringValue else { return "expected a JSON object" }
            return "\"\(key)\" must be \(type == Double.self ? "a number" : "a string")"
        case .dataCorrupted:
            // Foundation gives no position or reason here; the line number is what helps.
            return "invalid JSON"
        case .keyNotFound(let key, _):
            return "missing \"\(key.stringValue)\""
        @unknown default:
            return "invalid JSON"
        }
    }

    private static func quote(_ text: String) -> String {
        "\"" + (text.count > 40 ? text.prefix(40) + "…" : text) + "\""
    }
}

/// The offset of the first byte that is not part of valid UTF-8, or nil when all of it is valid.
package func firstInvalidUTF8Offset(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
    // Plain ASCII is by far the common case and needs no decoding.
    if !bytes.contains(where: { $0 >= 0x80 }) { return nil }
    var parser = Unicode.UTF8.ForwardParser()
    var iterator = bytes.makeIterator()
    var offset = 0
    while true {
        switch parser.parseScalar(from: &iterator) {
        case .valid(let scalar): offset += scalar.count
        case .emptyInput: return nil
        case .error: return offset
        }
    }
}
