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
    func read(into buffer: UnsafeMutableRawBufferPointer, at offset: UInt64) throws -> Int {
        let count = Self.readFully(descriptor, into: buffer, at: offset)
        guard count >= 0 else { throw SystemError(call: "pread", path: path) }
        return count
    }

    private func read(into bytes: inout [UInt8], at offset: UInt64) throws -> Int {
        try bytes.withUnsafeMutableBytes { try read(into: $0, at: offset) }
    }

    /// `pread` until `buffer` is full or the file ends, retrying `EINTR`: the count, or -1 with
    /// `errno` set.
    static func readFully(
        _ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer, at offset: UInt64
    )
        -> Int
    {
        // Offsets come from the archive itself: one past what `off_t` holds (up to 2^64 - 1 in a
        // ZIP64 field) is past the end of any file, so there is nothing to read there, and the
        // caller says what is damaged, as for any offset past the end.
        guard let start = off_t(exactly: offset) else { return 0 }
        var done = 0
        while done < buffer.count {
            let count = retryingInterrupts {
                pread(descriptor, buffer.baseAddress! + done, buffer.count - done, start + off_t(done))
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
}
