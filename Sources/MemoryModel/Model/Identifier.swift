/// A typed row id: `Identifier<ShortTermMemory>` and `Identifier<Entity>` cannot be mixed up.
public struct Identifier<Subject>: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    public let rawValue: Int64

    public init(_ rawValue: Int64) { self.rawValue = rawValue }

    public init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(Int64.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }

    public var description: String { String(rawValue) }
}

public typealias ShortTermMemoryID = Identifier<ShortTermMemory>
public typealias LongTermMemoryID = Identifier<LongTermMemory>
public typealias EntityID = Identifier<Entity>
public typealias RelationID = Identifier<Relation>
public typealias PassID = Identifier<PassRecord>
