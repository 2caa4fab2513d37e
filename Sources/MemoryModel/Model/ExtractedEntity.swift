
/// What the extractor can find. docs/EXTRACTION.md says how each is recognised.
package enum EntityKind: String, Codable, Sendable, CaseIterable, Comparable {
    case person, organization, place, date, time, email, url, money, handle, hashtag
    /// The author of a memory (its `source`), whom "I" and "my" in the memory refer to. Never
    /// found in text; the graph pass adds it when a first-person statement names a relation.
    case speaker
    /// Something done for its own sake: "camping", "pottery class" ("we went camping", "I signed
    /// up for a pottery class"). Not a name: no co-occurrence, never named by a query.
    case activity

    package static func < (lhs: EntityKind, rhs: EntityKind) -> Bool { lhs.rawValue < rhs.rawValue }

    /// Named things: the kinds that take part in co-occurrence edges and in name resolution.
    package var isNamed: Bool { self == .person || self == .organization || self == .place || self == .speaker }
}

/// One entity found in a text: its span in Unicode code points (end exclusive), as written,
/// and the key that identifies it within its kind.
package struct ExtractedEntity: Sendable, Equatable, Codable {
    package let text: String
    package let kind: EntityKind
    package let start: Int
    package let end: Int
    /// Case-folded, possessive removed, white space collapsed; dates as ISO-8601 where the text
    /// says which day ("March 14, 1990" → "1990-03-14", "14 March" → "--03-14").
    package let key: String
    /// The kind is a default, not read from the text or the gazetteer ("Radiohead" is taken for
    /// a person): resolution prefers a stored entity of another kind with the same name.
    package var guessed = false

    package enum CodingKeys: String, CodingKey { case text, kind, start, end, key }

    package init(text: String, kind: EntityKind, start: Int, end: Int, key: String, guessed: Bool = false) {
        self.text = text
        self.kind = kind
        self.start = start
        self.end = end
        self.key = key
        self.guessed = guessed
    }
}
