import FuzzSupport
import MemoryEngines
import MemoryModel

// `TimeResolver` on any text (a memory's content, invalid UTF-8 repaired) said at any instant in
// the stored range (from the first 8 bytes). Every resolved expression is where it says in the
// text and reads as its phrase there, expressions come in order without overlapping, a span's
// first day is not after its last, and the annotated text is the text with only " (…)" inserted.

runFuzzer { bytes in
    guard bytes.count >= 8 else { return }
    var raw: UInt64 = 0
    for byte in bytes.prefix(8) { raw = raw << 8 | UInt64(byte) }
    let lower = UInt64(bitPattern: Timestamp.range.lowerBound.millisecondsSince1970)
    let span = UInt64(Timestamp.range.upperBound.millisecondsSince1970 - Timestamp.range.lowerBound.millisecondsSince1970)
    let said = Timestamp(millisecondsSince1970: Int64(bitPattern: lower &+ raw % span))
    let text = String(decoding: UnsafeBufferPointer(rebasing: bytes.dropFirst(8)), as: UTF8.self)
    let utf8 = Array(text.utf8)

    var end = 0
    for time in TimeResolver.resolve(text, at: said) {
        precondition(time.start >= end && time.start < time.end && time.end <= utf8.count, "\(time) out of place")
        precondition(
            String(decoding: utf8[time.start..<time.end], as: UTF8.self) == time.phrase, "\(time.phrase) is not there")
        precondition(time.firstDay <= time.lastDay, "\(time.firstDay) after \(time.lastDay)")
        end = time.end
    }

    // Taking the inserted " (…)" parts out again gives the text back.
    let annotated = TimeResolver.annotated(text, at: said)
    let annotatedBytes = Array(annotated.utf8)
    var restored: [UInt8] = []
    var from = 0  // in the text
    var at = 0  // in the annotated text
    for time in TimeResolver.resolve(text, at: said) {
        restored += annotatedBytes[at..<(at + time.end - from)]
        at += time.end - from
        from = time.end
        let inserted = Array(" (\(time.shown))".utf8)
        precondition(
            at + inserted.count <= annotatedBytes.count && Array(annotatedBytes[at..<(at + inserted.count)]) == inserted,
            "no \(time.shown) after \(time.phrase)")
        at += inserted.count
    }
    restored += annotatedBytes[at...]
    precondition(restored == utf8, "annotating changed the text")
}
