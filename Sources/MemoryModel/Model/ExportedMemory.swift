/// A short-term memory as `memctl export` reads it: what `memctl import` needs to make it again,
/// and nothing a pass derived from it (its long-term memory is made again by the next
/// consolidation where it is imported).
package struct ExportedMemory: Sendable, Equatable {
    package let memory: ShortTermMemory
    /// The origin and its id of a memory that came from a chat export, a coding agent's
    /// transcript or another database's export; nil for one added here.
    package let exportOrigin: String?
    package let exportID: String?
    /// When it was forgotten; nil while it is pending or consolidated.
    package let forgottenAt: Timestamp?

    package init(memory: ShortTermMemory, exportOrigin: String?, exportID: String?, forgottenAt: Timestamp?) {
        self.memory = memory
        self.exportOrigin = exportOrigin
        self.exportID = exportID
        self.forgottenAt = forgottenAt
    }
}
