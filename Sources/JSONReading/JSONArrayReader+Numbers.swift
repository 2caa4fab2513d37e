// MARK: - Numbers

extension ArrayParser {
    /// A number whose first byte is at `index`. Its bytes are found first, then checked against
    /// the grammar, so that an error names the byte that is wrong.
    mutating func number() throws -> JSONNode {
        var start = index
        while true {
            while index < end, Self.isNumberByte(bytes[index]) { index += 1 }
            if index < end { break }
            guard try readMore(keeping: &start) else { break }
        }
        let value = try numberValue(from: start, to: index)
        guard policy.exactIntegers else { return .number(value) }
        if let integer = exactInteger(from: start, to: index) { return .integer(integer) }
        if let integer = Int64(exactly: value) { return .integer(integer) }
        return .number(value)
    }

    /// The number as a whole `Int64` when it is written as one (`5`, or `5.000`, exactly also past
    /// 2^53): what JSONDecoder decodes an `Int64` from. The grammar was checked before.
    private func exactInteger(from start: Int, to stop: Int) -> Int64? {
        let number = UnsafeBufferPointer(start: bytes + start, count: stop - start)
        if number.contains(where: { $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") }) { return nil }
        let point = number.firstIndex(of: UInt8(ascii: ".")) ?? number.count
        guard number[point...].dropFirst().allSatisfy({ $0 == UInt8(ascii: "0") }) else { return nil }
        return Int64(String(decoding: number[..<point], as: UTF8.self))
    }

    private static func isNumberByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."),
            UInt8(ascii: "e"), UInt8(ascii: "E"):
            return true
        default:
            return false
        }
    }

    /// Powers of ten that a double holds exactly.
    private static let exactPowersOfTen: [Double] = (0...22).map { (0..<$0).reduce(1.0) { product, _ in product * 10 } }

    private func numberValue(from start: Int, to stop: Int) throws -> Double {
        let bytes = UnsafePointer(bytes)
        var position = start
        func isDigit(_ position: Int) -> Bool {
            position < stop && bytes[position] &- UInt8(ascii: "0") < 10
        }
        func expectDigit(_ what: String) throws {
            if isDigit(position) { return }
            // `[-` and the end: a cut-short file, not a wrong number.
            if position == end && atEnd { throw endedEarly() }
            throw failure(
                "expected a digit \(what), found \(position < end ? found(bytes[position]) : "the end")", at: position)
        }
        // Up to 19 significant digits make an exact UInt64; with a significand below 2^53 and a
        // power of ten that a double holds exactly, one multiplication or division rounds correctly.
        var significand: UInt64 = 0
        var digits = 0
        var exact = true
        var exponent = 0
        func addDigit(fraction: Bool) {
            if digits < 19 {
                significand = significand &* 10 &+ UInt64(bytes[position] &- UInt8(ascii: "0"))
                if significand != 0 { digits += 1 }
                if fraction { exponent -= 1 }
            } else {
                exact = false
            }
            position += 1
        }
        let negative = bytes[position] == UInt8(ascii: "-")
        if negative { position += 1 }
        try expectDigit("in a number")
        if bytes[position] == UInt8(ascii: "0") {
            position += 1
            if isDigit(position) { throw failure("a number with a leading zero", at: position - 1) }
        } else {
            while isDigit(position) { addDigit(fraction: false) }
        }
        if position < stop, bytes[position] == UInt8(ascii: ".") {
            position += 1
            try expectDigit("after '.' in a number")
            while isDigit(position) { addDigit(fraction: true) }
        }
        if position < stop, bytes[position] | 0x20 == UInt8(ascii: "e") {
            position += 1
            var exponentSign = 1
            if position < stop, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") {
                if bytes[position] == UInt8(ascii: "-") { exponentSign = -1 }
                position += 1
            }
            try expectDigit("in the exponent of a number")
            var written = 0
            while isDigit(position) {
                // Past this, any significand gives infinity or zero anyway.
                if written < 100_000 { written = written * 10 + Int(bytes[position] &- UInt8(ascii: "0")) }
                position += 1
            }
            exponent += exponentSign * written
        }
        if position < stop { throw failure("unexpected \(found(bytes[position])) in a number", at: position) }

        if significand == 0 && exact { return negative ? -0.0 : 0.0 }
        if exact, significand <= 1 << 53, -22...22 ~= exponent {
            let whole = Double(significand)
            let magnitude =
                exponent < 0 ? whole / Self.exactPowersOfTen[-exponent] : whole * Self.exactPowersOfTen[exponent]
            return negative ? -magnitude : magnitude
        }
        // Rare in an export: the standard library's correctly rounded conversion.
        let text = String(decoding: UnsafeBufferPointer(start: bytes + start, count: stop - start), as: UTF8.self)
        guard let parsed = Double(text), parsed.isFinite else {
            throw failure("the number \(text.prefix(40)) is too large for a double", at: start)
        }
        return parsed
    }
}
