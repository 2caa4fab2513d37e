import MCPProtocol
import MemoryModel
import MemoryPasses
import MemoryStorage

// MARK: - forget

extension MCPToolbox {
    /// Forgets `ref` as `memctl forget` does: soft, or with `purge` gone for good with everything
    /// derived from it. An unknown or purged reference is a tool error and changes nothing.
    func forgetTool(ref: String, purge: Bool) async throws -> ToolResult {
        if let onPeer = DeviceReference(ref) { throw ToolFailure(onPeer.forgetRefusal) }
        guard let reference = RecordReference(ref)?.memory else {
            throw ToolFailure("'\(ref)' is not a memory reference: use stm:ID or ltm:ID, as recall and search return them")
        }
        guard let opened = try await store.openIfPresent() else {
            throw ToolFailure("there is no \(ref): nothing has been remembered yet")
        }
        let report = try await Forgetter(store: opened).forget(reference, purge: purge)
        return ToolResult(
            text: report.lines.joined(separator: "\n"), structured: try JSONValue(encoding: report))
    }

    /// What `forget` returns: `ForgetReport` as memctl's --json writes it.
    static var forgetOutputSchema: JSONValue {
        let ids = JSONSchema.array(JSONSchema.integer)
        return JSONSchema.object([
            "reference": JSONSchema.string, "purged": JSONSchema.boolean, "short_term": ids,
            "already_forgotten": ids, "long_term_rebuilt": ids, "long_term_forgotten": ids,
            "long_term_removed": ids, "mentions_removed": JSONSchema.integer, "evidence_removed": JSONSchema.integer,
            "relations_removed": JSONSchema.integer, "entities_removed": JSONSchema.integer,
        ])
    }
}
