extension HTTPRequestHead {
    /// The target's path, percent-decoded. A path selects what the UI shows, so a malformed escape
    /// or bytes that are not UTF-8 are refused rather than guessed at, and so is an escaped NUL.
    static func path(of target: ArraySlice<UInt8>) throws(HTTPRequestError) -> String {
        let raw = target.prefix { $0 != UInt8(ascii: "?") }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(raw.count)
        var index = raw.startIndex
        while index < raw.endIndex {
            guard raw[index] == UInt8(ascii: "%") else {
                bytes.append(raw[index])
                index += 1
                continue
            }
            guard let byte = escapedByte(raw, at: index) else {
                throw HTTPRequestError(.badRequest, "the path has a % not followed by two hexadecimal digits")
            }
            guard byte != 0 else { throw HTTPRequestError(.badRequest, "the path holds an escaped NUL (%00)") }
            bytes.append(byte)
            index += 3
        }
        guard let path = String(validating: bytes, as: UTF8.self) else {
            throw HTTPRequestError(.badRequest, "the decoded path is not UTF-8")
        }
        return path
    }

    /// The target's query as application/x-www-form-urlencoded, read as the WHATWG URL standard
    /// reads it (what a browser's URLSearchParams gives): pairs split at "&", name and value at the
    /// first "=", "+" a space, a malformed %-escape kept as written, and bytes that are not UTF-8
    /// replaced by U+FFFD. A query only carries search words and the token, so leniency here costs
    /// nothing, and a handler that wants the raw bytes has `target`. The first value of a name wins.
    static func query(of target: ArraySlice<UInt8>) -> [String: String] {
        guard let question = target.firstIndex(of: UInt8(ascii: "?")) else { return [:] }
        var query: [String: String] = [:]
        for pair in target[(question + 1)...].split(separator: UInt8(ascii: "&")) {
            let name = pair.prefix { $0 != UInt8(ascii: "=") }
            let value = pair[name.endIndex...].dropFirst()
            let key = formDecoded(name)
            if query[key] == nil { query[key] = formDecoded(value) }
        }
        return query
    }

    private static func formDecoded(_ raw: ArraySlice<UInt8>) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(raw.count)
        var index = raw.startIndex
        while index < raw.endIndex {
            switch raw[index] {
            case UInt8(ascii: "+"):
                bytes.append(space)
            case UInt8(ascii: "%"):
                if let byte = escapedByte(raw, at: index) {
                    bytes.append(byte)
                    index += 3
                    continue
                }
                bytes.append(raw[index])
            case let byte:
                bytes.append(byte)
            }
            index += 1
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The byte that "%XX" at `index` stands for, or nil when two hexadecimal digits do not follow.
    private static func escapedByte(_ bytes: ArraySlice<UInt8>, at index: Int) -> UInt8? {
        guard index + 2 < bytes.endIndex, let high = hexValue(bytes[index + 1]), let low = hexValue(bytes[index + 2])
        else { return nil }
        return high << 4 | low
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
