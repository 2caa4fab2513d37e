import JSONReading

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

    let input: UnsafeMutableRawBufferPointer
    /// The next unread byte of `input`, and the end of the bytes read into it.
    var inputStart = 0
    var inputEnd = 0
    /// Bytes read from `source` so far.
    private var sourceBytes = 0
    private var sourceEnded = false
    /// The next bits of the stream, the first in the low bit; the bits above `bitCount` are 0.
    var bitBuffer: UInt64 = 0
    var bitCount = 0
    /// Zero bytes put into `bitBuffer` after the end of the source, so that a table lookup may
    /// look past the last code. Consuming one means the stream was cut short.
    private var paddingBytes = 0

    // MARK: Output

    /// The last 32 KiB of output and what was decoded after them: bytes `outputRead..<outputEnd`
    /// are decoded but not yet handed to the reader.
    let output: UnsafeMutablePointer<UInt8>
    private var outputRead = 0
    var outputEnd = 0

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
    let literalTable: UnsafeMutablePointer<UInt32>
    let distanceTable: UnsafeMutablePointer<UInt32>
    let codeLengthTable: UnsafeMutablePointer<UInt32>

    private static let windowSize = 32 * 1024
    private static let outputCapacity = 256 * 1024
    /// Decoding stops short of the end of `output` by the longest match plus the 8 bytes that a
    /// match copy may write past its end.
    static let outputLimit = outputCapacity - 258 - 8
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

    func endBlock() {
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

    // MARK: - Bits

    /// Reads `count` bits (at most 32), the first in the low bit.
    func bits(_ count: Int) throws -> Int {
        if bitCount < count { try refill() }
        let value = Int(truncatingIfNeeded: bitBuffer & ((1 << UInt64(count)) - 1))
        dropBits(count)
        try checkNotPastEnd()
        return value
    }

    func dropBits(_ count: Int) {
        bitBuffer >>= UInt64(count)
        bitCount -= count
    }

    /// Fills the bit buffer to more than 56 bits, a byte at a time, reading the source when the
    /// input buffer is empty. After the source's end it adds zero bytes, which a complete stream
    /// never consumes.
    func refill() throws {
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

    func checkNotPastEnd() throws {
        if paddingBytes * 8 > bitCount { throw truncated() }
    }

    private func truncated() -> InflateError {
        InflateError(reason: "the compressed data ends before the last block does", offset: sourceBytes)
    }

    /// The error for `reason` at the current position, unless the position is past the end of
    /// the input: then the problem is that the stream was cut short.
    func failure(_ reason: String) -> InflateError {
        failure(reason, bitCount: bitCount, inputStart: inputStart)
    }

    /// `failure(_:)` from the inner loop, whose bit count and input position are in locals. The
    /// offset is that of the byte that holds the last bit read.
    func failure(_ reason: String, bitCount: Int, inputStart: Int) -> InflateError {
        if paddingBytes * 8 > bitCount { return truncated() }
        let unreadBits = (inputEnd - inputStart) * 8 + bitCount - paddingBytes * 8
        return InflateError(reason: reason, offset: max(sourceBytes * 8 - unreadBits - 1, 0) / 8)
    }
}

@available(*, unavailable)
extension Inflater: Sendable {}
