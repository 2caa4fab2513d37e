import Glibc

/// Writes whole strings to a file descriptor, retrying short writes and EINTR.
package enum StandardStream {
    package static func write(_ text: String, to descriptor: Int32) {
        var text = text
        // A closed pipe: nobody is reading, nothing useful to do.
        text.withUTF8 { bytes in try? writeAll(UnsafeRawBufferPointer(bytes), to: descriptor) }
    }

    /// Writes all of `bytes`, retrying short writes and EINTR; a failure is thrown, naming `path`
    /// (the file written, if it has one), for output that must be whole or reported.
    package static func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32, path: String? = nil)
        throws(SystemError)
    {
        var offset = 0
        while offset < bytes.count {
            let written = try systemCall("write", path: path) {
                Glibc.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            }
            guard written > 0 else { throw SystemError(call: "write", path: path, errno: EIO) }
            offset += written
        }
    }

    /// Everything left to read from `descriptor` (standard input, a pipe), retrying EINTR.
    package static func readAll(_ descriptor: Int32) throws(SystemError) -> [UInt8] {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = try systemCall("read") {
                chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress!, $0.count) }
            }
            if count == 0 { return bytes }
            bytes.append(contentsOf: chunk[..<count])
        }
    }

    package static func out(_ line: String) { write(line + "\n", to: STDOUT_FILENO) }
    package static func error(_ line: String) { write(line + "\n", to: STDERR_FILENO) }
}
