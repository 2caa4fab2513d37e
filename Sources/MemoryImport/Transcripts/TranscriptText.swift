import MemoryModel

/// Text rules the transcript readers share: cutting out what a tool wraps in tags, telling a
/// wrapper from typed text, and naming a message by what it is where the tool gives no id.
enum TranscriptText {
    /// `text` without every `<tag …>…</tag>` span of the given tags (an unclosed one runs to the
    /// end), and whether anything was cut.
    static func removingSpans(of tags: [String], from text: String) -> (text: String, cut: Bool) {
        var result = Substring(text)
        var cut = false
        for tag in tags {
            var from = result.startIndex
            while let open = result[from...].range(of: "<" + tag) {
                // `<system-reminders>` is another tag: look on after it.
                guard isTagEnd(result, open.upperBound) else {
                    from = open.upperBound
                    continue
                }
                let close = result[open.upperBound...].range(of: "</" + tag + ">")
                let kept = result[..<open.lowerBound]
                result = kept + (close.map { result[$0.upperBound...] } ?? "")
                from = result.index(result.startIndex, offsetBy: kept.count)
                cut = true
            }
        }
        return (String(result), cut)
    }

    /// Whether the tag's name ends at `index` (`>`, a space before attributes, or `/`).
    private static func isTagEnd(_ text: Substring, _ index: Substring.Index) -> Bool {
        guard index < text.endIndex else { return false }
        return text[index] == ">" || text[index] == " " || text[index] == "/" || text[index] == "\n"
    }

    /// Whether `text`, leading white space aside, starts with one of `markers`.
    static func starts(_ text: String, withAnyOf markers: [String]) -> Bool {
        let start = text.drop { $0.isWhitespace }
        return markers.contains { start.hasPrefix($0) }
    }

    /// An id for a message the tool names by no id of its own: its time and a hash of its text, so
    /// that the same message read again, from this file or a copy of it, gets the same id.
    static func contentID(_ prefix: String, time: String?, text: String) -> String {
        "\(prefix):\(time ?? "-"):\(hash(text))"
    }

    /// 64-bit FNV-1a of the text's UTF-8, in hex: stable across runs and builds (Swift's own
    /// hashing is seeded per process).
    static func hash(_ text: String) -> String {
        var value: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            value ^= UInt64(byte)
            value &*= 0x0000_0100_0000_01B3
        }
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}

extension Substring {
    /// The first range of `needle`, compared by UTF-8 bytes.
    func range(of needle: String) -> Range<Index>? {
        let pattern = Array(needle.utf8)
        guard let first = pattern.first else { return nil }
        var index = utf8.startIndex
        while let found = utf8[index...].firstIndex(of: first) {
            if utf8[found...].starts(with: pattern) {
                return found..<utf8.index(found, offsetBy: pattern.count)
            }
            index = utf8.index(after: found)
        }
        return nil
    }
}
