import SystemSupport

#if canImport(Glibc)
    import Glibc
#endif

/// Why a zip archive or one of its entries could not be read: one line that names the archive.
package struct ZipError: Error, Equatable, Sendable, CustomStringConvertible {
    package enum Kind: Equatable, Sendable {
        /// Not a zip archive, or one whose end (where the list of entries is) was cut off.
        case notAnArchive
        /// Its structure or compressed data is damaged, or shorter than it says.
        case corrupt
        /// An entry's bytes do not have the length or CRC-32 that the archive gives.
        case checksumMismatch
        /// Compressed with a method other than stored or deflated, encrypted, or spanned.
        case unsupported
        /// The entry to import is not in the archive.
        case missingEntry
    }

    package let archive: String
    package let kind: Kind
    package let problem: String

    package var description: String { "\(archive): \(problem)" }
}

/// One file in a zip archive, as its central directory describes it.
package struct ZipEntry: Equatable, Sendable {
    package let name: String
    /// 0 stored, 8 deflated; others cannot be read.
    package let method: UInt16
    /// General purpose flags; bit 0 means encrypted.
    package let flags: UInt16
    package let crc32: UInt32
    package let compressedSize: UInt64
    package let uncompressedSize: UInt64
    /// Where the entry's local header starts in the archive.
    package let localHeaderOffset: UInt64

    package var isDirectory: Bool { name.hasSuffix("/") }
}

