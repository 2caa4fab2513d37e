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

    /// The same for an assistant using `memctl mcp`, in terms of its tools.
    var mcpAdvice: String {
        switch self {
        case .databaseMissing, .notInitialized: " (nothing has been remembered yet; the remember tool creates it)"
        case .locked: "; try again in a moment"
        case .diskFull: "; the user needs to free some space on that disk, then the call can be made again"
        default: ""
        }
    }
}
