
/// A long-term memory's text, made only of its sources' own sentences: every sentence they keep,
/// in their order, each once. Never invented text, and never a sentence cut or left out to fit a
/// length (docs/CONSOLIDATION.md, "What a long-term memory keeps").
package enum ExtractiveSummary {
    /// The sentences in order, without those that repeat one before them (the same text, or
    /// word sets at least `repeatSimilarity` alike). Sentences are joined with a space, after a
    /// full stop where one had none.
    package static func summarize(_ sentences: [TextFeatures.Sentence]) -> String {
        var kept: [TextFeatures.Sentence] = []
        for sentence in sentences where !kept.contains(where: { isRepeat($0, sentence) }) {
            kept.append(sentence)
        }
        return kept.enumerated().map { index, sentence in
            index < kept.count - 1 && !(sentence.text.last.map { ".!?…".contains($0) } ?? false)
                ? sentence.text + "." : sentence.text
        }.joined(separator: " ")
    }

    /// Word-set similarity at which a sentence repeats another.
    package static let repeatSimilarity = 0.8

    package static func isRepeat(_ a: TextFeatures.Sentence, _ b: TextFeatures.Sentence) -> Bool {
        a.words.similarity(to: b.words) >= repeatSimilarity || a.text.lowercased() == b.text.lowercased()
    }
}
