// MARK: - Huffman-coded blocks: their codes, and the inner loop that decodes them

extension Inflater {
    /// The order in which a dynamic block lists the lengths of the code length code.
    private static let codeLengthOrder = [
        16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15,
    ]

    /// Reads a dynamic block's code lengths (themselves Huffman-coded) and builds its tables.
    func readDynamicCodes() throws {
        let literalCount = try bits(5) + 257
        let distanceCount = try bits(5) + 1
        let codeLengthCount = try bits(4) + 4
        guard literalCount <= 286, distanceCount <= 30 else {
            throw failure("too many length or distance codes (\(literalCount) and \(distanceCount))")
        }
        var lengths = [UInt8](repeating: 0, count: 19)
        for index in 0..<codeLengthCount {
            lengths[Self.codeLengthOrder[index]] = UInt8(try bits(3))
        }
        if let problem = Table.build(
            lengths: lengths, symbols: Table.codeLengthSymbols, rootBits: Table.codeLengthRootBits,
            into: codeLengthTable, capacity: 1 << Table.codeLengthRootBits)
        {
            throw failure("bad code lengths: the code length code is \(problem)")
        }

        let total = literalCount + distanceCount
        lengths = [UInt8](repeating: 0, count: total)
        var index = 0
        while index < total {
            let symbol = try decodeCodeLength()
            var repeated: UInt8 = 0
            var count: Int
            switch symbol {
            case 0...15:
                lengths[index] = UInt8(symbol)
                index += 1
                continue
            case 16:
                guard index > 0 else { throw failure("bad code lengths: a repeat before the first length") }
                repeated = lengths[index - 1]
                count = try 3 + bits(2)
            case 17: count = try 3 + bits(3)
            default: count = try 11 + bits(7)
            }
            guard index + count <= total else {
                throw failure("bad code lengths: a repeat runs past the \(total) lengths")
            }
            for _ in 0..<count {
                lengths[index] = repeated
                index += 1
            }
        }
        guard lengths[256] != 0 else { throw failure("bad code lengths: no end-of-block code") }
        if let problem = Table.build(
            lengths: lengths[0..<literalCount], symbols: Table.literalSymbols, rootBits: Table.literalRootBits,
            into: literalTable, capacity: Table.literalCapacity)
        {
            throw failure("bad code lengths: the literal/length code is \(problem)")
        }
        if let problem = Table.build(
            lengths: lengths[literalCount...], symbols: Table.distanceSymbols, rootBits: Table.distanceRootBits,
            into: distanceTable, capacity: Table.distanceCapacity)
        {
            throw failure("bad code lengths: the distance code is \(problem)")
        }
    }

    private func decodeCodeLength() throws -> Int {
        if bitCount < 16 { try refill() }
        let entry = codeLengthTable[Int(bitBuffer & ((1 << Table.codeLengthRootBits) - 1))]
        let length = Int(entry & Entry.lengthMask)
        guard length > 0 else { throw failure("invalid code length code") }
        dropBits(length)
        try checkNotPastEnd()
        return Int(entry >> 16)
    }

    /// The inner loop: decodes literals and matches until the block ends or the output buffer is
    /// full. The stream's state lives in locals here and goes back to the properties on the way
    /// out and around the rare refill from the source.
    func decodeHuffman() throws {
        let input = self.input.baseAddress!
        let output = self.output
        let literals = UnsafePointer(literalTable)
        let distances = UnsafePointer(distanceTable)
        var bits = bitBuffer
        var count = bitCount
        var inPosition = inputStart
        var position = outputEnd
        defer {
            bitBuffer = bits
            bitCount = count
            inputStart = inPosition
            outputEnd = position
        }

        while position < Self.outputLimit {
            // A length and a distance with their extra bits take at most 15 + 5 + 15 + 13 = 48 bits.
            if count < 48 { try refillBits(&bits, count: &count, inPosition: &inPosition, input: input) }

            var entry = Entry.lookUp(
                in: literals, bits: bits, rootMask: Table.literalRootMask, rootBits: Table.literalRootBits)
            var length = Int(truncatingIfNeeded: entry & Entry.lengthMask)
            if entry & Entry.literal != 0 {
                output[position] = UInt8(truncatingIfNeeded: entry &>> 16)
                position &+= 1
                bits &>>= UInt64(length)
                count &-= length
                continue
            }
            guard length > 0 else {
                throw failure("invalid literal/length code", bitCount: count, inputStart: inPosition)
            }
            bits &>>= UInt64(length)
            count &-= length
            if entry & Entry.endOfBlock != 0 {
                endBlock()
                return
            }
            let matchLength = Entry.value(of: entry, bits: &bits, count: &count)

            entry = Entry.lookUp(
                in: distances, bits: bits, rootMask: Table.distanceRootMask, rootBits: Table.distanceRootBits)
            length = Int(truncatingIfNeeded: entry & Entry.lengthMask)
            guard length > 0 else {
                throw failure("invalid distance code", bitCount: count, inputStart: inPosition)
            }
            bits &>>= UInt64(length)
            count &-= length
            let distance = Entry.value(of: entry, bits: &bits, count: &count)

            // `position` counts at least all the output since the start, up to the window's 32 KiB.
            guard distance <= position else {
                throw failure(
                    "distance \(distance) reaches back before the start of the output", bitCount: count,
                    inputStart: inPosition)
            }
            Self.copyMatch(to: output + position, distance: distance, length: matchLength)
            position &+= matchLength
        }
    }

    /// Tops up the inner loop's bits (`bits`, `count`, read from `inPosition` of `input`) to more
    /// than 56: eight bytes at once while the input buffer holds them, else through `refill()`.
    @inline(__always)
    private func refillBits(
        _ bits: inout UInt64, count: inout Int, inPosition: inout Int, input: UnsafeMutableRawPointer
    ) throws {
        if inputEnd &- inPosition >= 8 {
            let word = UInt64(littleEndian: (input + inPosition).loadUnaligned(as: UInt64.self))
            bits |= word &<< count
            let bytes = (63 &- count) &>> 3
            inPosition &+= bytes
            count &+= bytes &<< 3
            bits &= (1 &<< UInt64(count)) &- 1
        } else {
            bitBuffer = bits
            bitCount = count
            inputStart = inPosition
            try refill()
            bits = bitBuffer
            count = bitCount
            inPosition = inputStart
        }
    }

    /// Copies a match of `length` bytes from `distance` bytes before `target`, which may overlap it.
    @inline(__always)
    private static func copyMatch(to target: UnsafeMutablePointer<UInt8>, distance: Int, length: Int) {
        let from = target - distance
        if distance >= 8 {
            // Eight bytes at a time: each word read was written before, even when they overlap.
            var copied = 0
            repeat {
                UnsafeMutableRawPointer(target + copied).storeBytes(
                    of: UnsafeRawPointer(from + copied).loadUnaligned(as: UInt64.self), as: UInt64.self)
                copied &+= 8
            } while copied < length
        } else if distance == 1 {
            target.update(repeating: from.pointee, count: length)
        } else {
            for index in 0..<length { target[index] = from[index] }
        }
    }
}
