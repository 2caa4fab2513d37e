import MemoryModel
import MemoryPasses
import MemoryStorage
import SystemSupport

extension Context {
    /// `peers` opened read-only beside this command's database (`PeerStores.open`), closed with
    /// its stores when the command ends.
    func openPeers(_ peers: [Peer]) -> PeerStores {
        let opened = PeerStores.open(
            peers, besides: databasePath, busyTimeoutMilliseconds: busyTimeoutMilliseconds,
            pageCacheKibibytes: Self.readerPageCacheKibibytes)
        openStores.peers.append(opened)
        return opened
    }

    /// Says on standard error which peers `command` went without, one line each: what it printed
    /// is from the rest.
    func note(_ skipped: [SkippedPeer], _ command: String) {
        for peer in skipped { StandardStream.error("memctl \(command): \(peer.note)") }
    }

    /// The store a reference is read from: this device's, or for `device` (a reference such as
    /// `desktop:ltm:3`, as recall hands a peer's memory over) that peer's of the peers setting,
    /// read-only, after a line on standard error that says which file it is. A device the setting
    /// does not list, or a peer that cannot be read, fails with the reason.
    func openStoreToRead(device: String?) throws -> MemoryStore {
        guard let device else { return try openStoreToRead() }
        let peers = try PeerChoice.configured(environment)
        guard let peer = peers.first(where: { $0.name.lowercased() == device.lowercased() }) else {
            throw PeerNotRead(
                "\(device) is not a peer of the peers setting ("
                    + (peers.isEmpty ? "none is set" : "it has " + peers.map(\.name).joined(separator: ", ")) + ")")
        }
        let opened = openPeers([peer])
        guard let store = opened.opened.first?.store else {
            throw PeerNotRead(opened.skipped.first.map { "peer \($0.name) (\($0.path)): \($0.reason)" } ?? device)
        }
        if !json { StandardStream.error("peer \(peer.name): \(peer.path), read-only; its ids are that database's") }
        return store
    }
}
