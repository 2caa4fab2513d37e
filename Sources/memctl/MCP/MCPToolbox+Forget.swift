import MemoryModel

// MARK: - forget

extension MCPToolbox {
    /// The forget tool's one entry point. The storage side (`Forgetter` in MemoryPasses, with a
    /// `ForgetReport`) is being built on main; when it lands, this body becomes: parse `ref`
    /// with `RecordReference(ref)?.memory` (a tool error naming stm:ID/ltm:ID otherwise), call
    /// `Forgetter(store: store.open(forWriting: true)).forget(reference, purge: purge)`, and
    /// return the report as text and structuredContent (and give the tool's outputSchema its
    /// fields in MCPTools.swift).
    func forgetTool(ref: String, purge: Bool) async throws -> ToolResult {
        throw ToolFailure("forget is not available in this build yet; nothing was changed")
    }
}
