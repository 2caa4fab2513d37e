import MemoryModel

/// The site's paths, built in one place so that every page links the same way.
enum Link {
    static let overview = "/"
    static let memories = "/memories"
    static let entities = "/entities"
    static let graph = "/graph"

    static func memory(_ reference: MemoryReference) -> String { "/memory/\(reference)" }
    static func shortTerm(_ id: ShortTermMemoryID) -> String { memory(.shortTerm(id)) }
    static func longTerm(_ id: LongTermMemoryID) -> String { memory(.longTerm(id)) }
    static func entity(_ id: EntityID) -> String { "/entity/\(id.rawValue)" }
    static func pass(_ id: PassID) -> String { "/pass/\(id.rawValue)" }

    static func recall(_ query: String, words: Int) -> String {
        with("/recall", [("q", query), ("words", String(words))])
    }

    /// `path` with a query string of the pairs whose value is not empty.
    static func with(_ path: String, _ items: [(String, String?)]) -> String {
        let pairs = items.compactMap { name, value -> String? in
            guard let value, !value.isEmpty else { return nil }
            return name + "=" + percentEncoded(value)
        }
        return pairs.isEmpty ? path : path + "?" + pairs.joined(separator: "&")
    }

    /// A query value percent-encoded: only unreserved characters stay as they are (RFC 3986).
    static func percentEncoded(_ value: String) -> String {
        var encoded = ""
        for byte in value.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "~"):
                encoded.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = Array("0123456789ABCDEF".unicodeScalars)
                encoded += "%"
                encoded.unicodeScalars.append(hex[Int(byte >> 4)])
                encoded.unicodeScalars.append(hex[Int(byte & 0xF)])
            }
        }
        return encoded
    }
}
