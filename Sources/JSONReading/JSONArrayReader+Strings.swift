#if canImport(Glibc)
    import Glibc
#endif

// MARK: - Strings

extension ArrayParser {
    /// A string whose opening quote is at `index`. Most strings have no escapes: they are checked
    /// and copied straight from the buffer.
    mutating func string() throws -> String {
        index += 1
        var start = index
        var ascii = true
        while true {
            ascii = skipPlainStringBytes() && ascii
            if index < end { break }
            guard try readMore(keeping: &start) else { throw endedEarly(inString: true) }
        }
        guard bytes[index] == .quote else { return try escapedString(from: start) }
        let text = try makeString(
            UnsafeBufferPointer(start: bytes + start, count: index - start), ascii: ascii, at: start)
        index += 1
        return text
    }

    /// The rest of a string from its first backslash (or raw control character) at `index`; the
    /// string's first byte is at `start`. Its raw bytes stay in the buffer until the end, where
    /// they tell where invalid UTF-8 is.
    private mutating func escapedString(from start: Int) throws -> String {
        var start = start
        var segment = start  // the first byte not yet copied to `scratch`
        scratch.removeAll(keepingCapacity: true)
        while true {
            _ = skipPlainStringBytes()
            guard index < end else {
                let before = start
                guard try readMore(keeping: &start) else { throw endedEarly(inString: true) }
                segment -= before - start
                continue
            }
            let byte = bytes[index]
            if byte == .quote {
                scratch.append(contentsOf: UnsafeBufferPointer(start: bytes + segment, count: index - segment))
                // Escapes write valid UTF-8 and no byte of a multi-byte character is ASCII, so the
                // raw bytes are valid exactly when the decoded ones are.
                let raw = UnsafeBufferPointer(start: bytes + start, count: index - start)
                let text = try scratch.withUnsafeBufferPointer { decoded in
                    try makeString(decoded, ascii: false, at: start, raw: raw)
                }
                index += 1
                return text
            } else if byte == .backslash {
                scratch.append(contentsOf: UnsafeBufferPointer(start: bytes + segment, count: index - segment))
                try escape(keeping: &start)
                segment = index
            } else {
                throw failure("a raw control character (byte \(hex(byte))) in a string; it must be escaped")
            }
        }
    }

