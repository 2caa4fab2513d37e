
/// Estimates how worth keeping a memory is, 0…1, when the writer gave no importance.
///
/// Small talk ("ok", "lol", "thanks!") scores 0.05. Anything else starts at 0.25 and gains for
/// named things (capitalised words inside a sentence, +0.1 each, at most +0.2), numbers and
/// dates (+0.1), cues such as "remember", "important", "always", "never", "don't forget" (+0.3),
/// statements about oneself ("my …", "I live", "I work", "I'm", +0.15) and length (+0.05 from 8
/// words, +0.1 from 20). One or two words with no name or number stay at 0.1 at most. The
/// default forgetting threshold, 0.3, sits above bare chatter and below any statement with a
/// name, number, cue or personal fact in it. docs/CONSOLIDATION.md has examples.
package enum ImportanceHeuristic {
    /// What small talk and other filler score: below any forgetting threshold worth setting.
    package static let fillerImportance = 0.05

    /// From the text's tokens alone: recall estimates every unconsolidated turn it ranks.
    package static func estimate(_ text: String) -> Double { estimate(tokens: TextFeatures.tokens(of: text)) }

    package static func estimate(_ features: TextFeatures) -> Double { estimate(tokens: features.tokens) }

    private static func estimate(tokens: [TextFeatures.Token]) -> Double {
        let words = tokens.map { normalized($0.text) }
        if words.isEmpty || (words.count <= smallTalkWords && smallTalk.contains(words.joined(separator: " "))) {
            return fillerImportance
        }
        let named = tokens.filter(TextFeatures.isName).count
        let hasNumber = tokens.contains { $0.text.unicodeScalars.first?.properties.numericType != nil }

        var score = 0.25
        score += min(0.2, 0.1 * Double(named))
        if hasNumber { score += 0.1 }
        if words.contains(where: cueWords.contains) || contains(cuePhrases, firsts: cuePhraseFirsts, in: words) {
            score += 0.3
        }
        if words.contains(where: selfWords.contains) || contains(selfPhrases, firsts: selfPhraseFirsts, in: words) {
            score += 0.15
        }
        if words.count >= 20 {
            score += 0.1
        } else if words.count >= 8 {
            score += 0.05
        }
        if words.count <= 2 && named == 0 && !hasNumber { score = min(score, 0.1) }
        return min(1, score)
    }

    /// A token lower-cased without apostrophes ("Don't" → "dont"); ASCII without `Character`s.
    private static func normalized(_ token: Substring) -> String {
        guard token.utf8.allSatisfy({ $0 < 0x80 }) else {
            return String(token).lowercased().filter { $0 != "'" && $0 != "’" }
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(token.utf8.count)
        for byte in token.utf8 where byte != UInt8(ascii: "'") {
            bytes.append(byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Whether two adjacent `words` make one of `phrases` (two words each, the first of which
    /// are `firsts`), building only the pairs that may.
    private static func contains(_ phrases: Set<String>, firsts: Set<String>, in words: [String]) -> Bool {
        for index in words.indices.dropLast() where firsts.contains(words[index]) {
            if phrases.contains(words[index] + " " + words[index + 1]) { return true }
        }
        return false
    }

    private static let cuePhraseFirsts = Set(cuePhrases.map { String($0.split(separator: " ")[0]) })
    private static let selfPhraseFirsts = Set(selfPhrases.map { String($0.split(separator: " ")[0]) })
    /// The most words of a small-talk phrase: longer texts are never small talk.
    private static let smallTalkWords = smallTalk.map { $0.split(separator: " ").count }.max() ?? 0

    package static let smallTalk: Set<String> = [
        "ok", "okay", "k", "kk", "lol", "haha", "hahaha", "thanks", "thank you", "thx", "ty", "yes", "no", "yeah",
        "yep", "nope", "sure", "cool", "nice", "great", "hmm", "hm", "wow", "got it", "ok thx", "good morning",
        "good night", "gn", "gm", "hi", "hello", "hey", "bye", "brb", "nvm", "makes sense", "haha nice", "lmao",
        "thank you so much", "np", "no problem", "alright", "fine", "oh", "ah", "ahh", "mhm", "ok thanks",
    ]

    package static let cueWords: Set<String> = ["remember", "important", "always", "never", "deadline", "allergic", "urgent"]
    package static let cuePhrases: Set<String> = ["dont forget", "not forget", "make sure", "note that", "keep in"]
    package static let selfWords: Set<String> = ["my", "im", "ive", "mine"]
    package static let selfPhrases: Set<String> = [
        "i live", "i work", "i moved", "i am", "i have", "i like", "i love", "i hate", "i prefer", "i was", "i got",
    ]
}
