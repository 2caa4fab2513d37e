/// What words mean, as points in space: a static table of word vectors, distilled from a sentence
/// encoder (all-MiniLM-L6-v2) by `scripts/word-vectors`, one entry per content word as
/// `TextFeatures` hashes it (lower-cased, lightly stemmed). A text's meaning is the mean of its
/// words' vectors, so "Dance is my go-to for stress relief" and "How do they destress?" are
/// near though they share no word. docs/RECALL.md, "What a memory means", has the method and its
/// figures.
///
/// The table (`WordVectors+Table.swift`) is a string literal read in place: a line per word, its
/// hash in 16 hex digits and then one printable character per dimension, the dimension's level
/// (`scales` gives each level's size). Nothing is decoded or built when a process starts.
package enum WordVectors {
    /// A text's meaning: the sum of its known words' vectors, in levels of each dimension's step.
    package struct Meaning: Sendable, Equatable {
        package let levels: [Int32]
        /// How many of the text's words the table holds.
        package let words: Int

        /// The cosine of the two means: 1 for the same words, about 0 for unrelated ones.
        package func similarity(to other: Meaning) -> Double {
            var (dot, mine, theirs) = (0.0, 0.0, 0.0)
            for dimension in 0..<WordVectors.dimensions {
                let scale = Double(WordVectors.scales[dimension])
                let a = Double(levels[dimension]) * scale
                let b = Double(other.levels[dimension]) * scale
                dot += a * b
                mine += a * a
                theirs += b * b
            }
            guard mine > 0, theirs > 0 else { return 0 }
            return dot / (mine * theirs).squareRoot()
        }
    }

    /// The meaning of these words (`TextFeatures` hashes), or nil when the table holds none of them.
    package static func meaning(of words: WordSet) -> Meaning? {
        var levels = [Int32](repeating: 0, count: dimensions)
        var known = 0
        table.withUTF8Buffer { table in
            for hash in words.hashes {
                guard let entry = entry(for: hash, in: table) else { continue }
                known += 1
                for dimension in 0..<dimensions {
                    levels[dimension] += level(table[entry + keyLength + dimension])
                }
            }
        }
        return known == 0 ? nil : Meaning(levels: levels, words: known)
    }

    /// Whether the table holds a word (its `TextFeatures` hash).
    package static func knows(_ hash: UInt64) -> Bool {
        table.withUTF8Buffer { entry(for: hash, in: $0) != nil }
    }

    /// How many words the table holds.
    package static var count: Int { (table.utf8CodeUnitCount + 1) / lineLength }

    private static let keyLength = 16
    private static var lineLength: Int { keyLength + dimensions + 1 }

    /// The offset of a word's line, by binary search over the lines' keys, which are sorted.
    private static func entry(for hash: UInt64, in table: UnsafeBufferPointer<UInt8>) -> Int? {
        var (low, high) = (0, count)
        while low < high {
            let middle = (low + high) / 2
            let key = self.key(at: middle * lineLength, in: table)
            if key == hash { return middle * lineLength }
            if key < hash { low = middle + 1 } else { high = middle }
        }
        return nil
    }

    private static func key(at offset: Int, in table: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var key: UInt64 = 0
        for byte in table[offset..<(offset + keyLength)] {
            key = key << 4 | UInt64(byte <= UInt8(ascii: "9") ? byte - UInt8(ascii: "0") : byte - UInt8(ascii: "a") + 10)
        }
        return key
    }

    /// A dimension's level from its character: `#` (35) is -45, and `\` (92), which a string
    /// literal would need escaped, is skipped.
    @inline(__always)
    private static func level(_ character: UInt8) -> Int32 {
        Int32(character) - (character < 92 ? 80 : 81)
    }
}
