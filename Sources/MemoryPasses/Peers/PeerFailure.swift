/// A peer failed during a read across devices (`Devices.each`): the read starts again without it
/// (`PeerStores.reading`), and it is skipped with the error's reason.
struct PeerFailure: Error {
    /// Its index among the peers read (`PeerStores.opened`).
    let index: Int
    let error: any Error
}
