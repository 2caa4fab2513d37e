/// A coding agent's transcript that memoryd follows, and how far it has read it: the row of
/// `followed_files` (docs/SCHEMA.md).
package struct FollowedFile: Sendable, Equatable, Codable {
    package let path: String
    /// `claude-code`, `codex` or `gemini`.
    package let tool: String
    /// The file's device and inode when it was read: another inode under the same path is
    /// another file, read again from its start.
    package var device: Int64
    package var inode: Int64
    /// The bytes read as whole lines (a JSON Lines transcript), or read whole (a JSON one).
    package var readTo: Int64
    /// Messages stored from it, and when the last was.
    package var messages: Int64
    package var lastStoredAt: Timestamp?
    /// Why it could not be read, the last time it was tried; nil when it was.
    package var error: String?

    package init(
        path: String, tool: String, device: Int64, inode: Int64, readTo: Int64, messages: Int64 = 0,
        lastStoredAt: Timestamp? = nil, error: String? = nil
    ) {
        self.path = path
        self.tool = tool
        self.device = device
        self.inode = inode
        self.readTo = readTo
        self.messages = messages
        self.lastStoredAt = lastStoredAt
        self.error = error
    }
}
