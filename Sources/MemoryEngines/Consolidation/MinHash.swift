
/// MinHash signatures with locality-sensitive banding: two word sets with Jaccard similarity s
/// share at least one band key with probability 1 - (1 - s^rows)^bands. With 10 bands of 2
/// rows that is 0.94 at s = 0.5 (the reinforcement threshold) and 0.33 at s = 0.2. Band keys
/// are stored in `long_term_signatures`, so candidates are found through an index, not a scan.
package enum MinHash {
    package static let bands = 10
    package static let rowsPerBand = 2

    /// One key per band; empty for an empty word set (such text matches nothing).
    package static func bandKeys(_ words: WordSet) -> [Int64] {
        guard !words.isEmpty else { return [] }
        let hashes = words.hashes
        var keys: [Int64] = []
        keys.reserveCapacity(bands)
        for band in 0..<bands {
            var key = UInt64(band) &* 0x9E37_79B9_7F4A_7C15
            for row in 0..<rowsPerBand {
                let seed = UInt64(band * rowsPerBand + row + 1) &* 0xBF58_476D_1CE4_E5B9
                var minimum = UInt64.max
                for hash in hashes { minimum = min(minimum, mix(hash ^ seed)) }
                key = mix(key ^ minimum)
            }
            keys.append(Int64(bitPattern: key))
        }
        return keys
    }

    /// FNV-1a over UTF-8: stable across processes, unlike `Hasher`.
    package static func fnv1a(_ text: String) -> UInt64 { fnv1a(text.utf8) }

    /// FNV-1a over bytes (a word's UTF-8).
    package static func fnv1a(_ bytes: some Sequence<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01B3
        }
        return hash
    }

    /// SplitMix64's finaliser: spreads every input bit over the output.
    package static func mix(_ value: UInt64) -> UInt64 {
        var z = value &+ 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
