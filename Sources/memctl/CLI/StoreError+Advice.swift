import MemoryStorage

extension StoreError {
    /// What a memctl user can do about it, in memctl's terms, to follow the message.
    var advice: String {
        switch self {
        case .databaseMissing: " (it is created by `memctl add` or `memctl import`; choose another with --db)"
        case .notInitialized: " (`memctl add` or `memctl import` sets it up)"
        case .locked: "; try again, or raise --busy-timeout"
        case .diskFull: "; free some space there and run the command again"
        default: ""
        }
    }
}
