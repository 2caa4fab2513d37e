import FoundationEssentials
import Glibc
import MemoryModel
import SystemSupport

#if canImport(Glibc)
    import Glibc
#endif

/// Who may use the files of a database. A new database is created for its owner and group
/// (`0660`, less what the umask takes away: `0660` under memoryd's unit, `0640` under a usual
/// umask of `022`), never for others. The files kept beside it (memoryd's lock files, and
/// SQLite's own `-wal` and `-shm`) take the database's permission bits, whoever creates them,
/// so that a group that may write the database may also take its locks.
package enum DatabaseFiles {
    /// The mode a new database file asks for; the umask applies.
    package static let newDatabaseMode: mode_t = 0o660

    /// Creates an empty database file at `path` with `newDatabaseMode`, unless a file is
    /// already there. SQLite takes an empty file as a new database.
    package static func createDatabase(at path: String) throws(StoreError) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, newDatabaseMode)
        if descriptor < 0 {
            if errno == EEXIST { return }
            throw StoreError.cannotOpen(path: path, reason: "cannot create it: \(String(cString: strerror(errno)))")
        }
        close(descriptor)
    }

    /// Creates the directory a database at `path` goes in, and its missing parents; says which
    /// directory could not be made, and why.
    package static func createParentDirectory(of path: String) throws(StoreError) {
        do {
            try SystemError.createDirectories(DaemonPaths.parentDirectory(of: path))
        } catch {
            throw StoreError.cannotOpen(
                path: path, reason: "cannot create directory \(error.path ?? ""): \(String(cString: strerror(error.errno)))")
        }
    }

    /// The permission bits of the database at `path`, or nil when there is none yet.
    /// Whether the filesystem that holds `path` has (almost) no space left: less than a few
    /// pages, too little for SQLite to grow the `-wal` or make the `-shm`.
    package static func isOutOfSpace(at path: String) -> Bool {
        var info = statvfs()
        let directory = DaemonPaths.parentDirectory(of: path)
        guard statvfs(directory.isEmpty ? "." : directory, &info) == 0 else { return false }
        return UInt64(info.f_bavail) * UInt64(info.f_frsize) < 64 * 1024
    }

    package static func permissions(of path: String) -> mode_t? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return info.st_mode & 0o666
    }
}
