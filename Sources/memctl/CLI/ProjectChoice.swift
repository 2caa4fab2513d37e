import FoundationEssentials
import MemoryModel

/// `--project DIR` and `--all-projects`, as the commands that read by project take them
/// (docs/PROJECTS.md).
enum ProjectChoice: Equatable {
    /// Neither was given: the command's default.
    case unspecified
    case allProjects
    /// A directory as given on the command line (relative, `~`, or absolute).
    case directory(String)

    init(parsing arguments: inout ArgumentList) throws(UsageError) {
        let all = arguments.flag("--all-projects")
        let directory = try arguments.option("--project")
        switch (all, directory) {
        case (true, .some): throw UsageError("--project and --all-projects exclude each other")
        case (true, nil): self = .allProjects
        case (false, .some(let directory)):
            guard !directory.isEmpty else { throw UsageError("--project needs a directory") }
            self = .directory(directory)
        case (false, nil): self = .unspecified
        }
    }

    /// The scope to read in: the directory given, else `defaultDirectory` (relative to the working
    /// directory), else every project (nil).
    func scope(_ context: Context, defaultDirectory: String?) throws(UsageError) -> ProjectScope? {
        switch self {
        case .allProjects: return nil
        case .directory(let directory): return ProjectScope(directory: try context.projectDirectory(directory))
        case .unspecified: return try defaultDirectory.map { path throws(UsageError) in
            ProjectScope(directory: try context.projectDirectory(path))
        }
        }
    }
}

extension Context {
    /// `path` as a project directory: `~` for the home directory, relative to the working
    /// directory, symbolic links followed where it exists.
    func projectDirectory(_ path: String) throws(UsageError) -> String {
        let workingDirectory = FileManager.default.currentDirectoryPath
        guard
            let directory = ProjectScope.normalized(
                path, workingDirectory: workingDirectory, home: environment["HOME"])
        else { throw UsageError("--project must name a directory, got '\(path)'") }
        return directory
    }
}
