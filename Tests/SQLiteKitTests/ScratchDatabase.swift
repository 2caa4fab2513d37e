import Foundation

@testable import SQLiteKit

/// A directory of one test's own under the temporary directory, holding its database file.
struct ScratchDatabase {
    let directory: URL

    init(_ prefix: String) {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
    }

    /// Opens (creating) `test.db` in the directory.
    func open() throws -> Connection {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let path = directory.appendingPathComponent("test.db").path
        return try Connection(path: path, mode: .readWriteCreate, busyTimeoutMilliseconds: 100)
    }

    /// Opens (creating) `test.db` and runs `sql` on it: a suite's tables.
    func open(executing sql: String) throws -> Connection {
        let connection = try open()
        try connection.execute(sql)
        return connection
    }

    /// Removes the directory and everything in it.
    func remove() { try? FileManager.default.removeItem(at: directory) }
}
