#if canImport(Glibc)
    import Glibc
#endif

/// Why a DEFLATE stream could not be decoded, and where: `offset` is the compressed byte at which
/// the problem was found (for a stream cut short, its length).
package struct InflateError: Error, Equatable, Sendable, CustomStringConvertible {
    package let reason: String
    package let offset: Int

    package var description: String { "\(reason) at compressed byte \(offset)" }
}

/// A raw DEFLATE stream (RFC 1951, as inside a zip entry) decoded as it is read: compressed bytes
/// come from `source` as they are needed, and the decoder holds only the last 32 KiB of output
/// (the farthest a match reaches back), what it decoded ahead of the reader, and a buffer of input.
/// Huffman codes are decoded through lookup tables, several bits per step, because an export's
/// `conversations.json` can be more than a gigabyte.
package final class Inflater: ByteSource {
    private let source: any ByteSource

    // MARK: Input

    private let input: UnsafeMutableRawBufferPointer
    /// The next unread byte of `input`, and the end of the bytes read into it.
    private var inputStart = 0
    private var inputEnd = 0
    /// Bytes read from `source` so far.
    private var sourceBytes = 0
    private var sourceEnded = false
    /// The next bits of the stream, the first in the low bit; the bits above `bitCount` are 0.
    private var bitBuffer: UInt64 = 0
    private var bitCount = 0
    /// Zero bytes put into `bitBuffer` after the end of the source, so that a table lookup may
    /// look past the last code. Consuming one means the stream was cut short.
    private var paddingBytes = 0

    // MARK: Output

    /// The last 32 KiB of output and what was decoded after them: bytes `outputRead..<outputEnd`
    /// are decoded but not yet handed to the reader.
    private let output: UnsafeMutablePointer<UInt8>
    private var outputRead = 0
    private var outputEnd = 0

    // MARK: Blocks

    private enum State {
        case blockHeader
        case stored(remaining: Int)
        case huffman
        case finished
    }
    private var state = State.blockHeader
    private var isLastBlock = false
    /// What the decoder threw, thrown again by every later read: past a damaged spot, the stream
    /// cannot be followed, and it must not look as if it had ended.
    private var error: InflateError?
    /// The current block's codes: see `Entry` for what an entry holds.
    private let literalTable: UnsafeMutablePointer<UInt32>
    private let distanceTable: UnsafeMutablePointer<UInt32>
    private let codeLengthTable: UnsafeMutablePointer<UInt32>

    private static let windowSize = 32 * 1024
    private static let outputCapacity = 256 * 1024
    /// Decoding stops short of the end of `output` by the longest match plus the 8 bytes that a
    /// match copy may write past its end.
    private static let outputLimit = outputCapacity - 258 - 8
    private static let inputCapacity = 64 * 1024

    /// Decodes the DEFLATE stream that `source` holds. What follows the stream's last block is
    /// not read, or is ignored.
    package init(source: any ByteSource) {
        self.source = source
        input = .allocate(byteCount: Self.inputCapacity, alignment: 8)
        output = .allocate(capacity: Self.outputCapacity)
        output.initialize(repeating: 0, count: Self.outputCapacity)
        literalTable = .allocate(capacity: Table.literalCapacity)
        distanceTable = .allocate(capacity: Table.distanceCapacity)
        codeLengthTable = .allocate(capacity: 1 << Table.codeLengthRootBits)
    }

    deinit {
        input.deallocate()
        output.deallocate()
        literalTable.deallocate()
        distanceTable.deallocate()
        codeLengthTable.deallocate()
    }

    package func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        guard let target = buffer.baseAddress, buffer.count > 0 else { return 0 }
        if let error { throw error }
        while outputRead == outputEnd {
            if case .finished = state { return 0 }
            do {
                try decode()
            } catch let error as InflateError {
                self.error = error
                throw error
            }
        }
        let count = min(buffer.count, outputEnd - outputRead)
        target.copyMemory(from: output + outputRead, byteCount: count)
        outputRead += count
        return count
    }

    // MARK: - Blocks

    /// Decodes until the output buffer is nearly full or the stream ends. Called only when all
    /// that was decoded has been handed out.
    private func decode() throws {
        if outputEnd >= Self.outputLimit {
            // Keep the window that later matches may reach back into.
            memmove(output, output + outputEnd - Self.windowSize, Self.windowSize)
            outputEnd = Self.windowSize
            outputRead = Self.windowSize
        }
        loop: while outputEnd < Self.outputLimit {
            switch state {
            case .blockHeader: try readBlockHeader()
            case .stored(let remaining): try copyStored(remaining: remaining)
            case .huffman: try decodeHuffman()
            case .finished: break loop
            }
        }
        try checkNotPastEnd()
    }

    private func readBlockHeader() throws {
        let header = try bits(3)
        isLastBlock = header & 1 != 0
        switch header >> 1 {
        case 0:
            // LEN and NLEN start at the next byte boundary.
            dropBits(bitCount & 7)
            let length = try bits(16)
            let complement = try bits(16)
            guard length == ~complement & 0xFFFF else {
                throw failure("stored block length \(length) does not match its complement \(complement)")
            }
            state = .stored(remaining: length)
        case 1:
            Table.buildFixed(literals: literalTable, distances: distanceTable)
            state = .huffman
        case 2:
            try readDynamicCodes()
            state = .huffman
        default:
            throw failure("invalid block type 3")
        }
    }

    private func endBlock() {
        state = isLastBlock ? .finished : .blockHeader
    }

    /// Copies a stored block's bytes: those already in the bit buffer, then straight from input.
    private func copyStored(remaining: Int) throws {
        var remaining = remaining
        while remaining > 0, bitCount >= 8, outputEnd < Self.outputLimit {
            output[outputEnd] = UInt8(truncatingIfNeeded: bitBuffer)
            outputEnd += 1
            dropBits(8)
            remaining -= 1
        }
        try checkNotPastEnd()
        while remaining > 0, outputEnd < Self.outputLimit {
            if inputStart == inputEnd {
                try fillInput()
                if sourceEnded { throw truncated() }
            }
            let count = min(remaining, inputEnd - inputStart, Self.outputLimit - outputEnd)
            (output + outputEnd).update(
                from: (input.baseAddress! + inputStart).assumingMemoryBound(to: UInt8.self), count: count)
            outputEnd += count
            inputStart += count
            remaining -= count
        }
        if remaining == 0 { endBlock() } else { state = .stored(remaining: remaining) }
    }

    /// The order in which a dynamic block lists the lengths of the code length code.
    private static let codeLengthOrder = [
        16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15,
    ]

    /// Reads a dynamic block's code lengths (themselves Huffman-coded) and builds its tables.
    private func readDynamicCodes() throws {
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

    // MARK: - Huffman-coded blocks

    /// The inner loop: decodes literals and matches until the block ends or the output buffer is
    /// full. The stream's state lives in locals here and goes back to the properties on the way
    /// out and around the rare refill from the source.
    private func decodeHuffman() throws {
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
            if count < 48 {
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

            var entry = literals[Int(truncatingIfNeeded: bits & Table.literalRootMask)]
            if entry & Entry.subtable != 0 {
                entry = literals[Entry.subtableIndex(entry, bits: bits, rootBits: Table.literalRootBits)]
            }
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
            var extra = Int(truncatingIfNeeded: (entry &>> 8) & 0xF)
            let matchLength =
                Int(truncatingIfNeeded: entry &>> 16)
                &+ Int(truncatingIfNeeded: bits & ((1 &<< UInt64(extra)) &- 1))
            bits &>>= UInt64(extra)
            count &-= extra

            entry = distances[Int(truncatingIfNeeded: bits & Table.distanceRootMask)]
            if entry & Entry.subtable != 0 {
                entry = distances[Entry.subtableIndex(entry, bits: bits, rootBits: Table.distanceRootBits)]
            }
            length = Int(truncatingIfNeeded: entry & Entry.lengthMask)
            guard length > 0 else {
                throw failure("invalid distance code", bitCount: count, inputStart: inPosition)
            }
            bits &>>= UInt64(length)
            count &-= length
            extra = Int(truncatingIfNeeded: (entry &>> 8) & 0xF)
            let distance =
                Int(truncatingIfNeeded: entry &>> 16)
                &+ Int(truncatingIfNeeded: bits & ((1 &<< UInt64(extra)) &- 1))
            bits &>>= UInt64(extra)
            count &-= extra

            // `position` counts at least all the output since the start, up to the window's 32 KiB.
            guard distance <= position else {
                throw failure(
                    "distance \(distance) reaches back before the start of the output", bitCount: count,
                    inputStart: inPosition)
            }
            let target = output + position
            let from = target - distance
            if distance >= 8 {
                // Eight bytes at a time: each word read was written before, even when they overlap.
                var copied = 0
                repeat {
                    UnsafeMutableRawPointer(target + copied).storeBytes(
                        of: UnsafeRawPointer(from + copied).loadUnaligned(as: UInt64.self), as: UInt64.self)
                    copied &+= 8
                } while copied < matchLength
            } else if distance == 1 {
                target.update(repeating: from.pointee, count: matchLength)
            } else {
                for index in 0..<matchLength { target[index] = from[index] }
            }
            position &+= matchLength
        }
    }

    // MARK: - Bits

    /// Reads `count` bits (at most 32), the first in the low bit.
    private func bits(_ count: Int) throws -> Int {
        if bitCount < count { try refill() }
        let value = Int(truncatingIfNeeded: bitBuffer & ((1 << UInt64(count)) - 1))
        dropBits(count)
        try checkNotPastEnd()
        return value
    }

    private func dropBits(_ count: Int) {
        bitBuffer >>= UInt64(count)
        bitCount -= count
    }

    /// Fills the bit buffer to more than 56 bits, a byte at a time, reading the source when the
    /// input buffer is empty. After the source's end it adds zero bytes, which a complete stream
    /// never consumes.
    private func refill() throws {
        while bitCount <= 56 {
            if inputStart == inputEnd, !sourceEnded { try fillInput() }
            if inputStart < inputEnd {
                bitBuffer |= UInt64(input[inputStart]) << UInt64(bitCount)
                inputStart += 1
            } else {
                // The bit buffer holds 8 bytes: with more padding than that, some was consumed.
                paddingBytes += 1
                if paddingBytes > 8 { throw truncated() }
            }
            bitCount += 8
        }
    }

    private func fillInput() throws {
        let count = try source.read(into: input)
        sourceBytes += count
        inputStart = 0
        inputEnd = count
        if count == 0 { sourceEnded = true }
    }

    private func checkNotPastEnd() throws {
        if paddingBytes * 8 > bitCount { throw truncated() }
    }

    private func truncated() -> InflateError {
        InflateError(reason: "the compressed data ends before the last block does", offset: sourceBytes)
    }

    /// The error for `reason` at the current position, unless the position is past the end of
    /// the input: then the problem is that the stream was cut short.
    private func failure(_ reason: String) -> InflateError {
        failure(reason, bitCount: bitCount, inputStart: inputStart)
    }

    /// `failure(_:)` from the inner loop, whose bit count and input position are in locals. The
    /// offset is that of the byte that holds the last bit read.
    private func failure(_ reason: String, bitCount: Int, inputStart: Int) -> InflateError {
        if paddingBytes * 8 > bitCount { return truncated() }
        let unreadBits = (inputEnd - inputStart) * 8 + bitCount - paddingBytes * 8
        return InflateError(reason: reason, offset: max(sourceBytes * 8 - unreadBits - 1, 0) / 8)
    }
}

