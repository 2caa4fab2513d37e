import FoundationEssentials
import MemoryModel
import MemoryStorage

#if canImport(Glibc)
    import Glibc
#endif

/// Other devices' databases (`Peer`s) opened read-only for one read, and those that could not
/// be: what recall, search and the session briefing read beside this device's own store
/// (docs/PEERS.md). Each peer is a `MemoryStore` of its own, so each is read by its own actor,
/// all at once, and only ids and values cross between them. A peer never fails a read: one that
/// cannot be opened or read is skipped, with its reason, and the read answers from the rest.
package struct PeerStores: Sendable {
    /// A peer that opened, and its store.
    package struct Opened: Sendable {
        package let peer: Peer
        package let store: MemoryStore
    }

    /// The peers still read.
    package private(set) var opened: [Opened]
    /// The peers skipped, in the order they were given.
    package private(set) var skipped: [SkippedPeer]
    /// Every store opened, to close: a peer dropped during a read stays open until then.
    private let stores: [MemoryStore]

    /// No peers.
    package static let none = PeerStores(opened: [], skipped: [], stores: [])

    private init(opened: [Opened], skipped: [SkippedPeer], stores: [MemoryStore]) {
        self.opened = opened
        self.skipped = skipped
        self.stores = stores
    }

    /// How long a peer's lock is waited for at most: Litestream applies a replica's changes under
    /// SQLite's own locks, for moments; a peer locked for longer is skipped, not waited for.
    package static let longestWaitMilliseconds = 500

    /// Opens each peer read-only (`MemoryStore.Configuration.readOnly`): never created, migrated
    /// or written. One that cannot be opened is skipped with its reason, and so is one that is
    /// this device's own database (`own`) or the same file as a peer before it, under any name.
    package static func open(
        _ peers: [Peer], besides own: String, busyTimeoutMilliseconds: Int, pageCacheKibibytes: Int?
    ) -> PeerStores {
        guard !peers.isEmpty else { return .none }
        var opened: [Opened] = []
        var skipped: [SkippedPeer] = []
        var files: [(name: String?, file: FileIdentity)] = FileIdentity(own).map { [(nil, $0)] } ?? []
        for peer in peers {
            if let file = FileIdentity(peer.path), let same = files.first(where: { $0.file == file }) {
                skipped.append(
                    SkippedPeer(
                        peer, reason: same.name.map { "it is the same file as the peer \($0)" }
                            ?? "it is this device's own database"))
                continue
            }
            var configuration = MemoryStore.Configuration(
                path: peer.path, busyTimeoutMilliseconds: min(busyTimeoutMilliseconds, longestWaitMilliseconds),
                pageCacheKibibytes: pageCacheKibibytes)
            configuration.readOnly = true
            do {
                let store = try MemoryStore(configuration)
                opened.append(Opened(peer: peer, store: store))
                if let file = FileIdentity(peer.path) { files.append((peer.name, file)) }
            } catch {
                skipped.append(SkippedPeer(peer, error: error))
            }
        }
        return PeerStores(opened: opened, skipped: skipped, stores: opened.map(\.store))
    }

    /// Closes every peer opened.
    package func close() async {
        for store in stores { await store.close() }
    }

    /// The read goes on without the peer `opened[index]`, which failed with `error`.
    mutating func drop(_ index: Int, for error: any Error) {
        skipped.append(SkippedPeer(opened[index].peer, error: error))
        opened.remove(at: index)
    }

    /// A file by device and inode: the same file under two names is one.
    private struct FileIdentity: Equatable {
        let device: UInt64
        let inode: UInt64

        init?(_ path: String) {
            var info = stat()
            guard stat(path, &info) == 0 else { return nil }
            device = UInt64(info.st_dev)
            inode = UInt64(info.st_ino)
        }
    }
}
