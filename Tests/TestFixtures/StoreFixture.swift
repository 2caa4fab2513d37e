import Foundation

import MemoryModel
import MemoryStorage
import SQLiteKit

/// A database file in a fresh temporary directory, removed afterwards.
package final class StoreFixture: Sendable {
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

    /// A new database opened as `memctl consolidate` and memoryd open theirs: the passes
    /// checkpoint between batches, the commits do not.
    package func openForPasses() throws -> MemoryStore {
        _ = try open()
        return try MemoryStore(.init(path: path, durability: .checkpoints))
    }

    /// The database file's size in bytes, without its `-wal`.
    package func fileSize() throws -> Int {
        (try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
    }

    /// Makes the file a database of an older schema `version` holding what `statements` insert,
    /// as an earlier build left it; returns the connection that made it.
    @discardableResult
    package func olderDatabase(at version: Int, _ statements: [String]) throws -> Connection {
        let old = try Connection(path: path, mode: .readWriteCreate, busyTimeoutMilliseconds: 100)
        try old.enableWriteAheadLog()
        try old.migrate(Array(Schema.migrations.prefix(version)), record: Schema.record)
        for statement in statements { try old.execute(statement) }
        return old
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

extension MemoryStore {
    /// Adds `count` memories of about 4.4 KB each in one commit: 1,400 of them write about 6 MB,
    /// past SQLite's 1,000 pages of `-wal`.
    package func addLargeMemories(_ count: Int) throws {
        let text = String(repeating: "the quick brown fox jumps over the lazy dog ", count: 100)
        _ = try add((0..<count).map { NewMemory(content: "\(text)\($0)", session: "s", source: "user") })
    }
}