/// A zip archive read in place: its central directory is read when it is opened, and an entry's
/// bytes are read (and inflated) as the entry is read, so that an export of any size is imported
/// in bounded memory. Reads with `pread`, so that several entries can be read at once.
/// Supports ZIP64, since exports can exceed 4 GiB.
package final class ZipArchive: Sendable {
    package let path: String
    /// The entries in the order of the central directory.
    package let entries: [ZipEntry]
    private let descriptor: Int32
    private let fileSize: UInt64

    /// Opens the archive at `path` and reads its list of entries.
    package init(path: String) throws {
        let descriptor = Glibc.open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw SystemError(call: "open", path: path) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            let error = SystemError(call: "fstat", path: path)
            close(descriptor)
            throw error
        }
        guard (info.st_mode & S_IFMT) != S_IFDIR else {
            close(descriptor)
            throw SystemError(call: "open", path: path, errno: EISDIR)
        }
        do {
            entries = try Self.readCentralDirectory(
                descriptor: descriptor, fileSize: UInt64(info.st_size), path: path)
        } catch {
            close(descriptor)
            throw error
        }
        self.descriptor = descriptor
        self.path = path
        fileSize = UInt64(info.st_size)
    }

    deinit {
        close(descriptor)
    }

    /// Whether the file at `path` starts as a zip archive does (a local file header, or the end
    /// record of an empty archive). False when it cannot be read.
    package static func isZip(path: String) -> Bool {
        let descriptor = Glibc.open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var signature: [UInt8] = [0, 0, 0, 0]
        let count = signature.withUnsafeMutableBytes { readFully(descriptor, into: $0, at: 0) }
        return count == 4
            && (signature == [0x50, 0x4B, 0x03, 0x04] || signature == [0x50, 0x4B, 0x05, 0x06])
    }

    /// The entry that holds the conversations to import: `conversations.json` at the top, or else
    /// the one with the shortest path among those named `conversations.json` in a folder.
    package func conversationsEntry() throws -> ZipEntry {
        let name = "conversations.json"
        if let entry = entries.first(where: { $0.name == name }) { return entry }
        let nested = entries.filter { $0.name.hasSuffix("/" + name) }
        guard let entry = nested.min(by: { $0.name.utf8.count < $1.name.utf8.count }) else {
            throw ZipError(
                archive: path, kind: .missingEntry, problem: "no conversations.json in the archive")
        }
        return entry
    }

    /// The bytes of `entry`, checked against its size and CRC-32 when the last is read.
    package func open(_ entry: ZipEntry) throws -> ZipEntrySource {
        guard entry.flags & 1 == 0 else {
            throw unsupported(entry, "is encrypted")
        }
        guard entry.method == 0 || entry.method == 8 else {
            let name = Self.methodNames[entry.method].map { " (\($0))" } ?? ""
            throw unsupported(entry, "is compressed with method \(entry.method)\(name)")
        }
        // The local header repeats the name and has its own extra field: the data follows them.
        var header = [UInt8](repeating: 0, count: 30)
        guard try read(into: &header, at: entry.localHeaderOffset) == 30,
            header.uint32(at: 0) == 0x0403_4B50
        else {
            throw ZipError(
                archive: path, kind: .corrupt,
                problem: "no local header for \(entry.name) at byte \(entry.localHeaderOffset)")
        }
        let dataOffset =
            entry.localHeaderOffset + 30 + UInt64(header.uint16(at: 26)) + UInt64(header.uint16(at: 28))
        guard dataOffset <= fileSize, entry.compressedSize <= fileSize - dataOffset else {
            throw ZipError(
                archive: path, kind: .corrupt,
                problem: "\(entry.name) runs past the end of the archive, which is truncated")
        }
        return ZipEntrySource(archive: self, entry: entry, dataOffset: dataOffset)
    }

    private func unsupported(_ entry: ZipEntry, _ reason: String) -> ZipError {
        ZipError(
            archive: path, kind: .unsupported,
            problem:
                "\(entry.name) \(reason), which memctl cannot read; unzip it and pass conversations.json")
    }

    private static let methodNames: [UInt16: String] = [
        1: "shrunk", 6: "imploded", 9: "deflate64", 12: "bzip2", 14: "LZMA", 93: "Zstandard", 95: "xz",
        98: "PPMd",
    ]

    // MARK: - Reading

    /// Reads at `offset`: fewer bytes than asked only at the end of the file.
    fileprivate func read(into buffer: UnsafeMutableRawBufferPointer, at offset: UInt64) throws -> Int {
        let count = Self.readFully(descriptor, into: buffer, at: offset)
        guard count >= 0 else { throw SystemError(call: "pread", path: path) }
        return count
    }

    private func read(into bytes: inout [UInt8], at offset: UInt64) throws -> Int {
        try bytes.withUnsafeMutableBytes { try read(into: $0, at: offset) }
    }

    /// `pread` until `buffer` is full or the file ends, retrying `EINTR`: the count, or -1 with
    /// `errno` set.
    private static func readFully(
        _ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer, at offset: UInt64
    )
        -> Int
    {
        var done = 0
        while done < buffer.count {
            let count = retryingInterrupts {
                pread(descriptor, buffer.baseAddress! + done, buffer.count - done, off_t(offset) + off_t(done))
            }
            if count > 0 {
                done += count
            } else if count == 0 {
                break
            } else {
                return -1
            }
        }
        return done
    }

    // MARK: - Central directory

    /// Finds the end of central directory record (and the ZIP64 one when there is one) and reads
    /// the entries it lists.
    private static func readCentralDirectory(descriptor: Int32, fileSize: UInt64, path: String) throws
        -> [ZipEntry]
    {
        func corrupt(_ problem: String) -> ZipError {
            ZipError(archive: path, kind: .corrupt, problem: problem)
        }
        func read(_ count: Int, at offset: UInt64) throws -> [UInt8] {
            var bytes = [UInt8](repeating: 0, count: count)
            let done = bytes.withUnsafeMutableBytes { readFully(descriptor, into: $0, at: offset) }
            guard done >= 0 else { throw SystemError(call: "pread", path: path) }
            return Array(bytes[0..<done])
        }

        // The end record is the last 22 bytes, unless a comment of up to 64 KiB follows it.
        let tailSize = Int(min(fileSize, 0xFFFF + 22))
        let tailOffset = fileSize - UInt64(tailSize)
        let tail = try read(tailSize, at: tailOffset)
        guard tail.count == tailSize,
            let end = stride(from: tail.count - 22, through: 0, by: -1).first(where: {
                tail.uint32(at: $0) == 0x0605_4B50 && $0 + 22 + Int(tail.uint16(at: $0 + 20)) <= tail.count
            })
        else {
            throw ZipError(
                archive: path, kind: .notAnArchive,
                problem: "not a zip archive, or a truncated one: no end of central directory record")
        }
        var diskNumber = UInt32(tail.uint16(at: end + 4))
        var directoryDisk = UInt32(tail.uint16(at: end + 6))
        var entryCount = UInt64(tail.uint16(at: end + 10))
        var directorySize = UInt64(tail.uint32(at: end + 12))
        var directoryOffset = UInt64(tail.uint32(at: end + 16))

        // A ZIP64 end record, found through the locator just before the end record, holds what
        // did not fit in 16 or 32 bits.
        if end >= 20, tail.uint32(at: end - 20) == 0x0706_4B50 {
            let recordOffset = tail.uint64(at: end - 20 + 8)
            let record = try read(56, at: recordOffset)
            guard record.count == 56, record.uint32(at: 0) == 0x0606_4B50 else {
                throw corrupt("no ZIP64 end of central directory record at byte \(recordOffset)")
            }
            diskNumber = record.uint32(at: 16)
            directoryDisk = record.uint32(at: 20)
            entryCount = record.uint64(at: 32)
            directorySize = record.uint64(at: 40)
            directoryOffset = record.uint64(at: 48)
        }
        guard diskNumber == 0, directoryDisk == 0 else {
            throw ZipError(
                archive: path, kind: .unsupported,
                problem:
                    "a zip archive split over several files, which memctl cannot read; join or unzip it")
        }
        // 46 bytes at least per entry: a count that cannot fit is a damaged record, not a huge list.
        guard directoryOffset <= fileSize, directorySize <= fileSize - directoryOffset,
            entryCount <= directorySize / 46
        else {
            throw corrupt(
                "the central directory (\(entryCount) entries, \(directorySize) bytes at byte \(directoryOffset)) "
                    + "does not fit in the archive, which is truncated or damaged")
        }

        let directory = try read(Int(directorySize), at: directoryOffset)
        guard directory.count == Int(directorySize) else {
            throw corrupt("the central directory is cut short")
        }
        var entries: [ZipEntry] = []
        entries.reserveCapacity(Int(entryCount))
        var at = 0
        for index in 0..<Int(entryCount) {
            guard at + 46 <= directory.count, directory.uint32(at: at) == 0x0201_4B50 else {
                throw corrupt("entry \(index + 1) of the central directory is damaged")
            }
            let nameLength = Int(directory.uint16(at: at + 28))
            let extraLength = Int(directory.uint16(at: at + 30))
            let commentLength = Int(directory.uint16(at: at + 32))
            let next = at + 46 + nameLength + extraLength + commentLength
            guard next <= directory.count else {
                throw corrupt("entry \(index + 1) of the central directory is cut short")
            }
            let name = String(decoding: directory[(at + 46)..<(at + 46 + nameLength)], as: UTF8.self)
            var compressedSize = UInt64(directory.uint32(at: at + 20))
            var uncompressedSize = UInt64(directory.uint32(at: at + 24))
            var localHeaderOffset = UInt64(directory.uint32(at: at + 42))

            // The ZIP64 extra field holds, in this order, those of the three that are 0xFFFFFFFF.
            var extra = at + 46 + nameLength
            let extraEnd = extra + extraLength
            while extra + 4 <= extraEnd {
                let id = directory.uint16(at: extra)
                let size = Int(directory.uint16(at: extra + 2))
                guard extra + 4 + size <= extraEnd else { break }
                if id == 0x0001 {
                    var field = extra + 4
                    func next64() throws -> UInt64 {
                        guard field + 8 <= extra + 4 + size else {
                            throw corrupt("the ZIP64 extra field of \(name) is too short")
                        }
                        defer { field += 8 }
                        return directory.uint64(at: field)
                    }
                    if uncompressedSize == 0xFFFF_FFFF { uncompressedSize = try next64() }
                    if compressedSize == 0xFFFF_FFFF { compressedSize = try next64() }
                    if localHeaderOffset == 0xFFFF_FFFF { localHeaderOffset = try next64() }
                }
                extra += 4 + size
            }
            entries.append(
                ZipEntry(
                    name: name, method: directory.uint16(at: at + 10), flags: directory.uint16(at: at + 8),
                    crc32: directory.uint32(at: at + 16), compressedSize: compressedSize,
                    uncompressedSize: uncompressedSize, localHeaderOffset: localHeaderOffset))
            at = next
        }
        return entries
    }
}

