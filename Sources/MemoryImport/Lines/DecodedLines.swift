import FoundationEssentials
import MemoryModel

/// The lines of a JSONL import, read and decoded on a thread of their own and handed to the store
/// in chunks, in order: the store inserts one chunk while the next is decoded (decoding the JSON
/// was an eighth of an import on the store's thread). Bounded: at most `queued` chunks wait, each
/// of at most `chunkLines` lines or `chunkBytes` bytes of input, plus the line that filled it.
enum DecodedLines {
    /// One line: its number (from 1) and the memory it holds or why it was refused. Blank lines
    /// are not passed on.
    typealias Line = (number: Int, memory: Result<NewMemory, InvalidMemory>)

    static let chunkLines = 256
    static let chunkBytes = 1 << 20
    static let queued = 4

    /// Starts reading `reader` on a new thread; from here on only that thread uses it.
    static func reading(_ reader: sending LineReader) -> ChunkQueue<[Line]> {
        nonisolated(unsafe) let reader = reader
        return ChunkQueue(capacity: queued, thread: "memory-import") { queue in
            let decoder = MemoryLineDecoder()
            let limit = reader.maximumLineBytes
            var chunk: [Line] = []
            var bytes = 0
            try reader.forEachLine { number, line in
                switch line {
                case .tooLong(let count):
                    chunk.append(
                        (number, .failure(InvalidMemory("line is \(count) bytes; the limit is \(limit) bytes"))))
                case .bytes(let raw):
                    if raw.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { return }
                    chunk.append((number, Result { () throws(InvalidMemory) in try decoder.decode(raw) }))
                    bytes += raw.count
                }
                if chunk.count >= chunkLines || bytes >= chunkBytes {
                    try queue.put(chunk)
                    chunk = []
                    bytes = 0
                }
            }
            if !chunk.isEmpty { try queue.put(chunk) }
        }
    }
}
