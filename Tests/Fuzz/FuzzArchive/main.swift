import FuzzSupport
import JSONReading
import MemoryImport

#if canImport(Glibc)
    import Glibc
#endif

// A chat export's zip archive, as `memctl import` reads it (`ZipArchive`, `ZipEntrySource`), and the
// same bytes as a raw DEFLATE stream (`Inflater`). Every input is all three: a zip file, a DEFLATE
// stream, and a payload that this target encodes (stored and fixed-Huffman blocks) and puts into a
// zip of its own, which must give it back. CRC32 must agree with a bitwise reference everywhere.

let path = "/tmp/memoryd-fuzz-archive-\(getpid())"
let builtPath = "/tmp/memoryd-fuzz-archive-built-\(getpid())"

/// At most this many bytes are read from the entries of one input, and from one DEFLATE stream:
/// the reader has no limit of its own but the size the directory gives (it streams in fixed
/// buffers), so a zip of overlapping entries (a zip bomb) is capped here, not refused.
let outputBudget = 4 << 20

// MARK: - References

/// CRC-32 a bit at a time, as the specification writes it.
func referenceCRC32<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in bytes {
        crc ^= UInt32(byte)
        for _ in 0..<8 { crc = crc & 1 != 0 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
    }
    return ~crc
}

/// Bytes in memory, at most `step` at a time.
final class PiecewiseSource: ByteSource {
    private let bytes: [UInt8]
    private let step: Int
    private var position = 0

    init(_ bytes: [UInt8], step: Int = .max) {
        self.bytes = bytes
        self.step = step
    }

    func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        let count = min(step, buffer.count, bytes.count - position)
        bytes.withUnsafeBytes { source in
            buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: source[position..<position + count]))
        }
        position += count
        return count
    }
}

/// What a source gave: its bytes (at most `limit`), and the error that ended it, if one did.
struct Drained {
    var bytes: [UInt8] = []
    var error: (any Error)?
    /// Stopped at `limit`, before the source ended.
    var capped = false
}

func drain(_ source: any ByteSource, readSize: Int, limit: Int) -> Drained {
    var result = Drained()
    var buffer = [UInt8](repeating: 0, count: readSize)
    while result.bytes.count < limit {
        do {
            let count = try buffer.withUnsafeMutableBytes { try source.read(into: $0) }
            precondition(count >= 0 && count <= readSize, "read \(count) bytes into \(readSize)")
            if count == 0 {
                // The end is the end: reading again gives nothing more.
                let again = try buffer.withUnsafeMutableBytes { try source.read(into: $0) }
                precondition(again == 0, "\(again) bytes after the end")
                return result
            }
            result.bytes += buffer[0..<count]
        } catch {
            result.error = error
            return result
        }
    }
    result.capped = true
    return result
}

// MARK: - A trivial encoder

/// Writes a DEFLATE stream bit by bit, the lowest bit first.
struct BitWriter {
    private(set) var bytes: [UInt8] = []
    private var bitCount = 0

    mutating func write(_ value: Int, bits: Int) {
        for bit in 0..<bits {
            if bitCount % 8 == 0 { bytes.append(0) }
            bytes[bytes.count - 1] |= UInt8((value >> bit) & 1) << (bitCount % 8)
            bitCount += 1
        }
    }

    /// A Huffman code, its highest bit first.
    mutating func writeCode(_ code: Int, length: Int) {
        for bit in (0..<length).reversed() { write(code >> bit, bits: 1) }
    }

    mutating func alignToByte() {
        bitCount = bytes.count * 8
    }
}

