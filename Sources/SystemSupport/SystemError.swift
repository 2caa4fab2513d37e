import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// A failed system call, naming the call, the file and `errno`.
package struct SystemError: Error, Equatable, Sendable, CustomStringConvertible {
    package let call: String
    package let path: String?
    package let errno: Int32

    /// Captures the current `errno` unless one is given.
    package init(call: String, path: String? = nil, errno code: Int32 = Glibc.errno) {
        self.call = call
        self.path = path
        self.errno = code
    }

    package var description: String {
        let reason = String(cString: strerror(errno))
        if let path { return "\(path): \(reason) (\(call) failed with errno \(errno))" }
        return "\(call) failed: \(reason) (errno \(errno))"
    }
}
