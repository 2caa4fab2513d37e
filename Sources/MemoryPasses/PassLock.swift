import FoundationEssentials
import MemoryEngines
import MemoryModel
import MemoryStorage
import SystemSupport

#if canImport(Glibc)
    import Glibc
#endif

/// An exclusive `flock` on a file that names its holder's process id. The kernel drops the lock
/// when its holder exits, however it exits, so a killed process never leaves a stale lock.
package final class ProcessLock {
    private let descriptor: Int32

    /// Another process holds the lock.
    package struct Held: Error, Sendable {
        package let pid: Int32?

        package init(pid: Int32? = nil) {
            self.pid = pid
        }
    }

    /// Takes the lock on `path`, creating the file if needed with the permission bits of the
    /// database it guards (see `DatabaseFiles`), so that every user who may write the database
    /// may also take the lock.
    package init(path: String, database: String) throws {
        descriptor = Self.open(path, database: database)
        guard descriptor >= 0 else { throw SystemError(call: "open", path: path) }
        if retryingInterrupts({ flock(descriptor, LOCK_EX | LOCK_NB) }) != 0 {
            let code = errno
            let holder = Self.readPID(descriptor)
            close(descriptor)
            if code == EWOULDBLOCK { throw Held(pid: holder) }
            throw SystemError(call: "flock", path: path, errno: code)
        }
        // Say who holds it, for the message another process will print.
        let pid = Array("\(getpid())\n".utf8)
        _ = ftruncate(descriptor, 0)
        _ = pid.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) }
    }

    deinit { close(descriptor) }

    private static func open(_ path: String, database: String) -> Int32 {
        let created = Glibc.open(path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, DatabaseFiles.newDatabaseMode)
        if created >= 0 {
            if let mode = DatabaseFiles.permissions(of: database) { _ = fchmod(created, mode) }
            return created
        }
        guard errno == EEXIST else { return -1 }
        let existing = Glibc.open(path, O_RDWR | O_CLOEXEC)
        // flock needs no write access: a lock file made by another user, before its mode was
        // shared, still locks; only the holder's pid cannot be written into it.
        if existing < 0 && errno == EACCES { return Glibc.open(path, O_RDONLY | O_CLOEXEC) }
        return existing
    }

    private static func readPID(_ descriptor: Int32) -> Int32? {
        var buffer = [UInt8](repeating: 0, count: 16)
        let count = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { return nil }
        return Int32(String(decoding: buffer[..<count], as: UTF8.self).trimmingWhitespace())
    }
}

@available(*, unavailable)
extension ProcessLock: Sendable {}

/// Keeps two passes of one kind from running on one database at once, across processes: a
/// `ProcessLock` on `<database>-<kind>.lock`.
package final class PassLock {
    private let lock: ProcessLock

    package init(database: String, kind: PassKind) throws {
        do {
            lock = try ProcessLock(path: "\(database)-\(kind.rawValue).lock", database: database)
        } catch let held as ProcessLock.Held {
            throw PassAlreadyRunning(kind: kind, database: database, pid: held.pid)
        }
    }
}

@available(*, unavailable)
extension PassLock: Sendable {}

/// Another process (or task) is running a pass of this kind on the same database.
package struct PassAlreadyRunning: Error, Equatable, Sendable, CustomStringConvertible {
    package let kind: PassKind
    package let database: String
    package let pid: Int32?

    package var description: String {
        "a \(kind.rawValue) pass is already running on \(database)" + (pid.map { " (process \($0))" } ?? "")
            + "; wait for it to finish"
    }

    package init(kind: PassKind, database: String, pid: Int32? = nil) {
        self.kind = kind
        self.database = database
        self.pid = pid
    }
}
