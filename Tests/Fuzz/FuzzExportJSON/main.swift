import FuzzSupport
import JSONReading
import MemoryImport
import MemoryModel

// An export's `conversations.json`, as `JSONArrayReader` reads it. The input read whole and read
// in pieces of 1 and 3 bytes through a 16-byte chunk gives the same elements, or the same error:
// where reads cut the input never matters. A refusal names a place inside the input. Accepted
// elements, written back as JSON, read back as the same elements, and either service's mapping of
// them gives only messages a memory can hold.

/// Bytes from memory, at most `step` at a time.
final class PiecewiseSource: ByteSource {
    private let bytes: UnsafeBufferPointer<UInt8>
    private let step: Int
    private var position = 0

    init(_ bytes: UnsafeBufferPointer<UInt8>, step: Int) {
        self.bytes = bytes
        self.step = step
    }

    func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        let count = min(step, buffer.count, bytes.count - position)
        buffer.copyMemory(
            from: UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: bytes[position..<position + count])))
        position += count
        return count
    }
}

/// The elements, or the error's description.
func read(_ bytes: UnsafeBufferPointer<UInt8>, step: Int, chunkSize: Int) -> Result<[JSONNode], JSONReadError> {
    let reader = JSONArrayReader(PiecewiseSource(bytes, step: step), name: "input", chunkSize: chunkSize)
    var elements: [JSONNode] = []
    do {
        while let element = try reader.next() { elements.append(element) }
        let after = try reader.next()
        precondition(after == nil, "an element after the end")
        return .success(elements)
    } catch let error as JSONReadError {
        return .failure(error)
    } catch {
        fatalError("not a JSONReadError: \(error)")
    }
}

func write(_ node: JSONNode, to text: inout String) {
    switch node {
    case .null: text += "null"
    case .bool(let value): text += value ? "true" : "false"
    case .number(let value): text += "\(value)"
    case .integer(let value): text += "\(value)"
    case .string(let value): text += value.jsonQuoted
    case .array(let elements):
        text += "["
        for (index, element) in elements.enumerated() {
            if index > 0 { text += "," }
            write(element, to: &text)
        }
        text += "]"
    case .object(let members):
        text += "{"
        for (index, member) in members.enumerated() {
            if index > 0 { text += "," }
            text += member.key.jsonQuoted
            text += ":"
            write(member.value, to: &text)
        }
        text += "}"
    }
}

func describe(_ result: Result<[JSONNode], JSONReadError>) -> String {
    switch result {
    case .success(let elements): "\(elements.count) elements"
    case .failure(let error): error.description
    }
}

runFuzzer { bytes in
    let whole = read(bytes, step: .max, chunkSize: JSONArrayReader.defaultChunkSize)
    for step in [1, 3] {
        let pieces = read(bytes, step: step, chunkSize: 16)
        switch (whole, pieces) {
        case (.success(let a), .success(let b)):
            precondition(a == b, "read in pieces of \(step), the elements differ")
        case (.failure(let a), .failure(let b)):
            precondition(a.description == b.description, "read in pieces of \(step): \(b), whole: \(a)")
        default:
            fatalError("read whole: \(describe(whole)); in pieces of \(step): \(describe(pieces))")
        }
    }
    switch whole {
    case .failure(let error):
        precondition(!error.reason.isEmpty, "an error without a reason")
        precondition(error.offset >= 0 && error.offset <= bytes.count, "\(error) is outside the input")
        precondition(error.line >= 1 && error.column >= 1, "\(error) has no line and column")
    case .success(let elements):
        var text = ""
        write(.array(elements), to: &text)
        let again = Array(text.utf8).withUnsafeBufferPointer { read($0, step: .max, chunkSize: 16) }
        guard case .success(let reread) = again else {
            fatalError("\(text) written back is refused: \(describe(again))")
        }
        precondition(reread == elements, "\(text) written back reads as other elements")
        // Each element, taken as a conversation of either service, is refused or mapped to messages
        // a memory can hold: text, said by the user or the assistant.
        for element in elements {
            for format in ExportFormat.allCases {
                guard let conversation = try? format.conversation(element) else { continue }
                for message in conversation.messages {
                    precondition(!message.content.isEmpty, "an empty message from \(format)")
                    precondition(message.content.utf8.count <= 4 * 1024 * 1024, "a message over 4 MiB")
                    precondition(message.source == "user" || message.source == "assistant", "source \(message.source)")
                }
            }
        }
    }
}
