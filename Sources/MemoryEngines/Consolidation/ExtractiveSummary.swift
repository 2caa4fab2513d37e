
/// Summaries made only of sentences taken from the memories themselves, never invented text.
package enum ExtractiveSummary {
    /// Picks the most representative sentences of `texts` (those whose words recur most across
    /// all of them), skips near-repeats, keeps them in their original order and stops at `limit`
    /// characters. Sentences are joined with a space, after a full stop where one had none. A
    /// single sentence longer than the limit is cut at a word and ends with "…".
    package static func summarize(_ sentences: [TextFeatures.Sentence], limit: Int) -> String {
        guard !sentences.isEmpty else { return "" }

        var frequency: [UInt64: Int] = [:]
        for sentence in sentences { for word in sentence.words.hashes { frequency[word, default: 0] += 1 } }
        let scores = sentences.map { score($0.words, frequency) }
        let ranked = sentences.indices.sorted { scores[$0] != scores[$1] ? scores[$0] > scores[$1] : $0 < $1 }
        var chosen: [Int] = []
        var length = 0
        for index in ranked {
            let sentence = sentences[index]
            if chosen.contains(where: { isRepeat(sentences[$0], sentence) }) { continue }
            let added = sentence.text.count + (chosen.isEmpty ? 0 : 2)
            if chosen.isEmpty || length + added <= limit {
                chosen.append(index)
                length += added
            }
        }
        let ordered = chosen.sorted().map { sentences[$0].text }
        let joined = ordered.enumerated().map { index, sentence in
            index < ordered.count - 1 && !(sentence.last.map { ".!?…".contains($0) } ?? false) ? sentence + "." : sentence
        }.joined(separator: " ")
        return cut(joined, to: limit)
    }

    private static func score(_ words: WordSet, _ frequency: [UInt64: Int]) -> Double {
        guard !words.isEmpty else { return 0 }
        return Double(words.hashes.reduce(0) { $0 + frequency[$1, default: 0] }) / Double(words.count).squareRoot()
    }

    private static func isRepeat(_ a: TextFeatures.Sentence, _ b: TextFeatures.Sentence) -> Bool {
        a.text.lowercased() == b.text.lowercased() || a.words.similarity(to: b.words) >= 0.8
    }

    private static func cut(_ text: String, to limit: Int) -> String {
        guard text.count > limit else { return text }
        let head = text.prefix(limit - 1)
        let atWord = head.lastIndex(where: \.isWhitespace).map { head[..<$0] } ?? head
        return atWord.trimmingWhitespace() + "…"
    }
}
