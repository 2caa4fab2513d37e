import SystemSupport

#if canImport(Glibc)
    import Glibc
#endif

/// Finding a tool's transcripts: a file, or every file of a directory tree whose name is one of
/// the tool's (`TranscriptTool.layout(ofFile:)`).
package enum TranscriptFiles {
    /// One transcript file.
    package struct File: Sendable, Equatable {
        package let path: String
        package let layout: TranscriptLayout

        package init(path: String, layout: TranscriptLayout) {
            self.path = path
            self.layout = layout
        }
    }

    /// The tool's transcripts at `path`: the file itself (whatever its name, when it was named on
    /// its own), or those below the directory, in path order. Symbolic links are not followed into
    /// directories; a directory that cannot be read is skipped.
    package static func find(at path: String, tool: TranscriptTool) throws -> [File] {
        var info = stat()
        guard stat(path, &info) == 0 else { throw SystemError(call: "stat", path: path) }
        if (info.st_mode & S_IFMT) != S_IFDIR {
            let name = path.split(separator: "/").last.map(String.init) ?? path
            return [File(path: path, layout: tool.layout(ofFile: name) ?? (name.hasSuffix(".json") ? .document : .lines))]
        }
        var found: [File] = []
        walk(directory: path) { file, name in
            if let layout = tool.layout(ofFile: name) { found.append(File(path: file, layout: layout)) }
        }
        return found.sorted { $0.path < $1.path }
    }

    /// Calls `body` with the path and name of every regular file below `directory`, and
    /// `directories` (when given) with every directory, the top one included.
    package static func walk(
        directory: String, directories: ((String) -> Void)? = nil, _ body: (String, String) -> Void
    ) {
        directories?(directory)
        guard let stream = opendir(directory) else { return }
        defer { closedir(stream) }
        var subdirectories: [String] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name == "." || name == ".." { continue }
            let path = directory.hasSuffix("/") ? directory + name : directory + "/" + name
            switch Int32(entry.pointee.d_type) {
            case Int32(DT_DIR): subdirectories.append(path)
            case Int32(DT_REG): body(path, name)
            case Int32(DT_UNKNOWN):
                var info = stat()
                guard lstat(path, &info) == 0 else { continue }
                if (info.st_mode & S_IFMT) == S_IFDIR { subdirectories.append(path) }
                if (info.st_mode & S_IFMT) == S_IFREG { body(path, name) }
            default: continue
            }
        }
        for subdirectory in subdirectories { walk(directory: subdirectory, directories: directories, body) }
    }
}
