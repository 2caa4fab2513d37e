import Foundation

extension Array where Element: Sendable {
    /// `map` with the work split into one contiguous chunk per core, each a child task: for the
    /// pure engine work of a batch (features, importance), which needs no store. The result is
    /// in order and the same whatever the number of cores; a small array is mapped in place.
    package func concurrentMap<T: Sendable>(
        minimumChunk: Int = 32, _ transform: @escaping @Sendable (Element) -> T
    ) async -> [T] {
        let chunks = Swift.min(ProcessInfo.processInfo.activeProcessorCount, count / Swift.max(1, minimumChunk))
        guard chunks > 1 else { return map(transform) }
        let size = (count + chunks - 1) / chunks
        return await withTaskGroup(of: (Int, [T]).self) { group in
            for start in stride(from: 0, to: count, by: size) {
                let slice = Array(self[start..<Swift.min(start + size, count)])
                group.addTask { (start, slice.map(transform)) }
            }
            var parts: [(Int, [T])] = []
            for await part in group { parts.append(part) }
            return parts.sorted { $0.0 < $1.0 }.flatMap(\.1)
        }
    }
}
