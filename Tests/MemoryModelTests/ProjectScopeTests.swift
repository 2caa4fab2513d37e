import Foundation
import Testing

@testable import MemoryModel

/// Which memories a session in a directory sees (docs/PROJECTS.md), on real directories.
@Suite("Project scopes")
struct ProjectScopeTests {
    @Test("a directory sees its own memories, its parents', those inside it, and those of no project")
    func withoutRepository() {
        let scope = ProjectScope(directory: "/home/dana/src/shop/api", root: "/home/dana/src/shop/api")
        #expect(scope.contains(nil))
        #expect(scope.contains("/home/dana/src/shop/api"))
        #expect(scope.contains("/home/dana/src/shop"))
        #expect(scope.contains("/home/dana/src/shop/api/v2"))
        #expect(!scope.contains("/home/dana/src/shop/web"))
        #expect(!scope.contains("/home/dana/src/shop/api2"))
        #expect(!scope.contains("/home/dana/src/thesis"))
        #expect(scope.ancestors == ["/home/dana/src/shop/api", "/home/dana/src/shop", "/home/dana/src", "/home/dana", "/home", "/"])
    }

    @Test("inside a repository, a directory sees the whole repository's memories")
    func withRepository() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("scope-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: base) }
        for directory in ["shop/.git", "shop/api/src", "shop/web", "thesis"] {
            try FileManager.default.createDirectory(atPath: base + "/" + directory, withIntermediateDirectories: true)
        }
        let scope = ProjectScope(directory: base + "/shop/api/src")
        #expect(scope.root == base + "/shop")
        #expect(scope.contains(base + "/shop/web"))
        #expect(scope.contains(base + "/shop"))
        #expect(!scope.contains(base + "/thesis"))
        #expect(!scope.contains(base + "/shopping"))
        // Without a repository above it, a directory is its own root.
        #expect(ProjectScope(directory: base + "/thesis").root == base + "/thesis")
    }

    @Test("a session at the file system's root sees everything")
    func atRoot() {
        let scope = ProjectScope(directory: "/", root: "/")
        #expect(scope.contains("/home/dana/src/shop") && scope.contains(nil))
    }

    @Test("project directories as given: ~, relative, dots, trailing slashes; refused: empty, NUL")
    func normalized() throws {
        #expect(ProjectScope.normalized("~/src/shop/", workingDirectory: "/x", home: "/home/dana") == "/home/dana/src/shop")
        #expect(ProjectScope.normalized("api/../web/.", workingDirectory: "/nonexistent/shop", home: nil) == "/nonexistent/shop/web")
        #expect(ProjectScope.normalized("//a//b/", workingDirectory: "/", home: nil) == "/a/b")
        #expect(ProjectScope.normalized("", workingDirectory: "/", home: nil) == nil)
        #expect(ProjectScope.normalized("a\0b", workingDirectory: "/", home: nil) == nil)
        #expect(ProjectScope.normalized("~/x", workingDirectory: "/", home: nil) == nil)
        // An existing directory is named by its real path.
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("link-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: base) }
        try FileManager.default.createDirectory(atPath: base + "/real", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: base + "/link", withDestinationPath: base + "/real")
        let real = try #require(ProjectScope.normalized(base + "/real", workingDirectory: "/", home: nil))
        #expect(ProjectScope.normalized(base + "/link", workingDirectory: "/", home: nil) == real)
        #expect(ProjectScope.isStorable("/home/dana") && !ProjectScope.isStorable("/home/dana/") && !ProjectScope.isStorable("home"))
    }
}
