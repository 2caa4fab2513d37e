import FoundationEssentials

/// Where the next page of a search starts, given out as `next_cursor`: opaque to the client,
/// tied to its query so that a cursor used with another query is refused rather than misread.
struct SearchCursor {
    /// Paging stops here; a query with more hits than this needs narrowing, not more pages.
    static let maximumOffset = 1000

    let offset: Int
    let text: String

    init(query: String, offset: Int) {
        self.offset = offset
        text = Data("v1:\(offset):\(Self.fingerprint(query))".utf8).base64EncodedString()
    }

    init(_ text: String, query: String) throws(ToolFailure) {
        let parts = Data(base64Encoded: text).map { String(decoding: $0, as: UTF8.self) }?.split(separator: ":")
        guard let parts, parts.count == 3, parts[0] == "v1", let offset = Int(parts[1]),
            (0...Self.maximumOffset).contains(offset)
        else {
            throw ToolFailure("cursor is not one that search returned; call search without cursor to start over")
        }
        guard parts[2] == Self.fingerprint(query) else {
            throw ToolFailure("cursor belongs to another query; use it with the query it came from, or leave it out")
        }
        self.offset = offset
        self.text = text
    }

    /// FNV-1a of the query: stable across runs, unlike `hashValue`.
    private static func fingerprint(_ query: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in query.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        return String(hash, radix: 16)
    }
}
