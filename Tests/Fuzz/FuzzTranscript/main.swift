import FuzzSupport
import MemoryImport
import MemoryModel

#if canImport(Glibc)
    import Glibc
#endif

// A coding agent's transcript file, as `memctl import --from` and memoryd's follower read it.
// The first byte picks the tool (Claude Code, Codex CLI, Gemini CLI, JSON Lines or a document); the
// rest is the file. Read whole, the file is refused with a line or byte inside it, or gives
// messages a memory can hold. Read as the follower reads it, a piece at a time from where each
// read says to resume, it gives no message the whole read does not, and its position never
// passes the end of the file.

let path = "/tmp/memoryd-fuzz-transcript-\(getpid())"

runFuzzer { bytes in
    guard let first = bytes.first else { return }
    let tool = TranscriptTool.allCases[Int(first) % 3]
    let layout: TranscriptLayout = first & 0x80 == 0 ? .lines : .document
    let body = UnsafeBufferPointer(rebasing: bytes[1...])
    guard let file = fopen(path, "w") else { fatalError("cannot write \(path)") }
    if body.count > 0 { fwrite(body.baseAddress, 1, body.count, file) }
    fclose(file)
    defer { unlink(path) }

    var whole: [ImportedMessage] = []
    do {
        let reader = try TranscriptReader(path: path, tool: tool, layout: layout)
        while let piece = try reader.next(final: true) {
            precondition(piece.resumeAt >= 0 && piece.resumeAt <= Int64(body.count), "resume at \(piece.resumeAt)")
            whole += piece.output.messages
        }
    } catch let error as InvalidTranscript {
        precondition(!error.reason.isEmpty, "an error without a reason")
        precondition(error.byte >= 0 && error.byte <= Int64(body.count), "\(error) is outside the file")
        precondition(error.line.map { $0 >= 1 } ?? true, "\(error) has no line")
        return
    } catch {
        fatalError("not an InvalidTranscript: \(error)")
    }
    for message in whole {
        precondition(!message.id.isEmpty, "a message without an id")
        precondition(!message.content.isEmpty, "an empty message")
        precondition(message.content.utf8.count <= NewMemory.maximumContentBytes, "a message over 4 MiB")
        precondition(message.source == "user" || message.source == "assistant", "source \(message.source)")
        precondition(message.origin == tool.rawValue, "origin \(message.origin) from \(tool)")
    }

    // As the follower reads it: pieces, not final; what is open is handed over as it stands.
    let ids = Set(whole.map(\.id))
    guard let reader = try? TranscriptReader(path: path, tool: tool, layout: layout) else { return }
    while let piece = try? reader.next(final: false) {
        precondition(piece.resumeAt >= 0 && piece.resumeAt <= Int64(body.count), "resume at \(piece.resumeAt)")
        for message in piece.output.messages {
            precondition(ids.contains(message.id), "followed, \(message.id) is a message the whole read does not give")
        }
    }
}
