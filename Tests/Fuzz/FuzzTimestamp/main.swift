import FuzzSupport
import MemoryModel

// `Timestamp(iso8601:)` on any text (import lines and flags reach it as Swift strings, invalid
// UTF-8 repaired). A time that parses is in the stored range, and its stored form (`.iso8601`,
// always 24 characters) parses back to the same instant and formats the same.
runFuzzer { bytes in
    let text = String(decoding: bytes, as: UTF8.self)
    guard let parsed = Timestamp(iso8601: text) else { return }
    precondition(
        Timestamp.range.contains(parsed), "\(text) parsed outside the stored range: \(parsed.millisecondsSince1970)")
    let stored = parsed.iso8601
    precondition(stored.utf8.count == 24, "\(text) formats as \(stored), not 24 characters")
    guard let again = Timestamp(iso8601: stored) else {
        fatalError("\(text) formats as \(stored), which does not parse")
    }
    precondition(
        again == parsed, "\(text) → \(stored) → \(again.millisecondsSince1970), not \(parsed.millisecondsSince1970)")
    precondition(again.iso8601 == stored, "\(stored) formats again as \(again.iso8601)")
}
