import Testing

@testable import MemoryPasses

@Suite("Work split across cores")
struct ConcurrentMapTests {
    @Test("concurrentMap gives map's result, in order, for any length and chunk size", arguments: [0, 1, 31, 64, 257, 1000])
    func sameAsMap(count: Int) async {
        let values = Array(0..<count)
        for minimumChunk in [1, 7, 32, 5000] {
            let mapped = await values.concurrentMap(minimumChunk: minimumChunk) { $0 * $0 + 1 }
            #expect(mapped == values.map { $0 * $0 + 1 })
        }
    }
}
