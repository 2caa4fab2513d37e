import SystemSupport

#if canImport(Glibc)
    import Glibc
#endif

/// The database file memoryd opened, by device and inode, so that memoryd notices when it is
/// taken away: deleted, replaced by another file, or made unwritable. SQLite would go on writing
/// to the open file even once nothing names it any more; memoryd stops instead, and systemd's
/// restart opens whatever is there then, or refuses to start (`missingAfterService`). As a
/// service, it looks every `checkInterval` and throws the loss it finds, which stops memoryd.
package struct DatabaseWatch: Service {
    package let path: String
    /// The file memoryd opened; its pass workers open only this one (`PassWorker`).
    package let file: FileIdentity
    /// memoryd's own `-wal` and `-shm` files, as they were when it opened the database.
    private let sideFiles: [String: FileIdentity]

    package struct FileIdentity: Codable, Equatable, Sendable {
        let device: UInt64
        let inode: UInt64

        package init?(_ path: String) {
            var info = stat()
            guard stat(path, &info) == 0 else { return nil }
            device = UInt64(info.st_dev)
            inode = UInt64(info.st_ino)
        }
    }

    /// Why memoryd cannot go on with the database it opened.
    package enum Loss: Error, Equatable, CustomStringConvertible {
        case deleted(String)
        case replaced(String)
        case unwritable(String, reason: String)

        package var description: String {
            switch self {
            case .deleted(let path):
                "the database \(path) was deleted while memoryd was using it; stopping rather than write to a file nobody can see"
            case .replaced(let path):
                "the database \(path) was replaced by another file while memoryd was using it; stopping so that a restart opens the new one"
            case .unwritable(let path, let reason):
                "the database \(path) can no longer be written (\(reason)); stopping the passes"
            }
        }
    }

    /// Identifies the file now at `path`, and its side files, once the store has opened it.
    package init(path: String) throws {
        guard let file = FileIdentity(path) else { throw SystemError(call: "stat", path: path) }
        self.path = path
        self.file = file
        var sideFiles: [String: FileIdentity] = [:]
        for suffix in ["-wal", "-shm"] { sideFiles[path + suffix] = FileIdentity(path + suffix) }
        self.sideFiles = sideFiles
    }

    /// How often `run` looks at the file.
    package static let checkInterval: Duration = .seconds(1)

    /// Checks the file every `checkInterval` until cancelled, and throws the first `Loss`.
    package func run() async throws {
        while (try? await Task.sleep(for: Self.checkInterval)) != nil {
            if let loss = check() { throw loss }
        }
    }

    /// Nothing to finish: it stops when cancelled.
    package func shutDown() {}

    /// Nil while `path` is still the file that was opened and it and its directory can be
    /// written (the directory for SQLite's `-wal` and `-shm` files after a restart).
    package func check() -> Loss? {
        guard let now = FileIdentity(path) else {
            return errno == ENOENT ? .deleted(path) : .unwritable(path, reason: String(cString: strerror(errno)))
        }
        guard now == file else { return .replaced(path) }
        for (file, what) in [(path, "the file"), (Self.directory(of: path), "its directory")]
        where access(file, W_OK) != 0 {
            return .unwritable(path, reason: "\(what): \(String(cString: strerror(errno)))")
        }
        return nil
    }

    /// After a loss, once the store is closed: deletes memoryd's own `-wal` and `-shm` (the same
    /// files it opened, by inode), which SQLite leaves when its database file was renamed or
    /// deleted. A WAL carries no mark of the database it belongs to, so a file put at the path
    /// later would take the old file's pages from it. Side files someone else put there stay.
    /// Returns the paths deleted.
    package func removeOwnSideFiles() -> [String] {
        sideFiles.keys.sorted().filter { side in
            guard let identity = sideFiles[side], FileIdentity(side) == identity else { return false }
            return unlink(side) == 0
        }
    }

    private static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// A database that is missing where memoryd served one before (its daemon lock file is
    /// still there) is not made again empty on a restart: that would hide that the memories
    /// are gone. The message says how to start afresh on purpose.
    package static func missingAfterService(_ path: String, lockFile: String) -> String? {
        guard access(path, F_OK) != 0 && errno == ENOENT && access(lockFile, F_OK) == 0 else { return nil }
        return "the database \(path) is missing, but memoryd served one there before (\(lockFile) is left from it); "
            + "restore the file, or delete \(lockFile) to start with an empty database"
    }
}
