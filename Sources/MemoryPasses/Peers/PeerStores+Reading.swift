import MemoryStorage

extension PeerStores {
    /// `read` across this device's store (`own`) and the peers; a peer that fails is dropped and
    /// the read runs again without it, so that what it answers is exactly what the rest hold.
    /// The own store's errors are thrown, as without peers.
    mutating func reading<T>(own: MemoryStore, _ read: (Devices) async throws -> T) async throws -> T {
        while true {
            do {
                return try await read(Devices(own: own, peers: opened))
            } catch let failure as PeerFailure {
                drop(failure.index, for: failure.error)
            }
        }
    }
}
