import SystemSupport

extension ZipArchive {
    /// Finds the end of central directory record (and the ZIP64 one when there is one) and reads
    /// the entries it lists.
    static func readCentralDirectory(descriptor: Int32, fileSize: UInt64, path: String) throws
        -> [ZipEntry]
    {
        let reader = CentralDirectoryReader(descriptor: descriptor, fileSize: fileSize, path: path)
        let location = try reader.location()
        let directory = try reader.read(Int(location.size), at: location.offset)
        guard directory.count == Int(location.size) else {
            throw reader.corrupt("the central directory is cut short")
        }
        return try reader.entries(count: Int(location.entryCount), in: directory)
    }
}

/// Reads the central directory of the archive open as `descriptor`: where the end records say it
/// is, then each entry it lists.
private struct CentralDirectoryReader {
    let descriptor: Int32
    let fileSize: UInt64
    let path: String

    /// Where the central directory is, as the end record (or the ZIP64 one) gives it.
    struct Location {
        var diskNumber: UInt32
        var directoryDisk: UInt32
        var entryCount: UInt64
        var size: UInt64
        var offset: UInt64
    }

    func corrupt(_ problem: String) -> ZipError {
        ZipError(archive: path, kind: .corrupt, problem: problem)
    }

    /// `count` bytes at `offset`, or fewer at the end of the file.
    func read(_ count: Int, at offset: UInt64) throws -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        let done = bytes.withUnsafeMutableBytes { ZipArchive.readFully(descriptor, into: $0, at: offset) }
        guard done >= 0 else { throw SystemError(call: "pread", path: path) }
        return Array(bytes[0..<done])
    }

    // MARK: - End records

    /// The central directory's location, checked to be on this disk and to fit in the file.
    func location() throws -> Location {
        let location = try endRecord()
        guard location.diskNumber == 0, location.directoryDisk == 0 else {
            throw ZipError(
                archive: path, kind: .unsupported,
                problem:
                    "a zip archive split over several files, which memctl cannot read; join or unzip it")
        }
        // 46 bytes at least per entry: a count that cannot fit is a damaged record, not a huge list.
        guard location.offset <= fileSize, location.size <= fileSize - location.offset,
            location.entryCount <= location.size / 46
        else {
            throw corrupt(
                "the central directory (\(location.entryCount) entries, \(location.size) bytes at byte "
                    + "\(location.offset)) does not fit in the archive, which is truncated or damaged")
        }
        return location
    }

    /// The end of central directory record, with what a ZIP64 end record holds in its place.
    private func endRecord() throws -> Location {
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
        // A ZIP64 end record, found through the locator just before the end record, holds what
        // did not fit in 16 or 32 bits.
        if end >= 20, tail.uint32(at: end - 20) == 0x0706_4B50 {
            return try zip64EndRecord(at: tail.uint64(at: end - 20 + 8))
        }
        return Location(
            diskNumber: UInt32(tail.uint16(at: end + 4)), directoryDisk: UInt32(tail.uint16(at: end + 6)),
            entryCount: UInt64(tail.uint16(at: end + 10)), size: UInt64(tail.uint32(at: end + 12)),
            offset: UInt64(tail.uint32(at: end + 16)))
    }

    private func zip64EndRecord(at recordOffset: UInt64) throws -> Location {
        let record = try read(56, at: recordOffset)
        guard record.count == 56, record.uint32(at: 0) == 0x0606_4B50 else {
            throw corrupt("no ZIP64 end of central directory record at byte \(recordOffset)")
        }
        return Location(
            diskNumber: record.uint32(at: 16), directoryDisk: record.uint32(at: 20),
            entryCount: record.uint64(at: 32), size: record.uint64(at: 40), offset: record.uint64(at: 48))
    }

    // MARK: - Entries

    /// The `count` entries that `directory` lists.
    func entries(count: Int, in directory: [UInt8]) throws -> [ZipEntry] {
        var entries: [ZipEntry] = []
        entries.reserveCapacity(count)
        var at = 0
        for index in 0..<count {
            let (entry, next) = try entry(at: at, number: index + 1, in: directory)
            entries.append(entry)
            at = next
        }
        return entries
    }

    /// The entry whose header is at `start` in `directory`, and where the next one starts.
    private func entry(at start: Int, number: Int, in directory: [UInt8]) throws -> (ZipEntry, next: Int) {
        guard start + 46 <= directory.count, directory.uint32(at: start) == 0x0201_4B50 else {
            throw corrupt("entry \(number) of the central directory is damaged")
        }
        let nameLength = Int(directory.uint16(at: start + 28))
        let extraLength = Int(directory.uint16(at: start + 30))
        let commentLength = Int(directory.uint16(at: start + 32))
        let next = start + 46 + nameLength + extraLength + commentLength
        guard next <= directory.count else {
            throw corrupt("entry \(number) of the central directory is cut short")
        }
        let name = String(decoding: directory[(start + 46)..<(start + 46 + nameLength)], as: UTF8.self)
        var sizes = Sizes(
            compressed: UInt64(directory.uint32(at: start + 20)),
            uncompressed: UInt64(directory.uint32(at: start + 24)),
            localHeaderOffset: UInt64(directory.uint32(at: start + 42)))
        let extraStart = start + 46 + nameLength
        try readZip64Sizes(
            into: &sizes, of: name, extraFields: extraStart..<(extraStart + extraLength), in: directory)
        let entry = ZipEntry(
            name: name, method: directory.uint16(at: start + 10), flags: directory.uint16(at: start + 8),
            crc32: directory.uint32(at: start + 16), compressedSize: sizes.compressed,
            uncompressedSize: sizes.uncompressed, localHeaderOffset: sizes.localHeaderOffset)
        return (entry, next)
    }

    /// An entry's sizes and offset, which its ZIP64 extra field holds when they do not fit in 32 bits.
    private struct Sizes {
        var compressed: UInt64
        var uncompressed: UInt64
        var localHeaderOffset: UInt64
    }

    /// The ZIP64 extra field holds, in this order, those of the three that are 0xFFFFFFFF.
    private func readZip64Sizes(
        into sizes: inout Sizes, of name: String, extraFields: Range<Int>, in directory: [UInt8]
    ) throws {
        var extra = extraFields.lowerBound
        let extraEnd = extraFields.upperBound
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
                if sizes.uncompressed == 0xFFFF_FFFF { sizes.uncompressed = try next64() }
                if sizes.compressed == 0xFFFF_FFFF { sizes.compressed = try next64() }
                if sizes.localHeaderOffset == 0xFFFF_FFFF { sizes.localHeaderOffset = try next64() }
            }
            extra += 4 + size
        }
    }
}

extension [UInt8] {
    /// The little-endian integers of zip headers.
    func uint16(at index: Int) -> UInt16 {
        UInt16(self[index]) | UInt16(self[index + 1]) << 8
    }

    func uint32(at index: Int) -> UInt32 {
        UInt32(uint16(at: index)) | UInt32(uint16(at: index + 2)) << 16
    }

    func uint64(at index: Int) -> UInt64 {
        UInt64(uint32(at: index)) | UInt64(uint32(at: index + 4)) << 32
    }
}
