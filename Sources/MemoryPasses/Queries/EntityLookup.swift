import MemoryEngines
import MemoryModel
import MemoryStorage

extension StoreBrowsing {
    /// Entities called `name` (any spelling seen, case-insensitive), most mentioned first: the
    /// name becomes a key the way the extractor makes keys.
    package func entities(named name: String) throws -> [Entity] {
        try entities(key: EntityKeys.key(name, .person), name: name)
    }
}
