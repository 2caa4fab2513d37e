import FoundationEssentials

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
