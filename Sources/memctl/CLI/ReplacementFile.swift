import MemoryModel
import SystemSupport

#if canImport(Glibc)
    import Glibc
#endif

/// A file written under a temporary name in its directory, synced and renamed over its path once
/// whole: the path holds the file as it was, or the new one, never a part of it, whatever fails.
/// Until `commit`, the temporary file is removed when this goes away; a process killed meanwhile
/// leaves it (hidden, `.NAME.memoryd-XXXXXX`), never a half file under the name.
final class ReplacementFile {
    /// The file it replaces (or creates).
    let path: String
    /// The file being written, beside it.
    let temporaryPath: String
    /// Open for writing `temporaryPath`.
    let descriptor: Int32
    private var isOpen = true
    private var committed = false

    /// Creates the temporary file beside `path`, readable and writable by its owner only.
    init(replacing path: String) throws(SystemError) {
        let directory = DaemonPaths.parentDirectory(of: path)
        let name = path.split(separator: "/").last.map(String.init) ?? path
        var template = Array(((directory.isEmpty ? "." : directory) + "/." + name + ".memoryd-XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { throw SystemError(call: "mkstemp", path: path) }
        self.path = path
        self.descriptor = descriptor
        temporaryPath = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    deinit {
        closeDescriptor()
        if !committed { unlink(temporaryPath) }
    }

    /// Gives the file `mode`, syncs it and renames it over `path`, then syncs the directory, so
    /// that the new file is what a power cut leaves too.
    func commit(mode: mode_t) throws(SystemError) {
        _ = try systemCall("fchmod", path: temporaryPath) { fchmod(descriptor, mode) }
        _ = try systemCall("fsync", path: temporaryPath) { fsync(descriptor) }
        closeDescriptor()
        _ = try systemCall("rename", path: path) { rename(temporaryPath, path) }
        committed = true
        let directory = DaemonPaths.parentDirectory(of: path)
        let directoryDescriptor = open(directory.isEmpty ? "." : directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if directoryDescriptor >= 0 {
            fsync(directoryDescriptor)
            close(directoryDescriptor)
        }
    }

    private func closeDescriptor() {
        guard isOpen else { return }
        close(descriptor)
        isOpen = false
    }
}
