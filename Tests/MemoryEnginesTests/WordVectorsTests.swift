import FoundationEssentials
import MemoryModel
import Testing

@testable import MemoryEngines

@Suite("Word vectors: what words mean, from a table read in place")
struct WordVectorsTests {
    func meaning(_ text: String) -> WordVectors.Meaning? { WordVectors.meaning(of: TextFeatures(text).words) }

    func hash(_ word: String) -> UInt64 { TextFeatures.contentWordHash(Substring(word))! }

    @Test("every word of the table is found by its hash, as TextFeatures hashes words")
    func lookUp() {
        #expect(WordVectors.count > 15_000)
        // The table's keys are the hashes of the stemmed words, so every form of a word finds it.
        for word in ["dog", "dogs", "puppy", "dancing", "danced", "favorite", "Sweden", "married", "sister's"] {
            #expect(WordVectors.knows(hash(word)), "\(word)")
        }
        #expect(!WordVectors.knows(hash("qwzxv")))
        #expect(meaning("qwzxv the of") == nil)
        #expect(meaning("") == nil)
    }

    @Test("the table holds exactly the model's words as TextFeatures hashes them: scripts/word-vectors keeps its rules")
    func tableFollowsTextFeatures() throws {
        // The words scripts/word-vectors read from the model's vocabulary, as it wrote them.
        let list = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("scripts/word-vectors-vocabulary.txt")
        let words = try String(contentsOf: list, encoding: .utf8).split(separator: "\n")
        #expect(words.count == 21_719)
        let hashes = words.compactMap { TextFeatures.contentWordHash($0) }
        let missing = words.filter { word in TextFeatures.contentWordHash(word).map { !WordVectors.knows($0) } ?? false }
        #expect(missing.isEmpty, "words the table lacks: \(missing.prefix(10))")
        // And nothing else: as many entries as the vocabulary has distinct content words.
        #expect(Set(hashes).count == WordVectors.count)
    }

    @Test("words near in meaning are near, unrelated ones are not, whatever the words shared")
    func nearness() throws {
        let dog = try #require(meaning("my dog"))
        let puppy = try #require(meaning("the puppy"))
        let taxes = try #require(meaning("taxes"))
        #expect(dog.similarity(to: dog) > 0.999)
        #expect(dog.similarity(to: puppy) > 0.7)
        #expect(dog.similarity(to: puppy) > dog.similarity(to: taxes) + 0.3)
        let relax = try #require(meaning("How does Gina relax?"))
        let dance = try #require(meaning("Dance is pretty much my go-to for stress relief."))
        let store = try #require(meaning("My store opens on Friday downtown."))
        #expect(relax.similarity(to: dance) > relax.similarity(to: store))
        #expect(dance.words == 6)  // dance, pretty, much, go, stress, relief
    }
}