/// `payload` as stored blocks and fixed-Huffman blocks of literals (and a run of one repeated
/// byte as a match of distance 1), cut and chosen by `choices`; empty blocks included.
func encode(_ payload: [UInt8], choices: [UInt8]) -> [UInt8] {
    var writer = BitWriter()
    var at = 0
    var block = 0
    repeat {
        let choice = choices.isEmpty ? 0 : Int(choices[block % choices.count])
        block += 1
        // 0, a few bytes, or a whole stored block's 65,535; after 64 blocks, the rest.
        let wanted = choice & 0x40 != 0 || block > 64 ? 65_535 : ((choice >> 1) & 0x1F) * 37
        let count = min(wanted, payload.count - at)
        let last = at + count == payload.count && (choice & 0x80 == 0 || count > 0 || block > 64)
        writer.write(last ? 1 : 0, bits: 1)
        if choice & 1 == 0 {
            writer.write(0, bits: 2)
            writer.alignToByte()
            writer.write(count, bits: 16)
            writer.write(~count & 0xFFFF, bits: 16)
            for byte in payload[at..<(at + count)] { writer.write(Int(byte), bits: 8) }
        } else {
            writer.write(1, bits: 2)
            var index = at
            while index < at + count {
                let byte = payload[index]
                writer.writeCode(byte < 144 ? 0x30 + Int(byte) : 0x190 + Int(byte) - 144, length: byte < 144 ? 8 : 9)
                index += 1
                // A run of 3 to 10 more of the same byte: length symbols 257-264, distance code 0.
                var run = 0
                while run < 10, index + run < at + count, payload[index + run] == byte { run += 1 }
                if run >= 3 {
                    writer.writeCode(run - 2, length: 7)
                    writer.writeCode(0, length: 5)
                    index += run
                }
            }
            writer.writeCode(0, length: 7)
        }
        at += count
        if last { break }
    } while true
    return writer.bytes
}

// MARK: - A zip of our own

struct Member {
    var name: String
    var method: UInt16
    var data: [UInt8]
    var uncompressed: [UInt8]
    /// Sizes and CRC-32 in a data descriptor after the data; zeros in the local header.
    var descriptor: Bool
}

extension [UInt8] {
    mutating func append16(_ value: Int) {
        append(UInt8(value & 0xFF))
        append(UInt8((value >> 8) & 0xFF))
    }

    mutating func append32(_ value: UInt32) {
        append16(Int(value & 0xFFFF))
        append16(Int(value >> 16))
    }
}

func zip(_ members: [Member]) -> [UInt8] {
    var file: [UInt8] = []
    var directory: [UInt8] = []
    for member in members {
        let offset = UInt32(file.count)
        let crc = referenceCRC32(member.uncompressed)
        let flags = member.descriptor ? 8 : 0
        let name = Array(member.name.utf8)
        func sizes(_ bytes: inout [UInt8], hidden: Bool) {
            bytes.append32(hidden ? 0 : crc)
            bytes.append32(hidden ? 0 : UInt32(member.data.count))
            bytes.append32(hidden ? 0 : UInt32(member.uncompressed.count))
        }
        file.append32(0x0403_4B50)
        file.append16(20)
        file.append16(flags)
        file.append16(Int(member.method))
        file.append32(0)
        sizes(&file, hidden: member.descriptor)
        file.append16(name.count)
        file.append16(0)
        file += name
        file += member.data
        if member.descriptor {
            file.append32(0x0807_4B50)
            sizes(&file, hidden: false)
        }
        directory.append32(0x0201_4B50)
        directory.append16(20)
        directory.append16(20)
        directory.append16(flags)
        directory.append16(Int(member.method))
        directory.append32(0)
        sizes(&directory, hidden: false)
        directory.append16(name.count)
        directory += [UInt8](repeating: 0, count: 12)
        directory.append32(offset)
        directory += name
    }
    let directoryOffset = UInt32(file.count)
    file += directory
    file.append32(0x0605_4B50)
    file.append32(0)
    file.append16(members.count)
    file.append16(members.count)
    file.append32(UInt32(directory.count))
    file.append32(directoryOffset)
    file.append16(0)
    return file
}

func write(_ bytes: [UInt8], to path: String) {
    guard let file = fopen(path, "w") else { fatalError("cannot write \(path)") }
    if !bytes.isEmpty { precondition(fwrite(bytes, 1, bytes.count, file) == bytes.count, "short write") }
    fclose(file)
}

// MARK: - Checks

