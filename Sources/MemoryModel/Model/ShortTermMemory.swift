/// Where a short-term memory is in its life.
package enum MemoryStatus: String, Codable, Sendable, CaseIterable {
    /// Waiting to be consolidated.
    case pending
    /// Went into a long-term memory (`ShortTermMemory.ltmID`).
    case consolidated
    /// Soft-forgotten: kept and listable until its retention ends.
    case forgotten
}

/// A stored short-term memory: a conversation turn, note or observation.
package struct ShortTermMemory: Codable, Sendable, Equatable, Identifiable {
    package let id: ShortTermMemoryID
    package let content: String
    package let session: String
    /// Who said it (`user`, `assistant`, a tool name, …).
    package let source: String
    /// As given by the writer; nil when it was left to the consolidator's heuristic.
    @ExplicitNull package var importance: Double?
    package let createdAt: Timestamp
    package let status: MemoryStatus
    /// The long-term memory this one went into, once consolidated.
    @ExplicitNull package var ltmID: LongTermMemoryID?
    /// The directory of the project it belongs to; nil: it belongs to every project
    /// (docs/PROJECTS.md).
    @ExplicitNull package var project: String?

    package init(
        id: ShortTermMemoryID, content: String, session: String, source: String, importance: Double? = nil,
        createdAt: Timestamp, status: MemoryStatus, ltmID: LongTermMemoryID? = nil, project: String? = nil
    ) {
        self.project = project
        self.id = id
        self.content = content
        self.session = session
        self.source = source
        self.importance = importance
        self.createdAt = createdAt
        self.status = status
        self.ltmID = ltmID
    }
}

/// A short-term memory with its links, as `memctl show stm:ID` presents it.
package struct ShortTermMemoryDetail: Codable, Sendable, Equatable {
    package let memory: ShortTermMemory
    @ExplicitNull package var longTermMemory: LongTermMemory?
    package let mentions: [EntityMention]
    /// Its relative times, as the extraction pass resolved them (empty until it has).
    package let times: [ResolvedTime]
    /// The title of its conversation, when it was imported from a chat export that gave one.
    @ExplicitNull package var sessionTitle: String?
    /// The directory its session ran in, when it came from a coding agent's transcript.
    @ExplicitNull package var sessionProject: String?

    package init(
        memory: ShortTermMemory, longTermMemory: LongTermMemory? = nil, mentions: [EntityMention],
        times: [ResolvedTime] = [], sessionTitle: String? = nil, sessionProject: String? = nil
    ) {
        self.sessionProject = sessionProject
        self.memory = memory
        self.longTermMemory = longTermMemory
        self.mentions = mentions
        self.times = times
        self.sessionTitle = sessionTitle
    }
}
