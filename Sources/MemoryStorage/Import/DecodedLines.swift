import FoundationEssentials
import MemoryModel

/// The lines of an import, read and decoded on a thread of their own and handed to the store in
/// chunks, in order: the store inserts one chunk while the next is decoded (decoding the JSON
/// was an eighth of an import on the store's thread). Bounded: at most `queued` chunks wait, each
/// of at most `chunkLines` lines or `chunkBytes` bytes of input, plus the line that filled it.
final class DecodedLines: @unchecked Sendable {
    /// One line: its number (from 1) and the memory it holds or why it was refused. Blank lines
    /// are not passed on.
    typealias Line = (number: Int, memory: Result<NewMemory, InvalidMemory>)

    static let chunkLines = 256
    static let chunkBytes = 1 << 20
    static let queued = 4

    // Everything below is guarded by `condition`.
    private let condition = Condition()
    private var chunks: [[Line]] = []
    private var finished = false
    private var readError: (any Error)?
    private var abandoned = false

    /// Starts reading `reader` on a new thread; from here on only that thread uses it.
    init(reading reader: sending LineReader) {
        nonisolated(unsafe) let reader = reader
        Threads.start(name: "memory-import") { [self] in produce(reader) }
    }

    /// The next chunk; nil after the last line. Throws what reading the input threw, once the
    /// chunks read before the failure are taken.
    func next() throws -> [Line]? {
        condition.lock()
        defer { condition.unlock() }
        while chunks.isEmpty && !finished { condition.wait() }
        guard chunks.isEmpty else {
            condition.broadcast()
            return chunks.removeFirst()
        }
        if let readError { throw readError }
        return nil
    }

    /// The store takes no more lines (it is done, or it stopped): the reading thread ends at its
    /// next chunk rather than read the rest of the input.
    func abandon() {
        condition.lock()
        abandoned = true
        condition.broadcast()
        condition.unlock()
    }

    private func produce(_ reader: LineReader) {
        let decoder = MemoryLineDecoder()
        let limit = reader.maximumLineBytes
        var chunk: [Line] = []
        var bytes = 0
        do {
            try reader.forEachLine { number, line in
                switch line {
                case .tooLong(let count):
                    chunk.append((number, .failure(InvalidMemory("line is \(count) bytes; the limit is \(limit) bytes"))))
                case .bytes(let raw):
                    if raw.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { return }
                    chunk.append((number, Result { () throws(InvalidMemory) in try decoder.decode(raw) }))
                    bytes += raw.count
                }
                if chunk.count >= Self.chunkLines || bytes >= Self.chunkBytes {
                    guard put(chunk) else { throw CancellationError() }
                    chunk = []
                    bytes = 0
                }
            }
            if !chunk.isEmpty { _ = put(chunk) }
            finish(nil)
        } catch is CancellationError {
            finish(nil)
        } catch {
            finish(error)
        }
    }

    /// Queues a chunk, waiting while `queued` chunks wait; false once the store abandoned the import.
    private func put(_ chunk: [Line]) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while chunks.count >= Self.queued && !abandoned { condition.wait() }
        guard !abandoned else { return false }
        chunks.append(chunk)
        condition.broadcast()
        return true
    }

    private func finish(_ error: (any Error)?) {
        condition.lock()
        finished = true
        readError = error
        condition.broadcast()
        condition.unlock()
    }
}
