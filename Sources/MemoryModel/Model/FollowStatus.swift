/// What memoryd's follower of coding agents' transcripts is doing: where it looks, how, and what
/// it has stored (`memctl status`, docs/PROTOCOL.md).
package struct FollowStatus: Codable, Sendable, Equatable {
    /// A followed tool's directory.
    package struct Source: Codable, Sendable, Equatable {
        package let tool: String
        package let root: String
        /// `inotify`, `polling` (inotify unavailable, or out of watches) or `missing` (no such
        /// directory yet: looked for again every few seconds).
        package let watching: String

        package init(tool: String, root: String, watching: String) {
            self.tool = tool
            self.root = root
            self.watching = watching
        }
    }

    /// A file that could not be read, and why: reported once, until the file changes.
    package struct FileError: Codable, Sendable, Equatable {
        package let path: String
        package let error: String

        package init(path: String, error: String) {
            self.path = path
            self.error = error
        }
    }

    package var sources: [Source]
    /// Transcript files known.
    package var files: Int
    /// Messages stored from them, in all.
    package var messages: Int64
    /// The newest stored, and the file it came from.
    package var lastStoredAt: Timestamp?
    package var lastFile: String?
    package var errors: [FileError]

    package init(
        sources: [Source], files: Int, messages: Int64, lastStoredAt: Timestamp?, lastFile: String?, errors: [FileError]
    ) {
        self.sources = sources
        self.files = files
        self.messages = messages
        self.lastStoredAt = lastStoredAt
        self.lastFile = lastFile
        self.errors = errors
    }
}
