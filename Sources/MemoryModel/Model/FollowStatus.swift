/// What memoryd's follower of coding agents' transcripts is doing: where it looks, how, and what
/// it has stored (`memctl status`, docs/PROTOCOL.md).
public struct FollowStatus: Codable, Sendable, Equatable {
    /// A followed tool's directory.
    public struct Source: Codable, Sendable, Equatable {
        public let tool: String
        public let root: String
        /// `inotify`, `polling` (inotify unavailable, or out of watches) or `missing` (no such
        /// directory yet: looked for again every few seconds).
        public let watching: String

        public init(tool: String, root: String, watching: String) {
            self.tool = tool
            self.root = root
            self.watching = watching
        }
    }

    /// A file that could not be read, and why: reported once, until the file changes.
    public struct FileError: Codable, Sendable, Equatable {
        public let path: String
        public let error: String

        public init(path: String, error: String) {
            self.path = path
            self.error = error
        }
    }

    public var sources: [Source]
    /// Transcript files known.
    public var files: Int
    /// Messages stored from them, in all.
    public var messages: Int64
    /// The newest stored, and the file it came from.
    public var lastStoredAt: Timestamp?
    public var lastFile: String?
    public var errors: [FileError]

    public init(
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