/// A `ZipError` of one of `kinds`, with a reason, naming `archivePath`.
func checkZipError(_ error: any Error, _ kinds: [ZipError.Kind], archivePath: String) {
    guard let error = error as? ZipError else { fatalError("not a ZipError: \(error)") }
    precondition(kinds.contains(error.kind), "\(error) is \(error.kind), not one of \(kinds)")
    precondition(!error.problem.isEmpty && error.archive == archivePath, "\(error) has no reason or archive")
}

func uint16(_ bytes: [UInt8], _ at: Int) -> Int { Int(bytes[at]) | Int(bytes[at + 1]) << 8 }

func uint32(_ bytes: [UInt8], _ at: Int) -> UInt32 { UInt32(uint16(bytes, at)) | UInt32(uint16(bytes, at + 2)) << 16 }

/// The input as a zip: the reader lists entries or refuses the file; every entry it opens lies
/// inside the file; every entry it reads to the end has the size and CRC-32 the directory gives.
func checkArchive(_ input: [UInt8]) {
    write(input, to: path)
    defer { unlink(path) }
    let signature = input.count >= 4 ? uint32(input, 0) : 0
    precondition(
        ZipArchive.isZip(path: path) == (signature == 0x0403_4B50 || signature == 0x0605_4B50), "isZip is wrong")
    let archive: ZipArchive
    do {
        archive = try ZipArchive(path: path)
    } catch {
        checkZipError(error, [.notAnArchive, .corrupt, .unsupported], archivePath: path)
        return
    }
    // 46 bytes at least per entry in the directory (the end record may lie inside the last one).
    precondition(archive.entries.count * 46 <= input.count, "\(archive.entries.count) entries")
    do {
        let entry = try archive.conversationsEntry()
        precondition(entry.name == "conversations.json" || entry.name.hasSuffix("/conversations.json"))
    } catch {
        checkZipError(error, [.missingEntry], archivePath: path)
    }

    var budget = outputBudget
    for entry in archive.entries.prefix(64) where budget > 0 {
        let source: ZipEntrySource
        do {
            source = try archive.open(entry)
        } catch {
            let supported = entry.flags & 1 == 0 && (entry.method == 0 || entry.method == 8)
            checkZipError(error, supported ? [.corrupt] : [.unsupported], archivePath: path)
            continue
        }
        precondition(entry.flags & 1 == 0 && (entry.method == 0 || entry.method == 8), "opened \(entry)")
        // What it opened lies inside the file: a local header, then the data.
        let header = Int(entry.localHeaderOffset)
        precondition(header + 30 <= input.count && uint32(input, header) == 0x0403_4B50, "no local header")
        let dataOffset = header + 30 + uint16(input, header + 26) + uint16(input, header + 28)
        precondition(dataOffset + Int(entry.compressedSize) <= input.count, "\(entry.name) runs past the file")
        let data = Array(input[dataOffset..<(dataOffset + Int(entry.compressedSize))])

        let read = drain(source, readSize: 4096, limit: budget)
        budget -= read.bytes.count
        precondition(read.bytes.count <= entry.uncompressedSize, "more than the directory says")
        if let error = read.error {
            checkZipError(error, [.corrupt, .checksumMismatch], archivePath: path)
            // A damaged entry never seems to end.
            var byte: UInt8 = 0
            do {
                _ = try withUnsafeMutableBytes(of: &byte) { try source.read(into: $0) }
                preconditionFailure("a read after \(error) did not throw")
            } catch {}
        } else if !read.capped {
            precondition(
                read.bytes.count == entry.uncompressedSize, "\(entry.name): a size the directory does not give")
            precondition(
                referenceCRC32(read.bytes) == entry.crc32, "\(entry.name): a CRC-32 the directory does not give")
        }
        // The entry's bytes are its data as stored, or that data inflated.
        let expected =
            entry.method == 0
            ? Drained(bytes: Array(data.prefix(read.bytes.count)))
            : drain(Inflater(source: PiecewiseSource(data)), readSize: 65_536, limit: read.bytes.count)
        precondition(
            Array(expected.bytes.prefix(read.bytes.count)) == read.bytes,
            "\(entry.name) reads other bytes than its data gives")
    }
}

