import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// Which memories a session in a directory sees: those of its project, and those of no project.
/// docs/PROJECTS.md has the rule and why.
///
/// A memory's project is the directory its session ran in, as stored. A session in `directory`
/// sees a memory of project `P` when `P` is `directory` or one of its parents (a session in
/// `~/src/shop/api` sees what was said in `~/src/shop`), or lies inside the project's root: the
/// nearest of `directory` and its parents that holds a repository (`.git`, `.hg`, `.jj`, `.svn`),
/// else `directory` itself (a session in `~/src/shop` sees what was said in `~/src/shop/api`).
package struct ProjectScope: Sendable, Equatable {
    /// The session's directory, absolute and normalised.
    package let directory: String
    /// The root of its project (`directory` without a repository above it).
    package let root: String
    /// `directory` and every parent of it up to `/`, nearest first.
    package let ancestors: [String]

    /// The scope of `directory` (absolute, normalised), its root found on the file system.
    package init(directory: String) {
        self.init(directory: directory, root: Self.repositoryRoot(of: directory) ?? directory)
    }

    /// The scope of `directory` with its project's root given (a parent of it, or itself).
    package init(directory: String, root: String) {
        self.directory = directory
        self.ancestors = Self.ancestors(of: directory)
        self.root = ancestors.contains(root) ? root : directory
    }

    /// Whether a memory of `project` (nil: of none) is in this scope.
    package func contains(_ project: String?) -> Bool {
        guard let project else { return true }
        return root == "/" || ancestors.contains(project) || project.hasPrefix(root + "/")
    }

    /// What marks a project's root: the repositories of git, Mercurial, Jujutsu and Subversion.
    package static let rootMarkers = [".git", ".hg", ".jj", ".svn"]

    /// The nearest of `directory` and its parents that holds one of `rootMarkers`, if any.
    static func repositoryRoot(of directory: String) -> String? {
        for candidate in ancestors(of: directory) {
            for marker in rootMarkers {
                var status = stat()
                let path = candidate == "/" ? "/" + marker : candidate + "/" + marker
                if stat(path, &status) == 0 { return candidate }
            }
        }
        return nil
    }

    /// `path` and each of its parents, nearest first, ending with `/`.
    static func ancestors(of path: String) -> [String] {
        var found = [path]
        var current = Substring(path)
        while current != "/", let slash = current.lastIndex(of: "/") {
            current = slash == current.startIndex ? "/" : current[..<slash]
            found.append(String(current))
        }
        return found
    }

    // MARK: - Project directories as stored

    /// Whether `path` is a project as stored: absolute, normalised (no `.`, `..`, empty component
    /// or trailing slash), without a NUL.
    package static func isStorable(_ path: String) -> Bool {
        path.hasPrefix("/") && !path.contains("\0") && lexicallyNormalized(path) == path
    }

    /// `path` as a project: `~` expanded, made absolute against `workingDirectory`, `.` and `..`
    /// resolved, and, when it exists, its symbolic links followed (the directory an agent reports
    /// is the one the kernel gives it). Nil when it names nothing usable (empty, a NUL).
    package static func normalized(_ path: String, workingDirectory: String, home: String?) -> String? {
        guard !path.isEmpty, !path.contains("\0") else { return nil }
        var absolute = path
        if path == "~" || path.hasPrefix("~/") {
            guard let home, home.hasPrefix("/") else { return nil }
            absolute = home + path.dropFirst()
        } else if !path.hasPrefix("/") {
            absolute = workingDirectory + "/" + path
        }
        let lexical = lexicallyNormalized(absolute)
        guard let resolved = realpath(lexical, nil) else { return lexical }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// `path` (absolute) without empty and `.` components, each `..` taking off the one before.
    package static func lexicallyNormalized(_ path: String) -> String {
        var components: [Substring] = []
        for component in path.split(separator: "/", omittingEmptySubsequences: true) {
            switch component {
            case ".": continue
            case "..": _ = components.popLast()
            default: components.append(component)
            }
        }
        return "/" + components.joined(separator: "/")
    }
}
