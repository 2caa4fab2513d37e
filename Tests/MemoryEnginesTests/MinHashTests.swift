import Testing

@testable import MemoryEngines

/// MinHash band keys find long-term memories through `long_term_signatures`: the keys stored
/// by one release must be the keys the next computes, and their collisions must follow the
/// banding's curve, or consolidation misses restatements.
@Suite("MinHash band keys")
struct MinHashTests {
    @Test("equal word sets give the same keys in any order, one per band; an empty set gives none")
    func keysOfEqualSets() {
        let words = ["leah", "lives", "lisbon", "sister", "june"]
        let keys = MinHash.bandKeys(WordSet(words))
        #expect(keys.count == MinHash.bands)
        #expect(MinHash.bandKeys(WordSet(words.reversed() + ["leah"])) == keys)
        #expect(Set(keys).count == MinHash.bands)
        #expect(MinHash.bandKeys(WordSet([String]())).isEmpty)
        #expect(MinHash.bandKeys(WordSet(["leah", "lives", "lisbon", "sister", "july"])) != keys)
    }

    @Test("the hashes are fixed across processes and releases, so stored keys stay valid")
    func stableHashes() {
        // FNV-1a's published test vectors.
        #expect(MinHash.fnv1a("") == 0xCBF2_9CE4_8422_2325)
        #expect(MinHash.fnv1a("a") == 0xAF63_DC4C_8601_EC8C)
        #expect(MinHash.fnv1a("foobar") == 0x8594_4171_F739_67E8)
        // SplitMix64's finaliser: the first output of the generator seeded with 0.
        #expect(MinHash.mix(0) == 0xE220_A839_7B1D_CDAF)
    }

    /// Pairs of word sets of 12 words each, sharing `shared`: Jaccard similarity shared / (24 - shared).
    private func collisionRate(shared: Int, pairs: Int = 400) -> Double {
        var hits = 0
        for pair in 0..<pairs {
            let common = (0..<shared).map { "w\(pair)-c\($0)" }
            let first = WordSet(common + (shared..<12).map { "w\(pair)-a\($0)" })
            let second = WordSet(common + (shared..<12).map { "w\(pair)-b\($0)" })
            if !Set(MinHash.bandKeys(first)).isDisjoint(with: MinHash.bandKeys(second)) { hits += 1 }
        }
        return Double(hits) / Double(pairs)
    }

    @Test(
        "word sets share a band key about as often as 1 - (1 - s^rows)^bands says",
        arguments: [(8, 0.5), (4, 0.2), (0, 0.0)])
    func collisionsFollowTheCurve(shared: Int, similarity: Double) {
        var miss = 1.0
        for _ in 0..<MinHash.bands { miss *= 1 - (0..<MinHash.rowsPerBand).reduce(1.0) { r, _ in r * similarity } }
        let expected = 1 - miss
        let rate = collisionRate(shared: shared)
        // 400 pairs: a standard error of at most 0.025.
        #expect(abs(rate - expected) < 0.07, "rate \(rate), expected \(expected) at s = \(similarity)")
    }
}
