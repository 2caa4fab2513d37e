/// A consolidated long-term memory: an extractive summary of one or more short-term memories.
public struct LongTermMemory: Codable, Sendable, Equatable, Identifiable {
    public let id: LongTermMemoryID
    public let summary: String
    /// Grows with reinforcement, decays with time since `lastReinforcedAt`; ranks, never deletes.
    public let strength: Double
    public let importance: Double
    public let createdAt: Timestamp
    public let updatedAt: Timestamp
    public let lastReinforcedAt: Timestamp
    /// How many short-term memories went into it.
    public let sourceCount: Int
    /// When it was forgotten on request (`memctl forget`); nil while it is remembered.
    @ExplicitNull public var forgottenAt: Timestamp?
    /// The directory of the project its sources belong to (consolidation never joins memories of
    /// different projects); nil: it belongs to every project.
    @ExplicitNull public var project: String?

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
public enum ProvenanceRole: String, Codable, Sendable {
    /// It started the long-term memory.
    case created
    /// It was merged in during the same pass as a near-duplicate or same-topic memory.
    case merged
    /// It restated an existing long-term memory and strengthened it.
    case reinforced
}

/// One source of a long-term memory.
public struct Provenance: Codable, Sendable, Equatable {
    public let stmID: ShortTermMemoryID
    public let role: ProvenanceRole
    public let joinedAt: Timestamp

    package init(stmID: ShortTermMemoryID, role: ProvenanceRole, joinedAt: Timestamp) {
        self.stmID = stmID
        self.role = role
        self.joinedAt = joinedAt
    }
}

/// A long-term memory with the short-term memories it came from.
public struct LongTermMemoryDetail: Codable, Sendable, Equatable {
    public let memory: LongTermMemory
    public let sources: [Provenance]
    public let mentions: [EntityMention]

    package init(memory: LongTermMemory, sources: [Provenance], mentions: [EntityMention]) {
        self.memory = memory
        self.sources = sources
        self.mentions = mentions
    }
}

/// A long-term memory with every source memory in full and how each joined: `memctl why`.
public struct LongTermExplanation: Codable, Sendable, Equatable {
    public struct Source: Codable, Sendable, Equatable {
        public let role: ProvenanceRole
        public let joinedAt: Timestamp
        public let memory: ShortTermMemory

        package init(role: ProvenanceRole, joinedAt: Timestamp, memory: ShortTermMemory) {
            self.role = role
            self.joinedAt = joinedAt
            self.memory = memory
        }
    }

    public let memory: LongTermMemory
    public let sources: [Source]

    package init(memory: LongTermMemory, sources: [Source]) {
        self.memory = memory
        self.sources = sources
    }
}