/// The bytes of one entry of a `ZipArchive`, inflated if they are deflated, and checked as they
/// are read: when the last byte has been read, their count and CRC-32 must be what the archive
/// says, or reading throws instead of ending.
package final class ZipEntrySource: ByteSource {
    package let entry: ZipEntry
    private let archivePath: String
    private let data: any ByteSource
    private var crc = CRC32()
    private var produced: UInt64 = 0
    private var ended = false
    /// Thrown again by every read after it, so that a damaged entry never looks as if it ended.
    private var error: ZipError?

    fileprivate init(archive: ZipArchive, entry: ZipEntry, dataOffset: UInt64) {
        self.entry = entry
        archivePath = archive.path
        let region = ArchiveRegion(
            archive: archive, entry: entry.name, offset: dataOffset, count: entry.compressedSize)
        data = entry.method == 8 ? Inflater(source: region) : region
    }

    package func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        if let error { throw error }
        guard !ended, buffer.count > 0 else { return 0 }
        let count: Int
        do {
            count = try data.read(into: buffer)
        } catch let error as InflateError {
            throw failure(.corrupt, "the compressed data of \(entry.name) is damaged: \(error)")
        }
        if count == 0 {
            ended = true
            guard produced == entry.uncompressedSize else {
                throw failure(
                    .checksumMismatch,
                    "\(entry.name) has \(produced) bytes where the archive says \(entry.uncompressedSize)")
            }
            guard crc.value == entry.crc32 else {
                throw failure(
                    .checksumMismatch,
                    "\(entry.name) is damaged: its CRC-32 is \(hex(crc.value)) where the archive says \(hex(entry.crc32))"
                )
            }
            return 0
        }
        crc.update(UnsafeRawBufferPointer(rebasing: buffer[0..<count]))
        produced += UInt64(count)
        guard produced <= entry.uncompressedSize else {
            throw failure(
                .checksumMismatch,
                "\(entry.name) has more than the \(entry.uncompressedSize) bytes the archive says")
        }
        return count
    }

    private func failure(_ kind: ZipError.Kind, _ problem: String) -> ZipError {
        let error = ZipError(archive: archivePath, kind: kind, problem: problem)
        self.error = error
        return error
    }

    private func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16)
        return "0x" + String(repeating: "0", count: 8 - digits.count) + digits
    }
}

