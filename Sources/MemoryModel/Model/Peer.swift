/// Another device's memory database, read beside this device's own: each device writes only its
/// own file, and the others' reach it as replicas (README, "Replicate and restore"). memoryd only
/// ever reads a peer. docs/PEERS.md has the design.
package struct Peer: Sendable, Hashable {
    /// The device, as the `peers` setting names it, else its file's name without its extension:
    /// what marks each line recalled from it.
    package let name: String
    /// The database file, absolute.
    package let path: String

    package init(name: String, path: String) {
        self.name = name
        self.path = path
    }
}
