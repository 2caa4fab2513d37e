/// What forgetting a memory on request changed (`memctl forget`, the MCP `forget` tool).
package struct ForgetReport: Codable, Sendable, Equatable {
    /// The reference that was asked for: `stm:12` or `ltm:3`.
    package let reference: String
    /// The text was removed for good (`--purge`), not only hidden.
    package let purged: Bool
    /// Short-term memories forgotten now (soft) or purged.
    package var shortTerm: [ShortTermMemoryID] = []
    /// Short-term memories that were forgotten already (soft forget asked twice).
    package var alreadyForgotten: [ShortTermMemoryID] = []
    /// Long-term memories whose summary was made again from the sources left.
    package var longTermRebuilt: [LongTermMemoryID] = []
    /// Long-term memories forgotten because no remembered source was left (or asked for).
    package var longTermForgotten: [LongTermMemoryID] = []
    /// Long-term memories deleted because no source was left at all (purge).
    package var longTermRemoved: [LongTermMemoryID] = []
    package var mentionsRemoved = 0
    package var evidenceRemoved = 0
    /// Relations left with no evidence, deleted.
    package var relationsRemoved = 0
    /// Entities left with no mention and no relation, deleted.
    package var entitiesRemoved = 0

    package init(reference: String, purged: Bool) {
        self.reference = reference
        self.purged = purged
    }

    /// Nothing was changed: a soft forget of what was forgotten already.
    package var changedNothing: Bool {
        shortTerm.isEmpty && longTermRebuilt.isEmpty && longTermForgotten.isEmpty && longTermRemoved.isEmpty
    }
}

/// A long-term summary made again from the sources a memory has left, with its MinHash band keys.
package struct RebuiltSummary: Sendable, Equatable {
    package let summary: String
    package let bandKeys: [Int64]

    package init(summary: String, bandKeys: [Int64]) {
        self.summary = summary
        self.bandKeys = bandKeys
    }
}

/// The engines' rules the store applies when it forgets or purges inside its transaction: how a
/// summary is made again from the sources left, and how an edge's weight decays.
package struct ForgettingRules: Sendable {
    /// The summary of the given sources (oldest first), or nil when they give no sentence.
    package let rebuildSummary: @Sendable ([ShortTermMemory]) -> RebuiltSummary?
    /// The weight of an edge whose evidence was observed at the given times (oldest first), as of
    /// the latest of them: the graph's own rule (`EdgeWeight` in the engines).
    package let edgeWeight: @Sendable ([Timestamp]) -> Double

    package init(
        rebuildSummary: @escaping @Sendable ([ShortTermMemory]) -> RebuiltSummary?,
        edgeWeight: @escaping @Sendable ([Timestamp]) -> Double
    ) {
        self.rebuildSummary = rebuildSummary
        self.edgeWeight = edgeWeight
    }
}
