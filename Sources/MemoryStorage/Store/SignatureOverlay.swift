import MemoryModel

/// The band keys of long-term memories whose summaries the consolidation pass changed since
/// their keys were last written into `long_term_signatures` (those listed in
/// `long_term_signatures_stale`): what the store's look-ups read for those memories instead of
/// the table, until `MemoryStore.writeStaleSignatures` writes them all in key order. Writing
/// each commit's keys at once dirtied a page of the table for nearly every key, and at 258k
/// memories most of its pages in every batch (docs/DECISIONS.md, "Issue 11, eleventh session").
struct SignatureOverlay {
    struct Entry {
        /// The summary the keys are of, as its length and its hash (this process's `Hasher`: the
        /// overlay never leaves it) rather than its text, which was most of the overlay's memory.
        private let summaryLength: Int
        private let summaryHash: Int
        let keys: [Int64]

        init(summary: String, keys: [Int64]) {
            summaryLength = summary.utf8.count
            summaryHash = summary.hashValue
            self.keys = keys
        }

        /// Whether the keys are of this summary: one another writer changed since gets its own.
        func isOf(_ summary: String) -> Bool { summary.utf8.count == summaryLength && summary.hashValue == summaryHash }
    }

    /// A key and a memory that had it when it was added; current only while the memory's entry
    /// still has the key.
    private struct Pair: Comparable {
        let key: Int64
        let id: LongTermMemoryID

        static func < (a: Pair, b: Pair) -> Bool { (a.key, a.id) < (b.key, b.id) }
    }

    private(set) var entries: [LongTermMemoryID: Entry] = [:]
    /// Sorted by key: a flat array rather than a dictionary of arrays, which took four times the
    /// memory. Pairs of replaced entries stay until the overlay is emptied.
    private var pairs: [Pair] = []
    /// One bit per id, set for the memories with an entry: asked for every row a look-up reads.
    private var marked: [UInt64] = []

    var isEmpty: Bool { entries.isEmpty }

    /// Keys added since the overlay was emptied: what its memory grows with.
    var keyCount: Int { pairs.count }

    /// Whether look-ups read this memory's keys from here rather than from the table.
    func contains(_ id: LongTermMemoryID) -> Bool {
        let (word, bit) = Self.position(of: id)
        return word < marked.count && marked[word] & (1 << bit) != 0
    }

    /// The memories whose keys include `key`, in ascending order.
    func memories(under key: Int64) -> [LongTermMemoryID] {
        var low = 0
        var high = pairs.count
        while low < high {
            let middle = (low + high) / 2
            if pairs[middle].key < key { low = middle + 1 } else { high = middle }
        }
        var ids: [LongTermMemoryID] = []
        while low < pairs.count, pairs[low].key == key {
            let id = pairs[low].id
            if ids.last != id, entries[id]?.keys.contains(key) == true { ids.append(id) }
            low += 1
        }
        return ids
    }

    /// Makes each write's keys the keys of its memory, as of its summary.
    mutating func set(_ writes: [(id: LongTermMemoryID, summary: String, keys: [Int64])]) {
        guard !writes.isEmpty else { return }
        var added: [Pair] = []
        for write in writes {
            entries[write.id] = Entry(summary: write.summary, keys: write.keys)
            added += write.keys.map { Pair(key: $0, id: write.id) }
            let (word, bit) = Self.position(of: write.id)
            if word >= marked.count { marked += Array(repeating: 0, count: word + 1 - marked.count) }
            marked[word] |= 1 << bit
        }
        added.sort()
        pairs = Self.merge(pairs, added)
    }

    /// Forgets the keys of memories whose stored keys were made current some other way (a
    /// forget or a purge in this store wrote them from the summary it made): look-ups read the
    /// table for them again.
    mutating func drop(_ ids: some Sequence<LongTermMemoryID>) {
        for id in ids where entries.removeValue(forKey: id) != nil {
            let (word, bit) = Self.position(of: id)
            marked[word] &= ~(1 << bit)
        }
    }

    mutating func removeAll() {
        self = SignatureOverlay()
    }

    private static func merge(_ first: [Pair], _ second: [Pair]) -> [Pair] {
        var merged: [Pair] = []
        merged.reserveCapacity(first.count + second.count)
        var (i, j) = (0, 0)
        while i < first.count, j < second.count {
            if second[j] < first[i] {
                merged.append(second[j])
                j += 1
            } else {
                merged.append(first[i])
                i += 1
            }
        }
        merged += first[i...]
        merged += second[j...]
        return merged
    }

    private static func position(of id: LongTermMemoryID) -> (word: Int, bit: UInt64) {
        let index = Int(max(0, id.rawValue))
        return (index >> 6, UInt64(index & 63))
    }
}

/// A row of `long_term_signatures` to insert or to delete.
struct SignatureChange: Comparable {
    let key: Int64
    let id: Int64
    let inserted: Bool

    static func < (a: SignatureChange, b: SignatureChange) -> Bool { (a.key, a.id) < (b.key, b.id) }
}

/// How far `MemoryStore.writeStaleSignatures` has written, between two of its transactions.
struct SignatureWrite {
    /// In key order.
    let changes: [SignatureChange]
    var written = 0
    /// `PRAGMA data_version` and the connection's own changes when it last wrote: if either
    /// moved since, the database changed under `changes`, and they are worked out again.
    let version: Int64
    var totalChanges = 0

    init(changes: [SignatureChange], version: Int64) {
        self.changes = changes
        self.version = version
    }

    var isFinished: Bool { written == changes.count }
}
