/// A change to a text: the bytes in `range` replaced by `replacement`. An insertion has an
/// empty range, a removal an empty replacement.
package struct TextEdit: Equatable, Sendable {
    package let range: Range<Int>
    package let replacement: [UInt8]

    package init(replacing range: Range<Int>, with replacement: some StringProtocol) {
        self.range = range
        self.replacement = Array(replacement.utf8)
    }

    package static func insert(_ text: some StringProtocol, at offset: Int) -> TextEdit {
        TextEdit(replacing: offset..<offset, with: text)
    }

    package static func remove(_ range: Range<Int>) -> TextEdit { TextEdit(replacing: range, with: "") }
}

extension [UInt8] {
    /// The text with `edits` made, each at its place in the original text. Edits must not
    /// overlap; two insertions at one offset go in the order given.
    package func applying(_ edits: [TextEdit]) -> [UInt8] {
        var result = self
        let ordered = edits.enumerated().sorted {
            ($0.element.range.lowerBound, $0.offset) > ($1.element.range.lowerBound, $1.offset)
        }
        for (_, edit) in ordered {
            precondition(edit.range.upperBound <= count, "an edit past the end of the text")
            result.replaceSubrange(edit.range, with: edit.replacement)
        }
        return result
    }
}
