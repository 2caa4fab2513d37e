import SystemSupport

/// Chunks of an import read and decoded on a thread of their own and handed to the store in
/// order: the store inserts one chunk while the next is decoded. Bounded: at most `capacity`
/// chunks wait. `DecodedLines` (JSONL) and `DecodedConversations` (chat exports) fill one.
final class ChunkQueue<Chunk>: @unchecked Sendable {
    private let capacity: Int
    // Everything below is guarded by `condition`.
    private let condition = Condition()
    private var chunks: [Chunk] = []
    private var finished = false
    private var readError: (any Error)?
    private var abandoned = false

    /// Starts `produce` on a new thread named `name`; it `put`s chunks, and what it throws is
    /// handed to the consumer after the chunks put before it.
    init(capacity: Int, thread name: String, produce: @escaping @Sendable (ChunkQueue<Chunk>) throws -> Void) {
        self.capacity = capacity
        Threads.start(name: name) { [self] in
            do {
                try produce(self)
                finish(nil)
            } catch is CancellationError {
                finish(nil)
            } catch {
                finish(error)
            }
        }
    }

    /// The next chunk; nil after the last. Throws what the producer threw, once the chunks it put
    /// before the failure are taken.
    func next() throws -> Chunk? {
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

    /// The consumer takes no more chunks (it is done, or it stopped): the producer's next `put`
    /// throws `CancellationError`, so that it does not read the rest of its input.
    func abandon() {
        condition.lock()
        abandoned = true
        condition.broadcast()
        condition.unlock()
    }

    /// Queues a chunk, waiting while `capacity` chunks wait. Throws `CancellationError` once the
    /// consumer abandoned the import.
    func put(_ chunk: Chunk) throws {
        condition.lock()
        defer { condition.unlock() }
        while chunks.count >= capacity && !abandoned { condition.wait() }
        guard !abandoned else { throw CancellationError() }
        chunks.append(chunk)
        condition.broadcast()
    }

    private func finish(_ error: (any Error)?) {
        condition.lock()
        finished = true
        readError = error
        condition.broadcast()
        condition.unlock()
    }
}
