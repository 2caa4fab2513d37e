import Foundation

@testable import MemoryKit

/// A database file in a fresh temporary directory, removed afterwards.
final class StoreFixture: Sendable {
    let directory: URL
    let path: String

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("memorykit-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        path = directory.appendingPathComponent("memory.db").path
    }

    deinit { try? FileManager.default.removeItem(at: directory) }

    func open(create: Bool = true, busyTimeout: Int = 1000) throws -> MemoryStore {
        try MemoryStore(.init(path: path, createIfMissing: create, busyTimeoutMilliseconds: busyTimeout))
    }

    /// A second, raw connection to the same file, as another process or `sqlite3` would have.
    func rawConnection() throws -> Connection {
        try Connection(path: path, mode: .readWrite, busyTimeoutMilliseconds: 1000)
    }

    func contents() throws -> Data { try Data(contentsOf: URL(fileURLWithPath: path)) }

    func siblings() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
    }
}
