import Foundation
import TestFixtures

#if canImport(Glibc)
    import Glibc
#endif

/// A tmpfs of a few MiB mounted for one test, to run out of space on purpose; unmounted when
/// the value goes away. Mounting needs root (or CAP_SYS_ADMIN): tests that use it are skipped,
/// with that reason, where it is not allowed.
final class SmallFilesystem {
    private let parent: TemporaryDirectory
    /// The mount point.
    let path: String
    private var fillerPath: String { path + "/filler" }

    /// Whether this process may mount a tmpfs, tried once.
    static let canMount: Bool = (try? SmallFilesystem(mebibytes: 1)) != nil

    init(mebibytes: Int) throws {
        parent = try TemporaryDirectory()
        path = parent.path("fs")
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        guard mount("tmpfs", path, "tmpfs", 0, "size=\(mebibytes)m,mode=0777") == 0 else {
            throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: path])
        }
    }

    deinit { umount2(path, Int32(MNT_DETACH)) }

    func file(_ name: String) -> String { path + "/" + name }

    /// Bytes still free.
    var available: Int {
        var info = statvfs()
        guard statvfs(path, &info) == 0 else { return 0 }
        return Int(info.f_bavail) * Int(info.f_frsize)
    }

    /// Takes all the free space but `spare` bytes with a file of its own (in place of the one
    /// it took before).
    func fill(leaving spare: Int) throws {
        try? FileManager.default.removeItem(atPath: fillerPath)
        let size = max(0, available - spare)
        guard FileManager.default.createFile(atPath: fillerPath, contents: Data(count: size)) else {
            throw CocoaError(.fileWriteOutOfSpace, userInfo: [NSFilePathErrorKey: fillerPath])
        }
    }

    /// Gives the space back.
    func free() throws { try FileManager.default.removeItem(atPath: fillerPath) }
}
