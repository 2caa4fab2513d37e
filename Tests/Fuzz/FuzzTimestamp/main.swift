import Foundation
import FuzzSupport
import MemoryModel

// `Timestamp(iso8601:)` on any text (import lines and flags reach it as Swift strings, invalid
// UTF-8 repaired), and `Timestamp(iso8601UTF8:)` on the same bytes (what the store parses). A
// time that parses is in the stored range, and its stored form (`.iso8601`, always 24
// characters) parses back to the same instant and formats the same.
//
// The first 8 bytes also read as an instant in the stored range. Its stored form parses back to
// it, the same instant written with a zone offset parses to it too, and the calendar arithmetic
// (days to year, month, day) agrees with Foundation's ISO8601DateFormatter on whole seconds
// from 1583 on (before that, Foundation's calendar is Julian, ours proleptic Gregorian).

/// Foundation's RFC 3339 form of a whole second: `2026-11-02T09:30:00Z`. Only libFuzzer's one
/// thread uses it.
nonisolated(unsafe) let reference: ISO8601DateFormatter = {
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withInternetDateTime]
    formatter.timeZone = TimeZone(identifier: "UTC")
    return formatter
}()
/// 1583-01-01T00:00:00Z, in milliseconds.
let firstGregorianYear: Int64 = -12_212_553_600_000

func checkText(_ text: String) {
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

func checkInstant(_ bytes: UnsafeBufferPointer<UInt8>) {
    guard bytes.count >= 10 else { return }
    let raw = (0..<8).reduce(UInt64(0)) { $0 << 8 | UInt64(bytes[$1]) }
    let lower = Timestamp.range.lowerBound.millisecondsSince1970
    let span = UInt64(Timestamp.range.upperBound.millisecondsSince1970 - lower + 1)
    let instant = Timestamp(millisecondsSince1970: lower + Int64(raw % span))
    let stored = instant.iso8601
    precondition(
        Timestamp(iso8601: stored) == instant, "\(instant.millisecondsSince1970) → \(stored) parses otherwise")

    // The same instant as local time at an offset of up to ±23:59 (two more bytes).
    let offset = (Int64(bytes[8]) << 8 | Int64(bytes[9])) % (2 * 1440 - 1) - 1439
    let local = Timestamp(millisecondsSince1970: instant.millisecondsSince1970 + offset * 60_000)
    if Timestamp.range.contains(local) {
        let sign = offset < 0 ? "-" : "+"
        let hours = String(abs(offset) / 60), minutes = String(abs(offset) % 60)
        let zone = sign + String(repeating: "0", count: 2 - hours.count) + hours + ":"
            + String(repeating: "0", count: 2 - minutes.count) + minutes
        let text = String(local.iso8601.dropLast()) + zone
        precondition(Timestamp(iso8601: text) == instant, "\(text) is not \(stored)")
    }

    let second = instant.millisecondsSince1970 - (instant.millisecondsSince1970 % 1000 + 1000) % 1000
    guard second >= firstGregorianYear else { return }
    let whole = Timestamp(millisecondsSince1970: second).iso8601
    let foundation = reference.string(from: Date(timeIntervalSince1970: Double(second / 1000)))
    precondition(
        whole.replacingOccurrences(of: ".000Z", with: "Z") == foundation,
        "\(second) formats as \(whole), Foundation as \(foundation)")
}

/// The store parses times from a row's bytes (`init?(iso8601UTF8:)`): the same answer as from
/// the text, for any bytes (invalid UTF-8 parses as nothing either way).
func checkBytes(_ bytes: UnsafeBufferPointer<UInt8>) {
    let text = String(decoding: bytes, as: UTF8.self)
    precondition(
        Timestamp(iso8601UTF8: bytes) == Timestamp(iso8601: text), "\(Array(bytes)) parses otherwise as bytes")
}

runFuzzer { bytes in
    checkText(String(decoding: bytes, as: UTF8.self))
    checkBytes(bytes)
    checkInstant(bytes)
}
