import Glibc

/// Writes whole strings to a file descriptor, retrying short writes and EINTR.
public enum StandardStream {
    public static func write(_ text: String, to descriptor: Int32) {
        var text = text
        text.withUTF8 { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = Glibc.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                if written <= 0 {
                    if written < 0 && errno == EINTR { continue }
                    return  // a closed pipe: nobody is reading, nothing useful to do
                }
                offset += written
            }
        }
    }

    public static func out(_ line: String) { write(line + "\n", to: STDOUT_FILENO) }
    public static func error(_ line: String) { write(line + "\n", to: STDERR_FILENO) }
}
