import Glibc
import Testing

@testable import MemoryModel

/// Paths as memoryd and memctl handle them, without Foundation's `NSString`.
@Suite("Paths")
struct PathTests {
    @Test("the directory of a path, as NSString's deletingLastPathComponent has it")
    func parentDirectories() {
        #expect(DaemonPaths.parentDirectory(of: "/var/lib/memoryd/memory.db") == "/var/lib/memoryd")
        #expect(DaemonPaths.parentDirectory(of: "/memory.db") == "/")
        #expect(DaemonPaths.parentDirectory(of: "/") == "/")
        #expect(DaemonPaths.parentDirectory(of: "memory.db") == "")
        #expect(DaemonPaths.parentDirectory(of: "data/memory.db") == "data")
        #expect(DaemonPaths.parentDirectory(of: "/a/b/") == "/a")
        #expect(DaemonPaths.parentDirectory(of: "/a//b") == "/a")
        #expect(DaemonPaths.parentDirectory(of: "") == "")
    }

    @Test("a relative path is made absolute against the working directory")
    func absolutePaths() {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX))
        let cwd = String(cString: getcwd(&buffer, buffer.count))
        #expect(DaemonPaths.absolute("memory.db") == (cwd == "/" ? "/memory.db" : cwd + "/memory.db"))
        #expect(DaemonPaths.absolute("/tmp/memory.db") == "/tmp/memory.db")
        #expect(DaemonPaths.absolute("@abstract") == "@abstract")
    }

    @Test("a path without dots and repeated slashes", arguments: [
        ("/a/./b//../c/", "/a/c"), ("/", "/"), ("/..", "/"), ("/var/lib/memoryd/memory.db", "/var/lib/memoryd/memory.db"),
        ("/a/b/../../..", "/"),
    ])
    func normalized(path: String, expected: String) {
        #expect(DaemonPaths.normalized(path) == expected)
    }
}
