// What the readers and editors ask of a text's bytes.
extension [UInt8] {
    /// True when the text holds only spaces, tabs and line breaks (or nothing).
    package var isBlank: Bool {
        allSatisfy {
            $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") || $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\r")
        }
    }

    /// The offset of the first byte that is not part of valid UTF-8, or nil when all of it is.
    package var firstInvalidUTF8Offset: Int? {
        // The standard library's check is fast; the offset is looked for only when it fails.
        if String(validating: self, as: UTF8.self) != nil { return nil }
        var iterator = makeIterator()
        var parser = Unicode.UTF8.ForwardParser()
        var offset = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let scalar): offset += scalar.count
            case .emptyInput: return nil
            case .error: return offset
            }
        }
    }
}

extension [UInt8] {
    /// The line break a text uses, as its first line ends: CRLF, else LF.
    package var lineBreak: String {
        guard let lineFeed = firstIndex(of: UInt8(ascii: "\n")), lineFeed > 0, self[lineFeed - 1] == UInt8(ascii: "\r")
        else {
            return "\n"
        }
        return "\r\n"
    }
}

/// The value of a hexadecimal digit, or nil.
func hexDigitValue(_ byte: UInt8) -> UInt32? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
    case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
    case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
    default: nil
    }
}