    /// Moves `index` to the first quote, backslash or control character from it, or to `end`;
    /// whether the bytes passed were all ASCII. Eight bytes at a time: strings are most of an export.
    @inline(__always)
    private mutating func skipPlainStringBytes() -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highBits: UInt64 = 0x8080_8080_8080_8080
        let raw = UnsafeRawPointer(bytes)
        var position = index
        var seen: UInt64 = 0
        while end - position >= 8 {
            let word = raw.loadUnaligned(fromByteOffset: position, as: UInt64.self)
            // A byte's high bit is set where it is zero after the XOR (a quote, a backslash) or
            // below 0x20; the lowest one marked is exact, which is all this needs.
            let quotes = word ^ (ones &* UInt64(UInt8.quote))
            let backslashes = word ^ (ones &* UInt64(UInt8.backslash))
            let marked =
                ((quotes &- ones) & ~quotes | (backslashes &- ones) & ~backslashes | (word &- ones &* 0x20) & ~word)
                & highBits
            if marked != 0 { break }
            seen |= word
            position += 8
        }
        while position < end {
            let byte = bytes[position]
            if byte == .quote || byte == .backslash || byte < 0x20 { break }
            seen |= UInt64(byte)
            position += 1
        }
        index = position
        return seen & highBits == 0
    }

    /// A string from UTF-8 bytes that came from the input at `start`, or an error at the first invalid byte
    /// of `raw` (the input's bytes, when `bytes` is decoded from them).
    private func makeString(
        _ bytes: UnsafeBufferPointer<UInt8>, ascii: Bool, at start: Int, raw: UnsafeBufferPointer<UInt8>? = nil
    ) throws -> String {
        // String(decoding:) is specialized for a buffer of bytes, where String(validating:) is not
        // (it was a fifth of the time); it repairs invalid UTF-8, which then shows as a change.
        var text = String(decoding: bytes, as: UTF8.self)
        if ascii { return text }
        let valid =
            text.utf8.count == bytes.count
            && text.withUTF8 { decoded in memcmp(decoded.baseAddress!, bytes.baseAddress!, bytes.count) == 0 }
        if valid { return text }
        let invalid = firstInvalidUTF8Offset(raw ?? bytes) ?? 0
        throw failure("invalid UTF-8 in a string", at: start + invalid)
    }

    /// Decodes the escape whose backslash is at `index` into `scratch`.
    private mutating func escape(keeping start: inout Int) throws {
        guard try available(2, keeping: &start) else { throw endedEarly(inString: true) }
        let letter = bytes[index + 1]
        let decoded: UInt8
        switch letter {
        case .quote, .backslash, UInt8(ascii: "/"): decoded = letter
        case UInt8(ascii: "b"): decoded = 0x08
        case UInt8(ascii: "f"): decoded = 0x0C
        case UInt8(ascii: "n"): decoded = 0x0A
        case UInt8(ascii: "r"): decoded = 0x0D
        case UInt8(ascii: "t"): decoded = 0x09
        case UInt8(ascii: "u"):
            index += 2
            var scalar = UInt32(try hexUnit(keeping: &start))
            if 0xD800...0xDBFF ~= scalar {
                // Half of a pair: the other half must follow as another \u escape, or this one is
                // U+FFFD and what follows is read for itself.
                _ = try available(6, keeping: &start)
                if end - index >= 6, bytes[index] == .backslash, bytes[index + 1] == UInt8(ascii: "u"),
                    let low = hexValue(at: index + 2), 0xDC00...0xDFFF ~= low
                {
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (UInt32(low) - 0xDC00)
                    index += 6
                } else {
                    guard policy.replacesLoneSurrogates else { throw failure("a high surrogate without its low surrogate") }
                    scalar = 0xFFFD
                }
            } else if 0xDC00...0xDFFF ~= scalar {
                guard policy.replacesLoneSurrogates else { throw failure("a low surrogate without its high surrogate") }
                scalar = 0xFFFD
            }
            appendUTF8(scalar)
            return
        default:
            throw failure("invalid escape in a string: '\\' followed by \(found(letter))")
        }
        scratch.append(decoded)
        index += 2
    }

    /// The four hex digits of a \u escape, from `index`.
    private mutating func hexUnit(keeping start: inout Int) throws -> UInt16 {
        _ = try available(4, keeping: &start)
        var unit: UInt16 = 0
        for _ in 0..<4 {
            guard index < end else { throw endedEarly(inString: true) }
            guard let digit = Self.hexDigit(bytes[index]) else {
                throw failure("invalid \\u escape: expected 4 hex digits, found \(found(bytes[index]))")
            }
            unit = unit << 4 | UInt16(digit)
            index += 1
        }
        return unit
    }

    /// The four hex digits at `position`, when they are in the buffer and are hex digits.
    private func hexValue(at position: Int) -> UInt16? {
        guard end - position >= 4 else { return nil }
        var unit: UInt16 = 0
        for offset in 0..<4 {
            guard let digit = Self.hexDigit(bytes[position + offset]) else { return nil }
            unit = unit << 4 | UInt16(digit)
        }
        return unit
    }

    private static func hexDigit(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    private mutating func appendUTF8(_ scalar: UInt32) {
        switch scalar {
        case 0..<0x80:
            scratch.append(UInt8(scalar))
        case 0x80..<0x800:
            scratch.append(UInt8(0xC0 | scalar >> 6))
            scratch.append(UInt8(0x80 | scalar & 0x3F))
        case 0x800..<0x10000:
            scratch.append(UInt8(0xE0 | scalar >> 12))
            scratch.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            scratch.append(UInt8(0x80 | scalar & 0x3F))
        default:
            scratch.append(UInt8(0xF0 | scalar >> 18))
            scratch.append(UInt8(0x80 | scalar >> 12 & 0x3F))
            scratch.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            scratch.append(UInt8(0x80 | scalar & 0x3F))
        }
    }
}
