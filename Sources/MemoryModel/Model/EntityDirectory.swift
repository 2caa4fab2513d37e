// What entity resolution asks of the stored entities inside the transaction of a batch. The
// store answers with SQL (`MemoryStore`); the rules live in the engines (`EntityResolver`),
// which never see SQLite. The graph's side is RelationTable.swift.

/// The stored entities, as entity resolution reads and changes them.
package protocol EntityDirectory {
    /// The entity of this kind with this canonical key.
    func entity(kind: String, key: String) throws -> EntityName?
    /// The kind of an entity with this canonical key among `kinds`, the first by name.
    func kind(ofKey key: String, among kinds: [String]) throws -> String?
    /// The entity of this kind with this alias key, the most recently updated.
    func entity(aliasKey key: String, kind: String) throws -> EntityName?
    /// Up to `limit` people whose canonical key is `firstName` followed by more words.
    func people(withFirstName firstName: String, limit: Int) throws -> [EntityName]
    func create(name: String, kind: String, key: String) throws -> EntityName
    /// Gives an entity a new name and canonical key.
    func rename(_ id: EntityID, name: String, key: String) throws
    func addAlias(_ alias: String, key: String, to id: EntityID) throws
    /// Marks an entity as seen now, under this name.
    func touch(_ id: EntityID, name: String) throws
}
