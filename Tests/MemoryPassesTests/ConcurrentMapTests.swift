import Testing

@testable import MemoryPasses

@Suite("Work split across cores")
struct ConcurrentMapTests {
    @Test("concurrentMap gives map's result, in order, for any length and chunk size", arguments: [0, 1, 31, 64, 257, 1000])
    func sameAsMap(count: Int) async throws {
        let values = Array(0..<count)
        for minimumChunk in [1, 7, 32, 5000] {
            for threads in [1, 2, 16] {
                let mapped = try await values.concurrentMap(threads: threads, minimumChunk: minimumChunk) { $0 * $0 + 1 }
                #expect(mapped == values.map { $0 * $0 + 1 })
            }
        }
    }

    @Test("a cancelled task's concurrentMap throws CancellationError rather than finish the work")
    func cancelled() async {
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await Array(0..<10_000).concurrentMap(threads: 2, minimumChunk: 1) { $0 }
        }
        await #expect(throws: CancellationError.self) { try await task.value }
    }
}
