import MemoryModel
import MemoryStorage

extension SkippedPeer {
    /// `peer`, skipped for `error`: what opening or reading it threw, in words that say what is
    /// wrong with the file rather than with a database of this device.
    init(_ peer: Peer, error: any Error) {
        let reason: String =
            switch error as? StoreError {
            case .databaseMissing: "there is no such file (not restored yet?)"
            case .notADatabase: "it is not a SQLite database (damaged, or not wholly copied)"
            case .foreignDatabase: "it is another program's SQLite database, not a memory database"
            case .notInitialized: "it is an empty file, not a memory database"
            case .newerSchema(_, let found, let supported):
                "its schema version \(found) is newer than this build reads (\(supported)): upgrade memoryd here"
            case .olderSchema(_, let found, let supported):
                "its schema version \(found) is older than this build reads (\(supported)); memoryd never "
                    + "migrates a peer: it is read again once that device's memoryd has upgraded it"
            case .incomplete(_, let bytes, let expected):
                "it holds \(bytes) of the \(expected) bytes its header gives: a copy or restore that has not finished"
            case .locked(_, let waited): "another process kept it locked for more than \(waited) ms"
            case .cannotOpen(_, let why): "it cannot be opened: \(why)"
            case .some(let storeError):
                storeError.sqliteMessage.map { "reading it failed (damaged?): \($0)" } ?? "\(storeError)"
            case nil: "\(error)"
            }
        self.init(peer, reason: reason)
    }
}
