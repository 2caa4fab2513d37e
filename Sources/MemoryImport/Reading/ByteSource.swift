import JSONReading
import SystemSupport

#if canImport(Glibc)
    import Glibc
#endif

/// A file (or an open descriptor such as standard input) as a `ByteSource`.
package final class FileByteSource: ByteSource {
    package let name: String
    private let descriptor: Int32
    private let ownsDescriptor: Bool

    /// Opens `path` for reading; a directory is refused.
    package init(path: String) throws {
        descriptor = try Self.openForReading(path)
        ownsDescriptor = true
        name = path
    }

    /// A descriptor of `path` opened for reading; a directory is refused (reading one fails
    /// with a less helpful error later).
    static func openForReading(_ path: String) throws -> Int32 {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw SystemError(call: "open", path: path) }
        var info = stat()
        if fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR {
            close(descriptor)
            throw SystemError(call: "open", path: path, errno: EISDIR)
        }
        return descriptor
    }

    /// Reads an open descriptor, which it does not close.
    package init(fileDescriptor: Int32, name: String) {
        descriptor = fileDescriptor
        ownsDescriptor = false
        self.name = name
    }

    deinit {
        if ownsDescriptor { close(descriptor) }
    }

    package func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        guard let base = buffer.baseAddress, buffer.count > 0 else { return 0 }
        return try systemCall("read", path: name) { Glibc.read(descriptor, base, buffer.count) }
    }
}
