/// A typed row id: `Identifier<ShortTermMemory>` and `Identifier<Entity>` cannot be mixed up.
package struct Identifier<Subject>: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    package let rawValue: Int64

    package init(_ rawValue: Int64) { self.rawValue = rawValue }

    package init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(Int64.self)
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    package static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }

    package var description: String { String(rawValue) }
}

package typealias ShortTermMemoryID = Identifier<ShortTermMemory>
package typealias LongTermMemoryID = Identifier<LongTermMemory>
package typealias EntityID = Identifier<Entity>
package typealias RelationID = Identifier<Relation>
package typealias PassID = Identifier<PassRecord>
