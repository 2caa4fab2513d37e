import Foundation

import MemoryStorage
import SQLiteKit

/// A database file in a fresh temporary directory, removed afterwards.
public final class StoreFixture: Sendable {
    package let directory: URL
    package let path: String

    package init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("memorykit-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        path = directory.appendingPathComponent("memory.db").path
    }

    deinit { try? FileManager.default.removeItem(at: directory) }

    package func open(create: Bool = true, busyTimeout: Int = 1000) throws -> MemoryStore {
        try MemoryStore(.init(path: path, createIfMissing: create, busyTimeoutMilliseconds: busyTimeout))
    }

    /// A second, raw connection to the same file, as another process or `sqlite3` would have.
    package func rawConnection() throws -> Connection {
        try Connection(path: path, mode: .readWrite, busyTimeoutMilliseconds: 1000)
    }

    package func contents() throws -> Data { try Data(contentsOf: URL(fileURLWithPath: path)) }

    package func siblings() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
    }
}
