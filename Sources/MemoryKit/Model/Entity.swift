/// A named thing found in memories: a person, place, organization, date, …
public struct Entity: Codable, Sendable, Equatable, Identifiable {
    public let id: EntityID
    public let name: String
    /// `person`, `organization`, `place`, `date`, `time`, `email`, `url`, `money`, `handle`, …
    public let kind: String
    /// The normalised form that identifies it within its kind (case-folded, possessive removed).
    public let canonicalKey: String
    public let mentionCount: Int
}

/// Which memory a mention or a piece of evidence is in.
public enum MemoryReference: Hashable, Sendable, Codable, CustomStringConvertible {
    case shortTerm(ShortTermMemoryID)
    case longTerm(LongTermMemoryID)

    public var description: String {
        switch self {
        case .shortTerm(let id): "stm:\(id)"
        case .longTerm(let id): "ltm:\(id)"
        }
    }

    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let reference = RecordReference(text), let memory = reference.memory else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: text))
        }
        self = memory
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}

/// Where an entity is named: a memory and the span, in Unicode code points, end exclusive.
public struct EntityMention: Codable, Sendable, Equatable {
    public let entityID: EntityID
    public let entityName: String
    public let memory: MemoryReference
    public let start: Int
    public let end: Int
    public let text: String
    /// The mention with some of the memory around it, on one line.
    public let snippet: String
}

/// An entity with its aliases, newest mentions and relations, as `memctl show entity:ID` presents it.
public struct EntityDetail: Codable, Sendable, Equatable {
    public let entity: Entity
    public let aliases: [String]
    public let mentions: [EntityMention]
    public let relations: [Relation]
}
