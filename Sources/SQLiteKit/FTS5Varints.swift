/// The varints FTS5 writes in its own records (`_docsize.sz`, the averages record of `_data`):
/// SQLite's format, 7 bits a byte, the most significant first, the high bit set on every byte but
/// the last; a ninth byte gives 8 bits.
enum FTS5Varints {
    /// Every varint of `bytes`; nil when the bytes are not such varints.
    static func decode(_ bytes: UnsafeRawBufferPointer) -> [Int64]? {
        var values: [Int64] = []
        var index = 0
        while index < bytes.count {
            var value: UInt64 = 0
            var length = 0
            while true {
                guard index < bytes.count else { return nil }
                let byte = bytes[index]
                index += 1
                length += 1
                if length == 9 {
                    value = value << 8 | UInt64(byte)
                    break
                }
                value = value << 7 | UInt64(byte & 0x7f)
                if byte < 0x80 { break }
            }
            guard value <= UInt64(Int64.max) else { return nil }
            values.append(Int64(value))
        }
        return values
    }
}
