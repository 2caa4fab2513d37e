import MemoryEngines
import MemoryImport
import MemoryModel
import MemoryPasses
import MemoryStorage
import SystemSupport

#if canImport(Glibc)
    import Glibc
#endif

struct ExtractCommand: Command {
    static let name = "extract"
    static let summary = "Find entities in text lines read from standard input"
    static let help = """
        Usage: memctl extract [--json]

        Reads text from standard input, one memory per line, and prints the entities found in
        each line as soon as the line is read: people, organizations, places, dates, times,
        money, e-mail addresses, URLs, @handles and #hashtags. Offsets count Unicode code
        points from 0; the end is exclusive. No database is opened.

        Without --json, one line per entity:  LINE  START-END  KIND  TEXT
        With --json, one JSON object per input line, in order:
          {"line": 1, "entities": [{"text": "Leah", "kind": "person", "start": 11, "end": 15}]}
        A line that is not UTF-8 or longer than 4 MiB gets {"line": N, "error": "..."} instead
        (and a message on standard error without --json); memctl then exits with status 1
        after the last line.
        """

    static let maximumLineBytes = NewMemory.maximumContentBytes

    init(parsing arguments: inout ArgumentList) throws(UsageError) {
        try arguments.finish()
    }

    func run(_ context: Context) async throws {
        let reader = LineReader(
            fileDescriptor: STDIN_FILENO, name: "standard input", maximumLineBytes: Self.maximumLineBytes)
        let extractor = EntityExtractor()
        var output = OutputBuffer()
        var unreadable = 0
        try reader.forEachLine { number, line in
            let text: String
            switch line {
            case .bytes(let bytes):
                guard let decoded = String(validating: bytes, as: UTF8.self) else {
                    unreadable += 1
                    return try report(number, "not valid UTF-8", context, &output)
                }
                text = decoded
            case .tooLong(let byteCount):
                unreadable += 1
                return try report(number, "line is \(byteCount) bytes; the limit is 4 MiB", context, &output)
            }
            let entities = extractor.extract(text)
            if context.json {
                output.append("{\"line\": \(number), \"entities\": [")
                for (index, entity) in entities.enumerated() {
                    if index > 0 { output.append(", ") }
                    output.append("{\"text\": ")
                    output.append(entity.text.jsonQuoted)
                    output.append(", \"kind\": \"\(entity.kind.rawValue)\", \"start\": \(entity.start), \"end\": \(entity.end)}")
                }
                output.append("]}\n")
            } else {
                for entity in entities {
                    output.append("\(number)\t\(entity.start)-\(entity.end)\t\(entity.kind.rawValue)\t\(entity.text)\n")
                }
            }
            // One line in, one line out: a program feeding lines one by one gets each answer
            // before it sends the next; a file or pipe gets 64 KiB writes.
            try output.flush(whenAbove: reader.hasBufferedLine ? 64 * 1024 : 0)
        }
        try output.flush(whenAbove: 0)
        if unreadable > 0 {
            throw ExtractIncomplete(lines: unreadable)
        }
    }

    private func report(_ number: Int, _ reason: String, _ context: Context, _ output: inout OutputBuffer) throws {
        if context.json {
            output.append("{\"line\": \(number), \"error\": \(reason.jsonQuoted)}\n")
        } else {
            try output.flush(whenAbove: 0)
            StandardStream.error("standard input: line \(number): \(reason)")
        }
    }
}

private struct ExtractIncomplete: Error, CustomStringConvertible {
    let lines: Int
    var description: String { "\(lines) line\(lines == 1 ? "" : "s") could not be read (see above)" }
}
