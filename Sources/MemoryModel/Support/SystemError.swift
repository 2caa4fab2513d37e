import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// A failed system call, naming the call, the file and `errno`.
public struct SystemError: Error, Equatable, Sendable, CustomStringConvertible {
    public let call: String
    public let path: String?
    public let errno: Int32

    /// Captures the current `errno` unless one is given.
    public init(call: String, path: String? = nil, errno code: Int32 = Glibc.errno) {
        self.call = call
        self.path = path
        self.errno = code
    }

    public var description: String {
        let reason = String(cString: strerror(errno))
        if let path { return "\(path): \(reason) (\(call) failed with errno \(errno))" }
        return "\(call) failed: \(reason) (errno \(errno))"
    }
}

extension SystemError {
    /// `mkdir -p`: creates `directory` and its missing parents with `mode` (less the umask).
    /// The error names the first directory that could not be made.
    public static func createDirectories(_ directory: String, mode: mode_t = 0o777) throws(SystemError) {
        var missing: [String] = []
        var current = directory
        var info = stat()
        while !current.isEmpty, current != "/", stat(current, &info) != 0 {
            missing.append(current)
            current = DaemonPaths.parentDirectory(of: current)
        }
        for path in missing.reversed() where mkdir(path, mode) != 0 && Glibc.errno != EEXIST {
            throw SystemError(call: "mkdir", path: path)
        }
    }
}
