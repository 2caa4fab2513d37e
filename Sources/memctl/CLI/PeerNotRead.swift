/// A reference names a peer that cannot be read (`Context.openStoreToRead(device:)`); exit 1 with the reason.
struct PeerNotRead: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
