
/// A set of words as sorted, distinct 64-bit hashes: compared by merging, hashed once, stable
/// across processes (FNV-1a), and what MinHash signatures are computed from.
package struct WordSet: Sendable, Equatable, Hashable {
    package let hashes: [UInt64]

    package init(_ words: some Sequence<String>) {
        self.init(hashes: words.map(MinHash.fnv1a))
    }

    package init(hashes: [UInt64]) {
        var hashes = hashes
        hashes.sort()
        var last: UInt64?
        hashes.removeAll { hash in
            defer { last = hash }
            return hash == last
        }
        self.hashes = hashes
    }

    package func union(_ other: WordSet) -> WordSet { WordSet(hashes: hashes + other.hashes) }

    package var count: Int { hashes.count }
    package var isEmpty: Bool { hashes.isEmpty }

    /// Words in both sets.
    package func sharedCount(with other: WordSet) -> Int {
        var (i, j, shared) = (0, 0, 0)
        let (a, b) = (hashes, other.hashes)
        while i < a.count && j < b.count {
            if a[i] == b[j] {
                shared += 1
                i += 1
                j += 1
            } else if a[i] < b[j] {
                i += 1
            } else {
                j += 1
            }
        }
        return shared
    }

    /// Jaccard similarity: shared words over all words; 0 when both are empty.
    package func similarity(to other: WordSet) -> Double {
        guard !isEmpty || !other.isEmpty else { return 0 }
        let shared = sharedCount(with: other)
        return Double(shared) / Double(count + other.count - shared)
    }
}
