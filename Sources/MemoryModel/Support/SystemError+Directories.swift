import SystemSupport

#if canImport(Glibc)
    import Glibc
#endif

// `mkdir -p` walks up with `DaemonPaths.parentDirectory`, so it stays beside the paths rather
// than in SystemSupport, which knows no model type.
extension SystemError {
    /// `mkdir -p`: creates `directory` and its missing parents with `mode` (less the umask).
    /// The error names the first directory that could not be made.
    package static func createDirectories(_ directory: String, mode: mode_t = 0o777) throws(SystemError) {
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
