import MemoryModel
import MemoryStorage

/// This device's store and the peers' still read, for one read across them (docs/PEERS.md):
/// `each` runs a read on every store at once, each by its own actor, as children of one task
/// group; only ids and values come back.
struct Devices: Sendable {
    /// This device's store first, then each peer's.
    let stores: [MemoryStore]
    /// Each store's device: nil for this device's own, else the peer's name.
    let names: [String?]

    init(own: MemoryStore, peers: [PeerStores.Opened]) {
        stores = [own] + peers.map(\.store)
        names = [nil] + peers.map(\.peer.name)
    }

    /// The index of `device`'s store.
    func index(of device: String?) -> Int { names.firstIndex(of: device) ?? 0 }

    /// `body` run against every store at once, its results in the stores' order. This device's
    /// store failing throws its error; a peer failing throws `PeerFailure`, once every read has
    /// ended, so that the caller can read again without it. With no peers, `body` runs on the
    /// caller's task.
    func each<T: Sendable>(_ body: @escaping @Sendable (Int, MemoryStore) async throws -> T) async throws -> [T] {
        guard stores.count > 1 else { return [try await body(0, stores[0])] }
        let results = await withTaskGroup(of: (Int, Result<T, any Error>).self) { group in
            for (index, store) in stores.enumerated() {
                group.addTask {
                    do {
                        return (index, .success(try await body(index, store)))
                    } catch {
                        return (index, .failure(error))
                    }
                }
            }
            var results: [(Int, Result<T, any Error>)] = []
            for await result in group { results.append(result) }
            return results.sorted { $0.0 < $1.0 }.map(\.1)
        }
        return try results.enumerated().map { index, result in
            do {
                return try result.get()
            } catch where index > 0 {
                throw PeerFailure(index: index - 1, error: error)
            }
        }
    }

    /// `items` handed to the stores they came from (`device`), each store's in their order, and
    /// what `body` makes of them put back in the order of `items`: for reads that complete
    /// ranked memories. A store with none of them is not asked.
    func completing<T: Sendable>(
        _ items: [T], device: @Sendable (T) -> String?,
        _ body: @escaping @Sendable (MemoryStore, [T]) async throws -> [T]
    ) async throws -> [T] {
        let groups = items.indices.reduce(into: [[Int]](repeating: [], count: stores.count)) { groups, position in
            groups[index(of: device(items[position]))].append(position)
        }
        let done = try await each { index, store in
            groups[index].isEmpty ? [] : try await body(store, groups[index].map { items[$0] })
        }
        var completed = items
        for (positions, values) in zip(groups, done) {
            for (position, value) in zip(positions, values) { completed[position] = value }
        }
        return completed
    }

    /// Facts read from each store (in the stores' order): this device's as they are, then each
    /// peer's, marked with its device, that no store before it has (by what it says), until there
    /// are `limit`.
    func merged(facts: [[Recall.Fact]], limit: Int) -> [Recall.Fact] {
        var merged = facts.first ?? []
        for (device, found) in zip(names, facts).dropFirst() {
            for var fact in found
            where merged.count < limit
                && !merged.contains(where: { ($0.subject, $0.predicate, $0.object) == (fact.subject, fact.predicate, fact.object) })
            {
                fact.device = device
                merged.append(fact)
            }
        }
        return merged
    }
}
