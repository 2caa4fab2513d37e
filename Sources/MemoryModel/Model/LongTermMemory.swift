/// A consolidated long-term memory: an extractive summary of one or more short-term memories.
package struct LongTermMemory: Codable, Sendable, Equatable, Identifiable {
    package let id: LongTermMemoryID
    package let summary: String
    /// Grows with reinforcement, decays with time since `lastReinforcedAt`; ranks, never deletes.
    package let strength: Double
    package let importance: Double
    package let createdAt: Timestamp
    package let updatedAt: Timestamp
    package let lastReinforcedAt: Timestamp
    /// How many short-term memories went into it.
    package let sourceCount: Int
    /// When it was forgotten on request (`memctl forget`); nil while it is remembered.
    @ExplicitNull package var forgottenAt: Timestamp?
    /// The directory of the project its sources belong to (consolidation never joins memories of
    /// different projects); nil: it belongs to every project.
    @ExplicitNull package var project: String?

    package init(
        id: LongTermMemoryID, summary: String, strength: Double, importance: Double, createdAt: Timestamp,
        updatedAt: Timestamp, lastReinforcedAt: Timestamp, sourceCount: Int, forgottenAt: Timestamp? = nil,
        project: String? = nil
    ) {
        self.project = project
        self.id = id
        self.summary = summary
        self.strength = strength
        self.importance = importance
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.lastReinforcedAt = lastReinforcedAt
        self.sourceCount = sourceCount
        self.forgottenAt = forgottenAt
    }
}

/// How a short-term memory joined a long-term one.
package enum ProvenanceRole: String, Codable, Sendable {
    /// It started the long-term memory.
    case created
    /// It was merged in during the same pass as a near-duplicate or same-topic memory.
    case merged
    /// It restated an existing long-term memory and strengthened it.
    case reinforced
}

/// One source of a long-term memory.
package struct Provenance: Codable, Sendable, Equatable {
    package let stmID: ShortTermMemoryID
    package let role: ProvenanceRole
    package let joinedAt: Timestamp

    package init(stmID: ShortTermMemoryID, role: ProvenanceRole, joinedAt: Timestamp) {
        self.stmID = stmID
        self.role = role
        self.joinedAt = joinedAt
    }
}

/// A long-term memory with the short-term memories it came from.
package struct LongTermMemoryDetail: Codable, Sendable, Equatable {
    package let memory: LongTermMemory
    package let sources: [Provenance]
    package let mentions: [EntityMention]

    package init(memory: LongTermMemory, sources: [Provenance], mentions: [EntityMention]) {
        self.memory = memory
        self.sources = sources
        self.mentions = mentions
    }
}

/// A long-term memory with every source memory in full and how each joined: `memctl why`.
package struct LongTermExplanation: Codable, Sendable, Equatable {
    package struct Source: Codable, Sendable, Equatable {
        package let role: ProvenanceRole
        package let joinedAt: Timestamp
        package let memory: ShortTermMemory

        package init(role: ProvenanceRole, joinedAt: Timestamp, memory: ShortTermMemory) {
            self.role = role
            self.joinedAt = joinedAt
            self.memory = memory
        }
    }

    package let memory: LongTermMemory
    package let sources: [Source]

    package init(memory: LongTermMemory, sources: [Source]) {
        self.memory = memory
        self.sources = sources
    }
}
