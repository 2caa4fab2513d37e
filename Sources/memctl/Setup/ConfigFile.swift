import MemoryModel
import SystemSupport

#if canImport(Glibc)
    import Glibc
#endif

/// A coding agent's configuration file as it is on disk, and the writes that change it: the
/// file as it was copied to `FILE.memoryd-backup` first, then the new text written whole (a
/// temporary file in the same directory, synced, renamed over it), with the file's permissions.
/// A symbolic link (dotfiles kept in a repository) is followed, and the file it names changed.
struct ConfigFile {
    /// The file: the path given, or where its symbolic link leads.
    let path: String
    /// What it holds; nil when there is no such file.
    let contents: [UInt8]?
    /// Its permission bits, kept when it is written; nil when there is no such file.
    let mode: mode_t?

    /// Where the file as it was before memctl's last change to it is kept: beside it, named
    /// after it, one copy (each change replaces it).
    var backupPath: String { path + ".memoryd-backup" }

    static func read(_ path: String) throws(SystemError) -> ConfigFile {
        var path = path
        var info = stat()
        if lstat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFLNK {
            guard let resolved = realpath(path, nil) else { throw SystemError(call: "realpath", path: path) }
            path = String(cString: resolved)
            free(resolved)
        }
        guard let bytes = try readWhole(path) else { return ConfigFile(path: path, contents: nil, mode: nil) }
        guard stat(path, &info) == 0 else { throw SystemError(call: "stat", path: path) }
        return ConfigFile(path: path, contents: bytes, mode: info.st_mode & 0o7777)
    }

    /// The backup's contents; nil when there is none.
    func backup() throws(SystemError) -> [UInt8]? { try Self.readWhole(backupPath) }

    /// Copies the file as it is to `backupPath`, with its permissions.
    func writeBackup() throws(SystemError) {
        guard let contents, let mode else { return }
        try Self.writeWhole(contents, to: backupPath, mode: mode)
    }

    /// Writes `bytes` in place of the file: with its permissions, or `newFileMode` for a new
    /// one (its directory made first, private to the user).
    func write(_ bytes: [UInt8], newFileMode: mode_t) throws(SystemError) {
        if contents == nil { try SystemError.createDirectories(DaemonPaths.parentDirectory(of: path), mode: 0o700) }
        try Self.writeWhole(bytes, to: path, mode: mode ?? newFileMode)
    }

    func delete() throws(SystemError) {
        _ = try systemCall("unlink", path: path) { unlink(path) }
    }

    // MARK: - Whole reads and writes

    /// The whole file; nil when it does not exist.
    private static func readWhole(_ path: String) throws(SystemError) -> [UInt8]? {
        let descriptor = retryingInterrupts { open(path, O_RDONLY | O_CLOEXEC) }
        if descriptor < 0 {
            if errno == ENOENT { return nil }
            throw SystemError(call: "open", path: path)
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw SystemError(call: "fstat", path: path) }
        guard (info.st_mode & S_IFMT) == S_IFREG else { throw SystemError(call: "open", path: path, errno: EISDIR) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = try systemCall("read", path: path) {
                chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress!, $0.count) }
            }
            if count == 0 { return bytes }
            bytes.append(contentsOf: chunk[..<count])
        }
    }

    /// Replaces `path` with `bytes` at once: a reader sees the old file or the new one, and a
    /// crash leaves one of them.
    private static func writeWhole(_ bytes: [UInt8], to path: String, mode: mode_t) throws(SystemError) {
        let file = try ReplacementFile(replacing: path)
        try bytes.withUnsafeBytes { bytes in
            Result { () throws(SystemError) in
                try StandardStream.writeAll(bytes, to: file.descriptor, path: file.temporaryPath)
            }
        }.get()
        try file.commit(mode: mode)
    }
}
