import Foundation
import FuzzSupport
import JSONReading
import MemoryModel
import MemoryImport

// One JSONL import line, as `memctl import` reads it (bytes without the newline). A line gives a
// memory or a reason, never both: an accepted memory passes `validate()`, and written back as an
// import line it decodes to the same memory. The import's own UTF-8 check agrees with Swift's.

/// An import line as a person would write it, with every field the decoder reads.
struct ImportLine: Encodable {
    let content: String
    let session: String
    let source: String
    let importance: Double?
    let created_at: String?
}

let decoder = MemoryLineDecoder()

runFuzzer { bytes in
    precondition(
        (firstInvalidUTF8Offset(bytes) == nil) == (String(validating: bytes, as: UTF8.self) != nil),
        "firstInvalidUTF8Offset and String(validating:) disagree on \(Array(bytes))")
    let memory: NewMemory
    do throws(InvalidMemory) {
        memory = try decoder.decode(bytes)
    } catch {
        precondition(!error.reason.isEmpty, "a refused line has no reason")
        return
    }
    do {
        try memory.validate()
    } catch {
        fatalError("an accepted line does not validate: \(error)")
    }
    let line = ImportLine(
        content: memory.content, session: memory.session, source: memory.source, importance: memory.importance,
        created_at: memory.createdAt?.iso8601)
    let encoded: [UInt8]
    do {
        encoded = Array(try JSONEncoder().encode(line))
    } catch {
        fatalError("an accepted memory does not encode: \(error)")
    }
    let again: NewMemory
    do throws(InvalidMemory) {
        again = try encoded.withUnsafeBufferPointer { buffer throws(InvalidMemory) in try decoder.decode(buffer) }
    } catch {
        fatalError("\(String(decoding: encoded, as: UTF8.self)) is refused: \(error)")
    }
    precondition(again == memory, "\(memory) written back decodes as \(again)")
}
