import FoundationEssentials
import MemoryModel

#if canImport(Glibc)
    import Glibc
#endif

// MARK: - Which database a memoryd serves

extension ControlClient {
    /// memoryd's status, asked on this connection.
    package func status() throws -> ControlProtocol.DaemonStatus {
        guard let status = try ask(.init(command: .status)).status else { throw DaemonGone(path: path) }
        return status
    }
}

extension ControlProtocol.DaemonStatus {
    /// Whether this memoryd serves the database at `path`. memoryd's socket is per user, not per
    /// database, so the one listening may serve another file: its passes would never touch this
    /// one. The same file counts however each names it (relative path, symbolic link).
    package func serves(_ path: String) -> Bool {
        var served = stat()
        var ours = stat()
        if stat(database, &served) == 0, stat(DaemonPaths.absolute(path), &ours) == 0 {
            return served.st_dev == ours.st_dev && served.st_ino == ours.st_ino
        }
        return Self.standardized(database) == Self.standardized(path)
    }

    private static func standardized(_ path: String) -> String {
        DaemonPaths.normalized(DaemonPaths.absolute(path))
    }
}
