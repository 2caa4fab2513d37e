/// A named thing found in memories: a person, place, organization, date, …
package struct Entity: Codable, Sendable, Equatable, Identifiable {
    package let id: EntityID
    package let name: String
    /// `person`, `organization`, `place`, `date`, `time`, `email`, `url`, `money`, `handle`, …
    package let kind: String
    /// The normalised form that identifies it within its kind (case-folded, possessive removed).
    package let canonicalKey: String
    package let mentionCount: Int

    package init(id: EntityID, name: String, kind: String, canonicalKey: String, mentionCount: Int) {
        self.id = id
        self.name = name
        self.kind = kind
        self.canonicalKey = canonicalKey
        self.mentionCount = mentionCount
    }
}

/// An entity by id, name and kind: a node of `memctl graph`, or an entity a recall query names.
package struct EntityName: Codable, Sendable, Equatable {
    package let id: EntityID
    package let name: String
    package let kind: String

    package init(id: EntityID, name: String, kind: String) {
        self.id = id
        self.name = name
        self.kind = kind
    }
}

/// Which memory a mention or a piece of evidence is in.
package enum MemoryReference: Hashable, Sendable, Codable, CustomStringConvertible {
    case shortTerm(ShortTermMemoryID)
    case longTerm(LongTermMemoryID)

    package var description: String {
        switch self {
        case .shortTerm(let id): "stm:\(id)"
        case .longTerm(let id): "ltm:\(id)"
        }
    }

    package init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let reference = RecordReference(text), let memory = reference.memory else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: text))
        }
        self = memory
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}

/// Where an entity is named: a memory and the span, in Unicode code points, end exclusive.
package struct EntityMention: Codable, Sendable, Equatable {
    package let entityID: EntityID
    package let entityName: String
    package let memory: MemoryReference
    package let start: Int
    package let end: Int
    package let text: String
    /// The mention with some of the memory around it, on one line.
    package let snippet: String

    /// `excerpt`: the memory's text around the mention, `cutBefore`/`cutAfter` when it goes on;
    /// the snippet marks the cuts with "…" and keeps it on one line.
    package init(
        entityID: EntityID, entityName: String, memory: MemoryReference, start: Int, end: Int, text: String,
        excerpt: String, cutBefore: Bool, cutAfter: Bool
    ) {
        self.entityID = entityID
        self.entityName = entityName
        self.memory = memory
        self.start = start
        self.end = end
        self.text = text
        self.snippet = (cutBefore ? "…" : "") + excerpt.replacingLineBreaks() + (cutAfter ? "…" : "")
    }
}

/// An entity with its aliases, newest mentions and relations, as `memctl show entity:ID` presents it.
package struct EntityDetail: Codable, Sendable, Equatable {
    package let entity: Entity
    package let aliases: [String]
    package let mentions: [EntityMention]
    package let relations: [Relation]

    package init(entity: Entity, aliases: [String], mentions: [EntityMention], relations: [Relation]) {
        self.entity = entity
        self.aliases = aliases
        self.mentions = mentions
        self.relations = relations
    }
}