/// The input as a raw DEFLATE stream: it is decoded or refused at a place inside it, alike however
/// it is read and however the source hands it over.
func checkDeflate(_ input: [UInt8], step: Int, readSize: Int) {
    let limit = 1 << 20
    let whole = drain(Inflater(source: PiecewiseSource(input)), readSize: 65_536, limit: limit)
    let pieces = drain(Inflater(source: PiecewiseSource(input, step: step)), readSize: readSize, limit: limit)
    if let error = whole.error {
        guard let error = error as? InflateError else { fatalError("not an InflateError: \(error)") }
        precondition(!error.reason.isEmpty && error.offset >= 0 && error.offset <= input.count, "\(error) is outside")
    }
    let shorter = min(whole.bytes.count, pieces.bytes.count)
    precondition(whole.bytes.prefix(shorter) == pieces.bytes.prefix(shorter), "read in pieces, other bytes")
    if !whole.capped, !pieces.capped {
        precondition(whole.bytes.count == pieces.bytes.count, "read in pieces, another length")
        precondition(
            (whole.error as? InflateError) == (pieces.error as? InflateError),
            "read in pieces, \(String(describing: pieces.error)) for \(String(describing: whole.error))")
    }
}

/// The input as a payload: encoded here, it inflates to itself; put in a zip (stored, and deflated,
/// with and without a data descriptor), it reads back as itself. (Each `Inflater` zero-fills its
/// 256 KiB of output, which a debug build does a byte at a time: a third of the time per input, so
/// this target makes as few as its checks need.)
func checkRoundTrip(_ payload: [UInt8], choices: [UInt8], step: Int) {
    let stream = encode(payload, choices: choices)
    let inflated = drain(Inflater(source: PiecewiseSource(stream, step: step)), readSize: 4096, limit: .max)
    precondition(inflated.error == nil && inflated.bytes == payload, "the trivial encoding inflates to other bytes")

    let members = [
        Member(name: "readme.txt", method: 0, data: payload, uncompressed: payload, descriptor: false),
        Member(name: "export/conversations.json", method: 8, data: stream, uncompressed: payload, descriptor: true),
        Member(name: "conversations.json", method: 0, data: payload, uncompressed: payload, descriptor: true),
    ]
    write(zip(members), to: builtPath)
    defer { unlink(builtPath) }
    do {
        let archive = try ZipArchive(path: builtPath)
        precondition(archive.entries.map(\.name) == members.map(\.name), "other entries")
        let conversations = try archive.conversationsEntry()
        precondition(conversations.name == "conversations.json", "not the top conversations.json")
        for entry in archive.entries {
            let read = drain(try archive.open(entry), readSize: 4096, limit: .max)
            precondition(read.error == nil && read.bytes == payload, "\(entry.name) reads back as other bytes")
        }
    } catch {
        preconditionFailure("a zip made here is refused: \(error)")
    }
}

runFuzzer { bytes in
    let input = Array(bytes)

    // CRC-32: the reader's (eight bytes at a time) is the bitwise one, and the same in two pieces.
    let crc = input.withUnsafeBytes { CRC32.checksum($0) }
    precondition(crc == referenceCRC32(input), "CRC-32 differs from the reference")
    let cut = input.isEmpty ? 0 : Int(input[0]) % (input.count + 1)
    var pieces = CRC32()
    input.withUnsafeBytes {
        pieces.update(UnsafeRawBufferPointer(rebasing: $0[0..<cut]))
        pieces.update(UnsafeRawBufferPointer(rebasing: $0[cut...]))
    }
    precondition(pieces.value == crc, "CRC-32 in two pieces differs")

    let step = input.isEmpty ? 1 : Int(input[input.count - 1] % 16) + 1
    let readSize = input.count > 1 ? Int(input[1]) * 13 % 4096 + 1 : 1
    checkArchive(input)
    checkDeflate(input, step: step, readSize: readSize)
    checkRoundTrip(input, choices: Array(input.prefix(16)), step: step)
}
