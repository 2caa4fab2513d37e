import Testing

@testable import MemoryEngines
@testable import MemoryModel

/// Entities in memory, as a stand-in for the store's table: the resolver's rules need no SQLite.
private final class Directory: EntityDirectory {
    struct Row {
        var name: String
        var kind: String
        var key: String
        var aliases: Set<String> = []
        var touched = 0
    }
    var rows: [Row] = []

    func add(_ name: String, _ kind: String, _ key: String) { rows.append(Row(name: name, kind: kind, key: key)) }
    private func named(_ index: Int) -> EntityName {
        EntityName(id: EntityID(Int64(index + 1)), name: rows[index].name, kind: rows[index].kind)
    }
    func entity(kind: String, key: String) -> EntityName? {
        rows.indices.first { rows[$0].kind == kind && rows[$0].key == key }.map(named)
    }
    func kind(ofKey key: String, among kinds: [String]) -> String? {
        rows.filter { $0.key == key && kinds.contains($0.kind) }.map(\.kind).sorted().first
    }
    func entity(aliasKey key: String, kind: String) -> EntityName? {
        rows.indices.first { rows[$0].kind == kind && rows[$0].aliases.contains(key) }.map(named)
    }
    func people(withFirstName firstName: String, limit: Int) -> [EntityName] {
        Array(rows.indices.filter { rows[$0].kind == "person" && rows[$0].key.hasPrefix(firstName + " ") }.map(named).prefix(limit))
    }
    func create(name: String, kind: String, key: String) -> EntityName {
        add(name, kind, key)
        return named(rows.count - 1)
    }
    func rename(_ id: EntityID, name: String, key: String) {
        rows[Int(id.rawValue) - 1].name = name
        rows[Int(id.rawValue) - 1].key = key
    }
    func addAlias(_ alias: String, key: String, to id: EntityID) { rows[Int(id.rawValue) - 1].aliases.insert(key) }
    func touch(_ id: EntityID, name: String) {
        rows[Int(id.rawValue) - 1].name = name
        rows[Int(id.rawValue) - 1].touched += 1
    }
}

@Suite("Entity resolution rules")
struct EntityResolverTests {
    let resolver = EntityResolver()

    func found(_ text: String, _ kind: EntityKind, guessed: Bool = false) -> ExtractedEntity {
        ExtractedEntity(text: text, kind: kind, start: 0, end: text.count, key: text.lowercased(), guessed: guessed)
    }

    @Test("a bare first name joins the only person with that first name and a surname")
    func firstName() throws {
        let directory = Directory()
        let weber = try resolver.resolve(found("Leah Weber", .person), in: directory)
        #expect(try resolver.resolve(found("Leah", .person), in: directory) == weber)
        #expect(directory.rows.count == 1)
        // Two Toms with surnames: a bare "Tom" could be either, so it is someone of his own.
        let baker = try resolver.resolve(found("Tom Baker", .person), in: directory)
        let hanks = try resolver.resolve(found("Tom Hanks", .person), in: directory)
        let tom = try resolver.resolve(found("Tom", .person), in: directory)
        #expect(tom != baker && tom != hanks && directory.rows.count == 4)
    }

    @Test("a full name turns the only bare entity of that first name into the full one")
    func fullName() throws {
        let directory = Directory()
        let leah = try resolver.resolve(found("Leah", .person), in: directory)
        #expect(try resolver.resolve(found("Leah Weber", .person), in: directory) == leah)
        #expect(directory.rows.map(\.name) == ["Leah Weber"] && directory.rows[0].key == "leah weber")
    }

    @Test("a guessed kind gives way to a stored organisation or place of that name")
    func guessedKind() throws {
        let directory = Directory()
        let place = try resolver.resolve(found("Eimsbüttel", .place), in: directory)
        #expect(try resolver.resolve(found("Eimsbüttel", .person, guessed: true), in: directory) == place)
        #expect(try resolver.resolve(found("Eimsbüttel", .person), in: directory) != place)
    }

    @Test("the name keeps the best spelling seen: capitalised beats one case")
    func spelling() throws {
        #expect(EntityResolver.preferredName("leah", over: "Leah") == "Leah")
        #expect(EntityResolver.preferredName("LEAH", over: "Leah") == "Leah")
        #expect(EntityResolver.preferredName("Leah", over: "LEAH") == "Leah")
        #expect(EntityResolver.preferredName("leah", over: "Lea") == "leah")
        let directory = Directory()
        let id = try resolver.resolve(found("acme", .organization), in: directory)
        #expect(try resolver.resolve(found("Acme", .organization), in: directory) == id)
        #expect(directory.rows[0].name == "Acme" && directory.rows[0].touched == 2)
    }
}
