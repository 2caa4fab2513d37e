import MemoryModel

/// Turns a found entity into a stored one: one entity per real thing across spellings and
/// memories (docs/EXTRACTION.md, "Resolution"). The rules; the store answers the look-ups inside
/// the batch's transaction.
package struct EntityResolver: Sendable {
    package init() {}

    package func resolve(_ found: ExtractedEntity, in directory: some EntityDirectory) throws -> EntityID {
        var kind = found.kind.rawValue
        // A guessed kind gives way to a stored entity of another named kind with this name:
        // "Eimsbüttel" seen after "in" is a place, so a bare "Eimsbüttel" elsewhere is too.
        var existing = try directory.entity(kind: kind, key: found.key)
        if found.guessed, existing == nil,
            let other = try directory.kind(ofKey: found.key, among: ["organization", "place"])
        {
            kind = other
            existing = try directory.entity(kind: kind, key: found.key)
        }
        let entity: EntityName
        if let existing {
            entity = existing
        } else if let aliased = try directory.entity(aliasKey: found.key, kind: kind) {
            entity = aliased
        } else if kind == EntityKind.person.rawValue, let person = try resolvePerson(found, directory) {
            entity = person
        } else {
            entity = try directory.create(name: found.text, kind: kind, key: found.key)
        }
        try directory.addAlias(found.text, key: found.key, to: entity.id)
        try directory.touch(entity.id, name: Self.preferredName(entity.name, over: found.text))
        return entity.id
    }

    /// The name shows the best spelling seen: a capitalised one beats the same name in all lower
    /// case or all capitals ("leah", "LEAH" → "Leah"). Case is compared in ASCII, as SQLite's
    /// `lower()` and `upper()` did when this rule was written in SQL.
    package static func preferredName(_ current: String, over seen: String) -> String {
        let currentLower = asciiLowercased(current)
        let seenLower = asciiLowercased(seen)
        let currentIsOneCase = current == currentLower || current == asciiUppercased(current)
        let seenIsMixed = seen != seenLower && seen != asciiUppercased(seen)
        return currentIsOneCase && seenIsMixed && currentLower == seenLower ? seen : current
    }

    private static func asciiLowercased(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.map { ("A"..."Z").contains($0) ? Unicode.Scalar($0.value + 32)! : $0 }))
    }

    private static func asciiUppercased(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.map { ("a"..."z").contains($0) ? Unicode.Scalar($0.value - 32)! : $0 }))
    }

    /// "Leah" is "Leah Weber" when she is the only person called Leah with a surname; "Leah
    /// Weber" turns the entity "Leah" into "Leah Weber" when that is the only Leah.
    private func resolvePerson(_ found: ExtractedEntity, _ directory: some EntityDirectory) throws -> EntityName? {
        let words = found.key.split(separator: " ")
        if words.count == 1 {
            let matches = try directory.people(withFirstName: found.key, limit: 2)
            return matches.count == 1 ? matches[0] : nil
        }
        let first = String(words[0])
        guard let bare = try directory.entity(kind: EntityKind.person.rawValue, key: first),
            try directory.people(withFirstName: first, limit: 2).isEmpty
        else { return nil }
        try directory.rename(bare.id, name: found.text, key: found.key)
        return EntityName(id: bare.id, name: found.text, kind: bare.kind)
    }
}
