import FuzzSupport
import MemoryEngines
import MemoryModel
import JSONReading

// The entity extractor on any text an import can store: the bytes, refused as the import refuses
// them when they are not UTF-8 (`firstInvalidUTF8Offset`). Every entity lies inside the text
// (code points, end exclusive, not empty), its text is the text at those offsets, it has a key,
// entities come in order and never overlap (a token belongs to at most one entity), and none is
// the speaker, which is never found in text. The extractor is a pure function: the same text
// gives the same entities again. Every tenth input is also extracted with a gazetteer of only
// what its words can meet (`EntityExtractor(for:)`, recall's), which must find the same entities.
let extractor = EntityExtractor()
nonisolated(unsafe) var inputs = 0

runFuzzer { bytes in
    guard firstInvalidUTF8Offset(bytes) == nil else { return }
    let text = String(decoding: bytes, as: UTF8.self)
    let scalars = Array(text.unicodeScalars)
    var previousEnd = 0
    let entities = extractor.extract(text)
    precondition(extractor.extract(text) == entities, "\(text.debugDescription) gives other entities a second time")
    inputs += 1
    if inputs % 10 == 0 {
        precondition(
            EntityExtractor(for: text).extract(text) == entities,
            "\(text.debugDescription): the text's own gazetteer finds other entities")
    }
    for entity in entities {
        precondition(
            0 <= entity.start && entity.start < entity.end && entity.end <= scalars.count,
            "\(entity) lies outside \(text.debugDescription) (\(scalars.count) code points)")
        var written = String.UnicodeScalarView()
        written.append(contentsOf: scalars[entity.start..<entity.end])
        precondition(String(written) == entity.text, "\(entity)'s text is not \(String(written).debugDescription)")
        precondition(!entity.key.isEmpty, "\(entity) has no key")
        precondition(entity.kind != .speaker, "\(entity) is a speaker found in text")
        precondition(entity.start >= previousEnd, "\(entity) overlaps the entity before it in \(text.debugDescription)")
        previousEnd = entity.end
    }
}
