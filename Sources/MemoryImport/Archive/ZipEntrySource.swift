import JSONReading

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

    init(archive: ZipArchive, entry: ZipEntry, dataOffset: UInt64) {
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