@available(*, unavailable)
extension Inflater: Sendable {}

// MARK: - Tables

/// A decoding table entry, a `UInt32`: the code's length in bits 0-4 (0 for a code that is not
/// valid), the number of extra bits in bits 8-11, flags in bits 12-14, and the value in bits
/// 16-31 (a literal byte, the base of a length or distance, or where a subtable starts).
private enum Entry {
    static let lengthMask: UInt32 = 0x1F
    static let literal: UInt32 = 1 << 12
    static let endOfBlock: UInt32 = 1 << 13
    /// Codes longer than the root table's bits continue in a subtable: the entry holds its start
    /// and its number of index bits (in the extra bits' place).
    static let subtable: UInt32 = 1 << 14
    /// In the symbol lists given to `Table.build`: a symbol that a valid stream never uses.
    static let unused: UInt32 = .max

    @inline(__always)
    static func subtableIndex(_ entry: UInt32, bits: UInt64, rootBits: Int) -> Int {
        let indexBits = UInt64((entry >> 8) & 0xF)
        return Int(truncatingIfNeeded: entry >> 16)
            &+ Int(truncatingIfNeeded: (bits &>> UInt64(rootBits)) & ((1 &<< indexBits) &- 1))
    }
}

/// Builds the lookup tables of canonical Huffman codes: indexed by the next bits of the stream,
/// an entry gives the symbol and the length of its code.
private enum Table {
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
