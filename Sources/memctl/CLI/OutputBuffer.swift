import SystemSupport

#if canImport(Glibc)
    import Glibc
#endif

/// Output collected and written in large pieces to a descriptor (standard output, or a file
/// being exported to); a write that fails is thrown, so that output cut short is an error.
struct OutputBuffer {
    let descriptor: Int32
    /// The file written, for messages; nil for standard output.
    let path: String?
    private var text = ""

    init(descriptor: Int32 = STDOUT_FILENO, path: String? = nil) {
        self.descriptor = descriptor
        self.path = path
    }

    mutating func append(_ piece: String) { text += piece }

    /// Writes what is collected, once it is more than `limit` bytes.
    mutating func flush(whenAbove limit: Int) throws {
        guard text.utf8.count > limit, !text.isEmpty else { return }
        let (descriptor, path) = (descriptor, path)
        try text.withUTF8 { bytes in
            try StandardStream.writeAll(UnsafeRawBufferPointer(bytes), to: descriptor, path: path)
        }
        text.removeAll(keepingCapacity: true)
    }
}
