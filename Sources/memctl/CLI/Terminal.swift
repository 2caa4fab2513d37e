import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// What memctl knows about where its output goes.
struct Terminal: Sendable {
    /// True when standard output is a terminal (people, not programs, are reading).
    let isInteractive: Bool
    /// Columns available for a line; nil means do not cut.
    let width: Int?

    static func current(environment: [String: String]) -> Terminal {
        let interactive = isatty(STDOUT_FILENO) == 1
        var size = winsize()
        if interactive, ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 {
            return Terminal(isInteractive: true, width: Int(size.ws_col))
        }
        let columns = environment["COLUMNS"].flatMap(Int.init).flatMap { $0 > 0 ? $0 : nil }
        return Terminal(isInteractive: interactive, width: columns ?? (interactive ? 80 : nil))
    }
}

/// Writes whole strings to a file descriptor, retrying short writes and EINTR.
enum StandardStream {
    static func write(_ text: String, to descriptor: Int32) {
        var text = text
        text.withUTF8 { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = Glibc.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return  // a closed pipe: nobody is reading, nothing useful to do
                }
                offset += written
            }
        }
    }

    static func out(_ line: String) { write(line + "\n", to: STDOUT_FILENO) }
    static func error(_ line: String) { write(line + "\n", to: STDERR_FILENO) }
}
