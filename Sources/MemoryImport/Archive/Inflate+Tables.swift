// MARK: - Tables

extension Inflater {
    /// A decoding table entry, a `UInt32`: the code's length in bits 0-4 (0 for a code that is not
    /// valid), the number of extra bits in bits 8-11, flags in bits 12-14, and the value in bits
    /// 16-31 (a literal byte, the base of a length or distance, or where a subtable starts).
    enum Entry {
        static let lengthMask: UInt32 = 0x1F
        static let literal: UInt32 = 1 << 12
        static let endOfBlock: UInt32 = 1 << 13
        /// Codes longer than the root table's bits continue in a subtable: the entry holds its start
        /// and its number of index bits (in the extra bits' place).
        static let subtable: UInt32 = 1 << 14
        /// In the symbol lists given to `Table.build`: a symbol that a valid stream never uses.
        static let unused: UInt32 = .max

        /// The entry for the code that the low bits of `bits` start with, in `table` or its subtable.
        @inline(__always)
        static func lookUp(
            in table: UnsafePointer<UInt32>, bits: UInt64, rootMask: UInt64, rootBits: Int
        ) -> UInt32 {
            let entry = table[Int(truncatingIfNeeded: bits & rootMask)]
            guard entry & subtable != 0 else { return entry }
            return table[subtableIndex(entry, bits: bits, rootBits: rootBits)]
        }

        /// A length's or distance's value: the entry's base plus its extra bits, which are consumed.
        @inline(__always)
        static func value(of entry: UInt32, bits: inout UInt64, count: inout Int) -> Int {
            let extra = Int(truncatingIfNeeded: (entry &>> 8) & 0xF)
            let value =
                Int(truncatingIfNeeded: entry &>> 16)
                &+ Int(truncatingIfNeeded: bits & ((1 &<< UInt64(extra)) &- 1))
            bits &>>= UInt64(extra)
            count &-= extra
            return value
        }

        @inline(__always)
        static func subtableIndex(_ entry: UInt32, bits: UInt64, rootBits: Int) -> Int {
            let indexBits = UInt64((entry >> 8) & 0xF)
            return Int(truncatingIfNeeded: entry >> 16)
                &+ Int(truncatingIfNeeded: (bits &>> UInt64(rootBits)) & ((1 &<< indexBits) &- 1))
        }
    }

    /// Builds the lookup tables of canonical Huffman codes: indexed by the next bits of the stream,
    /// an entry gives the symbol and the length of its code.
    enum Table {
        static let literalRootBits = 10
        static let distanceRootBits = 8
        static let codeLengthRootBits = 7
        static let literalRootMask = UInt64(1 << literalRootBits - 1)
        static let distanceRootMask = UInt64(1 << distanceRootBits - 1)
        /// The root table and at most one subtable per code longer than the root's bits, each of at
        /// most 2^(15 - root bits) entries.
        static let literalCapacity = (1 << literalRootBits) + 288 << (15 - literalRootBits)
        static let distanceCapacity = (1 << distanceRootBits) + 30 << (15 - distanceRootBits)

        static let literalSymbols: [UInt32] = {
            let lengthBases: [UInt32] = [
                3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195,
                227, 258,
            ]
            let lengthExtra: [UInt32] = [
                0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0,
            ]
            var symbols = (0..<256).map { UInt32($0) << 16 | Entry.literal }
            symbols.append(Entry.endOfBlock)
            for index in 0..<29 { symbols.append(lengthBases[index] << 16 | lengthExtra[index] << 8) }
            symbols += [Entry.unused, Entry.unused]
            return symbols
        }()

        static let distanceSymbols: [UInt32] = {
            let bases: [UInt32] = [
                1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073,
                4097, 6145, 8193, 12289, 16385, 24577,
            ]
            var symbols: [UInt32] = []
            for (symbol, base) in bases.enumerated() {
                let extra = UInt32(max(symbol / 2 - 1, 0))
                symbols.append(base << 16 | extra << 8)
            }
            symbols += [Entry.unused, Entry.unused]
            return symbols
        }()

        static let codeLengthSymbols: [UInt32] = (0..<19).map { UInt32($0) << 16 }

