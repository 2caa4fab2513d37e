import FoundationEssentials

extension Array where Element: Sendable {
    /// `map` with the work split into one contiguous chunk per thread (at most `threads`), each a
    /// child task: for the pure engine work of a batch (features, importance, entities), which
    /// needs no store. The result is in order and the same whatever the number of threads; a
    /// small array is mapped on
    /// the caller's task. Throws `CancellationError` soon after the task is cancelled (each
    /// chunk checks every `cancellationInterval` elements), so a stop does not wait for a batch
    /// whose result would be dropped.
    package func concurrentMap<T: Sendable>(
        threads: Int, minimumChunk: Int = 32, _ transform: @escaping @Sendable (Element) -> T
    ) async throws -> [T] {
        let chunks = Swift.min(threads, count / Swift.max(1, minimumChunk))
        guard chunks > 1 else { return try Self.map(self[...], transform) }
        let size = (count + chunks - 1) / chunks
        return try await withThrowingTaskGroup(of: (Int, [T]).self) { group in
            for start in stride(from: 0, to: count, by: size) {
                let slice = self[start..<Swift.min(start + size, count)]
                group.addTask { (start, try Self.map(slice, transform)) }
            }
            var parts: [(Int, [T])] = []
            for try await part in group { parts.append(part) }
            return parts.sorted { $0.0 < $1.0 }.flatMap(\.1)
        }
    }

    private static var cancellationInterval: Int { 16 }

    private static func map<T>(_ slice: ArraySlice<Element>, _ transform: (Element) -> T) throws -> [T] {
        var result: [T] = []
        result.reserveCapacity(slice.count)
        for (offset, element) in slice.enumerated() {
            if offset % cancellationInterval == 0 { try Task.checkCancellation() }
            result.append(transform(element))
        }
        return result
    }
}