@available(*, unavailable)
extension ZipEntrySource: Sendable {}

/// An entry's stored bytes, read from the archive with `pread`.
private final class ArchiveRegion: ByteSource {
    private let archive: ZipArchive
    private let entry: String
    private var offset: UInt64
    private var remaining: UInt64

    init(archive: ZipArchive, entry: String, offset: UInt64, count: UInt64) {
        self.archive = archive
        self.entry = entry
        self.offset = offset
        remaining = count
    }

    func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        guard remaining > 0, buffer.count > 0 else { return 0 }
        let wanted = Int(min(UInt64(buffer.count), remaining))
        let count = try archive.read(
            into: UnsafeMutableRawBufferPointer(rebasing: buffer[0..<wanted]), at: offset)
        guard count > 0 else {
            throw ZipError(
                archive: archive.path, kind: .corrupt,
                problem: "\(entry) runs past the end of the archive, which is truncated")
        }
        offset += UInt64(count)
        remaining -= UInt64(count)
        return count
    }
}

extension [UInt8] {
    /// The little-endian integers of zip headers.
    fileprivate func uint16(at index: Int) -> UInt16 {
        UInt16(self[index]) | UInt16(self[index + 1]) << 8
    }

    fileprivate func uint32(at index: Int) -> UInt32 {
        UInt32(uint16(at: index)) | UInt32(uint16(at: index + 2)) << 16
    }

    fileprivate func uint64(at index: Int) -> UInt64 {
        UInt64(uint32(at: index)) | UInt64(uint32(at: index + 4)) << 32
    }
}
