import MemoryEngines
import MemoryModel
import MemoryStorage

extension MemoryStore {
    /// Entities called `name` (any spelling seen, case-insensitive), most mentioned first: the
    /// name becomes a key the way the extractor makes keys.
    public func entities(named name: String) throws -> [Entity] {
        try entities(key: EntityKeys.key(name, .person), name: name)
    }

    /// Whether an assistant may be shown the entity: some memory that is not forgotten mentions
    /// it, or none mentions it at all (a speaker is known from who said what). One named only in
    /// memories forgotten on request is left out, as those memories are.
    public func isRemembered(_ id: EntityID) throws -> Bool {
        let detail = try entity(id, mentionLimit: 1, relationLimit: 0, rememberedOnly: true)
        return detail.entity.mentionCount == 0 || !detail.mentions.isEmpty
    }
}