        static let fixedLiteralLengths: [UInt8] = (0..<288).map { symbol -> UInt8 in
            switch symbol {
            case 0..<144: 8
            case 144..<256: 9
            case 256..<280: 7
            default: 8
            }
        }
        static let fixedDistanceLengths = [UInt8](repeating: 5, count: 32)

        static func buildFixed(
            literals: UnsafeMutablePointer<UInt32>, distances: UnsafeMutablePointer<UInt32>
        ) {
            _ = build(
                lengths: fixedLiteralLengths, symbols: literalSymbols, rootBits: literalRootBits,
                into: literals, capacity: literalCapacity)
            _ = build(
                lengths: fixedDistanceLengths, symbols: distanceSymbols, rootBits: distanceRootBits,
                into: distances, capacity: distanceCapacity)
        }

        /// Fills `table` for the code in which symbol i has a code of `lengths[i]` bits (0: none).
        /// Nil when built, else what is wrong with the lengths: "oversubscribed" (more codes than
        /// there are) or "incomplete". As zlib does, the one incomplete code accepted is a single
        /// 1-bit code, which RFC 1951 allows for a block whose matches all have one distance; its
        /// other code decodes as invalid.
        static func build<Lengths: Collection<UInt8>>(
            lengths: Lengths, symbols: [UInt32], rootBits: Int, into table: UnsafeMutablePointer<UInt32>,
            capacity: Int
        ) -> String? {
            var lengthCounts = [Int](repeating: 0, count: 16)
            for length in lengths { lengthCounts[Int(length)] += 1 }
            lengthCounts[0] = 0
            var left = 1
            for length in 1...15 {
                left = left << 1 - lengthCounts[length]
                if left < 0 { return "oversubscribed" }
            }
            let longest = (1...15).last { lengthCounts[$0] > 0 } ?? 0
            if left > 0, longest > 1 { return "incomplete" }
            // The first code of each length, as in RFC 1951 section 3.2.2.
            var nextCode = [Int](repeating: 0, count: 16)
            var code = 0
            for length in 1...15 {
                code = (code + lengthCounts[length - 1]) << 1
                nextCode[length] = code
            }

            // The stream holds a code's first bit first, so tables are indexed by its bits reversed.
            let rootSize = 1 << rootBits
            var reversedCodes = [Int](repeating: 0, count: lengths.count)
            var longestUnderRoot = [Int](repeating: 0, count: rootSize)
            for (symbol, length) in lengths.enumerated() where length > 0 {
                let length = Int(length)
                let reversed = reverse(nextCode[length], length)
                nextCode[length] += 1
                reversedCodes[symbol] = reversed
                if length > rootBits {
                    let root = reversed & (rootSize - 1)
                    longestUnderRoot[root] = max(longestUnderRoot[root], length)
                }
            }

            table.initialize(repeating: 0, count: rootSize)
            var used = rootSize
            for root in 0..<rootSize where longestUnderRoot[root] > 0 {
                let indexBits = longestUnderRoot[root] - rootBits
                // Never for a valid code: the capacity allows a subtable of 15-bit codes per symbol.
                guard used + 1 << indexBits <= capacity else { return "too large" }
                table[root] = UInt32(used) << 16 | UInt32(indexBits) << 8 | Entry.subtable | UInt32(rootBits)
                (table + used).initialize(repeating: 0, count: 1 << indexBits)
                used += 1 << indexBits
            }

            for (symbol, length) in lengths.enumerated() where length > 0 && symbols[symbol] != Entry.unused {
                let length = Int(length)
                let entry = symbols[symbol] | UInt32(length)
                let reversed = reversedCodes[symbol]
                if length <= rootBits {
                    for index in stride(from: reversed, to: rootSize, by: 1 << length) { table[index] = entry }
                } else {
                    let link = table[reversed & (rootSize - 1)]
                    let start = Int(link >> 16)
                    let indexBits = Int((link >> 8) & 0xF)
                    for index in stride(
                        from: reversed >> rootBits, to: 1 << indexBits, by: 1 << (length - rootBits))
                    {
                        table[start + index] = entry
                    }
                }
            }
            return nil
        }

        private static func reverse(_ code: Int, _ length: Int) -> Int {
            var code = code
            var reversed = 0
            for _ in 0..<length {
                reversed = reversed << 1 | code & 1
                code >>= 1
            }
            return reversed
        }
    }
}
